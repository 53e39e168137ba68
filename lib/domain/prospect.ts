/**
 * The prospect and note as the app sees them (spec §3), and the pure rules of spec §4/§5/§9:
 * follow-up rule, not-before-yesterday in the configured time zone, the folding of names for
 * prefix search (a new record's defaults: BLANK_PROSPECT in prospect_schemas.ts). No zod here: the
 * model's types come from prospect_schemas.ts as types only, so islands can import these rules
 * without bundling zod.
 */
import { TZDate } from "@date-fns/tz";
import { EMAIL_RE, isPhoneNumber, isValidDate, PHONE_RE } from "@/lib/domain/formats.ts";
import {
  isDoneSellStatus,
  isFollowUpSellStatus,
  type ProspectSource,
} from "@/lib/domain/statuses.ts";

export type { DuplicateView, Note, Prospect, ProspectMay } from "@/lib/domain/prospect_schemas.ts";
import type { Prospect } from "@/lib/domain/prospect_schemas.ts";

/** Sell status the clock and the indexes use for "no sell status yet". */
export const NO_SELL_STATUS = "";

// ── completed and sort keys ─────────────────────────────────────────────────

/** Done and CustomerCleaned rows are hidden unless showCompleted (spec §7, DESIGN §7). */
export function isCompleted(
  p: Pick<Prospect, "sellStatus" | "activityStatus">,
): boolean {
  return isDoneSellStatus(p.sellStatus) || p.activityStatus === "Done" ||
    p.activityStatus === "CustomerCleaned";
}

/** Rows without a follow-up date sort after every dated row, ascending and descending alike. */
export const NO_FOLLOW_UP_SORT = "9999-12-31";
export const followUpSortKey = (p: Pick<Prospect, "followUpDate">) =>
  p.followUpDate ?? NO_FOLLOW_UP_SORT;

// ── follow-up rules (spec §4, §5) ───────────────────────────────────────────

/** The follow-up picker is enabled for an empty sell status and the follow-up statuses. */
export function followUpAllowed(sellStatus: string | null | undefined): boolean {
  return !sellStatus || isFollowUpSellStatus(sellStatus);
}

/** The follow-up date kept when saving with this status: cleared for other statuses. */
export function followUpFor(
  sellStatus: string | null | undefined,
  followUpDate: string | null | undefined,
): string | null {
  return followUpAllowed(sellStatus) ? (followUpDate || null) : null;
}

/** The local calendar date ("yyyy-MM-dd") of an instant in a time zone. */
export function localDate(now: Date, timeZone: string): string {
  const t = new TZDate(now.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/** "yyyy-MM-dd" plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The earliest follow-up date accepted now: yesterday, local time (spec §9). */
export function minFollowUpDate(now: Date, timeZone: string): string {
  return addDays(localDate(now, timeZone), -1);
}

export function isFollowUpTooEarly(day: string, now: Date, timeZone: string): boolean {
  return day < minFollowUpDate(now, timeZone);
}

/** The instant a local day starts in `timeZone` (DST-safe: @date-fns/tz does the offsets). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

// ── field rules shared by the API schemas and the grid ──────────────────────

export type FieldErrors = Record<string, string>;

/** Digits of a phone number (the phone index and `search` use them). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, "");

/**
 * One form of a phone number for comparing and indexing: 070-123 45 67, +46701234567,
 * 0046 70 123 45 67 and 46701234567 all become "0701234567". Other countries keep their
 * international form ("+47 …" and "0047 …" become "0047…"). A leading `'` (the CSV formula
 * guard) and separators are ignored. Works on prefixes too ("+4670" → "070").
 */
export function normalizePhone(phone: string): string {
  const s = phone.trim().replace(/^'+/, "");
  const d = phoneDigits(s);
  const international = s.startsWith("+") ? d : d.startsWith("00") ? d.slice(2) : null;
  if (international !== null) {
    if (international.startsWith("46")) return "0" + international.slice(2);
    return international ? "00" + international : "";
  }
  return d.startsWith("46") && d.length > 9 ? "0" + d.slice(2) : d;
}

export interface EditableFields {
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
  clubId?: number | string | null;
  marketProjectId?: number | string | null;
  sellStatus?: string | null;
  followUpDate?: string | null;
}

/**
 * Validates a row the way spec §5 says (create and save), returning {field: i18nKey}.
 * `previousFollowUpDate`: a stored date that is kept unchanged is not re-checked against today.
 */
export function validateRow(
  row: EditableFields,
  opts: { now: Date; timeZone: string; previousFollowUpDate?: string | null },
): FieldErrors {
  const errors: FieldErrors = {};
  const blank = (v: unknown) => v == null || String(v).trim() === "";
  if (blank(row.firstName)) errors.firstName = "validation.required";
  if (blank(row.lastName)) errors.lastName = "validation.required";
  if (blank(row.clubId)) errors.clubId = "validation.required";
  if (blank(row.marketProjectId)) errors.marketProjectId = "validation.required";
  if (blank(row.phoneNumber)) errors.phoneNumber = "validation.required";
  else if (!PHONE_RE.test(String(row.phoneNumber).trim())) {
    errors.phoneNumber = "validation.notANumber";
  } else if (!isPhoneNumber(String(row.phoneNumber))) {
    errors.phoneNumber = "validation.phoneDigits";
  }
  if (!blank(row.email) && !EMAIL_RE.test(String(row.email).trim())) {
    errors.email = "validation.email";
  }
  const fu = followUpFor(row.sellStatus, row.followUpDate);
  if (isFollowUpSellStatus(row.sellStatus) && !fu) {
    errors.followUpDate = "validation.followUpDateRequired";
  } else if (fu) {
    if (!isValidDate(fu)) errors.followUpDate = "validation.invalidDate";
    else if (fu !== opts.previousFollowUpDate && isFollowUpTooEarly(fu, opts.now, opts.timeZone)) {
      errors.followUpDate = "validation.futureDate";
    }
  }
  return errors;
}

/** The §5 error code a field error maps to (used as the toast key prospects.errors.<CODE>). */
export function errorCodeOf(errors: FieldErrors): string {
  if (errors.followUpDate === "validation.followUpDateRequired") return "FOLLOW_UP_DATE_REQUIRED";
  if (errors.followUpDate === "validation.futureDate") return "FOLLOW_UP_DATE_PAST";
  if (errors.motivationText) return "MOTIVATION_TEXT_REQUIRED";
  return "VALIDATION";
}

/** Spec §4: the sell status may not change while the activity status is Paused. */
export function sellStatusLocked(p: { activityStatus: string }): boolean {
  return p.activityStatus === "Paused";
}

/** Spec §5: Motivation needs a text. */
export function motivationMissing(noteType: string | null | undefined, text: unknown): boolean {
  return noteType === "Motivation" && (text == null || String(text).trim() === "");
}

/**
 * A Motivation note needs a text of its own: the header the dialog pre-fills (market project and
 * nominator) alone is not a motivation (spec §2 notes dialog, §8 MOTIVATION_TEXT_REQUIRED).
 */
export function motivationNoteMissing(noteType: string, text: string, header: string): boolean {
  const h = header.trimEnd();
  const body = h && text.startsWith(h) ? text.slice(h.length) : text;
  return motivationMissing(noteType, body);
}

// ── text folding for name prefixes ──────────────────────────────────────────

/**
 * Folds a name for the prefix indexes: lower case, Swedish å ä ö kept as distinct letters sorted
 * after z in Swedish order (å < ä < ö), æ/ø folded to ä/ö, every other diacritic dropped
 * (é → e, ü → u). The KV orders strings by bytes, so å ä ö map to "{", "|", "}" (0x7B–0x7D).
 */
export function foldName(s: string): string {
  const lower = s.trim().toLowerCase().replace(/[{|}]/g, "");
  let out = "";
  for (const ch of lower) {
    if (ch === "å") out += "{";
    else if (ch === "ä" || ch === "æ") out += "|";
    else if (ch === "ö" || ch === "ø") out += "}";
    else if (ch < "\u0080") out += ch; // ASCII: nothing to fold (and no normalize per char)
    else out += ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  return out.replace(/\s+/g, " ");
}

// ── presentation helpers used by the grid (pure) ────────────────────────────

/** Age since registration as whole days and hours (spec §2). */
export function prospectAge(registerDate: string, now: Date): { days: number; hours: number } {
  const ms = Math.max(0, now.getTime() - new Date(registerDate).getTime());
  const hoursTotal = Math.floor(ms / 3_600_000);
  return { days: Math.floor(hoursTotal / 24), hours: hoursTotal % 24 };
}

// ── the receptionist's desk: source, first contact, today's order ───────────

/** Where a prospect came from (records from before the field read as "staff"). */
export const sourceOf = (p: Pick<Prospect, "source">): ProspectSource => p.source ?? "staff";

/** A web lead nobody has contacted yet (no note, sell-status change or assignment by staff). */
export function awaitingFirstContact(
  p: Pick<
    Prospect,
    "source" | "firstContactAt" | "deleted" | "sellStatus" | "activityStatus"
  >,
): boolean {
  return sourceOf(p) === "web" && !p.firstContactAt && !p.deleted && !isCompleted(p);
}

/**
 * A prospect without a first contact yet (any source: the desk waits on web leads, the funnel's
 * "reached" counts every one): the next note, sell-status change or assignment is.
 */
export const firstContactPending = (p: Pick<Prospect, "firstContactAt">): boolean =>
  !p.firstContactAt;

/**
 * The instant of a staff write that is a prospect's first contact: its sell status changed or
 * somebody was assigned, and it has no first contact yet; null otherwise.
 */
export function firstContactOf(
  before: Pick<Prospect, "firstContactAt" | "sellStatus" | "assignId">,
  after: Pick<Prospect, "sellStatus" | "assignId">,
  at: string,
): string | null {
  if (!firstContactPending(before)) return null;
  const assigned = after.assignId !== null && after.assignId !== before.assignId;
  return after.sellStatus !== before.sellStatus || assigned ? at : null;
}

/** A follow-up date before today (local "yyyy-MM-dd"). */
export const isOverdue = (p: Pick<Prospect, "followUpDate">, today: string): boolean =>
  p.followUpDate !== null && p.followUpDate < today;

/** The activity statuses today's list shows, most urgent first. */
export const TODAY_ACTIVITY_STATUSES = ["Escalated", "Notified", "ToDo"] as const;

/** Whether a prospect belongs on today's list: due activity, or a web lead awaiting contact. */
export function onTodayList(p: Prospect): boolean {
  if (p.deleted || isCompleted(p)) return false;
  return awaitingFirstContact(p) ||
    (TODAY_ACTIVITY_STATUSES as readonly string[]).includes(p.activityStatus);
}

/** The parts of today's list a count or a filter names: web leads awaiting contact, escalated, due. */
export const TODAY_CATEGORIES = ["web", "Escalated", "due"] as const;
export type TodayCategory = (typeof TODAY_CATEGORIES)[number];

/** Which part of today's list a prospect on it belongs to (due: Notified or ToDo). */
export function todayCategory(p: Prospect): TodayCategory {
  if (awaitingFirstContact(p)) return "web";
  return p.activityStatus === "Escalated" ? "Escalated" : "due";
}

/**
 * Today's order: web leads awaiting their first contact (oldest first), then Escalated, Notified,
 * ToDo, each by follow-up date (rows without one last), then registration.
 */
export function compareToday(a: Prospect, b: Prospect): number {
  const wa = awaitingFirstContact(a), wb = awaitingFirstContact(b);
  if (wa !== wb) return wa ? -1 : 1;
  if (wa) return a.registerDate < b.registerDate ? -1 : a.registerDate > b.registerDate ? 1 : 0;
  if (a.activityStatusWeigth !== b.activityStatusWeigth) {
    return a.activityStatusWeigth - b.activityStatusWeigth;
  }
  const fa = followUpSortKey(a), fb = followUpSortKey(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a.registerDate < b.registerDate ? -1 : a.registerDate > b.registerDate ? 1 : 0;
}

/** Whole minutes from registration to `now` (a web lead's age until its first contact). */
export const minutesSince = (registerDate: string, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - new Date(registerDate).getTime()) / 60_000));

/** A phone number as a tel:/sms: link target: its digits, with the leading + kept. */
export const dialTarget = (phone: string): string =>
  (phone.trim().replace(/^'+/, "").startsWith("+") ? "+" : "") + phoneDigits(phone);
