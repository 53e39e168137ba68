/**
 * Live prospects per sell status as of T, for a project and per club: the search totals now; for
 * a past T the per-club counts kept for that midnight (`cs`, `csc`), computed when missing from the
 * nearest later kept midnight or the current counters, minus the day buckets (`scd`) between.
 * Also the in-place helpers the district report adds status counts with.
 */
import {
  prospectTotalKey,
  reportCounterKey,
  reportKeptKey,
  reportSnapshotKey,
} from "@/lib/db/keys.ts";
import { counterValue } from "@/lib/db/kv.ts";
import { reportDay } from "@/lib/db/report_keys.ts";
import type { AsOf, StatusCounts } from "@/lib/domain/reports.ts";
import {
  afterRanges,
  betweenRanges,
  entries,
  iso,
  memo,
  OPEN_END,
  readChunks,
  settled,
  statusCodec,
  sumBy,
  writeChunks,
} from "@/lib/db/report_store.ts";

const toCounts = (m: Map<string, number>): StatusCounts => Object.fromEntries(m);

const countsCodec = statusCodec<StatusCounts>(
  1,
  (v) => Object.entries(v).map(([st, n]) => [st, [n]]),
  (pairs) => Object.fromEntries(pairs.map(([st, [n]]) => [st, n])),
);

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
export function countsOf(m: Map<number, StatusCounts>, group: number): StatusCounts {
  let counts = m.get(group);
  if (!counts) m.set(group, counts = {});
  return counts;
}

/**
 * Adds status counters to the groups' counts in place, times `sign`: day buckets ([…, mp, day,
 * group, status]) or, with `at` = 3, the search totals ([…, mp, club, status, …]).
 */
export function addBuckets(
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
export function withoutZeros(m: Map<number, StatusCounts>): Map<number, StatusCounts> {
  for (const [g, counts] of m) {
    for (const st in counts) if (counts[st] === 0) delete counts[st];
    if (!Object.keys(counts).length) m.delete(g);
  }
  return m;
}

/** The kept per-club status counts of a past instant t (every club of the project), if any. */
export const readClubSnapshot = (kv: Deno.Kv, mp: number, t: string) =>
  readChunks(kv, "csc", "cs", mp, t, countsCodec);

/**
 * Per-club status counts of every club as of the past instant t: kept, or computed from the
 * nearest later snapshot (minus the buckets between) or from the current counters (minus every
 * bucket since t), then kept — club entries first, the marker `cs` last.
 */
export async function clubStatusSnapshot(
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
