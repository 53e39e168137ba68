/**
 * Sell-status changes of a project and per club: all up to T (`cc`, minus the `ccd` day buckets
 * since a past T) and those of the 24 hours before T (changeWindow: the per-hour buckets `cch` and
 * `dch`, the change-time index and the window sums kept per hour and minute, `cw` and `cm`).
 * Per-club changes of a past midnight are kept as flat varints (`cc`).
 */
import { reportChangeAtKey, reportCounterKey, reportSnapshotKey } from "@/lib/db/keys.ts";
import { counterValue } from "@/lib/db/kv.ts";
import { bucketsMovedKey, type ClubDistricts, hourOf, reportDay } from "@/lib/db/report_keys.ts";
import { startOfLocalDay } from "@/lib/domain/prospect.ts";
import { type AsOf, DAY_MS } from "@/lib/domain/reports.ts";
import {
  afterRanges,
  betweenRanges,
  entries,
  fromVarints,
  iso,
  keptPerProcess,
  memo,
  OPEN_END,
  settled,
  sumBy,
  varints,
} from "@/lib/db/report_store.ts";

type Key = Deno.KvKey;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface ChangeCounts {
  /** Sell-status changes up to T. */
  total: number;
  /** Sell-status changes in the 24 hours before T. */
  last24h: number;
}

/** Per-club changes: club, total, last 24 h, as varints. */
const encodeChanges = (rows: Iterable<[number, ChangeCounts]>) =>
  varints([...rows].flatMap(([c, r]) => [c, r.total, r.last24h]));
function decodeChanges(b: Uint8Array): Map<number, ChangeCounts> {
  const v = fromVarints(b);
  const out = new Map<number, ChangeCounts>();
  for (let i = 0; i + 2 < v.length; i += 3) out.set(v[i], { total: v[i + 1], last24h: v[i + 2] });
  return out;
}

/** Status changes per club in [from, to) from the change-time index (its value is the club). */
async function changesAt(kv: Deno.Kv, mp: number, from: number, to: number | null) {
  const list = await entries(kv, {
    start: reportChangeAtKey(mp, iso(from)),
    end: to === null ? reportChangeAtKey(mp, OPEN_END) : reportChangeAtKey(mp, iso(to)),
  });
  const out = new Map<number, number>();
  for (const e of list) out.set(e.value as number, (out.get(e.value as number) ?? 0) + 1);
  return out;
}

/**
 * Status changes per club in the 23 whole hours before the hour `h` begins, from the per-hour
 * buckets; kept per hour (`cw`). In the first minutes of an hour (SNAPSHOT_SETTLE_MS) writes stamped
 * before it may still be committing, so its sum is not kept yet: the previous hour's kept sum is
 * moved by one hour instead (its first hour's buckets out, the last hour's in).
 */
async function wholeHours(
  kv: Deno.Kv,
  mp: number,
  h: number,
  timeZone: string,
  shared: string | null,
) {
  const club = (k: Key) => k[4] as number;
  const hours = async (from: number, to: number) =>
    await sumBy(kv, [{
      start: reportCounterKey("cch", mp, hourOf(iso(from))),
      end: reportCounterKey("cch", mp, hourOf(iso(to))),
    }], club);
  const kept = (at: number) =>
    perProcess(kv, shared && `cw|${shared}|${at}`, at, () =>
      memo(
        kv,
        { at: new Date(at), live: false, timeZone },
        (k) => reportSnapshotKey("cw", mp, k),
        async () => [...await hours(at - 23 * HOUR_MS, at)],
        2 * DAY_MS, // only the next hour's requests read it
      ));
  if (settled(new Date(h))) return new Map(await kept(h));
  const [before, out, added] = await Promise.all([
    hours(h - 24 * HOUR_MS, h - 23 * HOUR_MS),
    kept(h - HOUR_MS).then((rows) => new Map(rows)),
    hours(h - HOUR_MS, h),
  ]);
  for (const [c, n] of before) out.set(c, (out.get(c) ?? 0) - n);
  for (const [c, n] of added) out.set(c, (out.get(c) ?? 0) + n);
  return out;
}

/**
 * Status changes per club in the 24 hours before T. A past T reads the day counters (pastWindow;
 * its answer is kept by the caller). Today reads the per-hour buckets (`cch`, kept two days): the
 * whole hours before the current one never change, so their sums are kept per hour (`cw`); the
 * current hour's buckets are read. The partial first hour comes from the change-time index: its
 * whole minutes' sums are kept per minute (`cm`: a day-old minute never changes either), and only
 * the partial first minute is read entry by entry. With `byDistrict` (today only) the answer is per
 * district: the clubs' parts by each club's district now (a club without one counts nowhere), the
 * current hour from the district buckets (`dch`, ~20 entries instead of ~200 per project), and the
 * kept sums of whole hours and minutes are also kept per process (perProcess, by the versionstamp
 * of the project's ["report_kept", mp] entry the district report has read).
 */
export async function changeWindow(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
  district?: { districts: ClubDistricts; keptVersion: string },
): Promise<Map<number, number>> {
  const byDistrict = district?.districts;
  const shared = district ? `${mp}|${district.keptVersion}` : null;
  const t = asOf.at.getTime();
  const from = t - DAY_MS;
  if (!asOf.live) return await pastWindow(kv, mp, t, asOf.timeZone);
  const firstWhole = Math.floor(from / HOUR_MS) * HOUR_MS + HOUR_MS;
  const firstMinute = Math.min(firstWhole, Math.ceil(from / MINUTE_MS) * MINUTE_MS);
  const thisHour = hourOf(iso(t));
  const past = (at: number) => ({ at: new Date(at), live: false, timeZone: asOf.timeZone });
  const hourScope = byDistrict ? "dch" : "cch";
  const [current, complete, minutes, head] = await Promise.all([
    entries(kv, {
      start: reportCounterKey(hourScope, mp, thisHour),
      end: reportCounterKey(hourScope, mp, OPEN_END),
    }),
    wholeHours(kv, mp, Math.floor(t / HOUR_MS) * HOUR_MS, asOf.timeZone, shared),
    firstMinute < firstWhole
      ? perProcess(kv, shared && `cm|${shared}|${firstMinute}`, firstMinute, () =>
        memo(
          kv,
          past(firstMinute),
          (m) => reportSnapshotKey("cm", mp, m),
          async () => [...await changesAt(kv, mp, firstMinute, firstWhole)],
          2 * HOUR_MS, // only this minute's requests read it
        ))
      : [],
    changesAt(kv, mp, from, firstMinute),
  ]);
  const group = (c: number) => byDistrict ? byDistrict.get(c) : c;
  const out = new Map<number, number>();
  for (const [c, n] of [...complete, ...minutes, ...head]) {
    const g = group(c);
    if (g !== undefined) out.set(g, (out.get(g) ?? 0) + n);
  }
  // The current hour's buckets, already by district with `byDistrict` ([…, mp, hour, group]).
  for (const e of current) {
    const g = e.key[4] as number;
    out.set(g, (out.get(g) ?? 0) + counterValue(e.value));
  }
  return out;
}

/** Kept window sums (`cw`, `cm`) by store, then kind, project, kept version and instant. */
const windowCache = new WeakMap<Deno.Kv, Map<string, [number, number][]>>();

/**
 * A kept window sum read through `read` (memo), and kept in this process under `id` once its
 * instant `at` is settled: the buckets it sums never change then, and what rewrites them (the
 * report backfill) deletes the ["report_kept", mp] entry whose versionstamp `id` names, so a new
 * one gives a new id. Spares the live district report of 10 projects ~20 KV calls a request.
 * `id` null: read every time.
 */
async function perProcess(
  kv: Deno.Kv,
  id: string | null,
  at: number,
  read: () => Promise<[number, number][]>,
): Promise<[number, number][]> {
  return (await keptPerProcess(windowCache, kv, settled(new Date(at)) ? id : null, read))!;
}

/**
 * Status changes per club in the 24 hours before a past T (a local midnight): the day counters of
 * the local day before T when that day is exactly those 24 hours, else the change-time index, which
 * keeps the changes of such days (changeTimeKept).
 */
async function pastWindow(kv: Deno.Kv, mp: number, t: number, timeZone: string) {
  const day = reportDay(iso(t - 1), timeZone);
  if (startOfLocalDay(day, timeZone).getTime() !== t - DAY_MS) {
    return await changesAt(kv, mp, t - DAY_MS, t);
  }
  return await sumBy(kv, [{ prefix: reportCounterKey("ccd", mp, day) }], (k) => k[4] as number);
}

const sum = (m: Map<unknown, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/**
 * Sell-status changes of a project: all up to T and those of the last 24 h. Now: the project's
 * count (the value of its bucketsMovedKey) and today's window; a past T: the sum of the clubs' (kept
 * per midnight).
 */
export async function projectChanges(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
): Promise<ChangeCounts> {
  if (asOf.live) {
    const [cur, window] = await Promise.all([
      kv.get(bucketsMovedKey(mp)),
      changeWindow(kv, mp, asOf),
    ]);
    return { total: counterValue(cur.value), last24h: sum(window) };
  }
  return await memo(kv, asOf, (t) => reportSnapshotKey("pc", mp, t), async () => {
    const out = { total: 0, last24h: 0 };
    for (const r of (await clubChanges(kv, mp, asOf)).values()) {
      out.total += r.total;
      out.last24h += r.last24h;
    }
    return out;
  });
}

/** Sell-status changes per club of a project: all up to T and those of the last 24 h. */
export async function clubChanges(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
): Promise<Map<number, ChangeCounts>> {
  // Kept as flat numbers (encodeChanges), the clubs without any change left out.
  const rows = await memo(
    kv,
    asOf,
    (t) => reportSnapshotKey("cc", mp, t),
    async () =>
      encodeChanges(
        [...await clubChangesNow(kv, mp, asOf)].filter(([, r]) => r.total || r.last24h),
      ),
  );
  return decodeChanges(rows);
}

/**
 * Per-club changes as of T. A past T starts from the nearest later kept value (minus the day
 * buckets between the two midnights) when there is one, else from the current counters (minus every
 * bucket since T), like the status counts.
 */
async function clubChangesNow(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
): Promise<Map<number, ChangeCounts>> {
  const t = iso(asOf.at);
  let later: Deno.KvEntry<Uint8Array> | undefined;
  if (!asOf.live) {
    const next = kv.list<Uint8Array>({
      start: reportSnapshotKey("cc", mp, t),
      end: reportSnapshotKey("cc", mp, OPEN_END),
    }, { limit: 1 });
    for await (const e of next) later = e;
  }
  const [cur, after, window] = await Promise.all([
    later
      ? new Map([...decodeChanges(later.value)].map(([c, r]) => [c, r.total]))
      : sumBy(kv, [{ prefix: reportCounterKey("cc", mp) }], (k) => k[3] as number),
    sumBy(
      kv,
      later
        ? betweenRanges("ccd", mp, t, later.key[3] as string, asOf.timeZone)
        : afterRanges("ccd", mp, asOf),
      (k) => k[4] as number,
    ),
    changeWindow(kv, mp, asOf),
  ]);
  const out = new Map<number, ChangeCounts>();
  const row = (c: number) => {
    let r = out.get(c);
    if (!r) out.set(c, r = { total: 0, last24h: 0 });
    return r;
  };
  for (const [c, n] of cur) row(c).total += n;
  for (const [c, n] of after) row(c).total -= n;
  for (const [c, n] of window) row(c).last24h += n;
  return out;
}
