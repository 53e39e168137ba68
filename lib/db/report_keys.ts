/**
 * The report keys one prospect write adds (pure): counters, stints and the change-time index that
 * let the three reports answer "as of" any reference date without scanning prospects.
 * diffProspectKeys (prospect_indexes.ts) calls reportMutations, so every write path — the app,
 * the activity job, the bulk generator — keeps them with the record: the stints and change-time
 * entries in its atomic, the counter deltas as a pending entry in it (lib/db/report_pending.ts;
 * the generator sums them straight into the counters of the store it loads).
 *
 * Counter scopes under ["report_counters", scope, marketProjectId, …] (KvU64, signed by wrap):
 *   (the current count per sell status is the search totals' ["prospect_totals", "ps" | "pcs", …],
 *   summed over the done flag)
 *   scd [mp, day, club, s]   net change of `s` in one club and local day ("yyyy-MM-dd" in the
 *                            configured time zone, recorded under ["report_zone"])
 *   sdd [mp, day, district, s]  the same per district, by the club's district when written: the
 *                            live district-wide report reads districts × statuses, not clubs ×
 *                            statuses. A write whose club has no district in the map
 *                            sets ["report_districts", "from"] instead, so no report trusts them
 *   cc [mp, club]                        sell-status changes ever (the project's: sv)
 *   ccd [mp, day, club]                  sell-status changes per local day
 *   dcd [mp, day, district]              the same per district (the live district report)
 *   dch [mp, hour, district]             the same per district and UTC hour: the live district
 *                                        report's current hour
 *   cch [mp, hour, club]                 sell-status changes per UTC hour ("yyyy-MM-ddTHH"), kept
 *                                        CHANGE_HOURS_KEPT_MS (the nightly job prunes older ones):
 *                                        today's 24 h window reads them
 *   e [mp], ed [mp, day]                 live prospects escalated at least once
 *                                        (firstEscalatedAt set; net change per day)
 *   sv [mp]                              sell-status changes ever,
 *                                        rewritten by every fold of the project's pending deltas
 *                                        (lib/db/report_pending.ts; a touch when no status
 *                                        changed): its versionstamp changes with its buckets, so
 *                                        the live district report keeps their sums per process
 *                                        until it does (lib/db/report_districts.ts)
 * The counter deltas of a write are not summed in its atomic: the write sets them as one pending
 * entry per project, which readers fold first (lib/db/report_pending.ts).
 * A report's past instant T is always a local midnight, so a value as of T = current − Σ day
 * buckets from T's local date on (docs/reports.md). Every midnight's values are kept per project
 * (keepMidnights, lib/db/report_keep.ts), and the day buckets and stints older than the last kept
 * midnight are pruned (a project's value is the sum of its clubs'). The 24 h of changes before a past T on
 * a day the clocks change are read from ["report_changes_at", mp, at, id] → club. Stints record
 * when each prospect entered and left a (project, club, sell status, last-change) state, so the
 * age report can look back in time, today included (a status change writes no end key: the next
 * stint's start ends the one before).
 */
import {
  reportChangeAtKey,
  reportCounterKey,
  reportDistrictsFromKey,
  reportFirstInKey,
  reportStintKey,
} from "@/lib/db/keys.ts";
import { localDate, type Prospect, sourceOf } from "@/lib/domain/prospect.ts";
import { funnelMetrics, withFunnelMarks } from "@/lib/domain/funnel.ts";
import { RECENT_MS } from "@/lib/domain/reports.ts";
import { TZDate } from "@date-fns/tz";
import { addDelta, sameKey } from "@/lib/db/kv.ts";

export interface ReportMutations {
  sets: { key: Deno.KvKey; value: unknown }[];
  deletes: Deno.KvKey[];
  counterDeltas: { key: Deno.KvKey; delta: number }[];
}

/**
 * A stint ["report_stints", mp, club, startIso, prospectId]: the prospect had sell status `s`
 * (unchanged since startIso) in this project and club from the instant `from` (the status change,
 * creation or move). The key with one more part, STINT_END, holds the instant it left by a move or
 * a deletion; a status change writes none (the same prospect's next stint in the club begins then).
 */
export interface StintValue {
  /** Sell status, "" for none. */
  s: string;
  /** Left out when it is the key's startIso (a status change: ~30 B per stint). */
  from?: string;
}

/** The instant a stint began in its project and club (`from`, or its key's start). */
export const stintFrom = (key: Deno.KvKey, v: StintValue) => v.from ?? key[3] as string;
/** The last key part of a stint's end key: [mp, club, start, id, STINT_END] → end instant. */
export const STINT_END = "end";

type Live = Pick<
  Prospect,
  | "id"
  | "marketProjectId"
  | "clubId"
  | "sellStatus"
  | "lastSellStatusChange"
  | "registerDate"
  | "activityStatus"
  | "deleted"
  | "firstEscalatedAt"
  | "source"
  | "assignUserId"
  | "firstContactAt"
  | "bookedAt"
  | "memberAt"
>;

/** The UTC hour of an instant ("yyyy-MM-ddTHH"), the key part of the per-hour change buckets. */
export const hourOf = (iso: string) => iso.slice(0, 13);
/** How long per-hour change buckets are kept: today's 24 h window and a day of margin. */
export const CHANGE_HOURS_KEPT_MS = 2 * 86_400_000;
/**
 * The report day of an instant: its local date in the zone the counters are kept in. The zone's
 * UTC offset is remembered per zone and UTC hour when it is the same at both ends of the hour (an
 * hour with a change of offset asks the zone for each instant), so a generated or replayed history
 * of instants spread over months computes few offsets.
 */
export function reportDay(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  const hour = Math.floor(ms / HOUR_MS);
  const k = `${timeZone}|${hour}`;
  let offset = offsetCache.get(k);
  if (offset === undefined) {
    if (offsetCache.size > 50_000) offsetCache.clear();
    const first = offsetMinutes(hour * HOUR_MS, timeZone);
    offset = first === offsetMinutes((hour + 1) * HOUR_MS - 1, timeZone) ? first : null;
    offsetCache.set(k, offset);
  }
  if (offset === null) return localDate(new Date(ms), timeZone);
  return new Date(ms + offset * 60_000).toISOString().slice(0, 10);
}
const HOUR_MS = 3_600_000;
/** Minutes a zone's local time is ahead of UTC at an instant. */
const offsetMinutes = (ms: number, timeZone: string) =>
  -new TZDate(ms, timeZone).getTimezoneOffset();
const offsetCache = new Map<string, number | null>();
const statusOf = (p: Pick<Prospect, "sellStatus">) => p.sellStatus ?? "";
/** The instant the current sell status began (registration for a prospect without one). */
export const stintStart = (p: Pick<Prospect, "lastSellStatusChange" | "registerDate">) =>
  canonicalInstant(p.lastSellStatusChange ?? p.registerDate);

/** An instant as toISOString writes it; one already in that form is taken as it is (most are). */
function canonicalInstant(s: string): string {
  if (s.length === 24 && s[10] === "T" && s[19] === "." && s[23] === "Z") return s;
  return new Date(s).toISOString();
}

const live = (p: Live | null | undefined): p is Live => !!p && !p.deleted;

/** Every club's district now (clubId → districtId): the district day buckets' key part. */
export type ClubDistricts = ReadonlyMap<number, number>;

/** The club→district map of the stored [clubId, districtId] pairs (["club_districts"]). */
export const clubDistrictMap = (pairs: [number, number][] | null): ClubDistricts =>
  new Map(pairs ?? []);

/**
 * Whether a write moves a prospect between status buckets (project, club, status, live): only
 * then does it need the clubs' districts (the write engine reads them for such writes alone).
 */
export function movesStatusBucket(before: Live | null, after: Live | null): boolean {
  const was = live(before) ? before : null;
  const now = live(after) ? after : null;
  if (!was || !now) return was !== now;
  return was.marketProjectId !== now.marketProjectId || was.clubId !== now.clubId ||
    statusOf(was) !== statusOf(now);
}

/**
 * A project's sell-status changes ever (scope "sv"): +1 per status change, and rewritten by every
 * fold of the project's pending deltas (a touch when none changed a status), so its versionstamp
 * names the state of its buckets. It doubles as the project's change count: one counter sum less
 * per status change.
 */
export const bucketsMovedKey = (mp: number) => reportCounterKey("sv", mp);

function changeCounterKeys(p: Live, day: string, hour: string): Deno.KvKey[] {
  const mp = p.marketProjectId;
  const c = p.clubId;
  return [
    bucketsMovedKey(mp),
    reportCounterKey("cc", mp, c),
    reportCounterKey("ccd", mp, day, c),
    reportCounterKey("cch", mp, hour, c),
  ];
}

function escalationCounterKeys(p: Live, day: string): Deno.KvKey[] {
  const mp = p.marketProjectId;
  return [reportCounterKey("e", mp), reportCounterKey("ed", mp, day)];
}

/**
 * A first-in entry [mp, registerDate, id, at] → 1 (entered) or 0 (left); `at` is left out when it
 * is the registration instant (a creation: 26 bytes of key, stored twice). Readers take firstInAt.
 */
const firstInKeyOf = (p: Live, at: string) => {
  const reg = canonicalInstant(p.registerDate);
  return at === reg
    ? reportFirstInKey(p.marketProjectId, reg, p.id)
    : reportFirstInKey(p.marketProjectId, reg, p.id, at);
};
/** The instant of a first-in entry: its last part, or its registration when it has none. */
export const firstInAt = (key: Deno.KvKey) => (key[4] ?? key[2]) as string;
const stintKeyOf = (p: Live) => reportStintKey(p.marketProjectId, p.clubId, stintStart(p), p.id);
/**
 * A stint that ends because the next one begins in the same project and club at this very instant
 * (a sell-status change) needs no end key: readers take the next stint's start as its end
 * (stintPresent). A move, a deletion or any other close writes the end key.
 */
const endedByNext = (was: Live, now: Live, iso: string) =>
  was.marketProjectId === now.marketProjectId && was.clubId === now.clubId &&
  stintStart(now) === iso && stintStart(now) > stintStart(was);
/**
 * Whether a stint with this prospect's start may still be read by a report of `iso` or later: the
 * age report reads the stints that began in the RECENT_MS before its instant, so an older stint is
 * never read again — and the nightly prune may already have removed it. Its end key, or a move that
 * would re-open it, writes nothing (no end key without its stint).
 */
const readable = (p: Live, iso: string) => Date.parse(stintStart(p)) >= Date.parse(iso) - RECENT_MS;
const sameStint = (a: Live, b: Live) =>
  a.marketProjectId === b.marketProjectId && a.clubId === b.clubId &&
  statusOf(a) === statusOf(b) && stintStart(a) === stintStart(b);

/** Whether two states of a prospect count in the same funnel cells with the same marks. */
const sameFunnelCell = (a: Live, b: Live) =>
  a.marketProjectId === b.marketProjectId && a.clubId === b.clubId &&
  sourceOf(a) === sourceOf(b) && (a.assignUserId ?? "") === (b.assignUserId ?? "") &&
  a.registerDate === b.registerDate && !a.firstContactAt === !b.firstContactAt &&
  !a.bookedAt === !b.bookedAt && (a.memberAt ?? null) === (b.memberAt ?? null);

/**
 * The funnel counters a live prospect adds (funnelMetrics: l, r, b, m, d:<days>), each in the cells
 * of its registration's local day and month: by source (`fsd`/`fsm` [mp, period, source, metric]),
 * club (`fcd`/`fcm` [mp, period, club, metric]), assignee (`fud`/`fum` [mp, period, userId or "",
 * metric]) and, for a report over some clubs, per club (`fxd`/`fxm` [mp, club, period, source,
 * userId, metric]).
 */
export function funnelKeys(p: Live, timeZone: string): Deno.KvKey[] {
  const day = reportDay(canonicalInstant(p.registerDate), timeZone);
  const month = day.slice(0, 7);
  const mp = p.marketProjectId;
  const c = p.clubId;
  const src = sourceOf(p);
  const user = p.assignUserId ?? "";
  return funnelMetrics(p).flatMap((m) => [
    reportCounterKey("fsd", mp, day, src, m),
    reportCounterKey("fsm", mp, month, src, m),
    reportCounterKey("fcd", mp, day, c, m),
    reportCounterKey("fcm", mp, month, c, m),
    reportCounterKey("fud", mp, day, user, m),
    reportCounterKey("fum", mp, month, user, m),
    reportCounterKey("fxd", mp, c, day, src, user, m),
    reportCounterKey("fxm", mp, c, month, src, user, m),
  ]);
}

/**
 * The marks a write carries for the reports: the escalation mark and the funnel's (bookedAt,
 * memberAt). Every prospect writer applies them before diffProspectKeys.
 */
export function withReportMarks<
  T extends Pick<
    Prospect,
    "activityStatus" | "firstEscalatedAt" | "sellStatus" | "bookedAt" | "memberAt"
  >,
>(
  before: Pick<Prospect, "firstEscalatedAt" | "bookedAt" | "memberAt"> | null,
  after: T,
  at: string,
): T {
  return withFunnelMarks(before, withEscalationMark(before, after, at), canonicalInstant(at));
}

/**
 * What one write (before → after, at the instant `at`) adds for the reports, its day buckets in
 * `timeZone`, the district buckets by `districts`. `before` null is a creation; a deleted record
 * counts as gone. Deltas on the same key are summed (a move within a district cancels its own).
 */
export function reportMutations(
  before: Live | null,
  after: Live | null,
  at: string,
  timeZone: string,
  districts: ClubDistricts,
): ReportMutations {
  const iso = canonicalInstant(at);
  // Only a write that moves a counter needs its local day (most activity transitions do not).
  let dayMemo: string | null = null;
  const day = () => dayMemo ??= reportDay(iso, timeZone);
  const out: ReportMutations = { sets: [], deletes: [], counterDeltas: [] };
  const add = (keys: Deno.KvKey[], delta: number) => {
    for (const key of keys) out.counterDeltas.push({ key, delta });
  };
  const was = live(before) ? before : null;
  const now = live(after) ? after : null;

  // A district bucket, by the club's district (none for a club the map does not know).
  let unmapped = false;
  const districtKey = (scope: string, p: Live, period: string, ...rest: string[]) => {
    const district = districts.get(p.clubId);
    if (district === undefined) unmapped = true;
    return district === undefined
      ? []
      : [reportCounterKey(scope, p.marketProjectId, period, district, ...rest)];
  };
  if (movesStatusBucket(was, now)) {
    const bucket = (p: Live, delta: number) => {
      add([reportCounterKey("scd", p.marketProjectId, day(), p.clubId, statusOf(p))], delta);
      add(districtKey("sdd", p, day(), statusOf(p)), delta);
    };
    if (was) bucket(was, -1);
    if (now) bucket(now, 1);
  }

  if (was && now && statusOf(was) !== statusOf(now)) {
    add(changeCounterKeys(now, day(), hourOf(iso)), 1);
    add(districtKey("dcd", now, day()), 1);
    add(districtKey("dch", now, hourOf(iso)), 1);
    out.sets.push({ key: reportChangeAtKey(now.marketProjectId, iso, now.id), value: now.clubId });
  }

  // Escalated at least once: a live prospect with firstEscalatedAt counts in its project, like a
  // status count (so a move or a deletion takes it along, and it counts once however often).
  const wasE = was && was.firstEscalatedAt ? was : null;
  const nowE = now && now.firstEscalatedAt ? now : null;
  if (!(wasE && nowE && wasE.marketProjectId === nowE.marketProjectId)) {
    if (wasE) add(escalationCounterKeys(wasE, day()), -1);
    if (nowE) add(escalationCounterKeys(nowE, day()), 1);
  }

  // First prospect in: entering or leaving a project's live prospects, keyed by registration.
  if (was?.marketProjectId !== now?.marketProjectId) {
    if (was) out.sets.push({ key: firstInKeyOf(was, iso), value: 0 });
    if (now) out.sets.push({ key: firstInKeyOf(now, iso), value: 1 });
  }

  if (!(was && now && sameStint(was, now))) {
    const closeKey = was && readable(was, iso) ? stintKeyOf(was) : null;
    const openKey = now && readable(now, iso) ? stintKeyOf(now) : null;
    const collide = closeKey && openKey && sameKey(closeKey, openKey);
    if (closeKey && !collide && !(was && now && endedByNext(was, now, iso))) {
      out.sets.push({ key: [...closeKey, STINT_END], value: iso });
    }
    if (now && openKey) {
      const value: StintValue = iso === openKey[3] ? { s: statusOf(now) } : {
        s: statusOf(now),
        from: iso,
      };
      out.sets.push({ key: openKey, value });
      // A move keeps the start: moving back re-opens a stint this prospect left before.
      if (was && stintStart(was) === stintStart(now)) out.deletes.push([...openKey, STINT_END]);
    }
  }
  // The conversion funnel: a live prospect counts in the cells of its registration day and month.
  if (!(was && now && sameFunnelCell(was, now))) {
    if (was) add(funnelKeys(was, timeZone), -1);
    if (now) add(funnelKeys(now, timeZone), 1);
  }

  if (unmapped) out.sets.push({ key: reportDistrictsFromKey(), value: iso });
  out.counterDeltas = merged(out.counterDeltas);
  return out;
}

/**
 * The escalation mark a write carries: firstEscalatedAt is kept once set, and set to `at` when the
 * prospect is Escalated without one. Every prospect writer applies it before diffProspectKeys.
 */
export function withEscalationMark<T extends Pick<Prospect, "activityStatus" | "firstEscalatedAt">>(
  before: Pick<Prospect, "firstEscalatedAt"> | null,
  after: T,
  at: string,
): T {
  const first = after.firstEscalatedAt ?? before?.firstEscalatedAt ?? null;
  if (first) {
    return after.firstEscalatedAt === first ? after : { ...after, firstEscalatedAt: first };
  }
  if (after.activityStatus !== "Escalated") return after;
  return { ...after, firstEscalatedAt: canonicalInstant(at) };
}

/** Sums deltas on the same key and drops the ones that cancel (a move within a project). */
function merged(ds: { key: Deno.KvKey; delta: number }[]) {
  const out: { key: Deno.KvKey; delta: number }[] = [];
  for (const d of ds) addDelta(out, d.key, d.delta);
  return out.filter((d) => d.delta !== 0);
}
