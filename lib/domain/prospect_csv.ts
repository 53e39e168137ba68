/**
 * The prospect CSV export: the model's CSV columns (prospect_schemas.ts), the header in
 * the user's language, a row per prospect with the reports' conventions (BOM, ";", formula-safe
 * cells).
 */
import { TZDate } from "@date-fns/tz";
import type { Prospect } from "@/lib/domain/prospect.ts";
import { PROSPECT_CSV_COLUMNS, PROSPECT_FIELDS } from "@/lib/domain/prospect_schemas.ts";
import { csvField, csvLine } from "@/lib/domain/reports.ts";

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

/**
 * The machine export's columns (`columns=api`): the API's field names, `id`, `version` and
 * `marketProjectId` first, then every other field of the prospect as GET /api/prospects answers it.
 */
export const API_CSV_COLUMNS = [
  "id",
  "version",
  "marketProjectId",
  ...Object.keys(PROSPECT_FIELDS).filter((k) => k !== "id" && k !== "marketProjectId"),
];

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The machine export's header: RFC 4180, comma-separated, no byte-order mark. */
export function apiCsvHeader(): string {
  return API_CSV_COLUMNS.join(",") + "\r\n";
}

/**
 * One row of the machine export: values as the API writes them (`ProjectMember`, `Escalated`,
 * numbers, true/false), null as an empty cell, instants in ISO 8601 with the offset of the
 * configured zone (`withOffset`); no formula guard (a warehouse reads the value as it is).
 */
export function apiCsvRow(p: Prospect, withOffset: (iso: string) => string): string {
  const record = p as unknown as Record<string, unknown>;
  return API_CSV_COLUMNS.map((c) => {
    const v = record[c];
    if (v === null || v === undefined) return "";
    if (typeof v === "string" && INSTANT.test(v)) return csvField(withOffset(v), ",");
    return csvField(typeof v === "object" ? JSON.stringify(v) : v, ",");
  }).join(",") + "\r\n";
}

/** An instant as ISO 8601 with the offset of `timeZone` ("2026-11-27T16:40:00.123+01:00"). */
export const isoWithOffset = (iso: string, timeZone: string): string =>
  new TZDate(new Date(iso), timeZone).toISOString();
