/**
 * Report math (spec §2 Reports, §3 report fields; DESIGN §7): the columns, the reference instant,
 * the age buckets, rows from status counts, and CSV. Pure and clock-free; no zod here (see
 * report_schemas.ts), so islands can import it.
 */
import { DONE_SELL_STATUSES, REPORT_STATUS_ORDER } from "@/lib/domain/statuses.ts";
import { isValidDate } from "@/lib/domain/formats.ts";
import { addDays, startOfLocalDay } from "@/lib/domain/prospect.ts";
import { csvSeparator, readCsv } from "@/lib/domain/csv_parts.ts";

/** Column name of a sell status in the reports: AlreadyInBRP → alreadyInBRP (spec §2). */
export const statusColumn = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The 19 sell statuses plus JumpedOff, as report columns, in the spec's order (LowPrio last). */
export const STATUS_COLUMN_ORDER = REPORT_STATUS_ORDER;
export const STATUS_COLUMNS = STATUS_COLUMN_ORDER.map(statusColumn);

/** A prospect without a sell status (new, not yet worked) is counted as Prospect. */
export const NO_STATUS_REPORTED_AS = "Prospect";
export const reportStatus = (s: string | null | undefined) => s ? s : NO_STATUS_REPORTED_AS;

export const AGE_COLUMNS = [
  "lessThan24h",
  "oneDay",
  "twoDays",
  "threeDays",
  "fourDays",
  "moreThanFourDays",
] as const;
export const DAY_MS = 86_400_000;
/** Prospects whose status is younger than this are read one by one; older = total − recent. */
export const RECENT_MS = 5 * DAY_MS;

/** 0 = < 24 h, 1 = one day, …, 5 = more than four days (age = reference instant − last change). */
export function ageBucket(ageMs: number): number {
  return Math.min(5, Math.max(0, Math.floor(ageMs / DAY_MS)));
}

export interface AsOf {
  /** The instant the report describes. */
  at: Date;
  /** true: the reference date is today (or later): the report shows the current state at `at`. */
  live: boolean;
  /** The zone of the local dates (the report counters' days are local dates in it). */
  timeZone: string;
}

/**
 * The instant a reference date stands for: the end of that local day (the start of the next one,
 * exclusive), or now when that is still in the future.
 */
export function asOfInstant(referenceDate: string, now: Date, timeZone: string): AsOf {
  const end = startOfLocalDay(addDays(referenceDate, 1), timeZone);
  return end.getTime() > now.getTime()
    ? { at: now, live: true, timeZone }
    : { at: end, live: false, timeZone };
}

/** How long a local day is: 24 h, or 23 h / 25 h on the days the clocks change. */
export function localDayMs(day: string, timeZone: string): number {
  return startOfLocalDay(addDays(day, 1), timeZone).getTime() -
    startOfLocalDay(day, timeZone).getTime();
}

/**
 * Whether a sell-status change made on local `day` stays in the change-time index once it is older
 * than today's window. A past report instant T is a local midnight; the 24 h before it
 * are the local day before T when that day is 24 h long (its day counter answers), else they reach
 * into the day before that or miss an hour of it (the index answers). A change can only fall in
 * the 24 h before the midnight that ends its own day or the next one, so it is needed exactly when
 * one of those two days is not 24 h long.
 */
export function changeTimeKept(day: string, timeZone: string): boolean {
  return localDayMs(day, timeZone) !== DAY_MS || localDayMs(addDays(day, 1), timeZone) !== DAY_MS;
}

/** Whole calendar days from a project's start date to the reference date (0 before the start). */
export function daysSince(startDate: string, referenceDate: string): number {
  if (!isValidDate(startDate) || !isValidDate(referenceDate)) return 0;
  const ms = Date.parse(referenceDate + "T00:00:00Z") - Date.parse(startDate + "T00:00:00Z");
  return Math.max(0, Math.round(ms / DAY_MS));
}

export type StatusCounts = Record<string, number>;

/** Status counts (keyed by sell status, "" = none) → one number per report column. */
export function statusColumns(counts: StatusCounts): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of STATUS_COLUMN_ORDER) out[statusColumn(s)] = 0;
  for (const [s, n] of Object.entries(counts)) {
    const col = statusColumn(reportStatus(s));
    if (col in out) out[col] += n;
  }
  return out;
}

export function totalOf(counts: StatusCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** Prospects whose sell status ends the work (DESIGN §7: AlreadyInBRP, Member, …, JumpedOff). */
export function doneOf(counts: StatusCounts): number {
  let n = 0;
  for (const [s, c] of Object.entries(counts)) if (DONE_SELL_STATUSES.has(s)) n += c;
  return n;
}

export function addCounts(into: StatusCounts, from: StatusCounts): StatusCounts {
  // (for…in, not Object.entries: a district report adds ~2,000 clubs' counts per request)
  for (const s in from) into[s] = (into[s] ?? 0) + from[s];
  return into;
}

// ── report rows (the API's answer) ──────────────────────────────────────────

export interface SellStatusAgeRow {
  sellStatus: string;
  sellStatusName: string;
  lessThan24h: number;
  oneDay: number;
  twoDays: number;
  threeDays: number;
  fourDays: number;
  moreThanFourDays: number;
  sum: number;
}

export interface SellStatusAgeReport {
  marketProjectId: number;
  marketProject: string;
  referenceDate: string;
  /** The instant the numbers describe (ISO). */
  asOf: string;
  /** The reference date is today: the numbers are the current state at `asOf`. */
  live: boolean;
  clubs: { clubId: number; name: string }[];
  rows: SellStatusAgeRow[];
  totals: Omit<SellStatusAgeRow, "sellStatus" | "sellStatusName">;
}

/** The count columns shared by both status reports (one per status, then the totals). */
export interface StatusCountsRow {
  [column: string]: number | string | null;
  change24h: number;
  totalStatusChange: number;
  totalProspects: number;
  totalDoneProspects: number;
}

export interface StatusProjectRow extends StatusCountsRow {
  marketProjectId: number;
  marketProject: string;
  startDate: string;
  days: number;
  totalEscalatedProspects: number;
  /** ISO instant: the earliest registration among the project's live prospects at T; null: none. */
  firstProspectIn: string | null;
}

export interface StatusGroupRow extends StatusCountsRow {
  /** clubId or districtId. */
  id: number;
  name: string;
}

export interface StatusProjectReport {
  referenceDate: string;
  asOf: string;
  live: boolean;
  prospectFieldKey: "marketProjectId";
  collection: "marketproject";
  limit: number;
  rows: StatusProjectRow[];
}

export interface StatusGroupReport {
  referenceDate: string;
  asOf: string;
  live: boolean;
  prospectFieldKey: "clubId" | "districtId";
  collection: "clubs" | "district";
  marketProjectIds: number[];
  rows: StatusGroupRow[];
}

export const PROJECT_REPORT_COLUMNS = [
  "marketProject",
  "startDate",
  "days",
  ...STATUS_COLUMNS,
  "change24h",
  "totalStatusChange",
  "totalEscalatedProspects",
  "totalProspects",
  "totalDoneProspects",
  "firstProspectIn",
] as const;

/** firstProspectIn as a report shows it: the local date (yyyy-MM-dd), "" for none. */
export function firstInDate(at: string | null | undefined, timeZone: string): string {
  if (!at) return "";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The club/district variant: the first column is the club or district (spec §2). */
export const GROUP_REPORT_COLUMNS = [
  ...STATUS_COLUMNS,
  "change24h",
  "totalStatusChange",
  "totalProspects",
  "totalDoneProspects",
] as const;

/**
 * A status report row for the screen: each sell-status count with its share of the row's prospects
 * beside it ("12 (34 %)"; a zero stays 0), in `lang`'s number format.
 */
export function withStatusShares<R extends StatusCountsRow>(row: R, lang: string): R {
  const total = row.totalProspects;
  const pct = new Intl.NumberFormat(lang === "en" ? "en-GB" : "sv-SE", {
    style: "percent",
    maximumFractionDigits: 0,
  });
  const out: Record<string, unknown> = { ...row };
  for (const c of STATUS_COLUMNS) {
    const n = row[c];
    if (typeof n === "number" && n > 0 && total > 0) out[c] = `${n} (${pct.format(n / total)})`;
  }
  return out as R;
}

export const AGE_REPORT_COLUMNS = ["sellStatus", ...AGE_COLUMNS, "sum"] as const;

// ── CSV ─────────────────────────────────────────────────────────────────────

/** One CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(v: unknown, sep = ";"): string {
  const s = v == null ? "" : String(v);
  return /["\r\n]/.test(s) || s.includes(sep) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A CSV document Excel opens right in Swedish: UTF-8 with BOM, ";" between fields, CRLF lines.
 * Text cells that start with = + - @ are prefixed with ' so a spreadsheet never runs them.
 */
export function toCsv(header: string[], rows: unknown[][], sep = ";"): string {
  return "\uFEFF" + [header, ...rows].map((r) => csvLine(r, sep)).join("");
}

/** One CSV line (CRLF-terminated) with formula-safe cells; toCsv and streamed exports use it. */
export function csvLine(row: unknown[], sep = ";"): string {
  const safe = (v: unknown) => typeof v === "string" && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return row.map((v) => csvField(safe(v), sep)).join(sep) + "\r\n";
}

/** A cell as csvLine's formula guard wrote it → the text it guarded ("'+4670…" → "+4670…"). */
export function unguardCell(v: string): string {
  return /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v;
}

export { csvSeparator };

/**
 * RFC 4180 records with the file line each starts on (line 1 = the first line; a quoted cell may
 * span lines), read strictly (lib/domain/csv_parts.ts): a record with a malformed quote has
 * `malformed: true` and no cells. A leading byte-order mark is skipped; blank lines are left out.
 */
export function parseCsvRecords(
  text: string,
  sep = ";",
): { line: number; cells: string[]; malformed?: true }[] {
  return readCsv(text, sep)
    .filter((r) => r.cells === null || r.cells.length > 1 || r.cells[0] !== "")
    .map((r) =>
      r.cells === null ? { line: r.line, cells: [], malformed: true } : {
        line: r.line,
        cells: r.cells,
      }
    );
}
