/**
 * Automatic assignment per club: the admin's rule (GET/PUT /api/clubs/{clubId}/assignment), the
 * turn over its users who are not away, for staff entries left unassigned, web leads and CSV
 * import rows, fair under parallel creates, and said so in the history.
 */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { listProspectEvents } from "@/lib/db/prospects.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { listOutbox } from "@/lib/notify/mod.ts";
import { translate } from "@/lib/i18n/mod.ts";

async function setup() {
  const env = await makeEnv();
  await makeChain(env);
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const staff = await signedIn(env, { firstName: "Stina" });
  const sellers = [];
  for (const firstName of ["Anna", "Bo", "Cia"]) sellers.push(await signedIn(env, { firstName }));
  return { env, admin, staff, sellers };
}

async function withSetup(fn: (s: Awaited<ReturnType<typeof setup>>) => Promise<void>) {
  const s = await setup();
  try {
    await fn(s);
  } finally {
    s.env.close();
  }
}

async function setRule(
  env: TestEnv,
  headers: Record<string, string>,
  clubId: number,
  body: unknown,
) {
  const r = await call(env, "PUT", `/api/clubs/${clubId}/assignment`, { headers, body });
  return r;
}

Deno.test("assignment: an admin sets the rule; GET answers it and who is next", () =>
  withSetup(async ({ env, admin, sellers }) => {
    const ids = sellers.map((s) => s.user.id);
    let r = await call(env, "GET", "/api/clubs/101/assignment", { headers: admin.headers });
    assert.equal(r.res.status, 200);
    assert.deepEqual(r.json, { clubId: 101, mode: "off", userIds: [], next: null });
    r = await setRule(env, admin.headers, 101, { mode: "roundRobin", userIds: ids });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.mode, "roundRobin");
    assert.deepEqual(r.json.userIds, ids);
    assert.equal(r.json.next.userId, ids[0]);
    assert.equal(r.json.next.firstName, "Anna");
    // Bad input: 400 with the field's message; an unknown club 404.
    r = await setRule(env, admin.headers, 101, { mode: "roundRobin", userIds: [] });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.userIds, translate("sv", "validation.arrayRequired"));
    r = await setRule(env, admin.headers, 101, { mode: "roundRobin", userIds: ["nobody"] });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields["userIds.0"], translate("sv", "validation.invalidValue"));
    r = await setRule(env, admin.headers, 101, { mode: "sometimes", userIds: ids });
    assert.equal(r.res.status, 400);
    r = await setRule(env, admin.headers, 101, { mode: "roundRobin", userIds: [ids[0], ids[0]] });
    assert.equal(r.res.status, 400);
    r = await setRule(env, admin.headers, 999, { mode: "off" });
    assert.equal(r.res.status, 404);
    r = await call(env, "GET", "/api/clubs/abc/assignment", { headers: admin.headers });
    assert.equal(r.res.status, 400);
    const staffGet = await call(env, "GET", "/api/clubs/101/assignment", {
      headers: sellers[0].headers,
    });
    assert.equal(staffGet.res.status, 403);
  }));

Deno.test("assignment: 30 parallel unassigned entries over 3 users give each 10; history says automatic", () =>
  withSetup(async ({ env, admin, staff, sellers }) => {
    const ids = sellers.map((s) => s.user.id);
    assert.equal(
      (await setRule(env, admin.headers, 101, { mode: "roundRobin", userIds: ids }))
        .res.status,
      200,
    );
    const created = await Promise.all(
      Array.from({ length: 30 }, () => createRow(env, staff.headers)),
    );
    const counts = new Map<string, number>();
    for (const p of created) counts.set(p.assignUserId, (counts.get(p.assignUserId) ?? 0) + 1);
    assert.deepEqual([...counts.entries()].sort(), ids.map((id) => [id, 10]).sort());
    const events = await listProspectEvents(env.kv, created[0].id);
    const auto = events.filter((e) => e.type === "autoAssign");
    assert.equal(auto.length, 1);
    assert.equal(auto[0].to, created[0].assignId);
    assert.equal(events.filter((e) => e.type === "assign").length, 0);
    // The history as the assignee reads it.
    const owner = sellers.find((s) => s.user.id === created[0].assignUserId)!;
    const h = await call(env, "GET", `/api/prospects/${created[0].id}/history`, {
      headers: owner.headers,
    });
    assert.equal(h.res.status, 200);
    assert.ok(h.json.some((e: { type: string }) => e.type === "autoAssign"));
    // An entry with an assignee keeps it; another club has no rule.
    const own = await createRow(env, staff.headers, { assignId: staff.user.email });
    assert.equal(own.assignUserId, staff.user.id);
    const other = await createRow(env, staff.headers, { clubId: 102 });
    assert.equal(other.assignId, null);
    // Off: nobody is assigned.
    await setRule(env, admin.headers, 101, { mode: "off" });
    assert.equal((await createRow(env, staff.headers)).assignId, null);
  }));

Deno.test("assignment: a user marked away is passed by until back", () =>
  withSetup(async ({ env, admin, staff, sellers }) => {
    const ids = sellers.map((s) => s.user.id);
    await setRule(env, admin.headers, 101, { mode: "roundRobin", userIds: ids });
    const away = await call(env, "PATCH", `/api/users/${ids[1]}/settings/away`, {
      headers: sellers[1].headers,
      body: { away: true },
    });
    assert.equal(away.res.status, 200);
    assert.equal(away.json.away, true);
    const got = [];
    for (let i = 0; i < 4; i++) got.push((await createRow(env, staff.headers)).assignUserId);
    assert.deepEqual(got, [ids[0], ids[2], ids[0], ids[2]]);
    const next = await call(env, "GET", "/api/clubs/101/assignment", { headers: admin.headers });
    assert.equal(next.json.next.userId, ids[0]);
    await call(env, "PATCH", `/api/users/${ids[1]}/settings/away`, {
      headers: sellers[1].headers,
      body: { away: false },
    });
    got.length = 0;
    for (let i = 0; i < 3; i++) got.push((await createRow(env, staff.headers)).assignUserId);
    assert.deepEqual(got, [ids[0], ids[1], ids[2]]);
    // Everyone away: nobody is assigned, the turn stays.
    for (const s of sellers) {
      await call(env, "PATCH", `/api/users/${s.user.id}/settings/away`, {
        headers: s.headers,
        body: { away: true },
      });
    }
    assert.equal((await createRow(env, staff.headers)).assignId, null);
    const bad = await call(env, "PATCH", `/api/users/${ids[0]}/settings/away`, {
      headers: sellers[0].headers,
      body: { away: "yes" },
    });
    assert.equal(bad.res.status, 400);
  }));

Deno.test("assignment: a B2B user in the turn is passed by for prospects they may not see", () =>
  withSetup(async ({ env, admin, staff, sellers }) => {
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    await setRule(env, admin.headers, 101, {
      mode: "roundRobin",
      userIds: [b2b.user.id, sellers[0].user.id],
    });
    const a = await createRow(env, staff.headers);
    const b = await createRow(env, staff.headers);
    assert.deepEqual([a.assignUserId, b.assignUserId], [sellers[0].user.id, sellers[0].user.id]);
    const c = await createRow(env, staff.headers, { marketProjectId: 2 });
    assert.equal(c.assignUserId, b2b.user.id, "a B2B project's prospect may go to them");
  }));

Deno.test("assignment: web leads and CSV import rows are assigned in turn; the lead's alert reaches its assignee", () =>
  withSetup(async ({ env, admin, staff, sellers }) => {
    const ids = sellers.map((s) => s.user.id);
    await setRule(env, admin.headers, 101, { mode: "roundRobin", userIds: ids });
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    const key = await call(
      env,
      "POST",
      `/api/marketprojects/${await projectDocId(env, admin)}/form-keys`,
      {
        headers: admin.headers,
        body: { allowedOrigins: ["https://kampanj.example.se"] },
      },
    );
    assert.equal(key.res.status, 201, JSON.stringify(key.json));
    const res = await env.app.request(`${ORIGIN}/api/intake/${key.json.key}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://kampanj.example.se" },
      body: JSON.stringify({
        firstName: "Webb",
        lastName: "Lead",
        phoneNumber: "0707654321",
        email: "webb@example.se",
        clubId: 101,
      }),
    }, { remoteAddr: { hostname: "203.0.113.7" } });
    assert.equal(res.status, 201);
    const found = await call(env, "GET", "/api/prospects?marketProjectId=1&search=0707654321", {
      headers: admin.headers,
    });
    assert.equal(found.json[0].assignUserId, ids[0]);
    const events = await listProspectEvents(env.kv, found.json[0].id);
    assert.ok(events.some((e) => e.type === "autoAssign"));
    // The assignee is mailed; the club's subscribers are told in the app, not by mail.
    assert.equal((await listOutbox(env.kv, { to: sellers[0].user.email })).length, 1);
    assert.equal((await listOutbox(env.kv, { to: staff.user.email })).length, 0);
    const told = await call(env, "GET", "/api/notifications", { headers: staff.headers });
    assert.equal(told.json.length, 1);
    // A CSV import: its rows continue the turn.
    const csv = "Förnamn;Efternamn;Telefon;Klubb-ID\n" +
      ["Ada", "Beda", "Cecilia", "Doris"].map((n, i) => `${n};Lind;07011100${i}0;101`).join("\n");
    const imp = await env.app.request(`${ORIGIN}/api/prospects/import?marketProjectId=1`, {
      method: "POST",
      headers: { ...admin.headers, "Content-Type": "text/csv" },
      body: csv,
    });
    const out = await imp.json();
    assert.equal(imp.status, 200, JSON.stringify(out));
    assert.equal(out.created, 4, JSON.stringify(out));
    const rows = await call(env, "GET", "/api/prospects?marketProjectId=1&lastName=Lind", {
      headers: admin.headers,
    });
    const byName = new Map(rows.json.map((p: any) => [p.firstName, p.assignUserId]));
    assert.deepEqual(
      ["Ada", "Beda", "Cecilia", "Doris"].map((n) => byName.get(n)),
      [ids[1], ids[2], ids[0], ids[1]],
    );
  }));

async function projectDocId(env: TestEnv, admin: { headers: Record<string, string> }) {
  const r = await call(env, "GET", "/api/marketprojects", { headers: admin.headers });
  return r.json.find((p: { marketProjectId: number }) => p.marketProjectId === 1).id;
}

void newRow;
