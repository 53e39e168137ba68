/**
 * Deno Deploy fails closed: with DENO_DEPLOYMENT_ID set, APP_ENV defaults to production, so a
 * missing or weak SECRET_KEY or a missing APP_URL stops the start with one line; the app then
 * serves Secure __Host- cookies and HSTS, requires MFA, keeps the outbox closed and prints the
 * first-admin link on APP_URL.
 */
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "@/lib/config.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createApp } from "@/routes/mod.ts";
import { cookieNames } from "@/routes/cookies.ts";
import { createSetupLink } from "@/lib/services/auth.ts";
import { createTestUser, strongKey, TEST_PASSWORD } from "@/tests/helpers.ts";

const DEPLOY = { DENO_DEPLOYMENT_ID: "abc123", KV_PATH: ":memory:" };
const URL_ = "https://klubb.example";

/** A sequence a person types, built here so it is not in the project's files. */
const typed = (from: number, n: number, step = 1) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(from + i * step)).join("");

Deno.test("Deno Deploy: a missing SECRET_KEY or APP_URL stops the start with one line", () => {
  for (
    const env of [
      { ...DEPLOY },
      { ...DEPLOY, APP_URL: URL_ },
      { ...DEPLOY, SECRET_KEY: strongKey() },
    ]
  ) {
    assert.throws(() => loadConfig(env), (e: Error) => {
      assert.ok(e instanceof ConfigError);
      assert.equal(e.message.split("\n").length, 1, e.message);
      assert.match(e.message, /SECRET_KEY|APP_URL/);
      assert.match(e.message, /Deno Deploy/);
      return true;
    });
  }
  assert.throws(
    () => loadConfig({ ...DEPLOY, APP_URL: "http://klubb.example", SECRET_KEY: strongKey() }),
    /https/,
  );
  // An explicit APP_ENV is still the operator's choice.
  assert.equal(loadConfig({ ...DEPLOY, APP_ENV: "development" }).env, "development");
});

Deno.test("SECRET_KEY: a run or sequence of characters is refused; openssl rand -hex 32 keys pass", () => {
  const prod = (SECRET_KEY: string) =>
    loadConfig({ ...DEPLOY, APP_URL: URL_, SECRET_KEY, SMS_URL: "https://sms.example/send" });
  const sequences = [
    typed(48, 10) + typed(97, 26), // 0123456789abcdefghijklmnopqrstuvwxyz
    typed(122, 26, -1) + typed(57, 10, -1), // zyx…a 987…0
    typed(65, 26) + typed(48, 10), // ABC…Z 012…9
    strongKey().slice(0, 40) + typed(104, 12), // a random start, then hijklmnopqrs
  ];
  for (const key of sequences) {
    assert.throws(() => prod(key), (e: Error) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /^SECRET_KEY .*sequence.*openssl rand -hex 32/);
      return true;
    }, key);
  }
  for (let i = 0; i < 2000; i++) {
    const key = strongKey();
    assert.equal(prod(key).secretKey, key);
  }
});

Deno.test("Deno Deploy: production by default — Secure __Host- cookies, HSTS, MFA required, no outbox, setup link on APP_URL", async () => {
  const config = loadConfig({
    ...DEPLOY,
    APP_URL: URL_,
    SECRET_KEY: strongKey(),
    SMS_URL: "https://sms.example/send",
  });
  assert.equal(config.env, "production");
  assert.equal(config.mfaMode, "required");
  assert.equal(config.outboxReadable, false);
  assert.deepEqual(cookieNames(config), {
    access: "__Host-kl_at",
    refresh: "__Host-kl_rt",
    secure: true,
  });
  const kv = await Deno.openKv(":memory:");
  try {
    await runMigrations(kv);
    const link = await createSetupLink({ kv, config, now: () => new Date() });
    assert.match(link ?? "", /^https:\/\/klubb\.example\/setup\?token=\w+/);
    const app = createApp({ kv, config, now: () => new Date() });
    const login = await app.request(`${URL_}/login`);
    assert.equal(login.status, 200);
    assert.match(login.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
    const user = await createTestUser(kv, { role: "ROLE_ADMIN" });
    const signIn = await app.request(`${URL_}/api/auth/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: URL_ },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    const body = await signIn.json();
    assert.equal(signIn.status, 200, JSON.stringify(body));
    assert.equal(body.mfa, "enroll", "the second factor is required before any session");
    assert.equal(signIn.headers.get("set-cookie"), null);
    const outbox = await app.request(`${URL_}/api/outbox`);
    assert.equal(outbox.status, 404);
    await outbox.body?.cancel();
  } finally {
    kv.close();
  }
});
