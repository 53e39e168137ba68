/** Hostile input at the edge: each answers a clear 4xx naming the problem, and stores nothing. */
import assert from "node:assert/strict";
import { makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";

async function withStaff(fn: (env: TestEnv, h: Record<string, string>) => Promise<void>) {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers } = await signedIn(env);
    await fn(env, headers);
  } finally {
    env.close();
  }
}

const raw = (env: TestEnv, path: string, init: RequestInit) =>
  env.app.request(`${ORIGIN}${path}`, init);

async function count(env: TestEnv, h: Record<string, string>) {
  const r = await call(env, "GET", "/api/prospects?marketProjectId=1&showCompleted=true", {
    headers: h,
  });
  return Number(r.res.headers.get("x-total-elements"));
}

Deno.test("input: malformed multipart, deep JSON and bad UTF-8 answer 400, never 500", () =>
  withStaff(async (env, h) => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=zz" };
    for (const path of ["/oauth/v2/token", "/api/prospects"]) {
      const r = await raw(env, path, {
        method: "POST",
        headers: { ...h, ...multipart },
        body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      });
      assert.ok(r.status >= 400 && r.status < 500, `${path}: ${r.status}`);
      assert.equal(r.headers.get("cache-control"), "no-store");
      await r.body?.cancel();
    }
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const d = await raw(env, "/api/prospects", {
      method: "POST",
      headers: { ...h, "Content-Type": "application/json" },
      body: deep,
    });
    assert.equal(d.status, 400);
    assert.equal((await d.json()).error, "BAD_JSON");
    const deepObject = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    const o = await raw(env, "/api/prospects", {
      method: "POST",
      headers: { ...h, "Content-Type": "application/json" },
      body: deepObject,
    });
    assert.equal(o.status, 400);
    await o.body?.cancel();
    const bytes = new TextEncoder().encode(JSON.stringify(newRow({ firstName: "XX" })));
    const at = bytes.indexOf(0x58); // the first "X"
    bytes[at] = 0xc3; // a lead byte without its continuation: not UTF-8
    bytes[at + 1] = 0x28;
    const u = await raw(env, "/api/prospects", {
      method: "POST",
      headers: { ...h, "Content-Type": "application/json", "Accept-Language": "en" },
      body: bytes,
    });
    assert.equal(u.status, 400);
    const uj = await u.json();
    assert.equal(uj.error, "BAD_ENCODING");
    assert.equal(await count(env, h), 0, "nothing stored");
  }));

Deno.test("input: lone surrogates and NUL in any string answer 400 naming the field", () =>
  withStaff(async (env, h) => {
    const cases: [string, string][] = [
      ['"firstName":"Ann\\ud800a"', "firstName"],
      ['"lastName":"Sven\\udfffsson"', "lastName"],
      ['"tag":"a\\u0000b"', "tag"],
    ];
    for (const [part, field] of cases) {
      const body = JSON.stringify(newRow()).replace(/\}$/, `,${part}}`);
      const r = await raw(env, "/api/prospects", {
        method: "POST",
        headers: { ...h, "Content-Type": "application/json" },
        body,
      });
      assert.equal(r.status, 400, part);
      const j = await r.json();
      assert.equal(j.error, "VALIDATION");
      assert.ok(j.fields[field], `${field} named: ${JSON.stringify(j.fields)}`);
      assert.equal(j.fieldKeys[field], "validation.invalidCharacters");
    }
    const q = await call(env, "GET", "/api/prospects?marketProjectId=1&search=a%00b", {
      headers: h,
    });
    assert.equal(q.res.status, 400);
    assert.ok(q.json.fields.search);
    assert.equal(await count(env, h), 0, "nothing stored");
  }));

Deno.test("input: every answer under /api carries Cache-Control: no-store, errors included", () =>
  withStaff(async (env, h) => {
    const answers = [
      await raw(env, "/api/prospects?marketProjectId=1", { headers: h }), // 200
      await raw(env, "/api/prospects", { headers: h }), // 400
      await raw(env, "/api/prospects?marketProjectId=1", {}), // 401
      await raw(env, "/api/admin/users", { headers: h }), // 403
      await raw(env, "/api/nothing-here", { headers: h }), // 404
      await raw(env, "/api/openapi.json", {}),
    ];
    assert.deepEqual(answers.map((a) => a.status), [200, 400, 401, 403, 404, 200]);
    for (const a of answers) {
      assert.equal(a.headers.get("cache-control"), "no-store", a.url);
      await a.body?.cancel();
    }
  }));
