/**
 * The prospects grid's columns: the columns with code of their own at fixed places, and the plain
 * text columns (GRID_COLUMNS of lib/domain/prospect_schemas.ts, passed by the page) at the places
 * their field lines give. The header and every row lay out their cells from this, and every
 * column's width on a wide screen is written here or on its field line, nowhere else.
 */
import type { GridColumn } from "@/lib/domain/prospect_schemas.ts";

/**
 * The own columns: `order` is the place (a plain column's `order` puts it between them), `width`
 * the content width in rem on a wide screen (cell padding apart) — the control's width where the
 * column has one, else the widest content the column shows in Swedish.
 */
export const OWN_COLUMNS = {
  /** The add row's id input; the other rows' checkbox and id are narrower. */
  id: { order: 0, width: 2.75 },
  notes: { order: 35, width: 1.625 },
  /** The project's name, cut with an ellipsis. */
  project: { order: 70, width: 3.625 },
  status: { order: 80, width: 9.75 },
  club: { order: 90, width: 5.5 },
  activity: { order: 100, width: 3.375 },
  follow: { order: 110, width: 6.75 },
  /** Days over hours ("123 d" / "13 h"); a web lead's compact badge, "Webb" over "59 min". */
  age: { order: 120, width: 2.3125 },
  /** "Tilldela" on the add row; an assignee's name is cut to leave room for its ✕. */
  assign: { order: 130, width: 3.25 },
  actions: { order: 140, width: 4.5 },
} as const satisfies Record<string, { order: number; width: number }>;
export type OwnColumn = keyof typeof OWN_COLUMNS;

/** A width of the tables above as CSS. */
export const rem = (width: number) => `${width}rem`;

/** A header cell's style: its column's content width (the padding comes on top). */
export const headWidth = (width: number) => ({ width: rem(width), boxSizing: "content-box" });

/** The cells in column order: `own` draws an own column, `plain` a text column. */
export function inColumnOrder<T>(
  columns: GridColumn[],
  own: (c: OwnColumn) => T,
  plain: (c: GridColumn) => T,
): T[] {
  const all: [number, () => T][] = [
    ...(Object.keys(OWN_COLUMNS) as OwnColumn[]).map(
      (c): [number, () => T] => [OWN_COLUMNS[c].order, () => own(c)],
    ),
    ...columns.map((c): [number, () => T] => [c.order, () => plain(c)]),
  ];
  return all.sort((a, b) => a[0] - b[0]).map(([, draw]) => draw());
}

/** Every column's content width in rem, in column order. */
export const columnWidths = (columns: GridColumn[]): number[] =>
  inColumnOrder(columns, (c) => OWN_COLUMNS[c].width, (c) => c.width);
