/**
 * The sell-status age report's reads: one club's stints (`report_stints`) turned into the
 * prospects whose status changed less than 5 days before T, per status and age bucket. Today is
 * read from the stints on every request; a past midnight's values are kept for every club of the
 * project at once (`ra`, `ras`).
 */
import { reportStintKey } from "@/lib/db/keys.ts";
import { STINT_END, stintFrom, type StintValue } from "@/lib/db/report_keys.ts";
import { ageBucket, type AsOf, RECENT_MS, reportStatus } from "@/lib/domain/reports.ts";
import {
  entries,
  iso,
  OPEN_END,
  readChunks,
  settled,
  statusCodec,
  writeChunks,
} from "@/lib/db/report_store.ts";
import { clubStatusSnapshot } from "@/lib/db/report_status.ts";

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
export function stintsOf(list: Deno.KvEntry<unknown>[]): Stint[] {
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

export type ClubAges = [string, number[]][];

/** How a per-club age snapshot is kept (statusCodec: five age buckets per status). */
export const agesCodec = statusCodec<ClubAges>(5, (v) => v, (pairs) => pairs);

/**
 * One club's prospects at the instant t whose sell status changed less than 5 days before it, per
 * sell status (as reported: none → Prospect), in age buckets 0..4 (< 24 h … 4 days), from the
 * club's stints [lo, hi) (those that began in [t − 5 days, t); today: up to now, `live`) present
 * at t: begun before it, and not ended by it — by an end key, or by a later stint of the same
 * prospect among them.
 */
export function agesAt(stints: Stint[], lo: number, hi: number, t: number, live = false): ClubAges {
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
