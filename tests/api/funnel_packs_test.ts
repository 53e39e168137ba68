/**
 * The funnel's packs (lib/db/report_funnel_packs.ts): a store whose funnel cells are counters is
 * packed while saves go on and folds run beside it; the report then answers what a rebuild from
 * the prospects' events gives — no change lost, none counted twice — and no funnel counter is left.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import {
  createInput,
  ctxAt,
  makeReportChain,
  saveInput,
  sessionOf,
  TZ,
  unlessPaused,
} from "@/tests/api/report_fixtures.ts";
import { funnelPacksOnKey, reportCounterKey } from "@/lib/db/keys.ts";
import { getRecord } from "@/lib/db/prospect_record.ts";
import { backfillFunnel } from "@/lib/db/report_funnel.ts";
import { FUNNEL_SCOPES, packFunnelCounters } from "@/lib/db/report_funnel_packs.ts";
import { foldAll } from "@/lib/db/report_pending.ts";
import { SELL_STATUS_TABLE } from "@/lib/domain/statuses.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { saveProspect } from "@/lib/services/prospects.ts";

const CLUBS = [101, 102, 103, 201];
/** Statuses without a follow-up date, some of them a booked visit or a member. */
const STATUSES = SELL_STATUS_TABLE.filter((r) => !r.followUp).map((r) => r.id);

Deno.test("funnel packs: packed while saves fold, the figures equal a rebuild from the events", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  try {
    await makeReportChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const ctx = () => ctxAt(env, sessionOf(admin.user), env.clock.now);
    // A store from before the packs: folds add the funnel's deltas to counters.
    await env.kv.delete(funnelPacksOnKey());
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      env.clock.advance(3 * 3_600_000);
      ids.push((await createProspect(ctx(), createInput(1, CLUBS[i % 4]) as any)).id);
    }
    const save = async (id: string, k: number) => {
      const stored = (await getRecord(env.kv, id)).value!;
      const sellStatus = STATUSES[k % STATUSES.length];
      await unlessPaused(() =>
        saveProspect(ctx(), id, saveInput(stored, { version: undefined, sellStatus }) as any)
      );
    };
    for (const [i, id] of ids.entries()) if (i % 2) await save(id, i);
    await foldAll(env.kv);
    let counters = 0;
    for (const scope of FUNNEL_SCOPES) {
      for await (const _ of env.kv.list({ prefix: reportCounterKey(scope) })) counters++;
    }
    assert.ok(counters > 20, `${counters} funnel counters before packing`);
    // Packed while prospects keep changing and a folder runs all along.
    let packing = true;
    let changes = 0;
    const folder = (async () => {
      while (packing) {
        await foldAll(env.kv);
        await new Promise((r) => setTimeout(r, 0));
      }
    })();
    const saver = (async () => {
      while (packing || changes < 40) {
        await save(ids[changes % ids.length], changes + 3);
        changes++;
      }
    })();
    await new Promise((r) => setTimeout(r, 5));
    await packFunnelCounters(env.kv);
    packing = false;
    await Promise.all([folder, saver]);
    await foldAll(env.kv);
    const groups = ["source", "club", "user", "marketProject"];
    const read = () =>
      Promise.all(groups.map((g) =>
        call(
          env,
          "GET",
          `/api/reports/funnel?marketProjectId=1&from=2026-03-01&to=2026-03-31&groupBy=${g}`,
          { headers: admin.headers },
        ).then((r) => r.json)
      ));
    const got = await read();
    assert.equal(got[0].total.leads, 40);
    assert.ok(got[0].total.reached > 0 && got[0].total.booked > 0, JSON.stringify(got[0].total));
    for (const scope of FUNNEL_SCOPES) {
      for await (const e of env.kv.list({ prefix: reportCounterKey(scope) })) {
        assert.fail(`a funnel counter is left: ${JSON.stringify(e.key)}`);
      }
    }
    // The truth: every funnel cell counted again from the prospects and their events.
    await backfillFunnel(env.kv, TZ);
    assert.deepEqual(got, await read());
  } finally {
    env.close();
  }
});
