/**
 * GET /api/prospects?sort=urgency: most urgent activity first (Escalated, Notified, ToDo, Paused),
 * then the follow-up date, with and without filters, and the order follows the activity job.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain, rowOf, search } from "@/tests/api/prospect_fixtures.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";

Deno.test("sort=urgency orders by activity weight, then follow-up date", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T08:00:00Z"));
  try {
    await makeChain(env);
    const { user, headers } = await signedIn(env, { firstName: "Anna" });
    const make = async (firstName: string, extra: Record<string, unknown> = {}, save = {}) => {
      const p = await createRow(env, headers, { firstName, ...extra });
      if (Object.keys(save).length) {
        const r = await call(env, "PUT", `/api/prospects/${p.id}`, {
          headers,
          body: rowOf(p, save),
        });
        assert.equal(r.res.status, 200, JSON.stringify(r.json));
      }
    };
    await make("Anna"); // ToDo now, Escalated at 16:00Z
    await make("Bo", {}, { sellStatus: "Booked", followUpDate: "2026-03-12" }); // Paused
    await make("Cilla", {}, { sellStatus: "Booked", followUpDate: "2026-03-11" }); // Paused
    await make("Dan", {}, { sellStatus: "NoAnswer1" }); // Paused 4 work hours
    await make("Erik", { clubId: 102, assignId: user.email }); // ToDo, another club, assigned
    await make("Frida", {}, { sellStatus: "WaitingCustomer", followUpDate: "2026-03-09" }); // Notified

    const q = { marketProjectId: 1, sort: "urgency" };
    assert.deepEqual((await search(env, headers, q)).names, [
      "Frida", // Notified
      "Anna", // ToDo (registered first)
      "Erik",
      "Cilla", // Paused, follow-up 11 March
      "Bo", // Paused, follow-up 12 March
      "Dan", // Paused, no follow-up date
    ]);

    env.clock.set("2026-03-10T16:00:00Z");
    await runActivityJob({ kv: env.kv, config: env.config, now: () => env.clock.now });
    const all = await search(env, headers, q);
    assert.deepEqual(all.names, ["Frida", "Anna", "Erik", "Dan", "Cilla", "Bo"]);
    assert.deepEqual(
      all.rows.map((r: any) => r.activityStatus),
      ["Escalated", "Escalated", "Escalated", "Notified", "Paused", "Paused"],
    );
    assert.equal(all.total, 6);

    // Filters: clubs (index), page 2, sell status and my assigned (in memory), desc, a name.
    assert.deepEqual((await search(env, headers, { ...q, clubId: 101 })).names, [
      "Frida",
      "Anna",
      "Dan",
      "Cilla",
      "Bo",
    ]);
    const page2 = await search(env, headers, { ...q, size: 5, page: 2 });
    assert.deepEqual([page2.names, page2.total], [["Bo"], 6]);
    assert.deepEqual((await search(env, headers, { ...q, sellStatus: "Booked" })).names, [
      "Cilla",
      "Bo",
    ]);
    assert.deepEqual((await search(env, headers, { ...q, myAssigned: true })).names, ["Erik"]);
    assert.deepEqual(
      (await search(env, headers, { ...q, sortFollowUpDate: "desc" })).names,
      ["Bo", "Cilla", "Dan", "Erik", "Anna", "Frida"],
    );
    assert.deepEqual((await search(env, headers, { ...q, search: "Bo" })).names, ["Bo"]);

    // A bad value is refused and names the field.
    const bad = await search(env, headers, { ...q, sort: "loudest" });
    assert.equal(bad.res.status, 400);
    assert.equal(bad.json.fields.sort, "Ogiltigt värde");
  } finally {
    env.close();
  }
});
