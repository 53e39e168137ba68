/**
 * The prospects grid fits a 1280 px screen without sideways scrolling: every column's width (the
 * own columns' table in islands/prospects/columns.ts and the plain columns' field lines) plus the
 * page around the grid. The browser tests check the drawn page: tests/e2e/prospects_test.ts that
 * it does not scroll sideways, tests/e2e/grid_fit_test.ts that every column keeps this width with
 * its widest contents; this one fails in a second when a column is added or widened past the room
 * there is.
 */
import assert from "node:assert/strict";
import { GRID_COLUMNS } from "@/lib/domain/prospect_schemas.ts";
import { columnWidths, OWN_COLUMNS } from "@/islands/prospects/columns.ts";

/** The screen width a desk uses (issue: "the 1280 px grid"). */
const SCREEN_PX = 1280;
const REM_PX = 16;
/** Side nav 64 px, the page's padding 2 × 20 px and the grid card's border 2 × 1 px, at 1280 px. */
const PAGE_CHROME_PX = 106;
/** A cell's padding, 2 × 3 px (the grid's cells have no side borders). */
const CELL_CHROME_PX = 6;

Deno.test("grid: every column and the page around it fit 1280 px", () => {
  const widths = columnWidths(GRID_COLUMNS);
  assert.equal(widths.length, Object.keys(OWN_COLUMNS).length + GRID_COLUMNS.length);
  for (const w of widths) assert.ok(Number.isFinite(w) && w > 0, `a width in rem: ${w}`);
  const total = widths.reduce((sum, w) => sum + w * REM_PX + CELL_CHROME_PX, PAGE_CHROME_PX);
  assert.ok(
    total <= SCREEN_PX,
    `the grid needs ${total} px, ${total - SCREEN_PX} px more than ${SCREEN_PX}: take the width ` +
      "from other columns (OWN_COLUMNS in islands/prospects/columns.ts, `grid.width` on the " +
      "field lines of PROSPECT_FIELDS)",
  );
});
