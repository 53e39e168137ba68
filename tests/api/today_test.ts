/**
 * GET /api/prospects/today: the caller's clubs across active projects, due activity and web leads
 * awaiting their first contact, in the desk's order, with source and overdue; who sees what.
 */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, postWebLead, rowOf } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";

const CAMPAIGN = "https://kampanj.example.se";

async function formKey(env: TestEnv, adminHeaders: Record<string, string>, projectId: string) {
  const r = await call(env, "POST", `/api/marketprojects/${projectId}/form-keys`, {
    headers: adminHeaders,
    body: { allowedOrigins: [CAMPAIGN] },
  });
  assert.equal(r.res.status, 201, JSON.stringify(r.json));
  return r.json.key as string;
}

const names = (json: any) => (json as any[]).map((p) => p.firstName);

Deno.test("today: web leads awaiting contact first (oldest first), then Escalated, Notified, ToDo by follow-up date; source and overdue", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T08:00:00Z"));
  try {
    const chain = await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env, { firstName: "Sara" });
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    const key = await formKey(env, admin.headers, chain.project.id);
    const h = staff.headers;

    // Yesterday: a ToDo that escalates by today, and a Notified one (overdue follow-up).
    env.clock.set("2026-03-09T08:00:00Z");
    await createRow(env, h, { firstName: "Eskil" });
    const waiting = await createRow(env, h, { firstName: "Vera" });
    const r = await call(env, "PUT", `/api/prospects/${waiting.id}`, {
      headers: h,
      body: rowOf(waiting, { sellStatus: "WaitingCustomer", followUpDate: "2026-03-09" }),
    });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    env.clock.set("2026-03-10T08:00:00Z");
    await postWebLead(env, key, { firstName: "Wilma" });
    env.clock.set("2026-03-10T09:00:00Z");
    await postWebLead(env, key, { firstName: "Wendela" });
    env.clock.set("2026-03-10T10:00:00Z");
    await createRow(env, h, { firstName: "Nora" }); // 5 work hours by 15:00: Notified
    env.clock.set("2026-03-10T14:30:00Z");
    await createRow(env, h, { firstName: "Tove" }); // half an hour by 15:00: ToDo
    await createRow(env, h, { firstName: "Paus" }).then((p) =>
      call(env, "PUT", `/api/prospects/${p.id}`, {
        headers: h,
        body: rowOf(p, { sellStatus: "Booked", followUpDate: "2026-03-20" }), // Paused
      })
    );
    await createRow(env, h, { firstName: "Annan", clubId: 102 }); // another club
    // A prospect of a project that is then turned off: created while active, so it exists.
    const later = await call(env, "POST", "/api/marketprojects", {
      headers: admin.headers,
      body: { name: "Avslutad", startDate: "2026-03-10", marketProjectId: 4 },
    });
    assert.equal(later.res.status, 201, JSON.stringify(later.json));
    await createRow(env, h, { firstName: "Gamla", marketProjectId: 4 });
    const off = await call(env, "PATCH", `/api/marketprojects/${later.json.id}/activity`, {
      headers: admin.headers,
      body: { active: false },
    });
    assert.equal(off.res.status, 200, JSON.stringify(off.json));
    env.clock.set("2026-03-10T15:00:00Z");
    // The activity clock moves the prospects on as the cron job would.
    await runActivityJob({ kv: env.kv, config: env.config, now: () => env.clock.now });

    const { res, json } = await call(env, "GET", "/api/prospects/today", { headers: h });
    assert.equal(res.status, 200, JSON.stringify(json));
    // Web leads first (oldest first), then Escalated (by follow-up date, none last), Notified, ToDo.
    assert.deepEqual(
      json.map((p: any) => [p.firstName, p.activityStatus]),
      [
        ["Wilma", "Notified"],
        ["Wendela", "Notified"],
        ["Vera", "Escalated"],
        ["Eskil", "Escalated"],
        ["Nora", "Notified"],
        ["Tove", "ToDo"],
      ],
    );
    // A web lead is ToDo (Prospect limits) but comes first; Eskil escalated; Vera notified.
    const got = await call(env, "GET", `/api/prospects/today`, { headers: h });
    const byName = Object.fromEntries(got.json.map((p: any) => [p.firstName, p]));
    assert.deepEqual(names(json).slice(0, 2), ["Wilma", "Wendela"]);
    assert.ok(!names(json).includes("Paus") && !names(json).includes("Annan"));
    assert.ok(!names(json).includes("Gamla"), "inactive projects are not listed");
    assert.equal(byName.Wilma.source, "web");
    assert.equal(byName.Tove.source, "staff");
    assert.equal(byName.Wilma.marketProjectName, "Vårkampanj");
    assert.equal(byName.Vera.overdue, true);
    assert.equal(byName.Tove.overdue, false);
    assert.equal(res.headers.get("x-total-elements"), String(json.length));

    // The first contact (assignment) takes a web lead out of the web group.
    const wilma = byName.Wilma;
    const a = await call(env, "PATCH", `/api/prospects/${wilma.id}/assign`, {
      headers: h,
      body: { assignId: staff.user.email },
    });
    assert.equal(a.res.status, 200, JSON.stringify(a.json));
    assert.equal(a.json.firstContactAt, "2026-03-10T15:00:00.000Z");
    const after = await call(env, "GET", "/api/prospects/today", { headers: h });
    assert.equal(names(after.json)[0], "Wendela");
    const w = after.json.find((p: any) => p.firstName === "Wilma");
    assert.equal(w?.awaitingFirstContact, false, "still due (ToDo), no longer awaiting contact");

    // A note (here an admin's, without assignment) is a first contact too.
    const wendela = byName.Wendela;
    const n = await call(env, "POST", `/api/prospects/${wendela.id}/notes`, {
      headers: admin.headers,
      body: { text: "Ringt, inget svar", noteType: "Note" },
    });
    assert.equal(n.res.status, 201, JSON.stringify(n.json));
    const one = await call(env, "GET", `/api/prospects/${wendela.id}`, { headers: h });
    assert.equal(one.json.firstContactAt, "2026-03-10T15:00:00.000Z");
    const last = await call(env, "GET", "/api/prospects/today", { headers: h });
    assert.ok(last.json.every((p: any) => !p.awaitingFirstContact));
  } finally {
    env.close();
  }
});

Deno.test("today: other clubs only for an admin's clubId; a B2B user sees only b2b projects", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z"));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env);
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    await setClubSubscription(env.kv, b2b.user.id, 102, true);
    await createRow(env, admin.headers, { firstName: "Mine", clubId: 101 });
    await createRow(env, admin.headers, { firstName: "Theirs", clubId: 102 });
    await createRow(env, admin.headers, { firstName: "Company", clubId: 102, marketProjectId: 2 });

    const own = await call(env, "GET", "/api/prospects/today", { headers: staff.headers });
    assert.deepEqual(names(own.json), ["Mine"]);
    const other = await call(env, "GET", "/api/prospects/today?clubId=102", {
      headers: staff.headers,
    });
    assert.equal(other.res.status, 403, "a user may not ask for another club");
    const b = await call(env, "GET", "/api/prospects/today", { headers: b2b.headers });
    assert.deepEqual(names(b.json), ["Company"]);
    const adm = await call(env, "GET", "/api/prospects/today?clubId=102", {
      headers: admin.headers,
    });
    assert.deepEqual(names(adm.json).sort(), ["Company", "Theirs"]);
    const anon = await call(env, "GET", "/api/prospects/today");
    assert.equal(anon.res.status, 401);
  } finally {
    env.close();
  }
});

Deno.test("today page: staff land on /today after sign-in, admins on the chain overview (the Prospects screen stays at /prospects); the page lists with counts, tel: links and overdue in words", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z"));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env);
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    const p = await createRow(env, staff.headers, {
      firstName: "Olle",
      phoneNumber: "070-123 45 67",
    });
    await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: rowOf(p, { sellStatus: "WaitingCustomerCall", followUpDate: "2026-03-10" }),
    });
    env.clock.set("2026-03-12T09:00:00Z");

    const landing = await env.app.request(`${ORIGIN}/`, { headers: staff.headers });
    assert.equal(landing.status, 302);
    assert.equal(landing.headers.get("location"), "/today");
    const adminLanding = await env.app.request(`${ORIGIN}/`, { headers: admin.headers });
    assert.equal(adminLanding.status, 302);
    assert.equal(adminLanding.headers.get("location"), "/overview");
    const grid = await env.app.request(`${ORIGIN}/prospects`, { headers: admin.headers });
    assert.equal(grid.status, 200);
    assert.match(await grid.text(), /data-testid="prospects-page"/);

    const page = await env.app.request(`${ORIGIN}/today`, { headers: staff.headers });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /data-testid="today-page"/);
    assert.match(html, /href="tel:0701234567"/);
    assert.match(html, /href="sms:0701234567"/);
    assert.match(html, /Försenad: uppföljning 2026-03-10/);
    assert.match(html, /data-testid="today-count-overdue"[^]*?<dd[^>]*>1<\/dd>/);
    // No island: the page works without JavaScript and adds none.
    assert.doesNotMatch(html, /data-island="ProspectGrid"/);
  } finally {
    env.close();
  }
});

Deno.test("today page: at most 100 cards, the counts over all, and a line saying so", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z"));
  try {
    await makeChain(env);
    const staff = await signedIn(env);
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    for (let i = 0; i < 101; i++) await createRow(env, staff.headers, { firstName: `P${i}` });
    const html = await (await env.app.request(`${ORIGIN}/today`, { headers: staff.headers }))
      .text();
    assert.equal(html.match(/data-testid="today-item"/g)?.length, 100);
    assert.match(html, /data-testid="today-count-total"[^]*?<dd[^>]*>101<\/dd>/);
    assert.match(html, /Visar de 100 mest brådskande av 101/);
  } finally {
    env.close();
  }
});
