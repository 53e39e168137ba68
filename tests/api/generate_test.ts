/**
 * The generator (lib/db/generate.ts) keeps every past midnight without writing what the keep step
 * then prunes (lib/db/generate_overlay.ts): the store it leaves must be the one the app's way leaves
 * — every day bucket and stint written, then the nightly job's keepEveryProject — entry for entry.
 */
import assert from "node:assert/strict";
import { makeEnv } from "@/tests/helpers.ts";
import { generateChain } from "@/lib/db/generate.ts";
import { keepEveryProject } from "@/lib/db/reports.ts";
import { listAll } from "@/lib/db/kv.ts";

const NOW = new Date("2026-03-10T10:00:00Z");
const TZ = "Europe/Stockholm";

/**
 * The report entries (the keep step's, which the generator writes differently), values comparable;
 * the rest of a generated store names users and clubs by ids of the moment they were written.
 */
async function reportEntries(kv: Deno.Kv) {
  return (await listAll(kv, []))
    .filter((e) => String(e.key[0]).startsWith("report_"))
    .map((e) => [e.key, e.value instanceof Deno.KvU64 ? `u64 ${e.value.value}` : e.value]);
}

Deno.test("a generated store holds what writing everything and the nightly keep leave, no more", async () => {
  const opts = {
    prospects: 900,
    districts: 2,
    clubs: 8,
    projects: 4,
    users: 12,
    passwordHash: "not-a-real-hash",
    chunk: 200, // counters are summed chunk by chunk: a bucket may sum to 0 and still be there
    now: NOW,
    timeZone: TZ,
  };
  const everything = await makeEnv({}, NOW);
  const generated = await makeEnv({}, NOW);
  try {
    await generateChain(everything.kv, { ...opts, keepMidnights: false });
    const written = (await listAll(everything.kv, [])).length;
    const nightly = await keepEveryProject(everything.kv, [1, 2, 3, 4], TZ, NOW);
    await generateChain(generated.kv, opts);
    const expected = await reportEntries(everything.kv);
    // The keep step had months of midnights to keep and most day buckets and stints to prune.
    assert.ok(nightly.kept > 4 * 100, `${nightly.kept} midnights kept`);
    assert.ok(nightly.pruned > written * 0.2, `${nightly.pruned} of ${written} keys pruned`);
    const actual = await reportEntries(generated.kv);
    // Compared as text: node's diff of ~10,000 entries would exhaust the memory.
    const text = (entries: typeof actual) => entries.map((e) => JSON.stringify(e));
    const [got, want] = [text(actual), text(expected)];
    assert.equal(got.length, want.length);
    const differ = got.findIndex((e, i) => e !== want[i]);
    assert.equal(differ, -1, `first difference: ${got[differ]} for ${want[differ]}`);
    // And nothing else: as many entries in either store.
    const count = async (kv: Deno.Kv) => (await listAll(kv, [])).length;
    assert.equal(await count(generated.kv), await count(everything.kv));
  } finally {
    everything.close();
    generated.close();
  }
});
