/**
 * Report counters folded after the save (lib/db/report_pending.ts): parallel saves while several
 * folders run end with the counters a rebuild from the events computes, and no pending entry is
 * ever added twice.
 */
import { reportCounterKey, reportPendingPrefix } from "@/lib/db/keys.ts";
import assert from "node:assert/strict";
import { makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import {
  createInput,
  ctxAt,
  makeReportChain,
  saveInput,
  sessionOf,
  TZ,
  unlessPaused,
} from "@/tests/api/report_fixtures.ts";
import { counterValue, listAll } from "@/lib/db/kv.ts";
import { getRecord } from "@/lib/db/prospect_record.ts";
import { foldAll, foldPending, PendingReports } from "@/lib/db/report_pending.ts";
import { backfillReportKeys } from "@/lib/db/report_backfill.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { deleteProspect, saveProspect } from "@/lib/services/prospects.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { FOLD_INTERVAL_MS, startReportFolder } from "@/lib/jobs/mod.ts";

/** Every report counter that is not 0, by its key. */
async function counters(kv: Deno.Kv): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const e of await listAll(kv, reportCounterKey())) {
    const n = counterValue(e.value);
    if (n !== 0) out[JSON.stringify(e.key)] = n;
  }
  return out;
}

const pending = async (kv: Deno.Kv) => (await listAll(kv, reportPendingPrefix())).length;

const NOW = "2026-03-16T09:00:00.000Z";

/** The report chain at NOW, an admin's context for the writes. */
async function chain(env: TestEnv) {
  await makeReportChain(env);
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  return { admin, ctx: ctxAt(env, sessionOf(admin.user), NOW) };
}

Deno.test("parallel saves while three folders run: the counters equal a rebuild from the events", async () => {
  const env = await makeEnv({}, new Date(NOW));
  try {
    const { admin, ctx } = await chain(env);
    const clubs = [101, 102, 103, 201];
    const made = await Promise.all(
      Array.from(
        { length: 24 },
        (_, i) => createProspect(ctx, createInput(i % 3 ? 1 : 2, clubs[i % 4])),
      ),
    );
    let folding = true;
    const folder = async (fold: () => Promise<number>) => {
      let n = 0;
      while (folding) {
        n += await fold();
        await new Promise((r) => setTimeout(r, 1));
      }
      return n;
    };
    const folders = [
      folder(() => foldPending(env.kv, 1)),
      folder(() => foldPending(env.kv, 1)),
      folder(() => foldAll(env.kv)),
    ];
    for (let round = 0; round < 4; round++) {
      await Promise.all(made.map(async (p, i) => {
        const stored = await getRecord(env.kv, p.id);
        if (stored.value?.deleted) return;
        const at = ctxAt(env, sessionOf(admin.user), `2026-03-16T1${round}:0${i % 6}:00.000Z`);
        if (round === 3 && i % 7 === 0) return void await deleteProspect(at, p.id);
        await unlessPaused(() =>
          saveProspect(
            at,
            p.id,
            saveInput(stored.value, {
              version: stored.versionstamp,
              sellStatus: SELL_STATUSES[(i + round) % SELL_STATUSES.length],
              followUpDate: "2026-04-01",
              clubId: round === 2 && i % 5 === 0 ? clubs[(i + 1) % 4] : stored.value!.clubId,
            }) as never,
          )
        );
      }));
    }
    folding = false;
    const folded = (await Promise.all(folders)).reduce((a, b) => a + b, 0);
    assert.ok(folded > 0, "the folders folded entries while the saves ran");
    await foldAll(env.kv);
    assert.equal(await pending(env.kv), 0);
    const got = await counters(env.kv);
    assert.ok(Object.keys(got).some((k) => k.includes('"sv"')), "status changes were counted");
    await backfillReportKeys(env.kv, TZ, { force: true });
    assert.deepEqual(got, await counters(env.kv));
  } finally {
    env.close();
  }
});

Deno.test("five folds of the same project at once add each pending entry once", async () => {
  const env = await makeEnv({}, new Date(NOW));
  try {
    const { ctx } = await chain(env);
    for (let i = 0; i < 12; i++) await createProspect(ctx, createInput(1, 101));
    const entries = await pending(env.kv);
    assert.equal(entries, 12, "one pending entry per save");
    assert.equal(
      (await env.kv.get(reportCounterKey("scd", 1, "2026-03-16", 101, ""))).value,
      null,
      "the saves summed no report counter",
    );
    const folded = await Promise.all(Array.from({ length: 5 }, () => foldPending(env.kv, 1)));
    assert.equal(folded.reduce((a, b) => a + b, 0), 12, `folded ${folded}`);
    assert.equal(await pending(env.kv), 0);
    const bucket = await env.kv.get(reportCounterKey("scd", 1, "2026-03-16", 101, ""));
    assert.equal(counterValue(bucket.value), 12);
    const totals = await env.kv.get(reportCounterKey("sv", 1));
    assert.ok(totals.versionstamp, "the folds touched the project's count");
    assert.equal(counterValue(totals.value), 0, "no status changed");
  } finally {
    env.close();
  }
});

Deno.test("an instance's folder folds what it wrote a second later, without a report asking", async () => {
  const env = await makeEnv({}, new Date(NOW));
  const folder = startReportFolder(env.kv);
  try {
    const { ctx } = await chain(env);
    await createProspect(ctx, createInput(1, 101));
    await createProspect(ctx, createInput(2, 201));
    assert.equal(await pending(env.kv), 2);
    const t0 = Date.now();
    while (await pending(env.kv) > 0 && Date.now() - t0 < 5 * FOLD_INTERVAL_MS) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(await pending(env.kv), 0, "folded without a report asking");
    const bucket = await env.kv.get(reportCounterKey("scd", 2, "2026-03-16", 201, ""));
    assert.equal(counterValue(bucket.value), 1);
  } finally {
    await folder.stop();
    env.close();
  }
});

Deno.test("a pack's deltas past one atomic's limits: split into entries, folded in several atomics", async () => {
  const env = await makeEnv({}, new Date(NOW));
  try {
    // 1,000 day buckets of one project from one atomic (far more than a pack of saves sums).
    const deltas = Array.from({ length: 1000 }, (_, i) => ({
      key: reportCounterKey("scd", 1, "2026-03-16", 1000 + i, ""),
      delta: 1 + (i % 3),
    }));
    const op = env.kv.atomic();
    new PendingReports().add(deltas).add(deltas.slice(0, 10)).write(op, env.kv);
    assert.ok((await op.commit()).ok);
    assert.equal(await pending(env.kv), 3, "entries of at most 400 deltas");
    assert.equal(await foldPending(env.kv, 1), 3);
    assert.equal(await pending(env.kv), 0);
    const got = await counters(env.kv);
    for (const [i, d] of deltas.entries()) {
      assert.equal(got[JSON.stringify(d.key)], d.delta * (i < 10 ? 2 : 1), `club ${1000 + i}`);
    }
  } finally {
    env.close();
  }
});
