/**
 * The nightly keep and prune of the reports (lib/services/report_snapshots.ts runs it): every past
 * local midnight's report values kept per project (keepMidnights, keepInstant), then what only
 * those midnights read pruned — the day buckets and stints behind the last kept midnight
 * (prunedRanges), the change-time entries and per-hour change buckets no report reads any more.
 */
import {
  reportChangeAtKey,
  reportChangesPrunedKey,
  reportCounterKey,
  reportKeptKey,
  reportSnapshotKey,
  reportStintKey,
} from "@/lib/db/keys.ts";
import { deleteRange } from "@/lib/db/kv.ts";
import { foldPending } from "@/lib/db/report_pending.ts";
import { hourOf, reportDay } from "@/lib/db/report_keys.ts";
import { addDays, startOfLocalDay } from "@/lib/domain/prospect.ts";
import { type AsOf, changeTimeKept, DAY_MS, RECENT_MS } from "@/lib/domain/reports.ts";
import { entries, iso, settled, SNAPSHOT_SETTLE_MS, writeChunks } from "@/lib/db/report_store.ts";
import { clubStatusSnapshot, projectStatusCounts } from "@/lib/db/report_status.ts";
import { clubChanges, projectChanges } from "@/lib/db/report_changes.ts";
import { agesAt, agesCodec, type ClubAges, recentAges, stintsOf } from "@/lib/db/report_ages.ts";
import { projectEscalations, projectFirstIn } from "@/lib/db/report_project.ts";

/**
 * Deletes a project's change-time entries older than `keepFrom` that no report reads: all but
 * those of the days around a clock change (changeTimeKept). Remembers how far it got, so each
 * night lists only the day since (the nightly job).
 */
export async function pruneChangeTimes(
  kv: Deno.Kv,
  mp: number,
  keepFrom: Date,
  timeZone: string,
): Promise<number> {
  const done = await kv.get<string>(reportChangesPrunedKey(mp));
  const end = iso(keepFrom);
  if (done.value !== null && done.value >= end) return 0;
  const kept = new Map<string, boolean>();
  let n = 0;
  let op = kv.atomic();
  const list = kv.list({
    start: reportChangeAtKey(mp, done.value ?? ""),
    end: reportChangeAtKey(mp, end),
  }, { batchSize: 1000 });
  for await (const e of list) {
    const day = reportDay(e.key[2] as string, timeZone);
    let keep = kept.get(day);
    if (keep === undefined) kept.set(day, keep = changeTimeKept(day, timeZone));
    if (keep) continue;
    op.delete(e.key);
    if (++n % 500 === 0) {
      await op.commit();
      op = kv.atomic();
    }
  }
  await op.set(reportChangesPrunedKey(mp), end).commit();
  return n;
}

/** Deletes a project's per-hour change buckets (club and district) older than `keepFrom` (the nightly job). */
export async function pruneChangeHours(kv: Deno.Kv, mp: number, keepFrom: Date): Promise<number> {
  let n = 0;
  for (const scope of ["cch", "dch"]) {
    n += await deleteRange(kv, {
      start: reportCounterKey(scope, mp),
      end: reportCounterKey(scope, mp, hourOf(iso(keepFrom))),
    });
  }
  return n;
}

/**
 * Every value a report of the past instant `asOf` reads for project `mp`, computed and kept; the
 * age values from `ages` when given (every club's, as recentAges would compute them).
 */
export async function keepInstant(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
  ages?: Map<number, ClubAges>,
): Promise<void> {
  const t = iso(asOf.at);
  const keepAges = async () => {
    if (!ages) return void await recentAges(kv, mp, [], asOf); // keeps every club's
    if ((await kv.get(reportSnapshotKey("ras", mp, t))).value === null) {
      await writeChunks(kv, "ra", "ras", mp, t, ages, agesCodec);
    }
  };
  await Promise.all([
    projectEscalations(kv, mp, asOf),
    projectFirstIn(kv, mp, asOf),
    clubStatusSnapshot(kv, mp, t, asOf.timeZone)
      .then(() => Promise.all([keepAges(), projectStatusCounts(kv, mp, asOf)])),
    clubChanges(kv, mp, asOf).then(() => projectChanges(kv, mp, asOf)),
  ]);
}

/** The clubs a project has stints in, in key order (one listing of one entry per club). */
async function* stintClubs(kv: Deno.Kv, mp: number): AsyncGenerator<number> {
  let club: number | null = null;
  for (;;) {
    let next: number | null = null;
    const sel = club === null
      ? { prefix: reportStintKey(mp) }
      : { prefix: reportStintKey(mp), start: reportStintKey(mp, club + 0.5) };
    for await (const e of kv.list(sel, { limit: 1 })) next = e.key[2] as number;
    if (next === null) return;
    yield club = next;
  }
}

/**
 * The age values of every club at each of the past instants `ts` (ascending), from one listing of
 * each club's stints: the window [t − 5 days, t) of each instant is a slice of it.
 */
async function agesByInstant(
  kv: Deno.Kv,
  mp: number,
  ts: number[],
): Promise<Map<number, Map<number, ClubAges>>> {
  const out = new Map(ts.map((t) => [t, new Map<number, ClubAges>()]));
  if (!ts.length) return out;
  const windows = ts.map((t) => [t, iso(t - RECENT_MS), iso(t)] as const);
  for await (const c of stintClubs(kv, mp)) {
    const stints = stintsOf(
      await entries(kv, {
        start: reportStintKey(mp, c, iso(ts[0] - RECENT_MS)),
        end: reportStintKey(mp, c, iso(ts[ts.length - 1])),
      }),
    );
    let lo = 0;
    let hi = 0;
    for (const [t, from, to] of windows) {
      while (lo < stints.length && stints[lo].startKey < from) lo++;
      if (hi < lo) hi = lo;
      while (hi < stints.length && stints[hi].startKey < to) hi++;
      const ages = agesAt(stints, lo, hi, t);
      if (ages.length) out.get(t)!.set(c, ages);
    }
  }
  return out;
}

/**
 * The last local midnight whose values may be kept at `now`: settled by both clocks (null when
 * `now` runs ahead of real time so far that neither today's nor yesterday's is — nothing may then
 * be kept, or pruned).
 */
function lastKeepableMidnight(now: Date, timeZone: string): Date | null {
  const today = reportDay(iso(now), timeZone);
  for (const day of [today, addDays(today, -1)]) {
    const t = startOfLocalDay(day, timeZone);
    if (now.getTime() - t.getTime() >= SNAPSHOT_SETTLE_MS && settled(t)) return t;
  }
  return null;
}

/** Day buckets of the local days before the last kept midnight's, kept a little longer. */
export const BUCKET_DAYS_KEPT = 2;
/** Stints that began this long before the last kept midnight: no report reads them (RECENT_MS). */
const STINTS_KEPT_MS = RECENT_MS + 2 * DAY_MS;

/**
 * Keeps the report values of every local midnight of a project up to the last settled one (the
 * nightly job; a night it missed is caught up, newest first so each midnight's club counts start
 * from the next one's), records it (`["report_kept", mp]`), then prunes what only those midnights
 * read: the day buckets (scd, sdd, ccd, dcd) before it and the stints that began over a week
 * before it. A project never kept before starts at the midnight before its first day bucket:
 * nothing is counted before that, so every earlier instant answers from it. Resumable: values
 * already kept are read, not recomputed, and the record moves only once all are kept. Answers how
 * many midnights it kept and how many keys it pruned.
 * @example
 * // The nightly job at 00:30 local: keeps last midnight (and any night missed), then prunes.
 * const { kept, pruned } = await keepMidnights(kv, 12, "Europe/Stockholm", new Date());
 * // A test or the bench: keep without deleting, and look at what would go.
 * await keepMidnights(kv, 12, tz, now, async (_kv, ranges) => ranges.length);
 */
export async function keepMidnights(
  kv: Deno.Kv,
  mp: number,
  timeZone: string,
  now: Date,
  prune: Prune = deleteEach,
): Promise<{ kept: number; pruned: number }> {
  const last = lastKeepableMidnight(now, timeZone);
  if (!last) return { kept: 0, pruned: 0 };
  await foldPending(kv, mp);
  const done = await kv.get<string>(reportKeptKey(mp));
  if (done.value !== null && done.value >= iso(last)) return { kept: 0, pruned: 0 };
  let first: string | null = null;
  if (done.value !== null) first = addDays(reportDay(done.value, timeZone), 1);
  else {
    for await (const e of kv.list({ prefix: reportCounterKey("scd", mp) }, { limit: 1 })) {
      first = e.key[3] as string;
    }
  }
  // Nothing counted yet: nothing to keep, and the first bucket written will start the next run.
  if (first === null) return { kept: 0, pruned: 0 };
  const instants: Date[] = [];
  for (let day = reportDay(iso(last), timeZone); day >= first; day = addDays(day, -1)) {
    instants.push(startOfLocalDay(day, timeZone));
  }
  const ages = await agesByInstant(kv, mp, instants.map((t) => t.getTime()).reverse());
  for (const at of instants) {
    await keepInstant(kv, mp, { at, live: false, timeZone }, ages.get(at.getTime()));
  }
  const kept = instants.length;
  await kv.set(reportKeptKey(mp), iso(last));
  return { kept, pruned: await prune(kv, await prunedRanges(kv, mp, last, timeZone)) };
}

/** Deletes key ranges, answering how many keys it deleted (keepMidnights' prune step). */
export type Prune = (kv: Deno.Kv, ranges: KeyRange[]) => Promise<number>;
export type KeyRange = { start: Deno.KvKey; end: Deno.KvKey };

const deleteEach: Prune = async (kv, ranges) => {
  let n = 0;
  for (const r of ranges) n += await deleteRange(kv, r);
  return n;
};

/**
 * What no report reads once every midnight up to `kept` is kept: the day buckets (scd, sdd, ccd,
 * dcd) of the days before it (BUCKET_DAYS_KEPT of margin) and the stints (with their end keys)
 * that began STINTS_KEPT_MS before it — a report of a later instant reads only the last 5 days'
 * stints.
 */
export async function prunedRanges(
  kv: Deno.Kv,
  mp: number,
  kept: Date,
  timeZone: string,
): Promise<KeyRange[]> {
  const day = addDays(reportDay(iso(kept), timeZone), -BUCKET_DAYS_KEPT);
  const out = ["scd", "sdd", "ccd", "dcd"].map((scope) => ({
    start: reportCounterKey(scope, mp),
    end: reportCounterKey(scope, mp, day),
  }));
  const before = iso(kept.getTime() - STINTS_KEPT_MS);
  for await (const club of stintClubs(kv, mp)) {
    out.push({ start: reportStintKey(mp, club), end: reportStintKey(mp, club, before) });
  }
  return out;
}

/**
 * keepMidnights for every project, a few at a time (each waits on KV most of its time). Answers the
 * midnights kept and the keys pruned.
 */
export async function keepEveryProject(
  kv: Deno.Kv,
  projects: number[],
  timeZone: string,
  now: Date,
  concurrency = 4,
  prune?: Prune,
): Promise<{ kept: number; pruned: number }> {
  const total = { kept: 0, pruned: 0 };
  let next = 0;
  const worker = async () => {
    while (next < projects.length) {
      const r = await keepMidnights(kv, projects[next++], timeZone, now, prune);
      total.kept += r.kept;
      total.pruned += r.pruned;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}
