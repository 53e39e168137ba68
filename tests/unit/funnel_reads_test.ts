/**
 * funnelReads: the day and month packs a funnel report reads, each added or taken away, count
 * every day of [from, to] exactly once and no other day; a period up to today reads its last month
 * less the days still to come instead of one value per day.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { funnelReads } from "@/lib/domain/funnel.ts";
import { addDays } from "@/lib/domain/prospect.ts";

/** Every day a read stands for, with its sign. */
function daysOf(reads: ReturnType<typeof funnelReads>): Map<string, number> {
  const out = new Map<string, number>();
  const add = (d: string, n: number) => out.set(d, (out.get(d) ?? 0) + n);
  for (const [g, period, sign] of reads) {
    if (g === "d") add(period, sign);
    else {
      for (let d = `${period}-01`; d.startsWith(period); d = addDays(d, 1)) add(d, sign);
    }
  }
  for (const [d, n] of out) if (n === 0) out.delete(d);
  return out;
}

const day = fc.integer({ min: 0, max: 900 }).map((n) => addDays("2025-01-01", n));

Deno.test("funnelReads: every day of the period counts once, no other day counts", () => {
  fc.assert(
    fc.property(day, fc.integer({ min: 0, max: 500 }), (from, span) => {
      const to = addDays(from, span);
      const days = daysOf(funnelReads(from, to));
      const want: string[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) want.push(d);
      assert.deepEqual([...days.keys()].sort(), want);
      assert.ok([...days.values()].every((n) => n === 1));
    }),
    { numRuns: 500 },
  );
});

Deno.test("funnelReads: 180 days up to the 27th read 6 months and 4 days, not 28 days", () => {
  const reads = funnelReads("2026-05-31", "2026-11-27");
  assert.deepEqual(reads.filter(([g]) => g === "m").map(([, m]) => m), [
    "2026-06",
    "2026-07",
    "2026-08",
    "2026-09",
    "2026-10",
    "2026-11",
  ]);
  assert.deepEqual(reads.filter(([g]) => g === "d").map(([, d, s]) => [d, s]), [
    ["2026-05-31", 1],
    ["2026-11-28", -1],
    ["2026-11-29", -1],
    ["2026-11-30", -1],
  ]);
});
