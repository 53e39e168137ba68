/**
 * The prospects grid's column order: the columns with code of their own at fixed places, and the
 * plain text columns (GRID_COLUMNS of lib/domain/prospect_schemas.ts, passed by the page) at the
 * places their field lines give. The header and every row lay out their cells from this.
 */
import type { GridColumn } from "@/lib/domain/prospect_schemas.ts";

/** The own columns' places; a plain column's `order` puts it between them. */
export const OWN_COLUMNS = {
  id: 0,
  notes: 35,
  project: 70,
  status: 80,
  club: 90,
  activity: 100,
  follow: 110,
  age: 120,
  assign: 130,
  actions: 140,
} as const;
export type OwnColumn = keyof typeof OWN_COLUMNS;

/** The cells in column order: `own` draws an own column, `plain` a text column. */
export function inColumnOrder<T>(
  columns: GridColumn[],
  own: (c: OwnColumn) => T,
  plain: (c: GridColumn) => T,
): T[] {
  const all: [number, () => T][] = [
    ...(Object.entries(OWN_COLUMNS) as [OwnColumn, number][]).map(
      ([c, at]): [number, () => T] => [at, () => own(c)],
    ),
    ...columns.map((c): [number, () => T] => [c.order, () => plain(c)]),
  ];
  return all.sort((a, b) => a[0] - b[0]).map(([, draw]) => draw());
}
