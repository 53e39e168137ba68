/** Reference data API: districts, clubs, market projects, sell statuses, notification categories. */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { prospectCountByClubKey, prospectCountByProjectKey } from "@/lib/db/keys.ts";
import { addToCounter } from "@/lib/db/kv.ts";
import {
  getClubByNumber,
  getClubsByNumbers,
  getMarketProjectByNumber,
  listMarketProjects,
} from "@/lib/db/reference.ts";
import { countProspectsOfClub } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";

/** A fixed clock: 2026-03-10 10:00 in Stockholm. */
const NOW = new Date("2026-03-10T09:00:00Z");

async function setup() {
  const env = await makeEnv({}, NOW);
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const user = await signedIn(env, { role: "ROLE_USER" });
  const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
  return { env, admin: admin.headers, user: user.headers, userId: user.user.id, b2b: b2b.headers };
}

/** Simulates what the prospects module does when a prospect is created in a club/project. */
async function addProspectCounts(env: TestEnv, clubId: number, marketProjectId: number, n = 1) {
  const op = env.kv.atomic();
  addToCounter(op, prospectCountByClubKey(clubId), n);
  addToCounter(op, prospectCountByProjectKey(marketProjectId), n);
  await op.commit();
}

async function snapshot(env: TestEnv, h: Record<string, string>) {
  const [d, c, p] = await Promise.all([
    call(env, "GET", "/api/district", { headers: h }),
    call(env, "GET", "/api/clubs", { headers: h }),
    call(env, "GET", "/api/marketprojects", { headers: h }),
  ]);
  return JSON.stringify([d.json, c.json, p.json]);
}

Deno.test("districts: create, list, update, duplicate 409, delete guarded by clubs", async () => {
  const { env, admin, user } = await setup();
  try {
    const a = await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: "2", name: "Syd" },
    });
    assert.equal(a.res.status, 201);
    assert.equal(a.json.districtId, 2, "numeric strings are converted");
    assert.equal(a.res.headers.get("location"), `/api/district/${a.json.id}`);
    assert.ok(a.json.version);
    const b = await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: 1, name: "Norr" },
    });
    assert.equal(b.res.status, 201);

    const list = await call(env, "GET", "/api/district", { headers: user });
    assert.equal(list.res.status, 200);
    assert.deepEqual(list.json.map((d: any) => d.name), ["Norr", "Syd"], "ordered by districtId");

    const dup = await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: 1, name: "Another" },
    });
    assert.equal(dup.res.status, 409);
    assert.equal(dup.json.error, "DUPLICATE");
    assert.ok(dup.json.fields.districtId);

    const bad = await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: "abc", name: "" },
    });
    assert.equal(bad.res.status, 400);
    assert.equal(bad.json.fieldKeys.districtId, "validation.notANumber");
    assert.equal(bad.json.fieldKeys.name, "validation.required");
    const missing = await call(env, "POST", "/api/district", { headers: admin, body: {} });
    assert.equal(missing.json.fieldKeys.districtId, "validation.required");

    const upd = await call(env, "PUT", `/api/district/${b.json.id}`, {
      headers: admin,
      body: { districtId: 1, name: "Norrland", version: b.json.version },
    });
    assert.equal(upd.res.status, 200);
    assert.equal(upd.json.name, "Norrland");

    // A stale version is refused with the current record.
    const stale = await call(env, "PUT", `/api/district/${b.json.id}`, {
      headers: admin,
      body: { districtId: 1, name: "Lost", version: b.json.version },
    });
    assert.equal(stale.res.status, 409);
    assert.equal(stale.json.data.current.name, "Norrland");

    // Renumbering onto a taken districtId is a duplicate.
    const renum = await call(env, "PUT", `/api/district/${b.json.id}`, {
      headers: admin,
      body: { districtId: 2, name: "Norrland" },
    });
    assert.equal(renum.res.status, 409);
    assert.equal(renum.json.error, "DUPLICATE");

    // A district with a club cannot be deleted nor renumbered.
    await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: 10, name: "Umeå City", districtId: 1 },
    });
    const before = await snapshot(env, admin);
    const del = await call(env, "DELETE", `/api/district/${b.json.id}`, { headers: admin });
    assert.equal(del.res.status, 409);
    assert.equal(del.json.error, "IN_USE");
    assert.equal(del.json.message, "Distriktet används fortfarande av 1 klubb");
    const renum2 = await call(env, "PUT", `/api/district/${b.json.id}`, {
      headers: admin,
      body: { districtId: 9, name: "Norrland" },
    });
    assert.equal(renum2.res.status, 409);
    assert.equal(renum2.json.error, "IN_USE");
    assert.equal(await snapshot(env, admin), before, "refusals change nothing");

    const delA = await call(env, "DELETE", `/api/district/${a.json.id}`, { headers: admin });
    assert.equal(delA.res.status, 204);
    const gone = await call(env, "GET", `/api/district/${a.json.id}`, { headers: admin });
    assert.equal(gone.res.status, 404);
    // Its number is free again.
    const again = await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: 2, name: "Syd igen" },
    });
    assert.equal(again.res.status, 201);
  } finally {
    env.close();
  }
});

Deno.test("clubs: need an existing district, unique clubId, delete guarded by prospects and subscribers", async () => {
  const { env, admin, user, userId } = await setup();
  try {
    await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: 1, name: "A" },
    });
    await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: 2, name: "B" },
    });

    const noDistrict = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: 5, name: "X" },
    });
    assert.equal(noDistrict.res.status, 400);
    assert.equal(noDistrict.json.fieldKeys.districtId, "validation.required");
    const unknown = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: 5, name: "X", districtId: 99 },
    });
    assert.equal(unknown.res.status, 400);
    assert.equal(unknown.json.fieldKeys.districtId, "settings.clubs.districtNotFound");

    const c1 = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: "101", name: "Malmö Triangeln", districtId: 1 },
    });
    assert.equal(c1.res.status, 201);
    assert.equal(c1.json.clubId, 101);
    const c2 = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: 102, name: "Lund", districtId: 1 },
    });
    const dup = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: 101, name: "Dup", districtId: 2 },
    });
    assert.equal(dup.res.status, 409);
    assert.equal(dup.json.error, "DUPLICATE");

    const list = await call(env, "GET", "/api/clubs", { headers: user });
    assert.deepEqual(list.json.map((c: any) => c.name), ["Lund", "Malmö Triangeln"]);
    assert.equal((await getClubByNumber(env.kv, 101))?.name, "Malmö Triangeln");
    assert.deepEqual(
      (await getClubsByNumbers(env.kv, [102, 999, 101])).map((c) => c.clubId),
      [102, 101],
    );

    // Moving a club to another district moves the district's club count.
    const moved = await call(env, "PUT", `/api/clubs/${c2.json.id}`, {
      headers: admin,
      body: { clubId: 102, name: "Lund C", districtId: 2, version: c2.json.version },
    });
    assert.equal(moved.res.status, 200);
    assert.equal(moved.json.districtId, 2);
    const districts = (await call(env, "GET", "/api/district", { headers: admin })).json;
    const dA = districts.find((d: any) => d.districtId === 1);
    const dB = districts.find((d: any) => d.districtId === 2);
    assert.equal(
      (await call(env, "DELETE", `/api/district/${dB.id}`, { headers: admin })).res.status,
      409,
    );

    // A club with prospects: no delete, no renumbering.
    await addProspectCounts(env, 101, 1, 3);
    assert.equal(await countProspectsOfClub(env, 101), 3);
    const before = await snapshot(env, admin);
    const del = await call(env, "DELETE", `/api/clubs/${c1.json.id}`, { headers: admin });
    assert.equal(del.res.status, 409);
    assert.equal(del.json.error, "IN_USE");
    assert.equal(del.json.data.count, 3);
    assert.equal(del.json.message, "Klubben används fortfarande av 3 prospekt");
    const renum = await call(env, "PUT", `/api/clubs/${c1.json.id}`, {
      headers: admin,
      body: { clubId: 111, name: "Malmö Triangeln", districtId: 1 },
    });
    assert.equal(renum.res.status, 409);
    assert.equal(await snapshot(env, admin), before);
    // Renaming is fine.
    const rename = await call(env, "PUT", `/api/clubs/${c1.json.id}`, {
      headers: admin,
      body: { clubId: 101, name: "Malmö T", districtId: 1 },
    });
    assert.equal(rename.res.status, 200);

    // A club with a subscriber cannot be deleted; after the unsubscribe it can.
    await setClubSubscription(env.kv, userId, 102, true);
    const delSub = await call(env, "DELETE", `/api/clubs/${c2.json.id}`, { headers: admin });
    assert.equal(delSub.res.status, 409);
    assert.match(delSub.json.message, /1 användare/);
    await setClubSubscription(env.kv, userId, 102, false);
    const delOk = await call(env, "DELETE", `/api/clubs/${c2.json.id}`, { headers: admin });
    assert.equal(delOk.res.status, 204);
    // District B has no clubs now.
    assert.equal(
      (await call(env, "DELETE", `/api/district/${dB.id}`, { headers: admin })).res.status,
      204,
    );
    assert.equal(
      (await call(env, "DELETE", `/api/district/${dA.id}`, { headers: admin })).res.status,
      409,
    );

    const stale = await call(
      env,
      "DELETE",
      `/api/clubs/${c1.json.id}?version=00000000000000000000`,
      {
        headers: admin,
      },
    );
    assert.equal(stale.res.status, 409);
    assert.equal(stale.json.error, "CONFLICT");
    assert.equal(stale.json.data.current.name, "Malmö T");
  } finally {
    env.close();
  }
});

Deno.test("clubs: a deleted user's subscription does not block deleting the club; an active one does", async () => {
  const { env, admin } = await setup();
  try {
    await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: 1, name: "Syd" },
    });
    const club = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: 301, name: "Lund C", districtId: 1 },
    });
    const staying = await signedIn(env, { role: "ROLE_USER" });
    const leaving = await signedIn(env, { role: "ROLE_USER" });
    await setClubSubscription(env.kv, staying.user.id, 301, true);
    await setClubSubscription(env.kv, leaving.user.id, 301, true);
    assert.equal(
      (await call(env, "DELETE", `/api/admin/users/${leaving.user.id}`, { headers: admin })).res
        .status,
      200,
    );

    // One active subscriber left: refused, and the message counts only that one.
    const refused = await call(env, "DELETE", `/api/clubs/${club.json.id}`, { headers: admin });
    assert.equal(refused.res.status, 409);
    assert.equal(refused.json.error, "IN_USE");
    assert.match(refused.json.message, /1 användare/);
    assert.ok(await getClubByNumber(env.kv, 301), "nothing lost");

    // The active user unsubscribes; only the deleted user's subscription is left, which nobody
    // could remove: the club can go, and takes that subscription with it.
    await setClubSubscription(env.kv, staying.user.id, 301, false);
    const ok = await call(env, "DELETE", `/api/clubs/${club.json.id}`, { headers: admin });
    assert.equal(ok.res.status, 204, JSON.stringify(ok.json));
    assert.equal(await getClubByNumber(env.kv, 301), null);
    const theirs = await call(env, "GET", `/api/users/${leaving.user.id}/clubs`, {
      headers: admin,
    });
    assert.deepEqual(theirs.json, []);
  } finally {
    env.close();
  }
});

Deno.test("market projects: name + start date, ids assigned, activity, b2b visibility, delete guard", async () => {
  const { env, admin, user, b2b } = await setup();
  try {
    const past = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "Vår", startDate: "2026-03-09" },
    });
    assert.equal(past.res.status, 400);
    assert.equal(past.json.fieldKeys.startDate, "validation.notBeforeToday");
    const noName = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { startDate: "2026-03-10" },
    });
    assert.equal(noName.res.status, 400);
    assert.equal(noName.json.fieldKeys.name, "validation.required");
    const badDate = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "X", startDate: "2026-02-30" },
    });
    assert.equal(badDate.json.fieldKeys.startDate, "validation.invalidDate");

    const p1 = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "Vårkampanj", startDate: "2026-03-10" },
    });
    assert.equal(p1.res.status, 201, "today is allowed");
    assert.equal(p1.json.marketProjectId, 1);
    assert.equal(p1.json.active, true);
    assert.equal(p1.json.b2b, false);
    const p2 = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "Företag", startDate: "2026-04-01", b2b: true },
    });
    assert.equal(p2.json.marketProjectId, 2);
    const p9 = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "Alfa", startDate: "2026-04-01", marketProjectId: 9 },
    });
    assert.equal(p9.json.marketProjectId, 9);
    const next = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "Beta", startDate: "2026-04-01" },
    });
    assert.equal(next.json.marketProjectId, 10, "next after the highest");
    const dup = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "Dup", startDate: "2026-04-01", marketProjectId: 9 },
    });
    assert.equal(dup.res.status, 409);
    assert.equal(dup.json.error, "DUPLICATE");

    // Deactivate: the answer is the stored project; active lists drop it.
    const off = await call(env, "PATCH", `/api/marketprojects/${p9.json.id}/activity`, {
      headers: admin,
      body: { ...p9.json, active: false },
    });
    assert.equal(off.res.status, 200);
    assert.equal(off.json.active, false);
    const active = await call(env, "GET", "/api/marketprojects?active=true", { headers: user });
    assert.deepEqual(active.json.map((p: any) => p.name), ["Beta", "Företag", "Vårkampanj"]);
    const all = await call(env, "GET", "/api/marketprojects", { headers: user });
    assert.deepEqual(all.json.map((p: any) => p.marketProjectId), [1, 2, 9, 10]);
    assert.deepEqual(
      (await listMarketProjects(env.kv, { activeOnly: true })).map((p) => p.marketProjectId),
      [10, 2, 1],
    );
    // Stale activity toggle.
    const staleOff = await call(env, "PATCH", `/api/marketprojects/${p9.json.id}/activity`, {
      headers: admin,
      body: { active: true, version: p9.json.version },
    });
    assert.equal(staleOff.res.status, 409);
    assert.equal(staleOff.json.data.current.active, false);

    // B2B users see only b2b projects.
    const b2bList = await call(env, "GET", "/api/marketprojects", { headers: b2b });
    assert.deepEqual(b2bList.json.map((p: any) => p.name), ["Företag"]);
    const b2bOne = await call(env, "GET", `/api/marketprojects/${p1.json.id}`, { headers: b2b });
    assert.equal(b2bOne.res.status, 403);

    // Update: a past start date is kept as is, but cannot be set anew.
    const upd = await call(env, "PUT", `/api/marketprojects/${p1.json.id}`, {
      headers: admin,
      body: { marketProjectId: 1, name: "Vårkampanj 2026", startDate: "2026-03-10", b2b: true },
    });
    assert.equal(upd.res.status, 200);
    assert.equal(upd.json.b2b, true);
    env.clock.set("2026-03-20T09:00:00Z");
    const keep = await call(env, "PUT", `/api/marketprojects/${p1.json.id}`, {
      headers: admin,
      body: { marketProjectId: 1, name: "Vår", startDate: "2026-03-10" },
    });
    assert.equal(keep.res.status, 200, "an unchanged past start date is fine");
    const move = await call(env, "PUT", `/api/marketprojects/${p1.json.id}`, {
      headers: admin,
      body: { marketProjectId: 1, name: "Vår", startDate: "2026-03-15" },
    });
    assert.equal(move.res.status, 400);

    // A project with prospects cannot be deleted or renumbered.
    await addProspectCounts(env, 1, 1, 2);
    const before = await snapshot(env, admin);
    const del = await call(env, "DELETE", `/api/marketprojects/${p1.json.id}`, { headers: admin });
    assert.equal(del.res.status, 409);
    assert.equal(del.json.message, "Marknadsprojektet används fortfarande av 2 prospekt");
    const renum = await call(env, "PUT", `/api/marketprojects/${p1.json.id}`, {
      headers: admin,
      body: { marketProjectId: 50, name: "Vår", startDate: "2026-03-10" },
    });
    assert.equal(renum.res.status, 409);
    assert.equal(await snapshot(env, admin), before);
    assert.equal((await getMarketProjectByNumber(env.kv, 1))?.name, "Vår");

    const delOk = await call(env, "DELETE", `/api/marketprojects/${p2.json.id}`, {
      headers: admin,
    });
    assert.equal(delOk.res.status, 204);
    assert.equal(await getMarketProjectByNumber(env.kv, 2), null);
  } finally {
    env.close();
  }
});

Deno.test("seeded sell statuses and notification categories", async () => {
  const { env, user } = await setup();
  try {
    const s = await call(env, "GET", "/api/sell-status", { headers: user });
    assert.equal(s.res.status, 200);
    assert.deepEqual(s.json.map((x: any) => x.id), [...SELL_STATUSES]);
    assert.deepEqual(s.json[1], { id: "Prospect", name: "Prospekt", weight: 1 });
    const en = await call(env, "GET", "/api/sell-status?language=en", { headers: user });
    assert.equal(en.json.find((x: any) => x.id === "NoAnswer1").name, "No answer 1");
    const n = await call(env, "GET", "/api/notification-categories", { headers: user });
    assert.deepEqual(n.json.map((x: any) => x.id), ["all", "escalationsOnly", "none"]);
    assert.equal(n.json[0].name, "Alla notiser");
  } finally {
    env.close();
  }
});

Deno.test("reference writes: anonymous 401, non-admins 403 and nothing changes", async () => {
  const { env, admin, user, b2b } = await setup();
  try {
    const d = await call(env, "POST", "/api/district", {
      headers: admin,
      body: { districtId: 1, name: "A" },
    });
    const c = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId: 1, name: "C", districtId: 1 },
    });
    const p = await call(env, "POST", "/api/marketprojects", {
      headers: admin,
      body: { name: "P", startDate: "2026-03-10" },
    });
    const before = await snapshot(env, admin);
    const writes: [string, string, unknown?][] = [
      ["POST", "/api/district", { districtId: 2, name: "B" }],
      ["PUT", `/api/district/${d.json.id}`, { districtId: 1, name: "Z" }],
      ["DELETE", `/api/district/${d.json.id}`],
      ["POST", "/api/clubs", { clubId: 2, name: "C2", districtId: 1 }],
      ["PUT", `/api/clubs/${c.json.id}`, { clubId: 1, name: "Z", districtId: 1 }],
      ["DELETE", `/api/clubs/${c.json.id}`],
      ["POST", "/api/marketprojects", { name: "Q", startDate: "2026-03-10" }],
      ["PUT", `/api/marketprojects/${p.json.id}`, {
        marketProjectId: 1,
        name: "Z",
        startDate: "2026-03-10",
      }],
      ["PATCH", `/api/marketprojects/${p.json.id}/activity`, { active: false }],
      ["DELETE", `/api/marketprojects/${p.json.id}`],
    ];
    for (const [method, path, body] of writes) {
      for (const h of [user, b2b]) {
        const r = await call(env, method, path, { headers: h, body });
        assert.equal(r.res.status, 403, `${method} ${path}`);
        assert.equal(r.json.error, "FORBIDDEN");
      }
      const anon = await call(env, method, path, {
        body,
        headers: { Origin: "http://localhost:8000" },
      });
      assert.equal(anon.res.status, 401, `${method} ${path} anonymous`);
    }
    for (const path of ["/api/district", "/api/clubs", "/api/marketprojects", "/api/sell-status"]) {
      assert.equal((await call(env, "GET", path)).res.status, 401, path);
    }
    assert.equal(await snapshot(env, admin), before);
  } finally {
    env.close();
  }
});
