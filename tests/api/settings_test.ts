/** Settings API: work time, time limits, a user's settings and club subscriptions. */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import {
  clubSubscriberIds,
  getAdminSettings,
  getTimeLimitsByStatus,
  subscribedClubIds,
} from "@/lib/db/settings.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";

async function setup() {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z"));
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const user = await signedIn(env, { role: "ROLE_USER" });
  const other = await signedIn(env, { role: "ROLE_USER" });
  return { env, admin, user, other };
}

async function seedClubs(env: TestEnv, admin: Record<string, string>) {
  for (const [districtId, name] of [[1, "Norr"], [2, "Syd"]] as const) {
    await call(env, "POST", "/api/district", { headers: admin, body: { districtId, name } });
  }
  const clubs: [number, string, number][] = [
    [11, "Umeå", 1],
    [12, "Luleå", 1],
    [21, "Malmö", 2],
    [22, "Lund", 2],
    [23, "Ystad", 2],
  ];
  for (const [clubId, name, districtId] of clubs) {
    const r = await call(env, "POST", "/api/clubs", {
      headers: admin,
      body: { clubId, name, districtId },
    });
    assert.equal(r.res.status, 201);
  }
}

Deno.test("admin settings: seeded 08:00–17:00, HH:mm, from before to, stale 409, admin only", async () => {
  const { env, admin, user } = await setup();
  try {
    const g = await call(env, "GET", "/api/admin-settings", { headers: user.headers });
    assert.equal(g.res.status, 200);
    assert.equal(g.json.worktimeFrom, "08:00");
    assert.equal(g.json.worktimeTo, "17:00");
    const path = `/api/admin-settings/${g.json.id}`;

    for (
      const [body, field, key] of [
        [{ worktimeFrom: "7:00", worktimeTo: "16:00" }, "worktimeFrom", "validation.invalidTime"],
        [{ worktimeFrom: "07:00", worktimeTo: "24:00" }, "worktimeTo", "validation.invalidTime"],
        [{ worktimeFrom: "17:00", worktimeTo: "08:00" }, "worktimeTo", "validation.worktimeOrder"],
        [{ worktimeFrom: "08:00", worktimeTo: "08:00" }, "worktimeTo", "validation.worktimeOrder"],
        [{ worktimeTo: "08:00" }, "worktimeFrom", "validation.required"],
      ] as const
    ) {
      const r = await call(env, "PUT", path, { headers: admin.headers, body });
      assert.equal(r.res.status, 400, JSON.stringify(body));
      assert.equal(r.json.fieldKeys[field], key, JSON.stringify(body));
    }
    const forbidden = await call(env, "PUT", path, {
      headers: user.headers,
      body: { worktimeFrom: "07:00", worktimeTo: "16:00" },
    });
    assert.equal(forbidden.res.status, 403);
    assert.equal((await getAdminSettings(env.kv)).worktimeFrom, "08:00");

    const ok = await call(env, "PUT", path, {
      headers: admin.headers,
      body: { worktimeFrom: "07:30", worktimeTo: "16:00", version: g.json.version },
    });
    assert.equal(ok.res.status, 200);
    assert.equal(ok.json.worktimeFrom, "07:30");
    const stale = await call(env, "PUT", path, {
      headers: admin.headers,
      body: { worktimeFrom: "06:00", worktimeTo: "16:00", version: g.json.version },
    });
    assert.equal(stale.res.status, 409);
    assert.equal(stale.json.data.current.worktimeFrom, "07:30");
    assert.equal((await getAdminSettings(env.kv)).worktimeFrom, "07:30");
    const unknown = await call(env, "PUT", "/api/admin-settings/nope", {
      headers: admin.headers,
      body: { worktimeFrom: "06:00", worktimeTo: "16:00" },
    });
    assert.equal(unknown.res.status, 404);
  } finally {
    env.close();
  }
});

Deno.test("time settings: a row per sell status, localized names, integer hours 0–999", async () => {
  const { env, admin, user } = await setup();
  try {
    const sv = await call(env, "GET", "/api/sell-status-time-settings", { headers: user.headers });
    assert.equal(sv.res.status, 200);
    assert.deepEqual(sv.json.map((r: any) => r.sellStatus), [...SELL_STATUSES]);
    const prospect = sv.json.find((r: any) => r.sellStatus === "Prospect");
    assert.equal(prospect.hoursLeftBeforePaused, 0);
    assert.equal(prospect.hoursLeftBeforeNotified, 4);
    assert.equal(prospect.hoursLeftBeforeEscalated, 4);
    assert.equal(
      sv.json.find((r: any) => r.sellStatus === "NoAnswer1").sellStatusName,
      "Inget svar 1",
    );
    const en = await call(env, "GET", "/api/sell-status-time-settings?language=en", {
      headers: user.headers,
    });
    assert.equal(
      en.json.find((r: any) => r.sellStatus === "NoAnswer1").sellStatusName,
      "No answer 1",
    );

    const path = `/api/sell-status-time-settings/${prospect.id}`;
    const good = {
      hoursLeftBeforePaused: 1,
      hoursLeftBeforeNotified: "5",
      hoursLeftBeforeEscalated: 6,
    };
    for (
      const [patch, key] of [
        [{ hoursLeftBeforePaused: "x" }, "validation.notANumber"],
        [{ hoursLeftBeforePaused: -1 }, "validation.invalidValue"],
        [{ hoursLeftBeforePaused: 1000 }, "validation.invalidValue"],
        [{ hoursLeftBeforePaused: 1.5 }, "validation.integer"],
        [{ hoursLeftBeforePaused: undefined }, "validation.required"],
      ] as const
    ) {
      const r = await call(env, "PUT", path, {
        headers: admin.headers,
        body: { ...good, ...patch },
      });
      assert.equal(r.res.status, 400, JSON.stringify(patch));
      assert.equal(r.json.fieldKeys.hoursLeftBeforePaused, key, JSON.stringify(patch));
    }
    const denied = await call(env, "PUT", path, { headers: user.headers, body: good });
    assert.equal(denied.res.status, 403);
    assert.deepEqual((await getTimeLimitsByStatus(env.kv)).Prospect, {
      hoursLeftBeforePaused: 0,
      hoursLeftBeforeNotified: 4,
      hoursLeftBeforeEscalated: 4,
    });

    const ok = await call(env, "PUT", path, {
      headers: admin.headers,
      body: { ...good, version: prospect.version },
    });
    assert.equal(ok.res.status, 200);
    assert.equal(ok.json.hoursLeftBeforeNotified, 5);
    assert.deepEqual((await getTimeLimitsByStatus(env.kv)).Prospect, {
      hoursLeftBeforePaused: 1,
      hoursLeftBeforeNotified: 5,
      hoursLeftBeforeEscalated: 6,
    });
    const stale = await call(env, "PUT", path, {
      headers: admin.headers,
      body: { ...good, hoursLeftBeforePaused: 9, version: prospect.version },
    });
    assert.equal(stale.res.status, 409);
    assert.equal(stale.json.data.current.hoursLeftBeforePaused, 1);
    const missing = await call(env, "PUT", "/api/sell-status-time-settings/Nope", {
      headers: admin.headers,
      body: good,
    });
    assert.equal(missing.res.status, 404);
  } finally {
    env.close();
  }
});

Deno.test("user settings: defaults, menu, language (next page load), market project; own user or admin", async () => {
  const { env, admin, user, other } = await setup();
  try {
    const base = `/api/users/${user.user.id}/settings`;
    const g = await call(env, "GET", base, { headers: user.headers });
    assert.equal(g.res.status, 200);
    assert.deepEqual(g.json, {
      selectedMarketProjectId: null,
      showSelectMarketProjectMessage: true,
      menu: 2,
      language: "sv",
      away: false,
      notifications: {
        webLead: { email: false, sms: false },
        escalation: { email: true, sms: false },
        assigned: { email: false, sms: false },
        dailyReport: { email: true, sms: false },
      },
    });

    const menu = await call(env, "PATCH", `${base}/menu`, {
      headers: user.headers,
      body: { menu: 1 },
    });
    assert.equal(menu.res.status, 200);
    assert.equal(menu.json.menu, 1);
    const badMenu = await call(env, "PATCH", `${base}/menu`, {
      headers: user.headers,
      body: { menu: 3 },
    });
    assert.equal(badMenu.res.status, 400);

    const lang = await call(env, "PATCH", `${base}/language`, {
      headers: user.headers,
      body: { language: "en" },
    });
    assert.equal(lang.json.language, "en");
    const badLang = await call(env, "PATCH", `${base}/language`, {
      headers: user.headers,
      body: { language: "de" },
    });
    assert.equal(badLang.res.status, 400);
    // The next page load is in English, with the stored menu state.
    const page = await env.app.request(`${ORIGIN}/prospects`, { headers: user.headers });
    const html = await page.text();
    assert.match(html, /<html lang="en"/);
    assert.match(html, /data-menu="1"/);
    // And API messages follow the language.
    const err = await call(env, "PATCH", `${base}/menu`, { headers: user.headers, body: {} });
    assert.equal(err.json.fields.menu, "Invalid value");

    const noProject = await call(env, "PATCH", `${base}/market-project`, {
      headers: user.headers,
      body: { selectedMarketProjectId: 7 },
    });
    assert.equal(noProject.res.status, 400);
    const p = await call(env, "POST", "/api/marketprojects", {
      headers: admin.headers,
      body: { name: "Vår", startDate: "2026-03-10" },
    });
    const mp = await call(env, "PATCH", `${base}/market-project`, {
      headers: user.headers,
      body: {
        selectedMarketProjectId: p.json.marketProjectId,
        showSelectMarketProjectMessage: false,
      },
    });
    assert.equal(mp.res.status, 200);
    assert.equal(mp.json.selectedMarketProjectId, "1");
    assert.equal(mp.json.showSelectMarketProjectMessage, false);
    const clear = await call(env, "PATCH", `${base}/market-project`, {
      headers: user.headers,
      body: { selectedMarketProjectId: null },
    });
    assert.equal(clear.json.selectedMarketProjectId, null);

    // Someone else's settings: 403 for users, fine for admins; unknown user 404.
    assert.equal((await call(env, "GET", base, { headers: other.headers })).res.status, 403);
    const otherPatch = await call(env, "PATCH", `${base}/menu`, {
      headers: other.headers,
      body: { menu: 0 },
    });
    assert.equal(otherPatch.res.status, 403);
    assert.equal((await call(env, "GET", base, { headers: user.headers })).json.menu, 1);
    assert.equal((await call(env, "GET", base, { headers: admin.headers })).res.status, 200);
    assert.equal(
      (await call(env, "GET", "/api/users/NOPE/settings", { headers: admin.headers })).res.status,
      404,
    );
    assert.equal((await call(env, "GET", base)).res.status, 401);
  } finally {
    env.close();
  }
});

Deno.test("club subscriptions: checked flags, district filter, one club, select-all per district", async () => {
  const { env, admin, user, other } = await setup();
  try {
    await seedClubs(env, admin.headers);
    const path = `/api/users/${user.user.id}/clubs`;
    const h = user.headers;
    const g = await call(env, "GET", path, { headers: h });
    assert.equal(g.res.status, 200);
    assert.equal(g.json.length, 5);
    assert.ok(g.json.every((c: any) => c.checked === false));

    const one = await call(env, "PUT", path, { headers: h, body: { clubId: 21, checked: true } });
    assert.equal(one.res.status, 200);
    assert.deepEqual(one.json.filter((c: any) => c.checked).map((c: any) => c.clubId), [21]);
    // Idempotent.
    await call(env, "PUT", path, { headers: h, body: { clubId: 21, checked: true } });
    assert.deepEqual(await clubSubscriberIds(env.kv, 21), [user.user.id]);

    const north = await call(env, "GET", `${path}?regionIds=1`, { headers: h });
    assert.deepEqual(north.json.map((c: any) => c.clubId).sort(), [11, 12]);
    const allNorth = await call(env, "PUT", path, {
      headers: h,
      body: { all: true, checked: true, regionIds: [1] },
    });
    assert.equal(allNorth.res.status, 200);
    assert.ok(allNorth.json.every((c: any) => c.checked && c.districtId === 1));
    assert.deepEqual(await subscribedClubIds(env.kv, user.user.id), [11, 12, 21]);

    const both = await call(env, "GET", `${path}?regionIds=1,2`, { headers: h });
    assert.equal(both.json.length, 5);
    const offAll = await call(env, "PUT", path, {
      headers: h,
      body: { all: true, checked: false },
    });
    assert.ok(offAll.json.every((c: any) => !c.checked));
    assert.deepEqual(await subscribedClubIds(env.kv, user.user.id), []);
    assert.deepEqual(await clubSubscriberIds(env.kv, 21), []);

    const unknown = await call(env, "PUT", path, {
      headers: h,
      body: { clubId: 999, checked: true },
    });
    assert.equal(unknown.res.status, 404);
    const bad = await call(env, "PUT", path, { headers: h, body: { clubId: 11 } });
    assert.equal(bad.res.status, 400);
    const badFilter = await call(env, "GET", `${path}?regionIds=a,b`, { headers: h });
    assert.equal(badFilter.res.status, 400);

    // Another user's subscriptions: 403 and nothing changes; admins may.
    const denied = await call(env, "PUT", path, {
      headers: other.headers,
      body: { clubId: 11, checked: true },
    });
    assert.equal(denied.res.status, 403);
    assert.equal((await call(env, "GET", path, { headers: other.headers })).res.status, 403);
    assert.deepEqual(await subscribedClubIds(env.kv, user.user.id), []);
    const byAdmin = await call(env, "PUT", path, {
      headers: admin.headers,
      body: { clubId: 11, checked: true },
    });
    assert.equal(byAdmin.res.status, 200);
    assert.deepEqual(await subscribedClubIds(env.kv, user.user.id), [11]);
  } finally {
    env.close();
  }
});

Deno.test("/settings page: users see Profile and Choose club only; admin tabs are 403 for them", async () => {
  const { env, admin, user } = await setup();
  try {
    await seedClubs(env, admin.headers);
    const page = async (path: string, headers: Record<string, string>) => {
      const r = await env.app.request(`${ORIGIN}${path}`, { headers });
      return { status: r.status, html: await r.text() };
    };
    const mine = await page("/settings", user.headers);
    assert.equal(mine.status, 200);
    assert.match(mine.html, /data-testid="tab-profile"/);
    assert.match(mine.html, /data-testid="tab-chooseClub"/);
    assert.doesNotMatch(mine.html, /data-testid="tab-admin"/);
    assert.doesNotMatch(mine.html, /data-testid="tab-clubs"/);
    assert.match(mine.html, /data-island="ProfileTab"/);
    assert.match(mine.html, new RegExp(user.user.email.replace(".", "\\.")));
    const choose = await page("/settings?tab=chooseClub", user.headers);
    assert.match(choose.html, /data-island="ChooseClubTab"/);
    assert.match(choose.html, /Malmö/);
    for (const tab of ["admin", "clubs", "marketProjects", "districts"]) {
      assert.equal((await page(`/settings?tab=${tab}`, user.headers)).status, 403, tab);
      const a = await page(`/settings?tab=${tab}`, admin.headers);
      assert.equal(a.status, 200, tab);
      assert.match(a.html, new RegExp(`data-testid="panel-${tab}"`));
    }
    const adminTab = await page("/settings?tab=admin", admin.headers);
    assert.match(adminTab.html, /Inget svar 1/);
    const anon = await env.app.request(`${ORIGIN}/settings`);
    assert.equal(anon.status, 302);
    await anon.body?.cancel();
  } finally {
    env.close();
  }
});
