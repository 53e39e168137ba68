/**
 * What every report read shares: listing and summing counter ranges, the settle clock, values kept
 * for past instants (`["report_snapshots", kind, project, T, …]`, memo), per-club values kept in
 * compact chunks (varints, statusCodec, readChunks, writeChunks) and the per-process cache of
 * decoded kept values (keptPerProcess).
 *
 * A value as of a past instant T (a local midnight) is the current counter minus the day buckets
 * (local dates) from T's date on. Values as of a past instant never change (every write happens
 * "now"), so once computed they are kept; the nightly job (lib/db/report_keep.ts) keeps
 * yesterday's, so walking back day by day costs one day of buckets each. Nothing here scans
 * prospects. docs/reports.md gives the definitions and costs.
 */
import { reportCounterKey, reportSnapshotKey } from "@/lib/db/keys.ts";
import { counterValue, getManyChunked } from "@/lib/db/kv.ts";
import { reportDay } from "@/lib/db/report_keys.ts";
import type { AsOf } from "@/lib/domain/reports.ts";

type Key = Deno.KvKey;
/** Sorts after every hour or day string: the open end of a bucket range. */
export const OPEN_END = "~";

/** An instant as the ISO string report keys hold. */
export const iso = (d: Date | number) => new Date(d).toISOString();

/** Every entry of a listing, in key order. */
export async function entries(
  kv: Deno.Kv,
  sel: Deno.KvListSelector,
): Promise<Deno.KvEntry<unknown>[]> {
  const out: Deno.KvEntry<unknown>[] = [];
  for await (const e of kv.list(sel, { batchSize: 1000 })) out.push(e);
  return out;
}

/**
 * The day buckets holding everything written at or after T (none for a live report: nothing is
 * newer than now). A past T is a local midnight, so its local date starts the range.
 */
export function afterRanges(dayScope: string, mp: number, asOf: AsOf): Deno.KvListSelector[] {
  if (asOf.live) return [];
  return [{
    start: reportCounterKey(dayScope, mp, reportDay(iso(asOf.at), asOf.timeZone)),
    end: reportCounterKey(dayScope, mp, OPEN_END),
  }];
}

/** Lists selectors in parallel and sums counter values per group (keyOf → group; null skips). */
export async function sumBy<G>(
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

/**
 * An instant is kept only once it is this far in the past (real time): a write stamped just before
 * it may still be committing (a request in flight, another instance's clock a little behind).
 */
export const SNAPSHOT_SETTLE_MS = 10 * 60_000;
/** Real time (not a request's clock): whether a write may still be committing. Tests set it. */
export const settleClock = { now: () => Date.now() };
/** Whether t is SNAPSHOT_SETTLE_MS behind the real clock: no write stamped before it still commits. */
export const settled = (t: Date) => settleClock.now() - t.getTime() >= SNAPSHOT_SETTLE_MS;

/**
 * The value kept for a past instant, or computed and kept (a live report is never kept). A past
 * midnight's values never change and, once keepMidnights has kept every midnight of a project, are
 * the only record of it (the day buckets and stints before are pruned): no TTL unless `ttlMs`.
 * @example
 * // Kept under ["report_snapshots", "pe", mp, T] once T is settled; computed on every live call.
 * const n = await memo(kv, asOf, (t) => reportSnapshotKey("pe", mp, t), () => countThem());
 */
export async function memo<T>(
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

/** The numbers varints wrote, in order. */
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
export function statusCodec<T>(
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

/**
 * A per-club snapshot of a project at t, kept in chunks of CLUBS_PER_CHUNK clubs
 * (`[kind, mp, t, i]`) with a marker `[marker, mp, t] → {chunks}`, all in one atomic: one project
 * and midnight costs a few keys, not one per club.
 */
export async function readChunks<T>(
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
 * @example
 * const cache = new WeakMap<Deno.Kv, Map<string, Sums>>();
 * // Read once per kept midnight's versionstamp; a new midnight gives a new id.
 * const sums = await keptPerProcess(cache, kv, `${mp}|${kept.versionstamp}`, () => readSums());
 */
export async function keptPerProcess<V>(
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

/** Keeps a per-club snapshot of a project at t in chunks, its marker last, in one atomic (readChunks). */
export async function writeChunks<T>(
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
export function betweenRanges(
  dayScope: string,
  mp: number,
  t: string,
  t0: string,
  timeZone: string,
) {
  return [{
    start: reportCounterKey(dayScope, mp, reportDay(t, timeZone)),
    end: reportCounterKey(dayScope, mp, reportDay(t0, timeZone)),
  }];
}
