import assert from "node:assert/strict";
import { acquireLease, withLease } from "@/lib/db/leases.ts";

Deno.test("a job lease is held by one runner at a time and lapses after its ttl", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t0 = Date.parse("2026-11-22T08:00:00Z");
    const a = await acquireLease(kv, "activity", 60_000, t0, "a");
    assert.ok(a);
    assert.equal(await acquireLease(kv, "activity", 60_000, t0 + 1000, "b"), null, "held");
    assert.ok(await acquireLease(kv, "other", 60_000, t0, "b"), "leases are per job");
    const late = await acquireLease(kv, "activity", 60_000, t0 + 61_000, "c");
    assert.ok(late, "a crashed holder's lease lapses");
    await a!(); // the old holder's release must not free the new holder's lease
    assert.equal(await acquireLease(kv, "activity", 60_000, t0 + 62_000, "d"), null);
    await late!();
    assert.ok(await acquireLease(kv, "activity", 60_000, t0 + 62_000, "d"));
  } finally {
    kv.close();
  }
});

Deno.test("two concurrent runners: exactly one runs the job", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let runs = 0;
    const job = () =>
      withLease(kv, "daily", 10_000, async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
        return "done";
      });
    const results = await Promise.all([job(), job(), job()]);
    assert.equal(runs, 1);
    assert.equal(results.filter((r) => r === "done").length, 1);
  } finally {
    kv.close();
  }
});
