/**
 * The activity clock (DESIGN §7): the single source of truth for a prospect's activity status.
 * Pure and clock-free: the caller passes `now`.
 *
 * Rules:
 * - `activityStatus` "CustomerCleaned" (personal data erased) is sticky → CustomerCleaned (5).
 * - A sell status in the Done set → Done (4).
 * - Otherwise the limits row of the sell status applies (null sell status → the "Prospect" row; a
 *   missing row → the "Prospect" row; that missing too → all limits 0). Limits are work hours
 *   P = hoursLeftBeforePaused, N = hoursLeftBeforeNotified, E = hoursLeftBeforeEscalated
 *   (negative or non-numeric values count as 0).
 * - The clock starts, for a follow-up sell status with a follow-up date, at the start of work
 *   time on that local date; otherwise at `lastSellStatusChange ?? registerDate`.
 * - With w = work hours from the clock start to `now`: w < P → Paused (3); P ≤ w < P+N → ToDo (2);
 *   P+N ≤ w < P+N+E → Notified (1); w ≥ P+N+E → Escalated (0).
 * - Before the clock starts (a follow-up date in the future) the prospect is Paused with w = 0,
 *   even when P = 0: it becomes due at the clock start. With P = 0 a prospect is ToDo from the
 *   clock start on, and with all limits 0 it is Escalated from the clock start on.
 * - `nextTransitionAt` is the instant the next threshold is crossed (`addWorkMs(clockStart,
 *   threshold)`), null once Escalated, Done or CustomerCleaned. The status is constant from now
 *   until just before `nextTransitionAt` and differs at it.
 */
import {
  ACTIVITY_WEIGHT,
  type ActivityStatus,
  DEFAULT_CLOCK_STATUS,
  isDoneSellStatus,
  isFollowUpSellStatus,
} from "./statuses.ts";
import { addWorkMs, startOfWorkOn, workMsBetween, type Worktime } from "./worktime.ts";

export type { Worktime } from "./worktime.ts";

/** The hour limits of a sell status, in the order the clock passes them (spec §5 Admin). */
export const TIME_LIMIT_FIELDS = [
  "hoursLeftBeforePaused",
  "hoursLeftBeforeNotified",
  "hoursLeftBeforeEscalated",
] as const;
export type TimeLimitField = (typeof TIME_LIMIT_FIELDS)[number];
export type TimeLimits = Record<TimeLimitField, number>;

/** One schema (or value) per hour limit: the shape of TimeLimits for zod objects and drafts. */
export const perTimeLimit = <T>(value: (f: TimeLimitField) => T) =>
  Object.fromEntries(TIME_LIMIT_FIELDS.map((f) => [f, value(f)])) as Record<TimeLimitField, T>;

export interface ClockProspect {
  sellStatus: string | null;
  /** ISO instant. */
  lastSellStatusChange: string | null;
  /** ISO instant. */
  registerDate: string;
  /** "yyyy-MM-dd" local date. */
  followUpDate: string | null;
  /** Only "CustomerCleaned" matters here: it is sticky. */
  activityStatus?: string | null;
}

export interface ActivityResult {
  activityStatus: ActivityStatus;
  /** Spelled so, as in the spec. */
  activityStatusWeigth: number;
  /** ISO instant of the next status change, null if none. */
  nextTransitionAt: string | null;
  /** ISO instant the clock started, null for Done and CustomerCleaned. */
  clockStart: string | null;
  /** Work hours elapsed since the clock start (0 before it). */
  workedHours: number;
}

const HOUR_MS = 3_600_000;
const ZERO_LIMITS: TimeLimits = {
  hoursLeftBeforePaused: 0,
  hoursLeftBeforeNotified: 0,
  hoursLeftBeforeEscalated: 0,
};

function fixed(status: ActivityStatus): ActivityResult {
  return {
    activityStatus: status,
    activityStatusWeigth: ACTIVITY_WEIGHT[status],
    nextTransitionAt: null,
    clockStart: null,
    workedHours: 0,
  };
}

function limitsFor(
  sellStatus: string | null,
  limitsByStatus: Record<string, TimeLimits>,
): TimeLimits {
  const own = sellStatus ?? DEFAULT_CLOCK_STATUS;
  if (Object.hasOwn(limitsByStatus, own)) return limitsByStatus[own];
  if (Object.hasOwn(limitsByStatus, DEFAULT_CLOCK_STATUS)) {
    return limitsByStatus[DEFAULT_CLOCK_STATUS];
  }
  return ZERO_LIMITS;
}

function hoursToMs(h: number): number {
  return typeof h === "number" && Number.isFinite(h) && h > 0 ? Math.round(h * HOUR_MS) : 0;
}

function parseInstant(s: string | null | undefined): number {
  return s ? Date.parse(s) : NaN;
}

const LOCAL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The "yyyy-MM-dd" prefix of a follow-up date if it is a real calendar date, else null. */
function followUpLocalDate(value: string): string | null {
  const m = LOCAL_DATE_RE.exec(value);
  if (!m) return null;
  const y = +m[1], mo = +m[2], d = +m[3];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? m[0]
    : null;
}

/**
 * Epoch ms the clock starts at. A follow-up date that is not a date falls back to the ordinary
 * start; throws RangeError when registerDate is not an instant either.
 */
function clockStartMs(p: ClockProspect, worktime: Worktime): number {
  if (isFollowUpSellStatus(p.sellStatus) && p.followUpDate) {
    const date = followUpLocalDate(p.followUpDate);
    if (date) return startOfWorkOn(date, worktime).getTime();
  }
  const changed = parseInstant(p.lastSellStatusChange);
  if (Number.isFinite(changed)) return changed;
  const registered = parseInstant(p.registerDate);
  if (Number.isFinite(registered)) return registered;
  throw new RangeError(`Prospect has no valid clock start (registerDate ${p.registerDate})`);
}

/** The prospect's activity status at `now` (see the module comment for the rules). */
export function activityAt(
  p: ClockProspect,
  limitsByStatus: Record<string, TimeLimits>,
  worktime: Worktime,
  now: Date,
): ActivityResult {
  if (p.activityStatus === "CustomerCleaned") return fixed("CustomerCleaned");
  if (isDoneSellStatus(p.sellStatus)) return fixed("Done");

  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError("Invalid now");
  const limits = limitsFor(p.sellStatus, limitsByStatus);
  const paused = hoursToMs(limits.hoursLeftBeforePaused);
  const todo = paused + hoursToMs(limits.hoursLeftBeforeNotified);
  const notified = todo + hoursToMs(limits.hoursLeftBeforeEscalated);

  const start = clockStartMs(p, worktime);
  const clockStart = new Date(start).toISOString();

  let status: ActivityStatus;
  let threshold: number | null;
  let w = 0;
  if (nowMs < start) {
    status = "Paused";
    threshold = paused;
  } else {
    w = workMsBetween(start, nowMs, worktime);
    if (w < paused) {
      status = "Paused";
      threshold = paused;
    } else if (w < todo) {
      status = "ToDo";
      threshold = todo;
    } else if (w < notified) {
      status = "Notified";
      threshold = notified;
    } else {
      status = "Escalated";
      threshold = null;
    }
  }

  return {
    activityStatus: status,
    activityStatusWeigth: ACTIVITY_WEIGHT[status],
    nextTransitionAt: threshold === null
      ? null
      : addWorkMs(start, threshold, worktime).toISOString(),
    clockStart,
    workedHours: w / HOUR_MS,
  };
}

/**
 * The instant the prospect's current clock reaches Escalated (null for Done and CustomerCleaned):
 * the bulk generator dates an escalation by it instead of by the generation time.
 */
export function escalationAt(
  p: ClockProspect,
  limitsByStatus: Record<string, TimeLimits>,
  worktime: Worktime,
): string | null {
  if (p.activityStatus === "CustomerCleaned" || isDoneSellStatus(p.sellStatus)) return null;
  const l = limitsFor(p.sellStatus, limitsByStatus);
  const total = hoursToMs(l.hoursLeftBeforePaused) + hoursToMs(l.hoursLeftBeforeNotified) +
    hoursToMs(l.hoursLeftBeforeEscalated);
  return addWorkMs(clockStartMs(p, worktime), total, worktime).toISOString();
}
