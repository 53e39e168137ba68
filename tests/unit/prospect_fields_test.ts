/**
 * One place for a prospect field: every list the grid, the save, the web form and the CSV use is
 * computed from the roles on the PROSPECT_FIELDS lines (lib/domain/prospect_schemas.ts). The grid
 * itself is tried column by column in tests/e2e/grid_columns_test.ts, the save in
 * tests/api/prospects_test.ts.
 */
import assert from "node:assert/strict";
import {
  GRID_COLUMNS,
  GRID_FIELDS,
  IMPORTED_CSV_COLUMNS,
  NULLABLE_PLAIN_FIELDS,
  PROSPECT_CSV_COLUMNS,
  PROSPECT_FIELDS,
  prospectSaveSchema,
  webLeadSchema,
} from "@/lib/domain/prospect_schemas.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { LANGUAGES } from "@/lib/domain/statuses.ts";

type Line = {
  type: unknown;
  input?: unknown;
  csv?: string;
  grid?: "own" | {
    order: number;
    kind?: string;
    width: string;
    col?: string;
    label?: string;
  };
  web?: true;
};
const LINES = Object.entries(PROSPECT_FIELDS) as [string, Line][];
const having = (role: keyof Line) => LINES.filter(([, l]) => role in l).map(([k]) => k);

Deno.test("the grid's fields and the fields a blank save clears are the grid role's lines", () => {
  assert.deepEqual([...GRID_FIELDS], having("grid"));
  // Every plain grid field is part of the whole-row save.
  for (const k of GRID_FIELDS) {
    const own = PROSPECT_FIELDS[k].grid === "own";
    if (!own) assert.ok(k in prospectSaveSchema.shape, `${k} is saved`);
  }
});

Deno.test("the grid's plain text columns are the lines with a grid column, in their order", () => {
  const expected = LINES.flatMap(([k, l]) =>
    l.grid && l.grid !== "own"
      ? [{
        field: k,
        order: l.grid.order,
        kind: l.grid.kind ?? "text",
        width: l.grid.width,
        col: l.grid.col ?? k,
        label: l.grid.label ?? k,
      }]
      : []
  ).sort((a, b) => a.order - b.order);
  assert.deepEqual(GRID_COLUMNS, expected);
  assert.equal(
    new Set(GRID_COLUMNS.map((c) => c.order)).size,
    GRID_COLUMNS.length,
    "one place each",
  );
  for (const lang of LANGUAGES) {
    for (const c of GRID_COLUMNS) {
      const key = `prospects.columns.${c.label}`;
      assert.notEqual(translate(lang, key), key, `${lang} ${key}`);
    }
  }
  // A blank nullable column clears the field; a blank required one is refused (not cleared).
  for (const c of GRID_COLUMNS) {
    const nullable = PROSPECT_FIELDS[c.field as keyof typeof PROSPECT_FIELDS].type.safeParse(null)
      .success;
    assert.equal(NULLABLE_PLAIN_FIELDS.has(c.field), nullable, c.field);
  }
});

Deno.test("the web form's schema is the web role's input rules plus the honeypot and redirect", () => {
  const web = having("web");
  assert.deepEqual(Object.keys(webLeadSchema.shape), [...web, "website", "redirect"]);
  for (const k of web) {
    assert.equal(
      webLeadSchema.shape[k as keyof typeof webLeadSchema.shape],
      Object.fromEntries(LINES)[k].input,
      `${k}: the field's own rule`,
    );
  }
});

Deno.test("the CSV columns are the csv role's lines; the import reads the import ones", () => {
  assert.deepEqual([...PROSPECT_CSV_COLUMNS], having("csv"));
  assert.deepEqual(
    [...IMPORTED_CSV_COLUMNS],
    LINES.filter(([, l]) => l.csv === "import").map(([k]) => k),
  );
});
