/** Users API: registration rules, profiles, the admin list, disable/restore, API tokens, audit. */
import assert from "node:assert/strict";
import {
  call,
  createTestUser,
  makeEnv,
  ORIGIN,
  signedIn,
  TEST_PASSWORD,
  type TestEnv,
} from "@/tests/helpers.ts";
import { signInHeaders } from "./identity_helpers.ts";
import { listAuditFor } from "@/lib/db/audit.ts";
import { getUserByEmail } from "@/lib/db/users.ts";

async function withEnv(fn: (env: TestEnv) => Promise<void>) {
  const env = await makeEnv();
  try {
    await fn(env);
  } finally {
    env.close();
  }
}

const valid = {
  firstName: "Karin",
  lastName: "Ek",
  email: "karin.ek@example.se",
  mobile: "+46 701234567",
  password: "Passw0rd",
  repeatPassword: "Passw0rd",
  role: "ROLE_USER",
};

Deno.test("POST /api/user: admin registers; bad input is refused and stores nothing", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const bad: [Record<string, unknown>, string, string][] = [
      [{ mobile: "0701234567" }, "mobile", "validation.mobile"],
      [{ mobile: "+46 12" }, "mobile", "validation.mobile"],
      [{ password: "abc", repeatPassword: "abc" }, "password", "validation.password"],
      [{ password: "password1", repeatPassword: "password1" }, "password", "validation.password"],
      [{ password: "PASSWORD1", repeatPassword: "PASSWORD1" }, "password", "validation.password"],
      [
        { password: "Pass\tword1", repeatPassword: "Pass\tword1" },
        "password",
        "validation.password",
      ],
      [{ repeatPassword: "Other123" }, "repeatPassword", "validation.passwordsDoNotMatch"],
      [{ email: "nope" }, "email", "validation.email"],
      [{ firstName: "" }, "firstName", "validation.required"],
      [{ role: "ROLE_KING" }, "role", "validation.selectRequired"],
      [{ notificationCategoryId: "banana" }, "notificationCategoryId", "validation.invalidValue"],
    ];
    for (const [patch, field, key] of bad) {
      const r = await call(env, "POST", "/api/user", {
        headers: admin.headers,
        body: { ...valid, ...patch },
      });
      assert.equal(r.res.status, 400, JSON.stringify(patch));
      assert.equal(r.json.fieldKeys[field], key, JSON.stringify(patch));
    }
    assert.equal(await getUserByEmail(env.kv, valid.email), null, "nothing stored");

    const ok = await call(env, "POST", "/api/user", { headers: admin.headers, body: valid });
    assert.equal(ok.res.status, 201);
    assert.equal(ok.res.headers.get("location"), `/api/users/${ok.json.id}`);
    assert.equal(ok.json.mobile, "+46701234567");
    assert.equal(ok.json.verified, false);
    assert.equal(ok.json.role, "ROLE_USER");
    assert.doesNotMatch(JSON.stringify(ok.json), /passwordHash|Passw0rd/);

    const dup = await call(env, "POST", "/api/user", {
      headers: { ...admin.headers, "Accept-Language": "en" },
      body: { ...valid, email: "KARIN.EK@example.se" },
    });
    assert.equal(dup.res.status, 409);
    assert.equal(dup.json.error, "EMAIL_EXISTS");
    assert.equal(dup.json.fieldKeys.email, "register.errors.emailInUse");

    const label = await call(env, "POST", "/api/user", {
      headers: admin.headers,
      body: { ...valid, email: "b2b@example.se", role: "B2B USER" },
    });
    assert.equal(label.res.status, 201);
    assert.deepEqual(label.json.roles, ["ROLE_B2B_USER"]);

    const audit = await listAuditFor(env.kv, ok.json.id);
    assert.equal(audit[0].action, "user.create");
    assert.equal(audit[0].actorId, admin.user.id);
  });
});

Deno.test("users: non-admins cannot register or reach /api/admin/*; anonymous gets 401", async () => {
  await withEnv(async (env) => {
    const user = await signedIn(env, { role: "ROLE_USER" });
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    for (const h of [user.headers, b2b.headers]) {
      assert.equal(
        (await call(env, "POST", "/api/user", { headers: h, body: valid })).res.status,
        403,
      );
      assert.equal((await call(env, "GET", "/api/admin/users/", { headers: h })).res.status, 403);
      assert.equal(
        (await call(env, "DELETE", `/api/admin/users/${user.user.id}`, { headers: h })).res.status,
        403,
      );
    }
    assert.equal((await call(env, "GET", "/api/admin/users/")).res.status, 401);
  });
});

Deno.test("profiles: own profile or admin; a USER cannot edit another user or their role", async () => {
  await withEnv(async (env) => {
    const a = await signedIn(env);
    const b = await signedIn(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    assert.equal(
      (await call(env, "GET", `/api/users/${a.user.id}`, { headers: a.headers })).res.status,
      200,
    );
    assert.equal(
      (await call(env, "GET", `/api/users/${b.user.id}`, { headers: a.headers })).res.status,
      403,
    );
    const other = await call(env, "PUT", `/api/users/${b.user.id}`, {
      headers: a.headers,
      body: { firstName: "Hacked" },
    });
    assert.equal(other.res.status, 403);
    const roleUp = await call(env, "PUT", `/api/users/${a.user.id}`, {
      headers: a.headers,
      body: { role: "ROLE_ADMIN" },
    });
    assert.equal(roleUp.res.status, 403);
    const own = await call(env, "PUT", `/api/users/${a.user.id}`, {
      headers: a.headers,
      body: { firstName: "Anna", lastName: "Svensson", dailyReportSubscription: true },
    });
    assert.equal(own.res.status, 200);
    assert.equal(own.json.displayName, "Anna Svensson");
    assert.equal(own.json.dailyReportSubscription, true);

    // The notification category must be one of the seeded ones; a made-up one changes nothing.
    const badCategory = await call(env, "PUT", `/api/users/${a.user.id}`, {
      headers: a.headers,
      body: { notificationCategoryId: "banana", firstName: "Bertil" },
    });
    assert.equal(badCategory.res.status, 400);
    assert.equal(badCategory.json.fieldKeys.notificationCategoryId, "validation.invalidValue");
    const category = await call(env, "PUT", `/api/users/${a.user.id}`, {
      headers: a.headers,
      body: { notificationCategoryId: "escalationsOnly" },
    });
    assert.equal(category.res.status, 200);
    assert.equal(category.json.notificationCategoryId, "escalationsOnly");
    assert.equal(category.json.firstName, "Anna");
    const cleared = await call(env, "PUT", `/api/users/${a.user.id}`, {
      headers: a.headers,
      body: { notificationCategoryId: "" },
    });
    assert.equal(cleared.json.notificationCategoryId, null);

    // A stale version answers 409 with the current record.
    const stale = await call(env, "PUT", `/api/users/${a.user.id}`, {
      headers: admin.headers,
      body: { lastName: "Old", version: "00000000000000010000" },
    });
    assert.equal(stale.res.status, 409);
    assert.equal(stale.json.data.current.lastName, "Svensson");
    const fresh = await call(env, "PUT", `/api/users/${a.user.id}`, {
      headers: admin.headers,
      body: { role: "ROLE_B2B_USER", mobile: "+46709998877", version: cleared.json.version },
    });
    assert.equal(fresh.res.status, 200, JSON.stringify(fresh.json));
    assert.deepEqual(fresh.json.roles, ["ROLE_B2B_USER"]);
  });
});

Deno.test("profiles: changing one's own password needs the current one", async () => {
  await withEnv(async (env) => {
    const u = await createTestUser(env.kv, { email: "pw@example.se" });
    const h = await signInHeaders(env, "pw@example.se", TEST_PASSWORD);
    const other = await signInHeaders(env, "pw@example.se", TEST_PASSWORD);
    const noCurrent = await call(env, "PUT", `/api/users/${u.id}`, {
      headers: h,
      body: { password: "NewPass1", repeatPassword: "NewPass1" },
    });
    assert.equal(noCurrent.res.status, 400);
    assert.equal(noCurrent.json.fieldKeys.currentPassword, "validation.required");
    const mismatch = await call(env, "PUT", `/api/users/${u.id}`, {
      headers: h,
      body: { password: "NewPass1", repeatPassword: "NewPass2", currentPassword: TEST_PASSWORD },
    });
    assert.equal(mismatch.json.fieldKeys.repeatPassword, "validation.passwordsNotEqual");
    const ok = await call(env, "PUT", `/api/users/${u.id}`, {
      headers: h,
      body: { password: "NewPass1", repeatPassword: "NewPass1", currentPassword: TEST_PASSWORD },
    });
    assert.equal(ok.res.status, 200);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: h })).res.status, 200);
    assert.equal(
      (await call(env, "GET", "/api/auth/me", { headers: other })).res.status,
      401,
      "other sessions end",
    );
  });
});

Deno.test("admin list: paging, term search, x-total-elements, trailing slash optional", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN", email: "boss@example.se" });
    for (let i = 0; i < 12; i++) {
      await createTestUser(env.kv, {
        email: `staff${i}@club.se`,
        lastName: i % 2 ? "Berg" : "Dahl",
      });
    }
    const p1 = await call(env, "GET", "/api/admin/users/?page=1&perPage=5", {
      headers: admin.headers,
    });
    assert.equal(p1.res.status, 200);
    assert.equal(p1.json.total, 13);
    assert.equal(p1.res.headers.get("x-total-elements"), "13");
    assert.equal(p1.json.result.length, 5);
    const p3 = await call(env, "GET", "/api/admin/users?page=3&perPage=5", {
      headers: admin.headers,
    });
    assert.equal(p3.json.result.length, 3);
    const berg = await call(env, "GET", "/api/admin/users/?term=berg&perPage=50", {
      headers: admin.headers,
    });
    assert.equal(berg.json.total, 6);
    assert.ok(berg.json.result.every((u: any) => u.lastName === "Berg"));
    assert.doesNotMatch(JSON.stringify(p1.json), /passwordHash/);
    const bad = await call(env, "GET", "/api/admin/users/?perPage=1000", {
      headers: admin.headers,
    });
    assert.equal(bad.res.status, 400);
  });
});

Deno.test("delete disables the user at once (sessions end, sign-in refused); restore undoes it", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const victim = await createTestUser(env.kv, { email: "leaver@example.se" });
    const h = await signInHeaders(env, "leaver@example.se", TEST_PASSWORD);
    const self = await call(env, "DELETE", `/api/admin/users/${admin.user.id}`, {
      headers: admin.headers,
    });
    assert.equal(self.res.status, 400);
    const d = await call(env, "DELETE", `/api/admin/users/${victim.id}`, {
      headers: admin.headers,
    });
    assert.equal(d.res.status, 200);
    assert.equal(d.json.enabled, false);
    assert.equal(d.json.isDeleted, true);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: h })).res.status, 401);
    const signIn = await call(env, "POST", "/api/auth/sign-in", {
      headers: { Origin: ORIGIN },
      body: { email: "leaver@example.se", password: TEST_PASSWORD },
    });
    assert.equal(signIn.json.error, "USER_DISABLED");
    const r = await call(env, "PUT", `/api/admin/users/restore/${victim.id}`, {
      headers: admin.headers,
    });
    assert.equal(r.json.enabled, true);
    assert.equal((await signInHeaders(env, "leaver@example.se", TEST_PASSWORD)).Origin, ORIGIN);
    const missing = await call(env, "DELETE", "/api/admin/users/NOPE", { headers: admin.headers });
    assert.equal(missing.res.status, 404);
    const audit = await call(env, "GET", `/api/admin/users/${victim.id}/audit`, {
      headers: admin.headers,
    });
    assert.deepEqual(audit.json.map((a: any) => a.action), ["user.restore", "user.disable"]);
  });
});

Deno.test("API tokens: issued once, work as Bearer, listed without secrets, revocable", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const bot = await createTestUser(env.kv, { email: "bot@example.se" });
    const issued = await call(env, "POST", `/api/admin/users/${bot.id}/api-tokens`, {
      headers: admin.headers,
      body: { name: "nightly import" },
    });
    assert.equal(issued.res.status, 201);
    assert.match(issued.json.token, /^klt_/);
    const bearer = { Authorization: `Bearer ${issued.json.token}` };
    const me = await call(env, "GET", "/api/auth/me", { headers: bearer });
    assert.equal(me.json.user.id, bot.id);
    const list = await call(env, "GET", `/api/admin/users/${bot.id}/api-tokens`, {
      headers: admin.headers,
    });
    assert.equal(list.json.length, 1);
    assert.doesNotMatch(JSON.stringify(list.json), /klt_|hash/);
    const rev = await call(
      env,
      "DELETE",
      `/api/admin/users/${bot.id}/api-tokens/${issued.json.id}`,
      {
        headers: admin.headers,
      },
    );
    assert.equal(rev.res.status, 204);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: bearer })).res.status, 401);
  });
});

Deno.test("API tokens: a deleted and restored user does not get the old tokens back", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const bot = await createTestUser(env.kv, { email: "bot2@example.se" });
    const issued = await call(env, "POST", `/api/admin/users/${bot.id}/api-tokens`, {
      headers: admin.headers,
      body: { name: "import" },
    });
    const bearer = { Authorization: `Bearer ${issued.json.token}` };
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: bearer })).res.status, 200);
    const del = await call(env, "DELETE", `/api/admin/users/${bot.id}`, { headers: admin.headers });
    assert.equal(del.res.status, 200);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: bearer })).res.status, 401);
    const res = await call(env, "PUT", `/api/admin/users/restore/${bot.id}`, {
      headers: admin.headers,
    });
    assert.equal(res.res.status, 200);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: bearer })).res.status, 401);
    const list = await call(env, "GET", `/api/admin/users/${bot.id}/api-tokens`, {
      headers: admin.headers,
    });
    assert.deepEqual(list.json, []);
  });
});

Deno.test("passwords: passphrases, symbols and å ä ö are taken and sign in; the message names the minimum only", async () => {
  await withEnv(async (env) => {
    const { user, headers } = await signedIn(env);
    let current = TEST_PASSWORD;
    for (
      const password of [
        "Correct horse battery staple 9",
        "Tr0ub4dor&3!",
        "Ölbryggare 7 på Södermalm",
        "Aa1 ~!@#$%^&*()_+-=[]{}|;':\",./<>?`",
      ]
    ) {
      const r = await call(env, "PUT", `/api/users/${user.id}`, {
        headers,
        body: { password, repeatPassword: password, currentPassword: current },
      });
      assert.equal(r.res.status, 200, `${password}: ${JSON.stringify(r.json)}`);
      current = password;
      const signIn = await call(env, "POST", "/api/auth/sign-in", {
        headers: { Origin: ORIGIN },
        body: { email: user.email, password },
      });
      assert.equal(signIn.res.status, 200, `${password}: ${JSON.stringify(signIn.json)}`);
    }
    const weak = await call(env, "PUT", `/api/users/${user.id}`, {
      headers,
      body: { password: "abc!!", repeatPassword: "abc!!", currentPassword: current },
    });
    assert.equal(weak.res.status, 400);
    assert.equal(
      weak.json.fields.password,
      "Lösenordet måste ha minst 6 tecken, med minst en liten bokstav, en stor bokstav och en siffra",
      "the user's language (Swedish), the minimum only",
    );
  });
});
