/**
 * GET /api/reports/response-time (speed to lead): per club, web leads registered in the period,
 * how many were contacted, the median work minutes to the first contact (note, sell-status change
 * or assignment; work time as the activity clock counts it), within 5 minutes and within an hour.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain, postWebLead, rowOf, search } from "@/tests/api/prospect_fixtures.ts";
import { createClub, createDistrict } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { median, responseMinutes } from "@/lib/domain/response_time.ts";

Deno.test("response time: per club median work minutes to the first contact, within 5 min and 1 h, the period, a district, CSV and who may see what", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z")); // Tuesday 10:00 local
  try {
    const chain = await makeChain(env);
    await createDistrict(env.kv, { districtId: 2, name: "Göteborg" });
    await createClub(env.kv, { clubId: 201, name: "Klubb Hisingen", districtId: 2 });
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env);
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    const fk = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: admin.headers,
      body: { allowedOrigins: ["https://kampanj.example.se"] },
    });
    const key = fk.json.key as string;
    const h = admin.headers;
    for (const n of ["A", "B", "C"]) await postWebLead(env, key, { firstName: n });
    await postWebLead(env, key, { firstName: "D", clubId: 102 });
    await createRow(env, h, { firstName: "Staff" }); // not a web lead: not counted
    const lead = async (name: string) =>
      (await search(env, h, { marketProjectId: 1, search: name })).rows[0];

    env.clock.set("2026-03-10T09:03:00Z"); // A: assigned after 3 minutes
    const a = await lead("A");
    await call(env, "PATCH", `/api/prospects/${a.id}/assign`, {
      headers: h,
      body: { assignId: admin.user.email },
    });
    env.clock.set("2026-03-10T09:30:00Z"); // B: a sell status after 30 minutes
    const b = await lead("B");
    await call(env, "PUT", `/api/prospects/${b.id}`, {
      headers: h,
      body: rowOf(b, { sellStatus: "NoAnswer1" }),
    });
    env.clock.set("2026-03-10T11:00:00Z"); // C: a note after 2 hours
    const c = await lead("C");
    await call(env, "POST", `/api/prospects/${c.id}/notes`, {
      headers: h,
      body: { text: "Ringde", noteType: "Note" },
    });
    env.clock.set("2026-03-10T15:50:00Z"); // E: 16:50 local, contacted 08:05 the next morning
    await postWebLead(env, key, { firstName: "E" });
    env.clock.set("2026-03-11T07:05:00Z");
    const e = await lead("E");
    await call(env, "PATCH", `/api/prospects/${e.id}/assign`, {
      headers: h,
      body: { assignId: admin.user.email },
    });

    const path = "/api/reports/response-time?marketProjectId=1&from=2026-03-10&to=2026-03-10";
    const r = await call(env, "GET", path, { headers: h });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    const byClub = Object.fromEntries(r.json.rows.map((x: any) => [x.clubId, x]));
    // A 3, B 30, C 120, E 15 work minutes (10 before 17:00, 5 after 08:00): median 22.5 → 23.
    assert.deepEqual(byClub[101], {
      clubId: 101,
      clubName: "Klubb Söder",
      leads: 4,
      contacted: 4,
      medianMinutes: 23,
      within5Minutes: 1,
      within1Hour: 3,
    });
    assert.deepEqual(byClub[102], {
      clubId: 102,
      clubName: "Klubb Norr",
      leads: 1,
      contacted: 0,
      medianMinutes: null,
      within5Minutes: 0,
      within1Hour: 0,
    });
    assert.equal(byClub[201].leads, 0, "an admin sees every club");

    const earlier = await call(
      env,
      "GET",
      "/api/reports/response-time?marketProjectId=1&from=2026-03-01&to=2026-03-09",
      { headers: h },
    );
    assert.equal(earlier.json.rows.find((x: any) => x.clubId === 101).leads, 0);
    const district = await call(env, "GET", `${path}&districtId=2`, { headers: h });
    assert.deepEqual(district.json.rows.map((x: any) => x.clubId), [201]);
    const own = await call(env, "GET", path, { headers: staff.headers });
    assert.deepEqual(own.json.rows.map((x: any) => x.clubId), [101], "a user: their clubs");
    const csv = await env.app.request(`http://localhost:8000${path}&format=csv`, { headers: h });
    assert.equal(csv.status, 200);
    const text = await csv.text();
    assert.match(
      text,
      /Klubb;Webbleads;Kontaktade;Median \(min\);Inom 5 min;Inom 1 h|Klubb,Webbleads/,
    );
    assert.match(text, /Klubb Söder.4.4.23.1.3/);
    assert.equal(
      (await call(env, "GET", path, { headers: b2b.headers })).res.status,
      403,
      "a B2B user: b2b projects only",
    );
    const reversed = await call(
      env,
      "GET",
      "/api/reports/response-time?marketProjectId=1&from=2026-03-10&to=2026-03-01",
      { headers: h },
    );
    assert.equal(reversed.res.status, 400);

    // A deleted lead leaves the report: club 102's only lead, deleted, counts no more.
    const d = await lead("D");
    const del = await call(env, "DELETE", `/api/prospects/${d.id}`, { headers: h });
    assert.ok(del.res.status < 300, JSON.stringify(del.json));
    const afterDelete = await call(env, "GET", path, { headers: h });
    const club102 = afterDelete.json.rows.find((x: any) => x.clubId === 102);
    assert.equal(club102.leads, 0, "a deleted web lead is not counted");
    const club101 = afterDelete.json.rows.find((x: any) => x.clubId === 101);
    assert.equal(club101.leads, 4, "the other club's leads stay");
  } finally {
    env.close();
  }
});

Deno.test("response time rules: median, work minutes only", () => {
  assert.equal(median([]), null);
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
  const wt = { worktimeFrom: "08:00", worktimeTo: "17:00", timeZone: "Europe/Stockholm" };
  assert.equal(
    responseMinutes({
      clubId: 1,
      registerDate: "2026-03-10T15:50:00.000Z",
      firstContactAt: "2026-03-11T07:05:00.000Z",
    }, wt),
    15,
  );
  assert.equal(
    responseMinutes(
      { clubId: 1, registerDate: "2026-03-10T15:50:00.000Z", firstContactAt: null },
      wt,
    ),
    null,
  );
});
