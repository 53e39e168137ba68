/**
 * The API as a script meets it: a rate limit per token with X-RateLimit-* on every answer and
 * Retry-After on 429; an unknown body field answers 400 naming it (a PUT may send back what its
 * GET answered); a value of another type says what type was expected.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";

async function tokenFor(env: Awaited<ReturnType<typeof makeEnv>>) {
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const bot = await signedIn(env);
  const issued = await call(env, "POST", `/api/admin/users/${bot.user.id}/api-tokens`, {
    headers: admin.headers,
    body: { name: "nightly sync" },
  });
  assert.equal(issued.res.status, 201, JSON.stringify(issued.json));
  return { Authorization: `Bearer ${issued.json.token}` };
}

Deno.test("rate limit: 40 parallel calls with one token at 5/s and bursts of 10 — 10 pass, 30 answer 429 with Retry-After; another token is not affected", async () => {
  const env = await makeEnv({ RATE_LIMIT: "5/10" });
  try {
    await makeChain(env);
    const a = await tokenFor(env);
    const b = await tokenFor(env);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call(env, "GET", "/api/sell-status", { headers: a })),
    );
    const ok = answers.filter((x) => x.res.status === 200);
    const limited = answers.filter((x) => x.res.status === 429);
    // The bucket refills at 5 a second while the calls run: a few more may pass.
    assert.ok(ok.length >= 10 && ok.length <= 12, `${ok.length} passed`);
    assert.equal(ok.length + limited.length, 40);
    for (const x of ok) {
      assert.equal(x.res.headers.get("x-ratelimit-limit"), "10");
      assert.match(x.res.headers.get("x-ratelimit-remaining") ?? "", /^\d+$/);
      assert.match(x.res.headers.get("x-ratelimit-reset") ?? "", /^\d+$/);
    }
    const r = limited[0];
    assert.equal(r.json.error, "RATE_LIMITED");
    assert.equal(r.res.headers.get("retry-after"), "1");
    assert.equal(r.res.headers.get("x-ratelimit-remaining"), "0");
    assert.equal((await call(env, "GET", "/api/sell-status", { headers: b })).res.status, 200);
    await new Promise((res) => setTimeout(res, 1100));
    assert.equal((await call(env, "GET", "/api/sell-status", { headers: a })).res.status, 200);
  } finally {
    env.close();
  }
});

Deno.test("rate limit: off by default in tests, 20/100 elsewhere; a bad RATE_LIMIT stops the start", async () => {
  const { loadConfig } = await import("@/lib/config.ts");
  assert.deepEqual(loadConfig({}).rateLimit, { rate: 20, burst: 100 });
  assert.equal(loadConfig({ APP_ENV: "test" }).rateLimit, null);
  assert.deepEqual(loadConfig({ RATE_LIMIT: "50/200" }).rateLimit, { rate: 50, burst: 200 });
  assert.throws(() => loadConfig({ RATE_LIMIT: "fast" }), /RATE_LIMIT/);
});

Deno.test("unknown body fields answer 400 naming each; a PUT may send back its GET answer", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers } = await signedIn(env);
    const typo = await call(env, "POST", "/api/prospects", {
      headers,
      body: newRow({ fristName: "Anna", phone: "0701234567" }),
    });
    assert.equal(typo.res.status, 400);
    assert.equal(typo.json.error, "UNKNOWN_FIELD");
    assert.deepEqual(Object.keys(typo.json.fields).sort(), ["fristName", "phone"]);
    const none = await call(env, "GET", "/api/prospects?marketProjectId=1", { headers });
    assert.deepEqual(none.json, [], "nothing was created");
    const p = await createRow(env, headers);
    const got = await call(env, "GET", `/api/prospects/${p.id}`, { headers });
    const put = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers,
      body: { ...got.json, tag: "VIP" },
    });
    assert.equal(put.res.status, 200, JSON.stringify(put.json));
    assert.equal(put.json.tag, "VIP");
    const bad = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers,
      body: { ...put.json, colour: "blue" },
    });
    assert.equal(bad.res.status, 400);
    assert.deepEqual(Object.keys(bad.json.fields), ["colour"]);
  } finally {
    env.close();
  }
});

Deno.test("a number where text belongs answers a type error, not 'required'", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers } = await signedIn(env);
    const r = await call(env, "POST", "/api/prospects", {
      headers: { ...headers, "Accept-Language": "en" },
      body: newRow({ firstName: 42, lastName: ["x"] }),
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fieldKeys.firstName, "validation.expected.text");
    assert.equal(r.json.fieldKeys.lastName, "validation.expected.text");
    const missing = await call(env, "POST", "/api/prospects", {
      headers,
      body: newRow({ firstName: undefined }),
    });
    assert.equal(missing.json.fieldKeys.firstName, "validation.required");
  } finally {
    env.close();
  }
});

Deno.test("Accept-Language sets the language of a token caller's messages; without it, the user's setting", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const token = await tokenFor(env);
    const bad = (lang?: string) =>
      call(env, "POST", "/api/prospects", {
        headers: { ...token, ...(lang ? { "Accept-Language": lang } : {}) },
        body: newRow({ firstName: "" }),
      });
    assert.equal((await bad("en-GB,en;q=0.9")).json.fields.firstName, "This field is required");
    assert.equal((await bad("sv")).json.fields.firstName, "Fältet är obligatoriskt");
    assert.equal((await bad()).json.fields.firstName, "Fältet är obligatoriskt", "the default");
    assert.equal((await bad("de")).json.fields.firstName, "Fältet är obligatoriskt");
  } finally {
    env.close();
  }
});

Deno.test("ETag on GET of a prospect; If-Match with it stands for the body version, and a stale one answers 409", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers } = await signedIn(env);
    const p = await createRow(env, headers);
    const got = await call(env, "GET", `/api/prospects/${p.id}`, { headers });
    const etag = got.res.headers.get("etag");
    assert.equal(etag, `"${got.json.version}"`);
    const { version: _v, ...body } = got.json;
    const ok = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: { ...headers, "If-Match": etag! },
      body: { ...body, tag: "först" },
    });
    assert.equal(ok.res.status, 200, JSON.stringify(ok.json));
    const stale = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: { ...headers, "If-Match": etag! },
      body: { ...body, tag: "sen" },
    });
    assert.equal(stale.res.status, 409);
    assert.equal(stale.json.data.current.tag, "först");
  } finally {
    env.close();
  }
});
