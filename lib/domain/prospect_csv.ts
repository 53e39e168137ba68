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

/** The columns an import reads; the export's others (ids, statuses, dates, assignee) are ignored. */
export const IMPORTED_CSV_COLUMNS = [
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "tag",
  "nominator",
  "motivationText",
  "clubId",
  "followUpDate",
] as const satisfies readonly (typeof PROSPECT_CSV_COLUMNS)[number][];

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

/** One part of a CSV file as the import page sends it: the header line and up to `size` records. */
export interface CsvPart {
  text: string;
  /** Records in this part (a blank line counts as one). */
  rows: number;
  /** The file line of the part's first record. */
  firstLine: number;
  /** The line of that record inside `text` (after the header's lines). */
  partLine: number;
}

/**
 * Cuts a CSV file into parts of at most `size` records, each led by the file's header, so a large
 * file goes to POST /api/prospects/import in batches; a line the server reports in a part is
 * `line - part.partLine + part.firstLine` in the file. Quoted cells may hold line breaks.
 */
export function csvParts(text: string, size: number): CsvPart[] {
  const s = text.replace(/^\uFEFF/, "");
  const records: { line: number; text: string }[] = [];
  let quoted = false, start = 0, line = 1, startLine = 1;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      line++;
      if (!quoted) {
        records.push({ line: startLine, text: s.slice(start, i + 1) });
        start = i + 1;
        startLine = line;
      }
    }
  }
  if (s.slice(start).trim()) records.push({ line: startLine, text: s.slice(start) + "\r\n" });
  const [header, ...body] = records;
  if (!header) return [];
  const partLine = (body[0]?.line ?? 2) - header.line + 1;
  const parts: CsvPart[] = [];
  for (let i = 0; i < body.length; i += size) {
    const chunk = body.slice(i, i + size);
    parts.push({
      text: header.text + chunk.map((r) => r.text).join(""),
      rows: chunk.length,
      firstLine: chunk[0].line,
      partLine,
    });
  }
  return parts;
}
