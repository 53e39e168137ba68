/** Identity API: sign-in and its §8 errors, brute force, MFA, sessions, e-mail codes, OAuth, setup. */
import { userKey } from "@/lib/db/keys.ts";
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
import {
  callFrom,
  cookieHeader,
  cookiesOf,
  lastOobCode,
  lastSmsCode,
  signInHeaders,
} from "./identity_helpers.ts";
import { createSetupLink } from "@/lib/services/auth.ts";
import { getUser, getUserByEmail } from "@/lib/db/users.ts";
import { listOutbox } from "@/lib/notify/mod.ts";

const MIN = 60_000;

async function withEnv(
  fn: (env: TestEnv) => Promise<void>,
  overrides: Record<string, string> = {},
) {
  const env = await makeEnv(overrides, new Date("2026-03-02T09:00:00Z"));
  try {
    await fn(env);
  } finally {
    env.close();
  }
}

const signIn = (env: TestEnv, email: string, password: string) =>
  call(env, "POST", "/api/auth/sign-in", {
    headers: { Origin: ORIGIN },
    body: { email, password },
  });

function assertNoSecrets(json: unknown) {
  const text = JSON.stringify(json);
  assert.doesNotMatch(text, /passwordHash|argon2|\$argon/i, "no hash in the response");
  assert.doesNotMatch(text, new RegExp(TEST_PASSWORD), "no password in the response");
}

Deno.test("sign-in: session cookies, /api/auth/me, no secret in the answer", async () => {
  await withEnv(async (env) => {
    const u = await createTestUser(env.kv, { email: "Anna.Berg@Example.se" });
    const r = await signIn(env, "anna.berg@example.se", TEST_PASSWORD);
    assert.equal(r.res.status, 200);
    assert.equal(r.json.user.id, u.id);
    assert.equal(r.json.user.email, "Anna.Berg@Example.se");
    assertNoSecrets(r.json);
    const setCookies = r.res.headers.getSetCookie().join("\n");
    assert.match(setCookies, /kl_at=.*HttpOnly/i);
    assert.match(setCookies, /kl_rt=.*HttpOnly/i);
    assert.match(setCookies, /SameSite=Lax/i);
    const me = await call(env, "GET", "/api/auth/me", { headers: cookieHeader(cookiesOf(r.res)) });
    assert.equal(me.res.status, 200);
    assert.equal(me.json.user.id, u.id);
    assert.equal(me.json.settings.language, "sv");
    assertNoSecrets(me.json);
  });
});

Deno.test("sign-in: each §8 error under the e-mail field, nothing changes", async () => {
  await withEnv(async (env) => {
    const ok = await createTestUser(env.kv, { email: "ok@example.se" });
    await createTestUser(env.kv, { email: "new@example.se", verified: false });
    await createTestUser(env.kv, { email: "gone@example.se", enabled: false });
    const cases: [string, string, number, string, RegExp][] = [
      ["nobody@example.se", TEST_PASSWORD, 401, "USER_NOT_FOUND", /may have been deleted/],
      ["ok@example.se", "Wrong123", 401, "WRONG_PASSWORD", /password is invalid/],
      ["new@example.se", TEST_PASSWORD, 403, "EMAIL_NOT_VERIFIED", /not confirmed yet/],
      ["gone@example.se", TEST_PASSWORD, 403, "USER_DISABLED", /disabled/],
    ];
    for (const [email, password, status, code, message] of cases) {
      const r = await call(env, "POST", "/api/auth/sign-in", {
        headers: { Origin: ORIGIN, "Accept-Language": "en" },
        body: { email, password },
      });
      assert.equal(r.res.status, status, email);
      assert.equal(r.json.error, code);
      assert.match(r.json.fields.email, message);
      assert.equal(r.res.headers.getSetCookie().length, 0, "no cookie on failure");
    }
    // Swedish by default.
    const sv = await signIn(env, "nobody@example.se", TEST_PASSWORD);
    assert.match(sv.json.message, /Det finns ingen användare/);
    // Bad input: 400 with field keys.
    const bad = await signIn(env, "not-an-email", "");
    assert.equal(bad.res.status, 400);
    assert.deepEqual(Object.keys(bad.json.fields).sort(), ["email", "password"]);
    assert.equal((await getUser(env.kv, ok.id))?.verified, true);
  });
});

Deno.test("language: the page's language (X-UI-Language) wins over the browser's Accept-Language", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "lang@example.se" });
    const ask = (headers: Record<string, string>) =>
      call(env, "POST", "/api/auth/sign-in", {
        headers: { Origin: ORIGIN, ...headers },
        body: { email: "lang@example.se", password: "Wrong1234" },
      });
    const page = await ask({ "Accept-Language": "en-US,en", "X-UI-Language": "sv" });
    assert.equal(
      page.json.fields.email,
      "Lösenordet är fel eller så har användaren inget lösenord",
    );
    const script = await ask({ "Accept-Language": "en-US,en" });
    assert.match(script.json.fields.email, /password/i, "scripts keep Accept-Language");
    const bogus = await ask({ "Accept-Language": "en", "X-UI-Language": "xx" });
    assert.match(bogus.json.fields.email, /password/i);
  });
});

Deno.test("brute force: 5 failures lock the account for 15 minutes (429), then it opens", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "target@example.se" });
    for (let i = 0; i < 5; i++) {
      assert.equal((await signIn(env, "target@example.se", "Wrong123")).res.status, 401);
    }
    const locked = await call(env, "POST", "/api/auth/sign-in", {
      headers: { Origin: ORIGIN, "Accept-Language": "en" },
      body: { email: "target@example.se", password: TEST_PASSWORD },
    });
    assert.equal(locked.res.status, 429);
    assert.equal(locked.json.error, "TOO_MANY_ATTEMPTS");
    assert.equal(locked.res.headers.get("retry-after"), String(15 * 60), "the lock's window");
    assert.equal(
      locked.json.message,
      "Too many unsuccessful login attempts. Please try again later",
    );
    env.clock.advance(16 * MIN);
    assert.equal((await signIn(env, "target@example.se", TEST_PASSWORD)).res.status, 200);
  });
});

Deno.test("brute force: 20 failures from one address lock that address only", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "victim@example.se" });
    for (let i = 0; i < 20; i++) {
      const r = await callFrom(env, "203.0.113.9", "POST", "/api/auth/sign-in", {
        email: `guess${i}@example.se`,
        password: "Wrong123",
      });
      assert.equal(r.res.status, 401);
    }
    const blocked = await callFrom(env, "203.0.113.9", "POST", "/api/auth/sign-in", {
      email: "victim@example.se",
      password: TEST_PASSWORD,
    });
    assert.equal(blocked.res.status, 429);
    const other = await callFrom(env, "198.51.100.7", "POST", "/api/auth/sign-in", {
      email: "victim@example.se",
      password: TEST_PASSWORD,
    });
    assert.equal(other.res.status, 200);
  });
});

Deno.test("brute force in parallel: 40 guesses at one account check at most 5 passwords", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "target@example.se" });
    const answers = await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) =>
          callFrom(env, `198.51.100.${i + 1}`, "POST", "/api/auth/sign-in", {
            email: "target@example.se",
            password: `Wrong${i}x`,
          }),
      ),
    );
    const statuses = answers.map((a) => a.res.status);
    const checked = statuses.filter((s) => s === 401).length;
    assert.ok(checked <= 5, `${checked} passwords checked`);
    assert.equal(statuses.filter((s) => s === 429).length, 40 - checked);
    const sv = await call(env, "POST", "/api/auth/sign-in", {
      headers: { Origin: ORIGIN, "Accept-Language": "sv" },
      body: { email: "target@example.se", password: TEST_PASSWORD },
    });
    assert.equal(sv.res.status, 429, "the right password too, until the window ends");
    assert.equal(sv.json.message, "För många misslyckade inloggningsförsök. Försök igen senare");
    env.clock.advance(16 * MIN);
    assert.equal((await signIn(env, "target@example.se", TEST_PASSWORD)).res.status, 200);
  });
});

Deno.test("brute force in parallel: 60 e-mails from one address check at most 20", async () => {
  await withEnv(async (env) => {
    const answers = await Promise.all(
      Array.from(
        { length: 60 },
        (_, i) =>
          callFrom(env, "203.0.113.50", "POST", "/api/auth/sign-in", {
            email: `spray${i}@example.se`,
            password: "Wrong123",
          }),
      ),
    );
    const checked = answers.filter((a) => a.res.status === 401).length;
    assert.ok(checked <= 20, `${checked} checked`);
    assert.equal(answers.filter((a) => a.res.status === 429).length, 60 - checked);
  });
});

Deno.test("brute force: sign-ins that succeed do not use up an office address", async () => {
  await withEnv(async (env) => {
    for (let i = 0; i < 25; i++) {
      await createTestUser(env.kv, { email: `staff${i}@example.se` });
      const r = await callFrom(env, "192.0.2.10", "POST", "/api/auth/sign-in", {
        email: `staff${i}@example.se`,
        password: TEST_PASSWORD,
      });
      assert.equal(r.res.status, 200, `staff${i}`);
    }
  });
});

Deno.test("change password: the current-password check shares the account limit (429)", async () => {
  await withEnv(async (env) => {
    const u = await createTestUser(env.kv, { email: "changer@example.se" });
    const h = await signInHeaders(env, "changer@example.se", TEST_PASSWORD);
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(env, "PUT", `/api/users/${u.id}`, {
          headers: { ...h, "Accept-Language": "en" },
          body: {
            currentPassword: `Guess${i}xx`,
            password: "NewPass123",
            repeatPassword: "NewPass123",
          },
        })),
    );
    const statuses = tries.map((t) => t.res.status);
    assert.ok(statuses.filter((s) => s === 400).length <= 5, String(statuses));
    const limited = tries.find((t) => t.res.status === 429);
    assert.ok(limited, "the oracle is limited");
    assert.equal(
      limited.json.message,
      "För många misslyckade inloggningsförsök. Försök igen senare",
    );
    const right = await call(env, "PUT", `/api/users/${u.id}`, {
      headers: h,
      body: {
        currentPassword: TEST_PASSWORD,
        password: "NewPass123",
        repeatPassword: "NewPass123",
      },
    });
    assert.equal(right.res.status, 429, "even the right current password until the window ends");
    assert.equal((await signIn(env, "changer@example.se", "NewPass123")).res.status, 429);
    env.clock.advance(16 * MIN);
    assert.equal((await signIn(env, "changer@example.se", TEST_PASSWORD)).res.status, 200);
  });
});

Deno.test("MFA required: enrol on first sign-in, challenge later, §8 MFA errors", async () => {
  await withEnv(async (env) => {
    const u = await createTestUser(env.kv, { email: "mfa@example.se" });
    const first = await signIn(env, "mfa@example.se", TEST_PASSWORD);
    assert.equal(first.res.status, 200);
    assert.equal(first.json.mfa, "enroll");
    assert.equal(first.res.headers.getSetCookie().length, 0, "no session before MFA");
    const mfaSession = first.json.mfaSession;

    const badPhone = await call(env, "POST", "/api/auth/mfa/enroll", {
      headers: { Origin: ORIGIN },
      body: { mfaSession, phone: "0701" },
    });
    assert.equal(badPhone.res.status, 400);
    assert.equal(badPhone.json.fieldKeys.phone, "validation.mobile");

    const enroll = await call(env, "POST", "/api/auth/mfa/enroll", {
      headers: { Origin: ORIGIN },
      body: { mfaSession, phone: "+46 709876543" },
    });
    assert.equal(enroll.res.status, 200, JSON.stringify(enroll.json));
    assert.doesNotMatch(enroll.json.phoneHint, /9876543/);
    const code = await lastSmsCode(env, "+46709876543");

    const missing = await call(env, "POST", "/api/auth/mfa/verify", {
      headers: { Origin: ORIGIN },
      body: { mfaSession },
    });
    assert.equal(missing.res.status, 400);
    assert.equal(missing.json.error, "MFA_MISSING_CODE");

    const wrong = await call(env, "POST", "/api/auth/mfa/verify", {
      headers: { Origin: ORIGIN, "Accept-Language": "en" },
      body: { mfaSession, code: code === "000000" ? "111111" : "000000" },
    });
    assert.equal(wrong.res.status, 400);
    assert.equal(wrong.json.message, "Wrong verification code. Please try again.");

    const badSession = await call(env, "POST", "/api/auth/mfa/verify", {
      headers: { Origin: ORIGIN, "Accept-Language": "en" },
      body: { mfaSession: "forged-session-token", code },
    });
    assert.equal(badSession.res.status, 401);
    assert.equal(
      badSession.json.message,
      "Invalid verification session. Please retry the sign-in.",
    );

    const ok = await call(env, "POST", "/api/auth/mfa/verify", {
      headers: { Origin: ORIGIN },
      body: { mfaSession, code },
    });
    assert.equal(ok.res.status, 200);
    assert.equal(ok.json.user.mfaEnrolled, true);
    const me = await call(env, "GET", "/api/auth/me", { headers: cookieHeader(cookiesOf(ok.res)) });
    assert.equal(me.res.status, 200);
    assert.equal((await getUser(env.kv, u.id))?.mfaPhone, "+46709876543");

    // The code is single-use.
    const again = await call(env, "POST", "/api/auth/mfa/verify", {
      headers: { Origin: ORIGIN },
      body: { mfaSession, code },
    });
    assert.equal(again.res.status, 401);

    // Later sign-ins: a challenge to the enrolled phone.
    const second = await signIn(env, "mfa@example.se", TEST_PASSWORD);
    assert.equal(second.json.mfa, "challenge");
    assert.match(second.json.phoneHint, /^\+46 70/);
    const code2 = await lastSmsCode(env, "+46709876543");
    env.clock.advance(6 * MIN);
    const expired = await call(env, "POST", "/api/auth/mfa/verify", {
      headers: { Origin: ORIGIN, "Accept-Language": "en" },
      body: { mfaSession: second.json.mfaSession, code: code2 },
    });
    assert.equal(expired.res.status, 400);
    assert.equal(
      expired.json.message,
      "Verification code expired. Request a new code and try again.",
    );
    const resent = await call(env, "POST", "/api/auth/mfa/resend", {
      headers: { Origin: ORIGIN },
      body: { mfaSession: second.json.mfaSession },
    });
    assert.equal(resent.res.status, 200);
    const code3 = await lastSmsCode(env, "+46709876543");
    assert.equal(
      (await call(env, "POST", "/api/auth/mfa/verify", {
        headers: { Origin: ORIGIN },
        body: { mfaSession: second.json.mfaSession, code: code3 },
      })).res.status,
      200,
    );
  }, { MFA_MODE: "required" });
});

Deno.test("MFA: five wrong codes end the pending sign-in; the 6th try is refused", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "tries@example.se" });
    const s = (await signIn(env, "tries@example.se", TEST_PASSWORD)).json.mfaSession;
    await call(env, "POST", "/api/auth/mfa/enroll", {
      headers: { Origin: ORIGIN },
      body: { mfaSession: s, phone: "+46701112233" },
    });
    const code = await lastSmsCode(env, "+46701112233");
    const wrongCode = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      const r = await call(env, "POST", "/api/auth/mfa/verify", {
        headers: { Origin: ORIGIN },
        body: { mfaSession: s, code: wrongCode },
      });
      assert.equal(r.res.status, 400, `try ${i + 1}`);
    }
    const sixth = await call(env, "POST", "/api/auth/mfa/verify", {
      headers: { Origin: ORIGIN },
      body: { mfaSession: s, code },
    });
    assert.equal(sixth.res.status, 429);
    assert.equal(sixth.json.error, "MFA_TOO_MANY_ATTEMPTS");
    assert.equal(sixth.res.headers.getSetCookie().length, 0);
  }, { MFA_MODE: "required" });
});

Deno.test("MFA: at most 5 SMS per user an hour, however many sign-ins (in parallel)", async () => {
  await withEnv(async (env) => {
    const u = await createTestUser(env.kv, { email: "toll@example.se" });
    await env.kv.set(userKey(u.id), { ...u, mfaEnrolled: true, mfaPhone: "+46701112233" });
    const tries = await Promise.all(
      Array.from(
        { length: 7 },
        (_, i) =>
          callFrom(env, `198.51.100.${i + 1}`, "POST", "/api/auth/sign-in", {
            email: "toll@example.se",
            password: TEST_PASSWORD,
          }),
      ),
    );
    // Sign-ins in flight at once may also meet the account's attempt limit (429 as well).
    assert.ok(tries.every((t) => [200, 429].includes(t.res.status)));
    const sms = () => listOutbox(env.kv, { to: "+46701112233", now: env.clock.now });
    assert.ok((await sms()).length <= 5);
    let limited = null;
    for (let i = 0; i < 7 && !limited; i++) {
      const r = await signIn(env, "toll@example.se", TEST_PASSWORD);
      if (r.res.status === 429) limited = r;
    }
    assert.ok(limited, "the 6th SMS is refused");
    assert.equal(limited.json.error, "MFA_TOO_MANY_CODES");
    assert.equal((await sms()).length, 5);
    // A resend in a pending sign-in counts too.
    const pending = tries.find((t) => t.res.status === 200)!.json.mfaSession;
    const resend = await call(env, "POST", "/api/auth/mfa/resend", {
      headers: { Origin: ORIGIN },
      body: { mfaSession: pending },
    });
    assert.equal(resend.res.status, 429);
    env.clock.advance(61 * MIN);
    assert.equal((await signIn(env, "toll@example.se", TEST_PASSWORD)).res.status, 200);
  }, { MFA_MODE: "required" });
});

Deno.test("MFA: at most 20 SMS asked for from one address an hour", async () => {
  await withEnv(async (env) => {
    const users = [];
    for (let i = 0; i < 25; i++) {
      const u = await createTestUser(env.kv, { email: `sms${i}@example.se` });
      await env.kv.set(userKey(u.id), {
        ...u,
        mfaEnrolled: true,
        mfaPhone: `+4670111${1000 + i}`,
      });
      users.push(u);
    }
    const tries = await Promise.all(
      users.map((u) =>
        callFrom(env, "203.0.113.77", "POST", "/api/auth/sign-in", {
          email: u.email,
          password: TEST_PASSWORD,
        })
      ),
    );
    assert.equal(tries.filter((t) => t.res.status === 200).length, 20);
    assert.equal(tries.filter((t) => t.res.status === 429).length, 5);
  }, { MFA_MODE: "required" });
});

Deno.test("MFA: a stale enrolment can never replace a confirmed phone", async () => {
  await withEnv(async (env) => {
    const u = await createTestUser(env.kv, { email: "stale@example.se" });
    const a = (await signIn(env, "stale@example.se", TEST_PASSWORD)).json.mfaSession;
    const b = (await signIn(env, "stale@example.se", TEST_PASSWORD)).json.mfaSession;
    const enroll = (mfaSession: string, phone: string) =>
      call(env, "POST", "/api/auth/mfa/enroll", {
        headers: { Origin: ORIGIN },
        body: { mfaSession, phone },
      });
    const verify = (mfaSession: string, code: string) =>
      call(env, "POST", "/api/auth/mfa/verify", {
        headers: { Origin: ORIGIN },
        body: { mfaSession, code },
      });
    // The attacker's stale session enrols first, but its code is not used yet.
    assert.equal((await enroll(a, "+46705550001")).res.status, 200);
    const codeA = await lastSmsCode(env, "+46705550001");
    assert.equal((await enroll(b, "+46705550002")).res.status, 200);
    const codeB = await lastSmsCode(env, "+46705550002");
    assert.equal((await verify(b, codeB)).res.status, 200);
    assert.equal((await getUser(env.kv, u.id))?.mfaPhone, "+46705550002");
    const late = await verify(a, codeA);
    assert.equal(late.res.status, 401);
    assert.equal(late.json.error, "MFA_INVALID_SESSION");
    assert.equal((await enroll(a, "+46705550003")).res.status, 401);
    assert.equal(
      (await getUser(env.kv, u.id))?.mfaPhone,
      "+46705550002",
      "the confirmed phone stays",
    );
  }, { MFA_MODE: "required" });
});

Deno.test("e-mail verification: registered user verifies from the mailed link, once", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const reg = await call(env, "POST", "/api/user", {
      headers: admin.headers,
      body: {
        firstName: "Nils",
        lastName: "Holm",
        email: "nils@example.se",
        mobile: "+46701234567",
        password: "Passw0rd",
        repeatPassword: "Passw0rd",
        role: "ROLE_USER",
      },
    });
    assert.equal(reg.res.status, 201, JSON.stringify(reg.json));
    const unverified = await signIn(env, "nils@example.se", "Passw0rd");
    assert.equal(unverified.json.error, "EMAIL_NOT_VERIFIED");
    const mail = (await listOutbox(env.kv, { to: "nils@example.se", now: env.clock.now }))[0];
    assert.match(mail.subject!, /Bekräfta din e-postadress/);
    assert.ok(mail.html?.includes("/email-redirect?mode=verifyEmail"));
    const oobCode = await lastOobCode(env, "nils@example.se", "verifyEmail");

    const forged = await call(env, "POST", "/api/auth/verify-email", {
      headers: { Origin: ORIGIN },
      body: { oobCode: "A".repeat(32) },
    });
    assert.equal(forged.res.status, 400);
    assert.equal(forged.json.error, "INVALID_ACTION_CODE");

    const v = await call(env, "POST", "/api/auth/verify-email", {
      headers: { Origin: ORIGIN },
      body: { oobCode },
    });
    assert.equal(v.res.status, 200);
    const reused = await call(env, "POST", "/api/auth/verify-email", {
      headers: { Origin: ORIGIN },
      body: { oobCode },
    });
    assert.equal(reused.res.status, 400);
    assert.equal((await signIn(env, "nils@example.se", "Passw0rd")).res.status, 200);
  });
});

Deno.test("e-mail verification: an expired code is refused and changes nothing", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    await call(env, "POST", "/api/user", {
      headers: admin.headers,
      body: {
        firstName: "Eva",
        lastName: "Lind",
        email: "eva@example.se",
        mobile: "+46701234567",
        password: "Passw0rd",
        repeatPassword: "Passw0rd",
        role: "USER",
      },
    });
    const oobCode = await lastOobCode(env, "eva@example.se", "verifyEmail");
    env.clock.advance(4 * 24 * 60 * MIN);
    const r = await call(env, "POST", "/api/auth/verify-email", {
      headers: { Origin: ORIGIN },
      body: { oobCode },
    });
    assert.equal(r.res.status, 400);
    assert.equal((await getUserByEmail(env.kv, "eva@example.se"))?.verified, false);
  });
});

Deno.test("password reset: mail, verify code, confirm; old sessions end; code single-use", async () => {
  await withEnv(async (env) => {
    const { user, headers } = await signedIn(env, { email: "reset@example.se" });
    const unknown = await call(env, "POST", "/api/auth/password-reset", {
      headers: { Origin: ORIGIN, "Accept-Language": "en" },
      body: { email: "nobody@example.se" },
    });
    // The same answer as for a known address: nothing tells whether an account exists.
    assert.equal(unknown.res.status, 200);
    assert.deepEqual(unknown.json, { ok: true });
    assert.equal(
      (await listOutbox(env.kv, { to: "nobody@example.se", now: env.clock.now })).length,
      0,
    );

    const req = await call(env, "POST", "/api/auth/password-reset", {
      headers: { Origin: ORIGIN },
      body: { email: "RESET@example.se" },
    });
    assert.equal(req.res.status, 200);
    const oobCode = await lastOobCode(env, "reset@example.se", "resetPassword");
    const check = await call(env, "POST", "/api/auth/password-reset/verify", {
      headers: { Origin: ORIGIN },
      body: { oobCode },
    });
    assert.equal(check.json.email, "reset@example.se");

    const weak = await call(env, "POST", "/api/auth/password-reset/confirm", {
      headers: { Origin: ORIGIN },
      body: { oobCode, password: "weak" },
    });
    assert.equal(weak.res.status, 400);
    assert.equal(weak.json.fieldKeys.password, "validation.password");
    const mismatch = await call(env, "POST", "/api/auth/password-reset/confirm", {
      headers: { Origin: ORIGIN },
      body: { oobCode, password: "NewPass1", repeatPassword: "NewPass2" },
    });
    assert.equal(mismatch.res.status, 400);

    const ok = await call(env, "POST", "/api/auth/password-reset/confirm", {
      headers: { Origin: ORIGIN },
      body: { oobCode, password: "NewPass1", repeatPassword: "NewPass1" },
    });
    assert.equal(ok.res.status, 200, JSON.stringify(ok.json));
    assert.equal((await call(env, "GET", "/api/auth/me", { headers })).res.status, 401);
    assert.equal((await signIn(env, "reset@example.se", TEST_PASSWORD)).res.status, 401);
    assert.equal((await signIn(env, "reset@example.se", "NewPass1")).res.status, 200);
    const reused = await call(env, "POST", "/api/auth/password-reset/confirm", {
      headers: { Origin: ORIGIN },
      body: { oobCode, password: "Another1" },
    });
    assert.equal(reused.res.status, 400);
    assert.equal(reused.json.error, "INVALID_ACTION_CODE");

    // The client then tells the backend (spec §7); wrong credentials are refused.
    const conf = await call(env, "POST", "/api/password-recovery-confirmation", {
      headers: { Origin: ORIGIN },
      body: { email: user.email, password: "NewPass1" },
    });
    assert.equal(conf.res.status, 204);
    const confBad = await call(env, "POST", "/api/password-recovery-confirmation", {
      headers: { Origin: ORIGIN },
      body: { email: user.email, password: "Another1" },
    });
    assert.equal(confBad.res.status, 401);
  });
});

Deno.test("password reset request: no mail bombing, no address harvesting at speed (429)", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "inbox@example.se" });
    const ask = (address: string, email: string) =>
      callFrom(env, address, "POST", "/api/auth/password-reset", { email });
    const mails = async () =>
      (await listOutbox(env.kv, { to: "inbox@example.se", now: env.clock.now })).length;

    // At most 3 reset mails an hour to one account, whoever asks.
    for (let i = 0; i < 3; i++) {
      assert.equal((await ask(`198.51.100.${i}`, "inbox@example.se")).res.status, 200);
    }
    // The 4th answers like the others (a 429 would tell that the account exists), without a mail.
    const fourth = await ask("198.51.100.9", "INBOX@example.se");
    assert.equal(fourth.res.status, 200);
    assert.equal(await mails(), 3, "no 4th mail");
    env.clock.advance(61 * MIN);
    assert.equal((await ask("198.51.100.9", "inbox@example.se")).res.status, 200);
    assert.equal(await mails(), 4);

    // Probing unknown addresses counts as failed sign-ins: after 20 the address is locked,
    // for the reset form and the sign-in alike; other addresses are not.
    for (let i = 0; i < 20; i++) {
      const r = await ask("203.0.113.7", `probe${i}@example.se`);
      assert.equal(r.res.status, 200);
    }
    assert.equal((await ask("203.0.113.7", "probe99@example.se")).res.status, 429);
    const signInBlocked = await callFrom(env, "203.0.113.7", "POST", "/api/auth/sign-in", {
      email: "inbox@example.se",
      password: TEST_PASSWORD,
    });
    assert.equal(signInBlocked.res.status, 429);
    assert.equal((await ask("192.0.2.1", "probe99@example.se")).res.status, 200);
  });
});

Deno.test("sessions: refresh rotates; reusing an old refresh token revokes the family", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "rot@example.se" });
    const h1 = await signInHeaders(env, "rot@example.se", TEST_PASSWORD);
    const r1 = await call(env, "POST", "/api/auth/refresh", { headers: h1 });
    assert.equal(r1.res.status, 200);
    const h2 = cookieHeader({
      ...Object.fromEntries(h1.Cookie.split("; ").map((p) => p.split("=", 2))),
      ...cookiesOf(r1.res),
    });
    // The old refresh token again after the 30 s grace: theft → the session dies, with the new pair.
    env.clock.advance(31_000);
    const reuse = await call(env, "POST", "/api/auth/refresh", { headers: h1 });
    assert.equal(reuse.res.status, 401);
    assert.equal((await call(env, "POST", "/api/auth/refresh", { headers: h2 })).res.status, 401);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: h2 })).res.status, 401);
  });
});

Deno.test("sessions: two tabs refreshing at once both stay signed in (grace of 30 s)", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "tabs@example.se" });
    const h = await signInHeaders(env, "tabs@example.se", TEST_PASSWORD);
    const both = await Promise.all(
      Array.from({ length: 4 }, () => call(env, "POST", "/api/auth/refresh", { headers: h })),
    );
    assert.deepEqual(both.map((r) => r.res.status), [200, 200, 200, 200]);
    const successors = new Set(both.map((r) => cookiesOf(r.res).kl_rt));
    assert.equal(successors.size, 1, "every tab gets the same successor");
    const next = cookieHeader({
      ...Object.fromEntries(h.Cookie.split("; ").map((p) => p.split("=", 2))),
      ...cookiesOf(both[0].res),
    });
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: next })).res.status, 200);
    env.clock.advance(10_000);
    const late = await call(env, "POST", "/api/auth/refresh", { headers: h });
    assert.equal(late.res.status, 200, "a tab that wakes within 30 s");
    const after = cookieHeader({
      ...Object.fromEntries(h.Cookie.split("; ").map((p) => p.split("=", 2))),
      ...cookiesOf(late.res),
    });
    assert.equal(
      (await call(env, "POST", "/api/auth/refresh", { headers: after })).res.status,
      200,
    );
  });
});

Deno.test("sessions: sign-out, tampered and expired JWTs, CSRF without Origin", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "s@example.se" });
    const h = await signInHeaders(env, "s@example.se", TEST_PASSWORD);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: h })).res.status, 200);

    const at = /kl_at=([^;]+)/.exec(h.Cookie)![1];
    const [head, body, sig] = at.split(".");
    const payload = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")));
    payload.sub = "someone-else";
    const forged = `${head}.${
      btoa(JSON.stringify(payload)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
    }.${sig}`;
    const tampered = await call(env, "GET", "/api/auth/me", {
      headers: { Authorization: `Bearer ${forged}` },
    });
    assert.equal(tampered.res.status, 401);

    const noOrigin = await call(env, "POST", "/api/auth/sign-out", {
      headers: { Cookie: h.Cookie },
    });
    assert.equal(noOrigin.res.status, 403);
    const evil = await call(env, "POST", "/api/auth/sign-out", {
      headers: { Cookie: h.Cookie, Origin: "https://evil.example" },
    });
    assert.equal(evil.res.status, 403);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: h })).res.status, 200);

    env.clock.advance(16 * MIN);
    assert.equal(
      (await call(env, "GET", "/api/auth/me", { headers: h })).res.status,
      401,
      "expired access JWT",
    );
    const refreshed = await call(env, "POST", "/api/auth/refresh", { headers: h });
    assert.equal(refreshed.res.status, 200);
    const h2 = cookieHeader(cookiesOf(refreshed.res));
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: h2 })).res.status, 200);

    const out = await call(env, "POST", "/api/auth/sign-out", { headers: h2 });
    assert.equal(out.res.status, 204);
    assert.match(out.res.headers.getSetCookie().join(";"), /kl_at=;/);
    assert.equal((await call(env, "GET", "/api/auth/me", { headers: h2 })).res.status, 401);
    assert.equal((await call(env, "POST", "/api/auth/refresh", { headers: h2 })).res.status, 401);
  });
});

const form = (env: TestEnv, body: Record<string, string>) =>
  env.app.request(`${ORIGIN}/oauth/v2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });

Deno.test("oauth: password and refresh_token grants, RFC 6749 errors, Bearer access", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "script@example.se" });
    const res = await form(env, {
      grant_type: "password",
      username: "script@example.se",
      password: TEST_PASSWORD,
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const tok = await res.json();
    assert.equal(tok.token_type, "Bearer");
    assert.ok(tok.expires_in > 0);
    const me = await call(env, "GET", "/api/auth/me", {
      headers: { Authorization: `Bearer ${tok.access_token}` },
    });
    assert.equal(me.res.status, 200);

    const ref = await form(env, { grant_type: "refresh_token", refresh_token: tok.refresh_token });
    assert.equal(ref.status, 200);
    const tok2 = await ref.json();
    assert.notEqual(tok2.refresh_token, tok.refresh_token);

    const bad = await form(env, {
      grant_type: "password",
      username: "script@example.se",
      password: "Wrong123",
    });
    assert.equal(bad.status, 400);
    const badJson = await bad.json();
    assert.equal(badJson.error, "invalid_grant");
    assert.equal(typeof badJson.error_description, "string");
    assert.equal(badJson.code, "WRONG_PASSWORD");
    assert.equal(
      (await (await form(env, { grant_type: "magic" })).json()).error,
      "unsupported_grant_type",
    );
    assert.equal((await (await form(env, {})).json()).error, "invalid_request");
    env.clock.advance(31_000); // past the grace for a token refreshed twice at once
    const reused = await form(env, {
      grant_type: "refresh_token",
      refresh_token: tok.refresh_token,
    });
    assert.equal((await reused.json()).error, "invalid_grant");
  });
});

Deno.test("oauth: accounts that must pass MFA are refused with mfa_required", async () => {
  await withEnv(async (env) => {
    await createTestUser(env.kv, { email: "mfa-script@example.se" });
    const res = await form(env, {
      grant_type: "password",
      username: "mfa-script@example.se",
      password: TEST_PASSWORD,
    });
    assert.equal(res.status, 403);
    assert.equal((await res.json()).error, "mfa_required");
  }, { MFA_MODE: "required" });
});

Deno.test("first admin: one-time setup link on an empty database only", async () => {
  await withEnv(async (env) => {
    const deps = { kv: env.kv, config: env.config, now: () => env.clock.now };
    const link = await createSetupLink(deps);
    assert.ok(link);
    const token = new URL(link!).searchParams.get("token")!;
    const page = await env.app.request(`${ORIGIN}/setup?token=${token}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /data-island="SetupForm"/);
    const body = {
      token,
      firstName: "Ada",
      lastName: "Admin",
      email: "ada@example.se",
      mobile: "+46701234567",
      password: "Admin123",
      repeatPassword: "Admin123",
    };
    const wrong = await call(env, "POST", "/api/setup", {
      headers: { Origin: ORIGIN },
      body: { ...body, token: "nope" },
    });
    assert.equal(wrong.res.status, 400);
    assert.equal(wrong.json.error, "INVALID_SETUP_TOKEN");
    const r = await call(env, "POST", "/api/setup", { headers: { Origin: ORIGIN }, body });
    assert.equal(r.res.status, 201, JSON.stringify(r.json));
    assert.deepEqual(r.json.user.roles, ["ROLE_ADMIN"]);
    const again = await call(env, "POST", "/api/setup", {
      headers: { Origin: ORIGIN },
      body: { ...body, email: "eve@example.se" },
    });
    assert.equal(again.res.status, 400);
    assert.equal(await createSetupLink(deps), null, "no link once a user exists");
    assert.equal((await signIn(env, "ada@example.se", "Admin123")).res.status, 200);
  });
});
