/**
 * Report reads from the keys of report_keys.ts: a value as of a past instant T (a local midnight) is
 * the current counter minus the day buckets (local dates) from T's date on; the changes of the
 * 24 h before T come from the change-time index.
 * Nothing here scans prospects. docs/reports.md gives the definitions and costs.
 *
 * Values as of a past instant never change (every write happens "now"), so once computed they are
 * kept as snapshots (`["report_snapshots", kind, project, T, …]`). The per-club status counts, the
 * costly part of a past date, start from the nearest later snapshot when there is one and subtract
 * only the buckets between the two instants; the nightly job (lib/services/report_snapshots.ts) keeps
 * yesterday's, so walking back day by day costs one day of buckets each.
 */
import {
  prospectTotalKey,
  reportChangeAtKey,
  reportChangesPrunedKey,
  reportCounterKey,
  reportDistrictsFromKey,
  reportFirstInKey,
  reportKeptKey,
  reportSnapshotKey,
  reportStintKey,
} from "@/lib/db/keys.ts";
import { counterValue, deleteRange, getManyChunked } from "@/lib/db/kv.ts";
import { foldPending } from "@/lib/db/report_pending.ts";
import {
  bucketsMovedKey,
  type ClubDistricts,
  hourOf,
  reportDay,
  STINT_END,
  stintFrom,
  type StintValue,
} from "@/lib/db/report_keys.ts";
import { addDays, startOfLocalDay } from "@/lib/domain/prospect.ts";
import { type FunnelCell, funnelPeriods } from "@/lib/domain/funnel.ts";
import {
  addCounts,
  ageBucket,
  type AsOf,
  changeTimeKept,
  DAY_MS,
  RECENT_MS,
  reportStatus,
  type StatusCounts,
} from "@/lib/domain/reports.ts";

type Key = Deno.KvKey;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Sorts after every hour or day string: the open end of a bucket range. */
const OPEN_END = "~";

const iso = (d: Date | number) => new Date(d).toISOString();

async function entries(kv: Deno.Kv, sel: Deno.KvListSelector): Promise<Deno.KvEntry<unknown>[]> {
  const out: Deno.KvEntry<unknown>[] = [];
  for await (const e of kv.list(sel, { batchSize: 1000 })) out.push(e);
  return out;
}

/**
 * The day buckets holding everything written at or after T (none for a live report: nothing is
 * newer than now). A past T is a local midnight, so its local date starts the range.
 */
function afterRanges(dayScope: string, mp: number, asOf: AsOf): Deno.KvListSelector[] {
  if (asOf.live) return [];
  return [{
    start: reportCounterKey(dayScope, mp, reportDay(iso(asOf.at), asOf.timeZone)),
    end: reportCounterKey(dayScope, mp, OPEN_END),
  }];
}

/** Lists selectors in parallel and sums counter values per group (keyOf → group; null skips). */
async function sumBy<G>(
  kv: Deno.Kv,
  selectors: Deno.KvListSelector[],
  keyOf: (k: Key) => G | null,
  sign = 1,
  into = new Map<G, number>(),
): Promise<Map<G, number>> {
  const lists = await Promise.all(selectors.map((s) => entries(kv, s)));
  for (const list of lists) {
    for (const e of list) {
      const g = keyOf(e.key);
      if (g === null) continue;
      into.set(g, (into.get(g) ?? 0) + sign * counterValue(e.value));
    }
  }
  return into;
}

const toCounts = (m: Map<string, number>): StatusCounts => Object.fromEntries(m);

/**
 * An instant is kept only once it is this far in the past (real time): a write stamped just before
 * it may still be committing (a request in flight, another instance's clock a little behind).
 */
export const SNAPSHOT_SETTLE_MS = 10 * 60_000;
/** Real time (not a request's clock): whether a write may still be committing. Tests set it. */
export const settleClock = { now: () => Date.now() };
const settled = (t: Date) => settleClock.now() - t.getTime() >= SNAPSHOT_SETTLE_MS;

/**
 * The value kept for a past instant, or computed and kept (a live report is never kept). A past
 * midnight's values never change and, once keepMidnights has kept every midnight of a project, are
 * the only record of it (the day buckets and stints before are pruned): no TTL unless `ttlMs`.
 */
async function memo<T>(
  kv: Deno.Kv,
  asOf: AsOf,
  key: (t: string) => Key,
  compute: () => Promise<T>,
  ttlMs?: number,
): Promise<T> {
  if (asOf.live || !settled(asOf.at)) return await compute();
  const k = key(iso(asOf.at));
  const hit = await kv.get<T>(k);
  if (hit.value !== null) return hit.value;
  const value = await compute();
  await kv.set(k, value, ttlMs ? { expireIn: ttlMs } : undefined);
  return value;
}

/** Clubs per kept value of a per-club snapshot: well under KV's 64 KiB with every status. */
const CLUBS_PER_CHUNK = 100;

/**
 * How a per-club snapshot is kept compactly: its numbers as zigzag varints in one byte array, each
 * status name once per value (`s`) and referred to by its place in it — a kept midnight costs 1–2
 * B per number instead of ~20 B per count with the names repeated per club.
 */
interface Codec<T> {
  encode(rows: [number, T][]): Flat;
  decode(v: unknown): [number, T][];
}
type Flat = { s: string[]; b: Uint8Array };

/** Integers as zigzag varints (exported for the round-trip test). */
export function varints(ns: number[]): Uint8Array {
  const out: number[] = [];
  for (const n of ns) {
    let z = n >= 0 ? n * 2 : -n * 2 - 1; // zigzag: small negatives stay small
    while (z >= 0x80) {
      out.push((z % 0x80) | 0x80);
      z = Math.floor(z / 0x80);
    }
    out.push(z);
  }
  return Uint8Array.from(out);
}

export function fromVarints(b: Uint8Array): number[] {
  const out: number[] = [];
  let z = 0;
  let scale = 1;
  for (const byte of b) {
    z += (byte & 0x7f) * scale;
    if (byte & 0x80) scale *= 0x80;
    else {
      out.push(z % 2 ? -(z + 1) / 2 : z / 2);
      z = 0;
      scale = 1;
    }
  }
  return out;
}

/** Per club: its id, how many statuses, then per status its place in `s` and `width` numbers. */
function statusCodec<T>(
  width: number,
  split: (v: T) => [string, number[]][],
  join: (pairs: [string, number[]][]) => T,
): Codec<T> {
  return {
    encode(rows) {
      const s: string[] = [];
      const at = new Map<string, number>();
      const c: number[] = [];
      for (const [club, v] of rows) {
        const pairs = split(v);
        c.push(club, pairs.length);
        for (const [st, ns] of pairs) {
          let i = at.get(st);
          if (i === undefined) at.set(st, i = s.push(st) - 1);
          c.push(i, ...ns);
        }
      }
      return { s, b: varints(c) };
    },
    decode(v) {
      const { s } = v as Flat;
      const c = fromVarints((v as Flat).b);
      const out: [number, T][] = [];
      for (let i = 0; i < c.length;) {
        const club = c[i++];
        const pairs: [string, number[]][] = [];
        for (let k = c[i++]; k > 0; k--) {
          pairs.push([s[c[i]], c.slice(i + 1, i + 1 + width)]);
          i += 1 + width;
        }
        out.push([club, join(pairs)]);
      }
      return out;
    },
  };
}

const countsCodec = statusCodec<StatusCounts>(
  1,
  (v) => Object.entries(v).map(([st, n]) => [st, [n]]),
  (pairs) => Object.fromEntries(pairs.map(([st, [n]]) => [st, n])),
);
const agesCodec = statusCodec<ClubAges>(5, (v) => v, (pairs) => pairs);
/** Per-club changes: club, total, last 24 h, as varints. */
const encodeChanges = (rows: Iterable<[number, ChangeCounts]>) =>
  varints([...rows].flatMap(([c, r]) => [c, r.total, r.last24h]));
function decodeChanges(b: Uint8Array): Map<number, ChangeCounts> {
  const v = fromVarints(b);
  const out = new Map<number, ChangeCounts>();
  for (let i = 0; i + 2 < v.length; i += 3) out.set(v[i], { total: v[i + 1], last24h: v[i + 2] });
  return out;
}

/**
 * A per-club snapshot of a project at t, kept in chunks of CLUBS_PER_CHUNK clubs
 * (`[kind, mp, t, i]`) with a marker `[marker, mp, t] → {chunks}`, all in one atomic: one project
 * and midnight costs a few keys, not one per club.
 */
async function readChunks<T>(
  kv: Deno.Kv,
  kind: string,
  marker: string,
  mp: number,
  t: string,
  codec: Codec<T>,
): Promise<Map<number, T> | null> {
  const m = await kv.get<{ chunks: number }>(reportSnapshotKey(marker, mp, t));
  if (m.value === null) return null;
  // A kept value never changes once its marker is written (a rebuild writes a new marker): the
  // decoded form is shared by every request of this process while that marker stands.
  const chunks = m.value.chunks;
  return await keptPerProcess(
    decodedSnapshots,
    kv,
    `${kind}|${mp}|${t}|${m.versionstamp}`,
    async () => {
      const keys = Array.from({ length: chunks }, (_, i) => reportSnapshotKey(kind, mp, t, i));
      const out = new Map<number, T>();
      for (const e of await getManyChunked(kv, keys)) {
        if (e.value === null) return null; // not whole: computed again
        for (const [c, v] of codec.decode(e.value)) out.set(c, v);
      }
      return out as Map<number, unknown>;
    },
  ) as Map<number, T> | null;
}

/**
 * Decoded per-club snapshots by store, kind, project, instant and marker versionstamp (the live
 * reports read the last kept midnight's on every request). Shared: callers only read them.
 */
const decodedSnapshots = new WeakMap<Deno.Kv, Map<string, Map<number, unknown>>>();
/**
 * The last kept midnight of 100 projects, both kinds, with room for past dates being read (a
 * decoded snapshot of 200 clubs is tens of KB).
 */
const DECODED_KEPT = 256;

/**
 * A value kept per process (the caches below are per store, then per `id`, which must name
 * everything the value depends on): read once, then shared (callers only read it). At most
 * DECODED_KEPT values per cache, the least recently used going first. `id` null, or a null value
 * read: not kept.
 */
async function keptPerProcess<V>(
  caches: WeakMap<Deno.Kv, Map<string, V>>,
  kv: Deno.Kv,
  id: string | null,
  read: () => Promise<V | null>,
): Promise<V | null> {
  if (id === null) return await read();
  let cache = caches.get(kv);
  if (!cache) caches.set(kv, cache = new Map());
  const hit = cache.get(id);
  if (hit !== undefined) {
    cache.delete(id); // moved to the end of the order: the most recently used go last
    cache.set(id, hit);
    return hit;
  }
  const value = await read();
  if (value === null) return null;
  if (cache.size >= DECODED_KEPT) cache.delete(cache.keys().next().value!);
  cache.set(id, value);
  return value;
}

async function writeChunks<T>(
  kv: Deno.Kv,
  kind: string,
  marker: string,
  mp: number,
  t: string,
  rows: Map<number, T>,
  codec: Codec<T>,
) {
  const all = [...rows];
  const op = kv.atomic();
  let chunks = 0;
  for (let i = 0; i < all.length;) {
    // CLUBS_PER_CHUNK clubs, fewer when their value would near KV's 64 KiB.
    let n = CLUBS_PER_CHUNK;
    let value = codec.encode(all.slice(i, i + n));
    while (n > 1 && value.b.length + value.s.join("").length * 2 > 48_000) {
      value = codec.encode(all.slice(i, i + (n = Math.ceil(n / 2))));
    }
    op.set(reportSnapshotKey(kind, mp, t, chunks++), value);
    i += n;
  }
  await op.set(reportSnapshotKey(marker, mp, t), { chunks }).commit();
}

/** The day buckets written in [t, t0), two past instants (local midnights). */
function betweenRanges(dayScope: string, mp: number, t: string, t0: string, timeZone: string) {
  return [{
    start: reportCounterKey(dayScope, mp, reportDay(t, timeZone)),
    end: reportCounterKey(dayScope, mp, reportDay(t0, timeZone)),
  }];
}

/**
 * Live prospects of a project per sell status ("" = none) as of T: the search totals now, the sum of
 * the clubs' kept counts for a past T.
 */
export async function projectStatusCounts(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
): Promise<StatusCounts> {
  if (asOf.live) {
    // ["prospect_totals", "ps", mp, status, done]: the search totals, summed over done.
    return toCounts(
      await sumBy(kv, [{ prefix: prospectTotalKey("ps", mp) }], (k) => k[3] as string),
    );
  }
  // The sum is kept too (`ps`, one small value): the project report of a past date reads it alone.
  return await memo(kv, asOf, (t) => reportSnapshotKey("ps", mp, t), async () => {
    const out: StatusCounts = {};
    for (const counts of (await clubStatusSnapshot(kv, mp, iso(asOf.at), asOf.timeZone)).values()) {
      for (const [st, n] of Object.entries(counts)) out[st] = (out[st] ?? 0) + n;
    }
    return out;
  });
}

/** Live prospects per club and sell status as of T (only `clubs` when given). */
export async function clubStatusCounts(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
  clubs?: ReadonlySet<number>,
): Promise<Map<number, StatusCounts>> {
  const want = (c: number) => !clubs || clubs.has(c);
  if (!asOf.live) {
    const all = await clubStatusSnapshot(kv, mp, iso(asOf.at), asOf.timeZone);
    return new Map([...all].filter(([c]) => want(c)));
  }
  if (!clubs || clubs.size > 40) {
    const now = await keptPlusToday(kv, mp, asOf.timeZone);
    if (now) return new Map([...now].filter(([c]) => want(c)));
  }
  const curSel: Deno.KvListSelector[] = clubs && clubs.size <= 40
    ? [...clubs].map((c) => ({ prefix: prospectTotalKey("pcs", mp, c) }))
    : [{ prefix: prospectTotalKey("pcs", mp) }];
  const out = new Map<number, StatusCounts>();
  for (const list of await Promise.all(curSel.map((sel) => entries(kv, sel)))) {
    addBuckets(out, list.filter((e) => want(e.key[3] as number)), 1, 3);
  }
  return out;
}

/**
 * Every club's current status counts as the last kept midnight's plus the day buckets written since
 * (its local date on; pruning keeps them): far fewer entries than every club's search totals once
 * a project has many clubs — the live district-wide report. Null when the project has no kept
 * midnight yet.
 */
async function keptPlusToday(kv: Deno.Kv, mp: number, timeZone: string) {
  const k = await kv.get<string>(reportKeptKey(mp));
  if (k.value === null) return null;
  const kept = await readClubSnapshot(kv, mp, k.value);
  if (!kept) return null;
  // Club → status → count, added to in place (thousands of buckets at 1M: no string keys).
  const out = new Map<number, StatusCounts>();
  for (const [c, counts] of kept) out.set(c, { ...counts });
  const buckets = await entries(kv, {
    start: reportCounterKey("scd", mp, reportDay(k.value, timeZone)),
    end: reportCounterKey("scd", mp, OPEN_END),
  });
  addBuckets(out, buckets);
  return withoutZeros(out);
}

/** The counts of one group (club or district), made when missing. */
function countsOf(m: Map<number, StatusCounts>, group: number): StatusCounts {
  let counts = m.get(group);
  if (!counts) m.set(group, counts = {});
  return counts;
}

/**
 * Adds status counters to the groups' counts in place, times `sign`: day buckets ([…, mp, day,
 * group, status]) or, with `at` = 3, the search totals ([…, mp, club, status, …]).
 */
function addBuckets(
  m: Map<number, StatusCounts>,
  buckets: Deno.KvEntry<unknown>[],
  sign = 1,
  at = 4,
) {
  for (const e of buckets) {
    const counts = countsOf(m, e.key[at] as number);
    const st = e.key[at + 1] as string;
    counts[st] = (counts[st] ?? 0) + sign * counterValue(e.value);
  }
}

/** Drops the zero counts, and the groups left without any. */
function withoutZeros(m: Map<number, StatusCounts>): Map<number, StatusCounts> {
  for (const [g, counts] of m) {
    for (const st in counts) if (counts[st] === 0) delete counts[st];
    if (!Object.keys(counts).length) m.delete(g);
  }
  return m;
}

/** What the district-wide report of today reads per district. */
export interface DistrictsToday {
  status: Map<number, StatusCounts>;
  changes: Map<number, ChangeCounts>;
}

/**
 * The live district-wide report of one project from the district buckets: the last kept
 * midnight's club values (status counts, changes up to it) summed by each club's district now
 * (`districts`), plus the district day buckets written since (`sdd`, `dcd`, by the club's district
 * when written) — a few hundred entries where the clubs' buckets are thousands. The 24 h of
 * changes are the clubs' (today's window, as for a club report) summed by district. Null when the
 * district buckets cannot be trusted back to that midnight (no midnight kept yet; a club moved,
 * was renumbered or removed, or the store predates them, less than SNAPSHOT_SETTLE_MS before it:
 * ["report_districts", "from"]); the caller then sums the clubs.
 */
export async function districtsToday(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
  districts: ClubDistricts,
): Promise<DistrictsToday | null> {
  const [k, from, moved] = await kv.getMany<[string, string, unknown]>([
    reportKeptKey(mp),
    reportDistrictsFromKey(),
    bucketsMovedKey(mp),
  ]);
  if (!asOf.live || k.value === null || from.value === null) return null;
  if (Date.parse(from.value) + SNAPSHOT_SETTLE_MS > Date.parse(k.value)) return null;
  const [kept, since, window] = await Promise.all([
    keptClubValues(kv, mp, k as Deno.KvEntry<string>, asOf.timeZone),
    districtBucketsSince(kv, mp, k as Deno.KvEntry<string>, moved.versionstamp, asOf.timeZone),
    changeWindow(kv, mp, asOf, { districts, keptVersion: k.versionstamp }),
  ]);
  if (!kept) return null;
  const status = new Map<number, StatusCounts>();
  const changes = new Map<number, ChangeCounts>();
  const row = (d: number) => {
    let r = changes.get(d);
    if (!r) changes.set(d, r = { total: 0, last24h: 0 });
    return r;
  };
  const keptSums = keptByDistrict(kept.status, districts);
  if (!keptSums) return null; // a club removed since: the marker is set too
  for (const [d, counts] of keptSums) addCounts(countsOf(status, d), counts);
  for (const [c, r] of kept.changes) {
    const d = districts.get(c);
    if (d === undefined) return null;
    row(d).total += r.total;
  }
  for (const [d, counts] of since.status) addCounts(countsOf(status, d), counts);
  for (const [d, n] of since.changes) row(d).total += n;
  // Today's window by district (a club gone counts nowhere, as per club).
  for (const [d, n] of window) row(d).last24h += n;
  return { status: withoutZeros(status), changes };
}

/** The district day buckets since a kept midnight, summed (shared: callers only read them). */
interface DistrictBuckets {
  /** Net status moves per district (sdd). */
  status: ReadonlyMap<number, StatusCounts>;
  /** Sell-status changes per district (dcd). */
  changes: ReadonlyMap<number, number>;
}

/** By store, then project, kept version and the versionstamp of its bucketsMovedKey. */
const districtBucketCache = new WeakMap<Deno.Kv, Map<string, DistrictBuckets>>();

/**
 * A project's district day buckets (`sdd`, `dcd`) from its last kept midnight's local date on,
 * summed by district: at 1M most of what the live district report reads (~250 entries a project
 * after a day of status changes). Kept per process while neither the kept midnight (`kept`, the
 * ["report_kept", mp] entry) nor the project's count of bucket moves (`moved`: its versionstamp,
 * read before the buckets, so what is kept is at least that new) changes; a store whose count does
 * not exist yet reads them every time.
 */
async function districtBucketsSince(
  kv: Deno.Kv,
  mp: number,
  kept: Deno.KvEntry<string>,
  moved: string | null,
  timeZone: string,
): Promise<DistrictBuckets> {
  const since = (scope: string) => ({
    start: reportCounterKey(scope, mp, reportDay(kept.value, timeZone)),
    end: reportCounterKey(scope, mp, OPEN_END),
  });
  const id = moved === null ? null : `${mp}|${kept.versionstamp}|${moved}`;
  return (await keptPerProcess(districtBucketCache, kv, id, async () => {
    const [statusBuckets, changeBuckets] = await Promise.all([
      entries(kv, since("sdd")),
      entries(kv, since("dcd")),
    ]);
    const status = new Map<number, StatusCounts>();
    addBuckets(status, statusBuckets);
    const changes = new Map<number, number>();
    for (const e of changeBuckets) {
      const d = e.key[4] as number;
      changes.set(d, (changes.get(d) ?? 0) + counterValue(e.value));
    }
    return { status, changes };
  }))!;
}

/** The club values a project's last kept midnight holds (shared: callers only read them). */
interface KeptClubValues {
  status: ReadonlyMap<number, StatusCounts>;
  changes: ReadonlyMap<number, ChangeCounts>;
}

/** By store, then project and the versionstamp of its ["report_kept", mp] entry. */
const keptClubCache = new WeakMap<Deno.Kv, Map<string, KeptClubValues>>();

/**
 * The club status counts and changes kept at a project's last kept midnight (`kept`: its
 * ["report_kept", mp] entry), read from KV once per process for each version of that entry: values
 * kept at a midnight never change, and what deletes them (the report backfill) deletes that entry
 * too, so a new one has a new versionstamp. Spares the live district report of 10 projects 20 KV
 * calls a request. Null when the kept status counts are not whole.
 */
async function keptClubValues(
  kv: Deno.Kv,
  mp: number,
  kept: Deno.KvEntry<string>,
  timeZone: string,
): Promise<KeptClubValues | null> {
  const m = kept.value;
  return await keptPerProcess(keptClubCache, kv, `${mp}|${kept.versionstamp}`, async () => {
    const [status, changes] = await Promise.all([
      readClubSnapshot(kv, mp, m),
      clubChanges(kv, mp, { at: new Date(m), live: false, timeZone }),
    ]);
    return status ? { status, changes } : null;
  });
}

/** Kept club counts summed by district, per decoded kept value and districts map (both shared). */
const keptSums = new WeakMap<
  ReadonlyMap<number, StatusCounts>,
  WeakMap<ClubDistricts, Map<number, StatusCounts> | null>
>();

/**
 * A kept midnight's club counts summed by each club's district; null when a club has no district
 * now. Kept per process for the decoded kept value (shared while its marker stands) and the
 * districts map (shared while the stored map is unchanged): a district report of 10 projects adds
 * ~2,000 clubs' counts otherwise, per request. Callers add from it, never into it.
 */
function keptByDistrict(
  kept: ReadonlyMap<number, StatusCounts>,
  districts: ClubDistricts,
): ReadonlyMap<number, StatusCounts> | null {
  let byMap = keptSums.get(kept);
  if (!byMap) keptSums.set(kept, byMap = new WeakMap());
  const hit = byMap.get(districts);
  if (hit !== undefined) return hit;
  let sums: Map<number, StatusCounts> | null = new Map();
  for (const [c, counts] of kept) {
    const d = districts.get(c);
    if (d === undefined) {
      sums = null;
      break;
    }
    addCounts(countsOf(sums, d), counts);
  }
  byMap.set(districts, sums);
  return sums;
}

/** The kept per-club status counts of a past instant t (every club of the project), if any. */
const readClubSnapshot = (kv: Deno.Kv, mp: number, t: string) =>
  readChunks(kv, "csc", "cs", mp, t, countsCodec);

/**
 * Per-club status counts of every club as of the past instant t: kept, or computed from the
 * nearest later snapshot (minus the buckets between) or from the current counters (minus every
 * bucket since t), then kept — club entries first, the marker `cs` last.
 */
async function clubStatusSnapshot(
  kv: Deno.Kv,
  mp: number,
  t: string,
  timeZone: string,
): Promise<Map<number, StatusCounts>> {
  const kept = await readClubSnapshot(kv, mp, t);
  if (kept) return kept;
  let later: Deno.KvEntry<unknown> | undefined;
  for await (
    const e of kv.list({
      start: reportSnapshotKey("cs", mp, t),
      end: reportSnapshotKey("cs", mp, OPEN_END),
    }, { limit: 1 })
  ) later = e;
  // Club → status → count, added to in place (the keep step computes ~11,000 of these at 1M).
  const out = new Map<number, StatusCounts>();
  let range: Deno.KvListSelector;
  const t0 = later ? later.key[3] as string : null;
  const laterCounts = t0 ? await readClubSnapshot(kv, mp, t0) : null;
  if (t0 && laterCounts) {
    for (const [c, counts] of laterCounts) out.set(c, { ...counts });
    range = betweenRanges("scd", mp, t, t0, timeZone)[0];
  } else {
    addBuckets(out, await entries(kv, { prefix: prospectTotalKey("pcs", mp) }), 1, 3);
    range = afterRanges("scd", mp, { at: new Date(t), live: false, timeZone })[0];
  }
  addBuckets(out, await entries(kv, range), -1);
  // Only the non-zero counts (a status or a club without prospects at t reads as 0).
  withoutZeros(out);
  if (settled(new Date(t))) await writeChunks(kv, "csc", "cs", mp, t, out, countsCodec);
  return out;
}

export interface ChangeCounts {
  /** Sell-status changes up to T. */
  total: number;
  /** Sell-status changes in the 24 hours before T. */
  last24h: number;
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
async function changeWindow(
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

/**
 * A listing that reads a small first batch (most answers stop in it: KV decodes a whole batch) and
 * continues in large batches from where it stopped.
 */
async function* rampedList<T>(kv: Deno.Kv, sel: Deno.KvListSelector) {
  const first = kv.list<T>(sel, { limit: 12 });
  let n = 0;
  for await (const e of first) {
    n++;
    yield e;
  }
  if (n < 12) return;
  yield* kv.list<T>(sel, { cursor: first.cursor, batchSize: 500 });
}

/**
 * The registration instant of the project's first prospect as of T: the earliest registerDate of
 * the prospects live in the project at T (null when none). Reads ["report_first_in", mp, …] in
 * registration order and stops at the first prospect whose last entry/exit before T was an entry.
 */
export async function projectFirstIn(kv: Deno.Kv, mp: number, asOf: AsOf): Promise<string | null> {
  const kept = await memo(kv, asOf, (t) => reportSnapshotKey("pf", mp, t), async () => {
    const t = asOf.at.getTime();
    const seen = (at: string) => (asOf.live ? Date.parse(at) <= t : Date.parse(at) < t);
    // A prospect registered at or after T cannot be in the project at T.
    const sel: Deno.KvListSelector = asOf.live
      ? { prefix: reportFirstInKey(mp) }
      : { start: reportFirstInKey(mp), end: reportFirstInKey(mp, iso(asOf.at)) };
    let group = "";
    let reg: string | null = null;
    let inside = false;
    for await (const e of rampedList<number>(kv, sel)) {
      const g = `${String(e.key[2])}|${String(e.key[3])}`;
      if (g !== group) {
        if (inside) return { v: reg };
        group = g;
        reg = e.key[2] as string;
        inside = false;
      }
      if (seen(e.key[4] as string)) inside = e.value === 1;
    }
    return { v: inside ? reg : null };
  });
  return kept.v;
}

/** Live prospects of a project escalated at least once (firstEscalatedAt) as of T. */
export function projectEscalations(kv: Deno.Kv, mp: number, asOf: AsOf): Promise<number> {
  return memo(kv, asOf, (t) => reportSnapshotKey("pe", mp, t), async () => {
    const [cur, after] = await Promise.all([
      kv.get(reportCounterKey("e", mp)),
      sumBy(kv, afterRanges("ed", mp, asOf), () => "all" as const),
    ]);
    return counterValue(cur.value) - (after.get("all") ?? 0);
  });
}

/**
 * A stint of a club's listing, read once for every instant it is looked at (agesAt). Its times
 * and reported status are worked out the first time agesAt needs them: today's report looks at
 * each stint once, the keep step at each up to six times, and a stint that fails a check needs no
 * more than that check's time.
 */
interface Stint {
  id: string;
  /** Its key's start (the listing's order). */
  startKey: string;
  /** Its value: the status it had, and when it was counted from (if not its start). */
  value: StintValue;
  key: Deno.KvKey;
  /** Its end key's value, if it has one. */
  endKey: string | null;
  /** The place in the listing of the same prospect's next stint (-1: none). */
  next: number;
  /** Worked out by agesAt when first needed: the times in ms, the status as reported. */
  start?: number;
  from?: number;
  end?: number;
  status?: string;
}

/**
 * One club's stints from its listing (by start; an end key right after its stint). A stint ends by
 * its end key or, when it has none, at the same prospect's next stint (a status change writes no
 * end key: the next stint's start is the end, lib/db/report_keys.ts).
 */
function stintsOf(list: Deno.KvEntry<unknown>[]): Stint[] {
  const out: Stint[] = [];
  const lastOf = new Map<string, number>();
  for (const e of list) {
    const startKey = e.key[3] as string;
    const id = e.key[4] as string;
    if (e.key.length === 5) {
      const before = lastOf.get(id);
      if (before !== undefined) out[before].next = out.length;
      lastOf.set(id, out.length);
      out.push({ id, startKey, value: e.value as StintValue, key: e.key, endKey: null, next: -1 });
      continue;
    }
    const last = out[out.length - 1];
    if (e.key[5] === STINT_END && last && last.id === id && last.startKey === startKey) {
      last.endKey = e.value as string;
    }
  }
  return out;
}

type ClubAges = [string, number[]][];

/**
 * One club's prospects at the instant t whose sell status changed less than 5 days before it, per
 * sell status (as reported: none → Prospect), in age buckets 0..4 (< 24 h … 4 days), from the
 * club's stints [lo, hi) (those that began in [t − 5 days, t); today: up to now, `live`) present
 * at t: begun before it, and not ended by it — by an end key, or by a later stint of the same
 * prospect among them.
 */
function agesAt(stints: Stint[], lo: number, hi: number, t: number, live = false): ClubAges {
  const since = t - RECENT_MS;
  const ages = new Map<string, number[]>();
  for (let i = lo; i < hi; i++) {
    const st = stints[i];
    const from = st.from ??= Date.parse(stintFrom(st.key, st.value));
    if (!(live ? from <= t : from < t)) continue;
    if (st.endKey !== null && !((st.end ??= Date.parse(st.endKey)) >= t)) continue;
    if (st.next !== -1 && st.next < hi) continue;
    const start = st.start ??= Date.parse(st.startKey);
    if (start <= since) continue;
    const status = st.status ??= reportStatus(st.value.s);
    const buckets = ages.get(status) ?? [0, 0, 0, 0, 0];
    const b = ageBucket(t - start);
    if (b < 5) buckets[b] += 1;
    ages.set(status, buckets);
  }
  return [...ages];
}

/**
 * Prospects of the clubs whose sell status changed less than 5 days before T and who still had it
 * at T, per sell status (as reported: none → Prospect), in age buckets 0..4 (< 24 h … 4 days).
 */
export async function recentAges(
  kv: Deno.Kv,
  mp: number,
  clubs: number[],
  asOf: AsOf,
): Promise<Map<string, number[]>> {
  const t = asOf.at.getTime();
  const out = new Map<string, number[]>();
  // The stints of a club that began in the 5 days before T and still lasted at T.
  const clubAges = async (c: number): Promise<ClubAges> => {
    const list = await entries(kv, {
      start: reportStintKey(mp, c, iso(t - RECENT_MS)),
      end: asOf.live ? reportStintKey(mp, c, OPEN_END) : reportStintKey(mp, c, iso(t)),
    });
    const stints = stintsOf(list);
    return agesAt(stints, 0, stints.length, t, asOf.live);
  };
  // Today is read on every request. A past instant is kept for every club of the project at once
  // (keepMidnights keeps each midnight's before its stints are pruned).
  let perClub: ClubAges[];
  if (asOf.live) perClub = await Promise.all(clubs.map(clubAges));
  else {
    const t = iso(asOf.at);
    let all = await readChunks(kv, "ra", "ras", mp, t, agesCodec);
    if (!all) {
      const every = [...(await clubStatusSnapshot(kv, mp, t, asOf.timeZone)).keys()];
      const ages = await Promise.all(every.map(clubAges));
      all = new Map(every.map((c, i) => [c, ages[i]] as const).filter(([, a]) => a.length > 0));
      if (settled(asOf.at)) await writeChunks(kv, "ra", "ras", mp, t, all, agesCodec);
    }
    perClub = clubs.map((c) => all.get(c) ?? []);
  }
  for (const ages of perClub) {
    for (const [s, b] of ages) {
      const sum = out.get(s) ?? [0, 0, 0, 0, 0];
      for (let k = 0; k < 5; k++) sum[k] += b[k];
      out.set(s, sum);
    }
  }
  return out;
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

/**
 * The ids of the prospects that entered project `mp` with a registration instant in [from, to)
 * (ISO), from the reports' first-in keys ([mp, registerDate, id, at]), each once.
 */
export async function projectRegistrations(
  kv: Deno.Kv,
  mp: number,
  from: string,
  to: string,
): Promise<string[]> {
  const ids = new Set<string>();
  const sel = { start: reportFirstInKey(mp, from), end: reportFirstInKey(mp, to) };
  for await (const e of kv.list(sel, { batchSize: 500 })) ids.add(e.key[3] as string);
  return [...ids];
}

/** What a funnel report groups by: a source, a club, an assignee, or nothing (the project). */
export type FunnelDimension = "source" | "club" | "user" | null;

/**
 * The funnel counters (report_keys.ts funnelKeys) of project `mp`'s prospects registered in the
 * local dates [from, to], summed per group of `dim` (the group "" for none): the whole months' and
 * the edge days' cells. `clubs` null reads the project-wide cells (every club); else each club's.
 */
export async function funnelCells(
  kv: Deno.Kv,
  mp: number,
  from: string,
  to: string,
  dim: FunnelDimension,
  clubs: readonly number[] | null,
): Promise<Map<string, FunnelCell>> {
  const { months, days } = funnelPeriods(from, to);
  const ranges: [string, string, string][] = days.map(([a, b]) => ["d", a, b]);
  if (months) ranges.push(["m", months[0], months[1]]);
  const selectors: Deno.KvListSelector[] = [];
  // The key's group and metric parts: [report_counters, scope, mp, …].
  let groupAt: number | null;
  let metricAt: number;
  if (clubs === null) {
    const family = dim === "club" ? "fc" : dim === "user" ? "fu" : "fs";
    for (const [g, a, b] of ranges) {
      selectors.push({
        start: reportCounterKey(family + g, mp, a),
        end: reportCounterKey(family + g, mp, b),
      });
    }
    groupAt = dim === null ? null : 4;
    metricAt = 5;
  } else {
    for (const c of clubs) {
      for (const [g, a, b] of ranges) {
        selectors.push({
          start: reportCounterKey("fx" + g, mp, c, a),
          end: reportCounterKey("fx" + g, mp, c, b),
        });
      }
    }
    groupAt = dim === "club" ? 3 : dim === "source" ? 5 : dim === "user" ? 6 : null;
    metricAt = 7;
  }
  const out = new Map<string, FunnelCell>();
  const lists = await Promise.all(selectors.map((s) => entries(kv, s)));
  for (const list of lists) {
    for (const e of list) {
      const group = groupAt === null ? "" : String(e.key[groupAt]);
      let cell = out.get(group);
      if (!cell) out.set(group, cell = new Map());
      const m = e.key[metricAt] as string;
      cell.set(m, (cell.get(m) ?? 0) + counterValue(e.value));
    }
  }
  return out;
}
