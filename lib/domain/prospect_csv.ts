/**
 * The prospect CSV export: the model's CSV columns (prospect_schemas.ts), the header in
 * the user's language, a row per prospect with the reports' conventions (BOM, ";", formula-safe
 * cells).
 */
import type { Prospect } from "@/lib/domain/prospect.ts";
import { PROSPECT_CSV_COLUMNS } from "@/lib/domain/prospect_schemas.ts";
import { csvLine } from "@/lib/domain/reports.ts";

export function prospectCsvHeader(t: (key: string) => string): string {
  return "\uFEFF" + csvLine(PROSPECT_CSV_COLUMNS.map((c) => t(`prospectCsv.${c}`)));
}

/** One row; statuses are written as their labels, dates as local yyyy-MM-dd (register: +HH:mm). */
export function prospectCsvRow(
  p: Prospect,
  t: (key: string) => string,
  localDateTime: (iso: string) => string,
): string {
  return csvLine(PROSPECT_CSV_COLUMNS.map((c) => {
    switch (c) {
      case "sellStatus":
        return p.sellStatus ? t(`sellStatus.${p.sellStatus}`) : "";
      case "activityStatus":
        return t(`activityStatus.${p.activityStatus}`);
      case "registerDate":
        return localDateTime(p.registerDate);
      default:
        return p[c] ?? "";
    }
  }));
}
