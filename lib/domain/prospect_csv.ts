/**
 * The prospect CSV (issue #15 export): its columns in one place, the header in the user's
 * language, a row per prospect with the reports' conventions (BOM, ";", formula-safe cells).
 */
import type { Prospect } from "@/lib/domain/prospect.ts";
import { csvLine } from "@/lib/domain/reports.ts";

/** Column → the record field it holds (header texts: prospectCsv.<column>). */
export const PROSPECT_CSV_COLUMNS = [
  "customerId",
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "tag",
  "nominator",
  "motivationText",
  "clubId",
  "clubName",
  "sellStatus",
  "activityStatus",
  "followUpDate",
  "registerDate",
  "assignId",
] as const;

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
