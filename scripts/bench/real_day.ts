/**
 * A demo chain that looks like a real working day: the open prospects' last changes (and follow-up
 * dates) are placed before "now" so that the activity clock reads mostly Paused or ToDo, a few
 * Notified and a handful Escalated — the clock's rules and limits stay as they are.
 */
import { activityAt, type TimeLimits } from "@/lib/domain/activity.ts";
import { addDays } from "@/lib/domain/prospect.ts";
import type { ActivityStatus } from "@/lib/domain/statuses.ts";
import { workMsBetween, type Worktime } from "@/lib/domain/worktime.ts";

/** The activity statuses an open prospect can have, with the share of open prospects in each. */
export const REAL_DAY_SHARES: readonly [ActivityStatus, number][] = [
  ["Paused", 0.5],
  ["ToDo", 0.42],
  ["Notified", 0.06],
  ["Escalated", 0.02],
];

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The status for a draw r in [0, 1) by REAL_DAY_SHARES. */
export function pickDayStatus(r: number): ActivityStatus {
  let acc = 0;
  for (const [status, share] of REAL_DAY_SHARES) {
    acc += share;
    if (r < acc) return status;
  }
  return "ToDo";
}

/** The latest instant before `nowMs` from which `workMs` of work time pass until `nowMs`. */
export function workMsBefore(nowMs: number, workMs: number, worktime: Worktime): number {
  let lo = nowMs - 120 * DAY, hi = nowMs;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (workMsBetween(mid, nowMs, worktime) > workMs) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The clock start that puts a prospect with these limits at `status` at `nowMs`, `r` in [0, 1)
 * placing it within the status's span of work time (an empty span moves on to the next status).
 */
export function clockStartFor(
  status: ActivityStatus,
  limits: TimeLimits,
  nowMs: number,
  worktime: Worktime,
  r: number,
): number {
  const p = limits.hoursLeftBeforePaused * HOUR;
  const n = p + limits.hoursLeftBeforeNotified * HOUR;
  const e = n + limits.hoursLeftBeforeEscalated * HOUR;
  const spans: [ActivityStatus, number, number][] = [
    ["Paused", 0, p],
    ["ToDo", p, n],
    ["Notified", n, e],
    ["Escalated", e, e + 16 * HOUR],
  ];
  const from = spans.findIndex(([s]) => s === status);
  const [, lo, hi] = spans.slice(from).find(([, a, b]) => b > a) ?? spans[3];
  return workMsBefore(nowMs, lo + (0.05 + 0.9 * r) * (hi - lo), worktime);
}

/**
 * A follow-up date for a follow-up sell status (its clock starts with the work day of that date)
 * that puts it at `status` at `now`: a day from two weeks back to today, the first that does; when
 * none does (or for Paused), a date ahead (`r` picks it), so it is not due today.
 */
export function followUpDateFor(
  status: ActivityStatus,
  p: { sellStatus: string; lastSellStatusChange: string; registerDate: string },
  limits: Record<string, TimeLimits>,
  worktime: Worktime,
  now: Date,
  today: string,
  r: number,
): string {
  const ahead = addDays(today, 1 + Math.floor(r * 14));
  if (status === "Paused") return ahead;
  for (let d = 0; d <= 14; d++) {
    const followUpDate = addDays(today, -d);
    const clock = activityAt({ ...p, followUpDate }, limits, worktime, now);
    if (clock.activityStatus === status) return followUpDate;
  }
  return ahead;
}
