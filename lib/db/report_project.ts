/**
 * Project-wide report reads beside the status counts: the first prospect's registration, the
 * escalations, the registrations of a period and the funnel counters.
 */
import { reportCounterKey, reportFirstInKey, reportSnapshotKey } from "@/lib/db/keys.ts";
import { counterValue } from "@/lib/db/kv.ts";
import { type FunnelCell, funnelPeriods } from "@/lib/domain/funnel.ts";
import type { AsOf } from "@/lib/domain/reports.ts";
import { afterRanges, entries, iso, memo, sumBy } from "@/lib/db/report_store.ts";
import { packedFunnelCells, packMode } from "@/lib/db/report_funnel_packs.ts";
import { firstInAt } from "@/lib/db/report_keys.ts";

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
    // The prospect's latest entry or exit seen by T: in the project at T when it was an entry.
    let last = "";
    let inside = false;
    for await (const e of rampedList<number>(kv, sel)) {
      const g = `${String(e.key[2])}|${String(e.key[3])}`;
      if (g !== group) {
        if (inside) return { v: reg };
        group = g;
        reg = e.key[2] as string;
        last = "";
        inside = false;
      }
      const at = firstInAt(e.key);
      if (seen(at) && at >= last) [last, inside] = [at, e.value === 1];
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
 * A packed project's cells are read from its packs (report_funnel_packs.ts).
 */
export async function funnelCells(
  kv: Deno.Kv,
  mp: number,
  from: string,
  to: string,
  dim: FunnelDimension,
  clubs: readonly number[] | null,
): Promise<Map<string, FunnelCell>> {
  if ((await packMode(kv, mp)).packed) return await packedFunnelCells(kv, mp, from, to, dim, clubs);
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
