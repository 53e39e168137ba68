/**
 * Issue #20 point 1: totalEscalatedProspects counts prospects escalated at least once (twice
 * escalated counts once, past dates too), firstProspectIn, and migration 70 rebuilding both for a
 * store written before them.
 */
import { encodeRecord, getRecord, listRecords } from "@/lib/db/prospect_record.ts";
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import {
  createInput,
  ctxAt,
  makeReportChain,
  saveInput,
  sessionOf,
  setLimits,
} from "@/tests/api/report_fixtures.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { deleteProspect, saveProspect } from "@/lib/services/prospects.ts";
import { deletePrefix } from "@/lib/db/kv.ts";
import { reportCounterKey, reportFirstInKey, reportSnapshotKey } from "@/lib/db/keys.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";
import { generateChain } from "@/scripts/bench/generate.ts";
import { backfillEscalationsAndFirstIn } from "@/lib/db/report_escalations.ts";
import { type ReportCtx, statusProject } from "@/lib/services/reports.ts";

Deno.test("escalated prospects count once, as of any date; firstProspectIn; a rebuild from the events gives them again", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z"));
  try {
    await makeReportChain(env);
    // NoAnswer1 escalates at once, every other status never within the test; none pauses.
    await setLimits(env.kv, [0, 99, 99], { NoAnswer1: [0, 0, 0] });
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const a = sessionOf(admin.user);
    const create = (at: string) => createProspect(ctxAt(env, a, at), createInput(1, 101));
    const save = (at: string, p: any, sellStatus: string) =>
      saveProspect(ctxAt(env, a, at), p.id, saveInput(p, { sellStatus }) as any);

    let A: Prospect = await create("2026-03-02T09:00:00Z");
    let B: Prospect = await create("2026-03-03T09:00:00Z");
    const C = await create("2026-03-03T10:00:00Z");
    // A escalates twice (03-04 and 03-06), B once (03-05), C never; C is deleted on 03-07.
    A = await save("2026-03-04T09:00:00Z", A, "NoAnswer1");
    assert.equal(A.activityStatus, "Escalated");
    A = await save("2026-03-05T09:00:00Z", A, "Prospect");
    B = await save("2026-03-05T09:00:00Z", B, "NoAnswer1");
    A = await save("2026-03-06T09:00:00Z", A, "NoAnswer1");
    assert.equal(A.activityStatus, "Escalated");
    assert.equal(A.firstEscalatedAt, "2026-03-04T09:00:00.000Z", "the first escalation is kept");
    await deleteProspect(ctxAt(env, a, "2026-03-07T09:00:00Z"), C.id);
    // A is deleted on 03-08: from then on it no longer counts (nor is it the first prospect).
    await deleteProspect(ctxAt(env, a, "2026-03-08T09:00:00Z"), A.id);

    const row = async (d: string) => {
      const r = await call(
        env,
        "GET",
        `/api/reports/status-project?referenceDate=${d}&marketProjectIds=1`,
        { headers: admin.headers },
      );
      assert.equal(r.res.status, 200);
      const x = r.json.rows[0];
      return [x.totalEscalatedProspects, x.firstProspectIn, x.totalProspects];
    };
    const A_IN = "2026-03-02T09:00:00.000Z";
    const B_IN = "2026-03-03T09:00:00.000Z";
    const expected: Record<string, unknown[]> = {
      "2026-03-01": [0, null, 0],
      "2026-03-03": [0, A_IN, 3],
      "2026-03-04": [1, A_IN, 3],
      "2026-03-05": [2, A_IN, 3],
      "2026-03-06": [2, A_IN, 3], // A's second escalation does not count again
      "2026-03-07": [2, A_IN, 2],
      "2026-03-08": [1, B_IN, 1],
      "2026-03-10": [1, B_IN, 1],
    };
    const all = async () => {
      const out: Record<string, unknown[]> = {};
      for (const d of Object.keys(expected)) out[d] = await row(d);
      return out;
    };
    assert.deepEqual(await all(), expected);

    // The marks, the first-in keys and the escalation counts lost: the rebuild from the events.
    for await (const e of listRecords(env.kv)) {
      const { firstEscalatedAt: _gone, ...old } = e.value;
      await env.kv.set(e.key, encodeRecord(old));
    }
    await deletePrefix(env.kv, reportFirstInKey());
    await deletePrefix(env.kv, reportSnapshotKey());
    await env.kv.set(reportCounterKey("e", 1), new Deno.KvU64(7n));
    await backfillEscalationsAndFirstIn(env.kv, "Europe/Stockholm");
    assert.deepEqual(await all(), expected, "the rebuild gives the same values");
    const a2 = await getRecord(env.kv, A.id);
    assert.equal(a2.value!.firstEscalatedAt, "2026-03-04T09:00:00.000Z");
    const b2 = await getRecord(env.kv, B.id);
    assert.equal(b2.value!.firstEscalatedAt, "2026-03-05T09:00:00.000Z");
  } finally {
    env.close();
  }
});

Deno.test("generated data: escalations dated when the clock reached them; migration 70 agrees with the generator", async () => {
  const env = await makeEnv();
  try {
    const now = new Date("2026-03-10T10:00:00Z");
    await generateChain(env.kv, {
      prospects: 400,
      districts: 2,
      clubs: 6,
      projects: 4,
      users: 8,
      passwordHash: "not-a-real-hash",
      now,
    });
    const ctx: ReportCtx = {
      kv: env.kv,
      config: { timeZone: "Europe/Stockholm" },
      now,
      user: {
        id: "u",
        email: "a@example.se",
        firstName: "A",
        lastName: "B",
        roles: ["ROLE_ADMIN"],
        sid: null,
      },
      lang: "sv",
    };
    const dates = [
      "2025-09-01",
      "2025-12-01",
      "2026-02-01",
      "2026-03-01",
      "2026-03-09",
      "2026-03-10",
    ];
    const reports = async () => {
      const out: unknown[] = [];
      for (const referenceDate of dates) {
        const r = await statusProject(ctx, { referenceDate, limit: 10 } as any);
        out.push(
          r.rows.map((x) => [x.marketProjectId, x.totalEscalatedProspects, x.firstProspectIn]),
        );
      }
      return out;
    };
    const before = await reports();
    const pastEscalated = (before[3] as [number, number, string][]).reduce((a, r) => a + r[1], 0);
    assert.ok(pastEscalated > 0, "a past date shows the escalations that had happened by then");
    await deletePrefix(env.kv, reportSnapshotKey());
    await backfillEscalationsAndFirstIn(env.kv, env.config.timeZone);
    assert.deepEqual(await reports(), before);
  } finally {
    env.close();
  }
});
