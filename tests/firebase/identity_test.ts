/**
 * AUTH_PROVIDER=firebase against the real Firebase Auth emulator (`deno task test:firebase` starts
 * it and sets FIREBASE_AUTH_EMULATOR_HOST): create-admin, ID tokens as Bearer, an admin-created
 * account that must verify its e-mail, refused tokens, disabled users, the server-driven sign-in
 * with SMS MFA (codes read from the emulator), password reset and custom tokens.
 */
import assert from "node:assert/strict";
import { FIREBASE, HOST, PROJECT, smsCode } from "@/tests/firebase/env.ts";
import { join } from "node:path";
import { decodeJwt, UnsecuredJWT } from "jose";
import { testConfig } from "@/tests/helpers.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { listOutbox } from "@/lib/notify/mod.ts";
import { createVerifiedAdmin } from "@/lib/services/auth.ts";
import { firebaseImportUsers } from "@/lib/domain/firebase_export.ts";
import { userByEmailKey, userKey } from "@/lib/db/keys.ts";
import { createApp } from "@/routes/mod.ts";
import { call, createTestUser, makeEnv, ORIGIN, type TestEnv } from "@/tests/helpers.ts";

const ignore = !HOST; // run through `deno task test:firebase`
const PASSWORD = "Secret123";
let n = 0;
const email = (who: string) => `${who}.${Date.now()}.${++n}@example.se`;

async function rest(path: string, body: unknown) {
  const res = await fetch(`http://${HOST}/identitytoolkit.googleapis.com${path}?key=any`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** accounts:signInWithPassword at the emulator → the ID token. */
async function idToken(mail: string, password = PASSWORD): Promise<string> {
  const r = await rest("/v1/accounts:signInWithPassword", {
    email: mail,
    password,
    returnSecureToken: true,
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return r.json.idToken;
}

/** The oobCode of the last mail of ours to `to` (verification or reset link). */
async function mailedCode(env: TestEnv, to: string): Promise<string> {
  const mails = await listOutbox(env.kv, { to });
  assert.ok(mails.length, `a mail to ${to}`);
  const m = /oobCode=([^&\s"]+)/.exec(mails[0].text);
  assert.ok(m, mails[0].text);
  return decodeURIComponent(m[1]);
}

async function admin(env: TestEnv) {
  const mail = email("admin");
  const user = await createVerifiedAdmin(
    { kv: env.kv, config: env.config, now: () => new Date() },
    {
      email: mail,
      password: PASSWORD,
      firstName: "Ada",
      lastName: "Admin",
      mobile: "+46701234567",
    },
  );
  return { user, mail, bearer: { Authorization: `Bearer ${await idToken(mail)}` } };
}

Deno.test({
  name:
    "firebase: deno task create-admin makes an admin whose emulator ID token reads GET /api/users/{uid}",
  ignore,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-fb-admin-" });
    const kvPath = join(dir, "app.kv");
    const mail = email("boss");
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "scripts/create_admin.ts",
        "--email",
        mail,
        "--password-stdin",
        "--first-name",
        "Bo",
        "--last-name",
        "Chef",
        "--mobile",
        "+46701112233",
      ],
      env: { ...FIREBASE, KV_PATH: kvPath, APP_ENV: "test" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const w = out.stdin.getWriter();
    await w.write(new TextEncoder().encode(PASSWORD + "\n"));
    await w.close();
    const done = await out.output();
    assert.equal(done.code, 0, new TextDecoder().decode(done.stderr));
    const token = await idToken(mail);
    const uid = decodeJwt(token).sub!;
    const kv = await Deno.openKv(kvPath);
    try {
      await runMigrations(kv);
      const config = testConfig({ ...FIREBASE, KV_PATH: kvPath });
      const app = createApp({ kv, config, now: () => new Date() });
      const res = await app.request(`${ORIGIN}/api/users/${uid}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = await res.json();
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.email ?? body.user?.email, mail);
    } finally {
      kv.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "firebase: an admin's POST /api/user makes an account that is refused until verified with the mailed oobCode",
  ignore,
  async fn() {
    const env = await makeEnv(FIREBASE);
    try {
      const a = await admin(env);
      const mail = email("staff");
      const created = await call(env, "POST", "/api/user", {
        headers: a.bearer,
        body: {
          firstName: "Sara",
          lastName: "Säljare",
          email: mail,
          mobile: "+46702223344",
          password: PASSWORD,
          repeatPassword: PASSWORD,
          role: "ROLE_USER",
        },
      });
      assert.equal(created.res.status, 201, JSON.stringify(created.json));
      const unverified = await call(env, "GET", "/api/prospects?marketProjectId=1", {
        headers: { Authorization: `Bearer ${await idToken(mail)}`, "Accept-Language": "en" },
      });
      assert.equal(unverified.res.status, 403);
      assert.equal(unverified.json.error, "EMAIL_NOT_VERIFIED");
      assert.match(unverified.json.message, /not confirmed yet/);
      const verified = await call(env, "POST", "/api/auth/verify-email", {
        body: { oobCode: await mailedCode(env, mail) },
      });
      assert.equal(verified.res.status, 200, JSON.stringify(verified.json));
      const reads = await call(env, "GET", "/api/prospects?marketProjectId=1", {
        headers: { Authorization: `Bearer ${await idToken(mail)}` },
      });
      assert.equal(reads.res.status, 200, JSON.stringify(reads.json));

      // Deleted (disabled) at us and at Firebase: the old token and a new sign-in are refused.
      const uid = created.json.id ?? created.json.user?.id;
      const token = await idToken(mail);
      const del = await call(env, "DELETE", `/api/admin/users/${uid}`, { headers: a.bearer });
      assert.equal(del.res.status, 200, JSON.stringify(del.json));
      const old = await call(env, "GET", "/api/prospects?marketProjectId=1", {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(old.res.status, 401, "a disabled user's valid token is refused");
      const again = await rest("/v1/accounts:signInWithPassword", {
        email: mail,
        password: PASSWORD,
        returnSecureToken: true,
      });
      assert.equal(again.json.error?.message, "USER_DISABLED");
      const restore = await call(env, "PUT", `/api/admin/users/restore/${uid}`, {
        headers: a.bearer,
      });
      assert.equal(restore.res.status, 200);
      assert.ok(await idToken(mail), "restored: the account signs in again");
    } finally {
      env.close();
    }
  },
});

Deno.test({
  name:
    "firebase: a token for another project, an expired one, a forged sub and alg none without the emulator are 401",
  ignore,
  async fn() {
    const env = await makeEnv(FIREBASE);
    const prod = await makeEnv({
      ...FIREBASE,
      FIREBASE_AUTH_EMULATOR_HOST: "",
      GOOGLE_APPLICATION_CREDENTIALS: "/nonexistent/service-account.json",
    });
    try {
      const a = await admin(env);
      const good = a.bearer.Authorization.slice("Bearer ".length);
      const claims = decodeJwt(good);
      const forge = (over: Record<string, unknown>) =>
        new UnsecuredJWT({ ...claims, ...over }).encode();
      const t = Math.floor(Date.now() / 1000);
      const tries: [string, string][] = [
        [
          forge({ aud: "another-project", iss: "https://securetoken.google.com/another-project" }),
          "another project",
        ],
        [forge({ aud: "another-project" }), "another audience"],
        [forge({ exp: t - 10, iat: t - 3700, auth_time: t - 3700 }), "expired"],
        [forge({ auth_time: t + 3600 }), "signed in in the future"],
        [forge({ sub: "" }), "no subject"],
        [forge({ sub: "someone-else" }), "a uid we do not know"],
      ];
      for (const [token, why] of tries) {
        const r = await call(env, "GET", "/api/prospects?marketProjectId=1", {
          headers: { Authorization: `Bearer ${token}` },
        });
        assert.equal(r.res.status, 401, why);
      }
      const ok = await call(env, "GET", `/api/users/${a.user.id}`, { headers: a.bearer });
      assert.equal(ok.res.status, 200, "the genuine token works");
      const none = await call(prod, "GET", `/api/users/${a.user.id}`, { headers: a.bearer });
      assert.equal(none.res.status, 401, "alg none is refused without the emulator");
    } finally {
      env.close();
      prod.close();
    }
  },
});

Deno.test({
  name:
    "firebase: the sign-in screens' API with SMS MFA — enrol, then the second factor on the next sign-in",
  ignore,
  async fn() {
    const env = await makeEnv({ ...FIREBASE, MFA_MODE: "required" });
    try {
      const a = await admin(env);
      const wrong = await call(env, "POST", "/api/auth/sign-in", {
        headers: { "Accept-Language": "en" },
        body: { email: a.mail, password: "Wrong123" },
      });
      assert.equal(wrong.res.status, 401);
      assert.equal(wrong.json.error, "WRONG_PASSWORD");
      const first = await call(env, "POST", "/api/auth/sign-in", {
        body: { email: a.mail, password: PASSWORD },
      });
      assert.equal(first.json.mfa, "enroll", JSON.stringify(first.json));
      const phone = "+46705550001";
      const enroll = await call(env, "POST", "/api/auth/mfa/enroll", {
        body: { mfaSession: first.json.mfaSession, phone },
      });
      assert.equal(enroll.res.status, 200, JSON.stringify(enroll.json));
      const bad = await call(env, "POST", "/api/auth/mfa/verify", {
        body: { mfaSession: first.json.mfaSession, code: "000000" },
      });
      assert.equal(bad.res.status, 400, JSON.stringify(bad.json));
      const verify = await call(env, "POST", "/api/auth/mfa/verify", {
        body: { mfaSession: first.json.mfaSession, code: await smsCode(phone) },
      });
      assert.equal(verify.res.status, 200, JSON.stringify(verify.json));
      assert.match(verify.res.headers.get("set-cookie") ?? "", /kl_at=/);

      const second = await call(env, "POST", "/api/auth/sign-in", {
        body: { email: a.mail, password: PASSWORD },
      });
      assert.equal(second.json.mfa, "challenge", JSON.stringify(second.json));
      const done = await call(env, "POST", "/api/auth/mfa/verify", {
        body: { mfaSession: second.json.mfaSession, code: await smsCode(phone) },
      });
      assert.equal(done.res.status, 200, JSON.stringify(done.json));
    } finally {
      env.close();
    }
  },
});

Deno.test({
  name:
    "firebase: password reset through our mail and /api/auth-token's custom token signs in at the emulator",
  ignore,
  async fn() {
    const env = await makeEnv(FIREBASE);
    try {
      const a = await admin(env);
      const reset = await call(env, "POST", "/api/auth/password-reset", {
        body: { email: a.mail },
      });
      assert.equal(reset.res.status, 200, JSON.stringify(reset.json));
      const code = await mailedCode(env, a.mail);
      const check = await call(env, "POST", "/api/auth/password-reset/verify", {
        body: { oobCode: code },
      });
      assert.equal(check.json.email, a.mail);
      const confirm = await call(env, "POST", "/api/auth/password-reset/confirm", {
        body: { oobCode: code, password: "Newpass1", repeatPassword: "Newpass1" },
      });
      assert.equal(confirm.res.status, 200, JSON.stringify(confirm.json));
      assert.ok(await idToken(a.mail, "Newpass1"));
      const used = await call(env, "POST", "/api/auth/password-reset/confirm", {
        body: { oobCode: code, password: "Other123", repeatPassword: "Other123" },
      });
      assert.equal(used.res.status, 400, "a used code is an invalid action code");
      assert.equal(used.json.error, "INVALID_ACTION_CODE");

      // Scripts keep POST /oauth/v2/token: the server signs in at Firebase.
      const oauth = await env.app.request(`${ORIGIN}/oauth/v2/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "password",
          username: a.mail,
          password: "Newpass1",
        }),
      });
      const tok = await oauth.json();
      assert.equal(oauth.status, 200, JSON.stringify(tok));
      const viaScript = await call(env, "GET", `/api/users/${a.user.id}`, {
        headers: { Authorization: `Bearer ${tok.access_token}` },
      });
      assert.equal(viaScript.res.status, 200);

      const bearer = { Authorization: `Bearer ${await idToken(a.mail, "Newpass1")}` };
      const ct = await call(env, "POST", "/api/auth-token", { headers: bearer, body: a.user });
      assert.equal(ct.res.status, 200, JSON.stringify(ct.json));
      const signed = await rest("/v1/accounts:signInWithCustomToken", {
        token: ct.json.customToken,
        returnSecureToken: true,
      });
      assert.equal(signed.status, 200, JSON.stringify(signed.json));
      assert.equal(decodeJwt(signed.json.idToken).sub, a.user.id);
    } finally {
      env.close();
    }
  },
});

Deno.test({
  name:
    "firebase: moving from embedded — the export imports at Firebase (uid kept, no password); a reset sets one",
  ignore,
  async fn() {
    const embedded = await makeEnv();
    const env = await makeEnv(FIREBASE);
    try {
      // Users of an embedded install (argon2 hashes in KV).
      const mail = email("moved");
      const moved = await createTestUser(embedded.kv, { email: mail, firstName: "Flytt" });
      const file = firebaseImportUsers([moved]);
      assert.equal(file.users[0].localId, moved.id);
      assert.ok(!("passwordHash" in file.users[0]), "argon2 hashes do not go along");
      // What `firebase auth:import` sends: accounts:batchCreate.
      const res = await fetch(
        `http://${HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchCreate`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
          body: JSON.stringify(file),
        },
      );
      assert.equal(res.status, 200, await res.text());
      // The same KV user now under Firebase: a reset through our pages gives a password.
      await env.kv.set(userKey(moved.id), moved);
      await env.kv.set(userByEmailKey(mail.toLowerCase()), moved.id);
      const reset = await call(env, "POST", "/api/auth/password-reset", { body: { email: mail } });
      assert.equal(reset.res.status, 200);
      const confirm = await call(env, "POST", "/api/auth/password-reset/confirm", {
        body: {
          oobCode: await mailedCode(env, mail),
          password: "Flytt123",
          repeatPassword: "Flytt123",
        },
      });
      assert.equal(confirm.res.status, 200, JSON.stringify(confirm.json));
      const token = await idToken(mail, "Flytt123");
      assert.equal(decodeJwt(token).sub, moved.id, "the uid is our user id");
      const me = await call(env, "GET", `/api/users/${moved.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(me.res.status, 200, JSON.stringify(me.json));
    } finally {
      embedded.close();
      env.close();
    }
  },
});
