/** The base: health, JSON and page 404s, security headers, CSRF, body limit, config rules. */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { call, makeEnv, ORIGIN, signedIn, strongKey } from "@/tests/helpers.ts";

const STRONG = strongKey();
import { ConfigError, DEV_SECRET_KEY, loadConfig } from "@/lib/config.ts";
import { testConfig } from "@/tests/helpers.ts";
import { HttpError } from "@/routes/errors.ts";
import { csrf } from "@/routes/middleware/csrf.ts";
import { requestLog } from "@/routes/middleware/request_log.ts";
import type { AppEnv } from "@/routes/env.ts";

Deno.test("GET /api/health reports KV reachability", async () => {
  const env = await makeEnv();
  try {
    const { res, json } = await call(env, "GET", "/api/health");
    assert.equal(res.status, 200);
    assert.deepEqual(json, { status: "ok", kv: "ok", version: "1.0.0" });
    assert.ok(res.headers.get("x-request-id"));
  } finally {
    env.close();
  }
});

Deno.test("unknown API paths answer JSON 404, unknown pages the 404 page", async () => {
  const env = await makeEnv();
  try {
    const api = await call(env, "GET", "/api/anything-unknown");
    assert.equal(api.res.status, 404);
    assert.equal(api.json.error, "NOT_FOUND");
    assert.equal(typeof api.json.message, "string");
    const page = await env.app.request(`${ORIGIN}/no/such/page`);
    assert.equal(page.status, 404);
    const html = await page.text();
    assert.match(html, /data-testid="error-404"/);
    assert.match(html, /href="\/"/, "the Dashboard button goes to /");
    assert.match(html, /<html lang="sv"/);
  } finally {
    env.close();
  }
});

Deno.test("error pages answer their status", async () => {
  const env = await makeEnv();
  try {
    for (
      const [path, status] of [["/error", 500], ["/forbidden", 403], ["/not-found", 404]] as const
    ) {
      const r = await env.app.request(`${ORIGIN}${path}`);
      assert.equal(r.status, status, path);
      await r.body?.cancel();
    }
  } finally {
    env.close();
  }
});

Deno.test("protected pages send anonymous users to /login with the original path", async () => {
  const env = await makeEnv();
  try {
    const r = await env.app.request(`${ORIGIN}/prospects?x=1`);
    assert.equal(r.status, 302);
    assert.equal(r.headers.get("location"), "/login?redirect=%2Fprospects%3Fx%3D1");
    const { headers } = await signedIn(env);
    const ok = await env.app.request(`${ORIGIN}/prospects`, { headers });
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
  } finally {
    env.close();
  }
});

Deno.test("security headers: strict CSP without inline scripts, no framing, no HSTS on localhost", async () => {
  const env = await makeEnv();
  try {
    const r = await env.app.request(`${ORIGIN}/login`);
    const csp = r.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(r.headers.get("x-frame-options"), "DENY");
    assert.equal(r.headers.get("strict-transport-security"), null);
    const html = await r.text();
    // Only external module scripts and the non-executable JSON data block.
    for (const m of html.matchAll(/<script([^>]*)>/g)) {
      assert.ok(/src=|type="application\/json"/.test(m[1]), `inline script found: ${m[0]}`);
    }
  } finally {
    env.close();
  }
  const prod = await makeEnv({ APP_URL: "https://leads.example.se" });
  try {
    const r = await prod.app.request("https://leads.example.se/login");
    assert.match(r.headers.get("strict-transport-security") ?? "", /max-age=/);
    await r.body?.cancel();
  } finally {
    prod.close();
  }
});

Deno.test("oversized bodies answer 413 and no stack trace ever reaches the client", async () => {
  const env = await makeEnv({ BODY_LIMIT_BYTES: "100" });
  try {
    const { res, json } = await call(env, "POST", "/api/health", { body: { x: "a".repeat(500) } });
    assert.equal(res.status, 413);
    assert.equal(json.error, "PAYLOAD_TOO_LARGE");
  } finally {
    env.close();
  }
});

Deno.test("CSRF: cookie requests need a matching Origin; bearer and header-less script calls pass", async () => {
  const app = new Hono<AppEnv>();
  app.use("*", csrf({ allowedOrigins: ["https://leads.example.se"] }));
  app.post("/x", (c) => c.text("ok"));
  app.onError((e, c) => c.text(e.message, (e as HttpError).status as 403));
  const post = (headers: Record<string, string>) =>
    app.request("https://leads.example.se/x", { method: "POST", headers });
  assert.equal((await post({ Origin: "https://leads.example.se", Cookie: "a=1" })).status, 200);
  assert.equal((await post({ Origin: "https://evil.example", Cookie: "a=1" })).status, 403);
  assert.equal((await post({ "Sec-Fetch-Site": "cross-site", Cookie: "a=1" })).status, 403);
  assert.equal((await post({ "Sec-Fetch-Site": "same-origin", Cookie: "a=1" })).status, 200);
  assert.equal((await post({ Cookie: "a=1" })).status, 403, "cookie without Origin");
  assert.equal(
    (await post({ Authorization: "Bearer x", Origin: "https://evil.example" })).status,
    200,
  );
  assert.equal((await post({})).status, 200, "no cookies, no browser headers: a script");
  assert.equal((await app.request("https://leads.example.se/x", { method: "GET" })).status, 404);
});

Deno.test("the access log has no query strings or bodies", async () => {
  const lines: string[] = [];
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("user", null);
    await next();
  });
  app.use("*", requestLog({ log: true, write: (l) => lines.push(l) }));
  app.post("/email-redirect", (c) => c.text("ok"));
  await app.request("http://x/email-redirect?oobCode=SECRET", {
    method: "POST",
    body: "password=Secret1",
  });
  assert.equal(lines.length, 1);
  assert.doesNotMatch(lines[0], /SECRET|Secret1/);
  assert.equal(JSON.parse(lines[0]).path, "/email-redirect");
});

Deno.test("config: production refuses to start without SECRET_KEY and APP_URL", () => {
  assert.throws(() => loadConfig({ APP_ENV: "production" }), ConfigError);
  assert.throws(() => loadConfig({ APP_ENV: "production", APP_URL: "https://x.se" }), /SECRET_KEY/);
  assert.throws(
    () => loadConfig({ APP_ENV: "production", APP_URL: "https://x.se", SECRET_KEY: STRONG }),
    /SMS_URL/,
    "MFA is required off localhost and needs an SMS provider",
  );
  const c = loadConfig({
    APP_ENV: "production",
    APP_URL: "https://x.se",
    SECRET_KEY: STRONG,
    SMS_URL: "https://sms.example/send",
  });
  assert.equal(c.mfaMode, "required");
  assert.equal(c.outboxReadable, false);
  assert.equal(loadConfig({}).mfaMode, "off", "localhost skips MFA by default");
  assert.throws(() => loadConfig({ PORT: "abc" }), ConfigError);
});

Deno.test("config: AUTH_PROVIDER=firebase names each missing variable and reads nothing at start", () => {
  assert.throws(() => loadConfig({ AUTH_PROVIDER: "firebase" }), /FIREBASE_PROJECT_ID/);
  assert.throws(
    () => loadConfig({ AUTH_PROVIDER: "firebase", FIREBASE_PROJECT_ID: "p" }),
    /FIREBASE_API_KEY/,
  );
  assert.throws(
    () =>
      loadConfig({ AUTH_PROVIDER: "firebase", FIREBASE_PROJECT_ID: "p", FIREBASE_API_KEY: "k" }),
    /GOOGLE_APPLICATION_CREDENTIALS/,
  );
  const c = loadConfig({
    APP_ENV: "production",
    APP_URL: "https://x.se",
    SECRET_KEY: STRONG,
    AUTH_PROVIDER: "firebase",
    FIREBASE_PROJECT_ID: "klubb",
    FIREBASE_API_KEY: "key",
    // Not read at start (a missing file fails the first admin call, not the boot).
    GOOGLE_APPLICATION_CREDENTIALS: "/nonexistent/sa.json",
  });
  assert.equal(c.authProvider, "firebase");
  assert.equal(c.firebase?.projectId, "klubb");
  assert.equal(c.mfaMode, "required", "Firebase texts the codes: no SMS_URL needed");
  assert.equal(loadConfig({}).authProvider, "embedded");
});

Deno.test("config: a public APP_URL refuses an unset or development SECRET_KEY in every APP_ENV", () => {
  for (const APP_ENV of ["development", "test", "production"]) {
    assert.throws(
      () => loadConfig({ APP_ENV, APP_URL: "https://klubb.example" }),
      /SECRET_KEY/,
      APP_ENV,
    );
    assert.throws(
      () => loadConfig({ APP_ENV, APP_URL: "https://klubb.example", SECRET_KEY: DEV_SECRET_KEY }),
      /SECRET_KEY/,
      APP_ENV,
    );
  }
  const ok = loadConfig({ APP_URL: "https://klubb.example", SECRET_KEY: "s".repeat(40) });
  assert.equal(ok.secretKey, "s".repeat(40));
  assert.equal(loadConfig({ APP_URL: "http://127.0.0.1:8000" }).secretKey, DEV_SECRET_KEY);
});

Deno.test("deno task start refuses a public APP_URL without SECRET_KEY, naming it", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: new URL("../../", import.meta.url),
    env: { APP_URL: "https://klubb.example", KV_PATH: ":memory:", SECRET_KEY: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.notEqual(out.code, 0);
  const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
  assert.match(text, /SECRET_KEY/);
});

Deno.test("config: production refuses a guessable or public SECRET_KEY in one line naming how to make one", () => {
  const prod = (SECRET_KEY: string) =>
    loadConfig({
      APP_ENV: "production",
      APP_URL: "https://klubb.example",
      SECRET_KEY,
      MFA_MODE: "off",
    });
  const publicKeys = [
    "a".repeat(32),
    "0123456789".repeat(4),
    "abcdefghijklmnop".repeat(3),
    DEV_SECRET_KEY,
    testConfig().secretKey,
  ];
  for (const key of publicKeys) {
    assert.throws(() => prod(key), (e: Error) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /^SECRET_KEY .*openssl rand -hex 32/);
      assert.equal(e.message.split("\n").length, 1);
      return true;
    }, key);
  }
  // Keys made as the line says are taken, every time.
  for (let i = 0; i < 200; i++) {
    const key = strongKey();
    assert.equal(prod(key).secretKey, key);
  }
  const base64 = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))));
  assert.equal(prod(base64).secretKey, base64);
  // Outside production on loopback the test key stays usable.
  assert.ok(testConfig().secretKey);
});

Deno.test("deno task start in production refuses SECRET_KEY=32 × a with how to make a key", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: new URL("../../", import.meta.url),
    env: {
      APP_ENV: "production",
      APP_URL: "https://klubb.example",
      KV_PATH: ":memory:",
      MFA_MODE: "off",
      SECRET_KEY: "a".repeat(32),
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 1);
  const text = new TextDecoder().decode(out.stderr).trim();
  assert.match(text, /SECRET_KEY/);
  assert.match(text, /openssl rand -hex 32/);
});
