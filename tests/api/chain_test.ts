/**
 * Admins see the whole chain: the sell-status-age report covers every club for an admin (their
 * subscriptions or not), a user's only their own; the grid's "every club" sends no club filter.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { ALL_CLUBS, apiQuery, defaultFilters } from "@/islands/prospects/query.ts";

Deno.test("reports: an admin's sell-status-age covers every club, a user's their subscribed ones", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z"));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env);
    await setClubSubscription(env.kv, admin.user.id, 101, true);
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    await createRow(env, admin.headers, { clubId: 101 });
    await createRow(env, admin.headers, { clubId: 103 });
    const path = "/api/reports/sell-status-age?marketProjectId=1&referenceDate=2026-03-10";
    const a = await call(env, "GET", path, { headers: admin.headers });
    assert.equal(a.res.status, 200, JSON.stringify(a.json));
    assert.deepEqual(a.json.clubs.map((c: any) => c.clubId).sort(), [101, 102, 103]);
    const u = await call(env, "GET", path, { headers: staff.headers });
    assert.deepEqual(u.json.clubs.map((c: any) => c.clubId), [101]);
    const page = await env.app.request("http://localhost:8000/reports?tab=sellStatusAge", {
      headers: admin.headers,
    });
    assert.match(await page.text(), /Klubb Väst/);
  } finally {
    env.close();
  }
});

Deno.test("grid query: every club (admins) sends no club filter; all my clubs sends mine", () => {
  const f = { ...defaultFilters(1), clubId: ALL_CLUBS };
  assert.equal(apiQuery(f, [101, 102]).clubId, undefined);
  assert.equal(apiQuery({ ...f, clubId: "" }, [101, 102]).clubId, "101,102");
  assert.equal(apiQuery({ ...f, clubId: "103" }, [101, 102]).clubId, "103");
});
