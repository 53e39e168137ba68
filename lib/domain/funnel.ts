/**
 * The conversion funnel (docs/reports.md): per group of prospects registered in a period, how many
 * were reached (a first contact), had a booked visit, became members, and how many whole days the
 * members took. Which sell statuses are "booked" and "member" is SELL_STATUS_TABLE's `funnel`
 * column. Pure: the marks a prospect carries, the periods a date range reads, the rows.
 */
import { BOOKED_SELL_STATUSES, MEMBER_SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { addDays } from "@/lib/domain/prospect.ts";
import { median } from "@/lib/domain/response_time.ts";

export const FUNNEL_GROUPS = ["source", "club", "user", "marketProject"] as const;
export type FunnelGroupBy = (typeof FUNNEL_GROUPS)[number];

const DAY_MS = 86_400_000;

/** The funnel facts of one prospect: the first contact, the first booked and member statuses. */
export interface FunnelFacts {
  registerDate: string;
  firstContactAt?: string | null;
  bookedAt?: string | null;
  memberAt?: string | null;
}

/** Whole days from registration to becoming a member (never negative). */
export const daysToMember = (registerDate: string, memberAt: string): number =>
  Math.max(0, Math.floor((Date.parse(memberAt) - Date.parse(registerDate)) / DAY_MS));

/**
 * The counters one live prospect adds to its funnel cells: `l` (a lead), `r` (reached), `b`
 * (booked), `m` (member) and `d:<days>` (days to member, for the median).
 */
export function funnelMetrics(p: FunnelFacts): string[] {
  const out = ["l"];
  if (p.firstContactAt) out.push("r");
  if (p.bookedAt) out.push("b");
  if (p.memberAt) out.push("m", `d:${daysToMember(p.registerDate, p.memberAt)}`);
  return out;
}

/**
 * The funnel marks a write carries: bookedAt and memberAt are kept once set, and set to `at` when
 * the sell status is of that stage (a member status is a booked one too) and the mark is missing.
 */
export function withFunnelMarks<
  T extends { sellStatus: string | null; bookedAt?: string | null; memberAt?: string | null },
>(
  before: { bookedAt?: string | null; memberAt?: string | null } | null,
  after: T,
  at: string,
): T {
  const bookedAt = after.bookedAt ?? before?.bookedAt ??
    (after.sellStatus && BOOKED_SELL_STATUSES.has(after.sellStatus) ? at : null);
  const memberAt = after.memberAt ?? before?.memberAt ??
    (after.sellStatus && MEMBER_SELL_STATUSES.has(after.sellStatus) ? at : null);
  if ((after.bookedAt ?? null) === bookedAt && (after.memberAt ?? null) === memberAt) return after;
  return { ...after, bookedAt, memberAt };
}

/**
 * The periods the local dates [from, to] cover: the whole months inside it (`months`, "yyyy-MM",
 * start inclusive, end exclusive) and the days of the partial months at its ends (`days`, ranges of
 * "yyyy-MM-dd", end exclusive) — a year reads 12 month values, not 365 day values.
 */
export function funnelPeriods(from: string, to: string): {
  months: [string, string] | null;
  days: [string, string][];
} {
  const end = addDays(to, 1);
  if (from >= end) return { months: null, days: [] };
  const firstWhole = from.endsWith("-01")
    ? from
    : `${addDays(`${from.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
  const lastWhole = `${end.slice(0, 7)}-01`; // the first day of the month `to` ends in (exclusive)
  if (firstWhole >= lastWhole) return { months: null, days: [[from, end]] };
  const days: [string, string][] = [];
  if (from < firstWhole) days.push([from, firstWhole]);
  if (lastWhole < end) days.push([lastWhole, end]);
  return { months: [firstWhole.slice(0, 7), lastWhole.slice(0, 7)], days };
}

const nextMonth = (m: string) => addDays(`${m}-28`, 7).slice(0, 7);

/**
 * The packs' periods a report of the local dates [from, to] reads, each added (1) or taken away
 * (-1): whole months, and per partial month either its days or the month less the days outside —
 * whichever reads fewer (a period up to today reads its month less the days still to come).
 */
export function funnelReads(from: string, to: string): ["d" | "m", string, 1 | -1][] {
  const { months, days } = funnelPeriods(from, to);
  const out: ["d" | "m", string, 1 | -1][] = [];
  if (months) { for (let m = months[0]; m < months[1]; m = nextMonth(m)) out.push(["m", m, 1]); }
  for (const [a, b] of days) {
    // A range of days may cross into the next month: each month's part on its own.
    for (let start = a; start < b;) {
      const month = start.slice(0, 7);
      const monthEnd = `${nextMonth(month)}-01`;
      const end = b < monthEnd ? b : monthEnd;
      const inside: string[] = [];
      for (let d = start; d < end; d = addDays(d, 1)) inside.push(d);
      const outside: string[] = [];
      for (let d = `${month}-01`; d < monthEnd; d = addDays(d, 1)) {
        if (d < start || d >= end) outside.push(d);
      }
      if (outside.length + 1 < inside.length) {
        out.push(["m", month, 1]);
        for (const d of outside) out.push(["d", d, -1]);
      } else for (const d of inside) out.push(["d", d, 1]);
      start = end;
    }
  }
  return out;
}

/** The counters of one group: metric → sum (`d:<days>` the members' days). */
export type FunnelCell = Map<string, number>;

export interface FunnelRow {
  /** The group's key: a source, a club or project number, a user id ("" for nobody). */
  key: string;
  name: string;
  leads: number;
  reached: number;
  booked: number;
  members: number;
  /** members / leads (0 without leads). */
  conversionRate: number;
  /** Median whole days from registration to member (null: no members). */
  medianDaysToMember: number | null;
  /** The counts as shares of leads (0..1). */
  reachedShare: number;
  bookedShare: number;
  membersShare: number;
}

/** The CSV's and the page's columns, in order (labels: reports.funnel.columns.<column>). */
export const FUNNEL_COLUMNS = [
  "name",
  "leads",
  "reached",
  "reachedShare",
  "booked",
  "bookedShare",
  "members",
  "membersShare",
  "conversionRate",
  "medianDaysToMember",
] as const;

/** The median of a histogram of whole days (the mean of the two middle ones for an even count). */
export function histogramMedian(hist: Map<number, number>): number | null {
  const days = [...hist].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = days.reduce((a, [, n]) => a + n, 0);
  if (!total) return null;
  const at = (i: number) => {
    let seen = 0;
    for (const [d, n] of days) if ((seen += n) > i) return d;
    return days[days.length - 1][0];
  };
  return total % 2 ? at((total - 1) / 2) : median([at(total / 2 - 1), at(total / 2)]);
}

const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10_000) / 10_000 : 0);

/** One row of a group's counters. */
export function funnelRow(key: string, name: string, cell: FunnelCell | undefined): FunnelRow {
  const get = (m: string) => Math.max(0, cell?.get(m) ?? 0);
  const hist = new Map<number, number>();
  for (const [m, n] of cell ?? []) if (m.startsWith("d:")) hist.set(Number(m.slice(2)), n);
  const leads = get("l");
  const [reached, booked, members] = [get("r"), get("b"), get("m")];
  return {
    key,
    name,
    leads,
    reached,
    booked,
    members,
    conversionRate: share(members, leads),
    medianDaysToMember: histogramMedian(hist),
    reachedShare: share(reached, leads),
    bookedShare: share(booked, leads),
    membersShare: share(members, leads),
  };
}
