/**
 * The API as a script meets it: a rate limit per token with X-RateLimit-* on every answer and
 * Retry-After on 429; an unknown body field answers 400 naming it (a PUT may send back what its
 * GET answered); a value of another type says what type was expected.
 */
import assert from "node:assert/strict";
import { call, makeEnv, parseCsv, signedIn } from "@/tests/helpers.ts";
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

Deno.test("machine CSV: columns=api has API field names and values, id, project, version and ISO times with offset, whatever the language", async () => {
  const env = await makeEnv({}, new Date("2026-11-27T09:15:00Z"));
  try {
    await makeChain(env);
    const { user, headers } = await signedIn(env);
    await call(env, "PATCH", `/api/users/${user.id}/settings/language`, {
      headers,
      body: { language: "en" },
    });
    const p = await createRow(env, headers, { firstName: 'Ebba, "E"', tag: "=1+1" });
    const got = await call(env, "GET", `/api/prospects/${p.id}`, { headers });
    const res = await env.app.request(
      "http://localhost:8000/api/prospects?marketProjectId=1&format=csv&columns=api",
      { headers },
    );
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.notDeepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "no byte-order mark");
    const text = new TextDecoder().decode(bytes);
    const rows = parseCsv(text, ",");
    const [head, row] = rows;
    assert.deepEqual(head.slice(0, 3), ["id", "version", "marketProjectId"]);
    const cell = (name: string) => row[head.indexOf(name)];
    assert.equal(cell("id"), p.id);
    assert.equal(cell("version"), got.json.version);
    assert.equal(cell("marketProjectId"), "1");
    assert.equal(cell("firstName"), 'Ebba, "E"');
    assert.equal(cell("tag"), "=1+1", "the value as the API writes it");
    assert.equal(cell("activityStatus"), got.json.activityStatus);
    assert.equal(cell("registerDate"), "2026-11-27T10:15:00.000+01:00");
    assert.equal(cell("sellStatus"), "");
    // Every other column is the GET answer's value (an empty cell where the answer has none).
    for (const name of head) {
      const v = got.json[name];
      if (v === undefined || v === null) assert.equal(cell(name), "", name);
      else if (typeof v !== "string" || !v.endsWith("Z")) assert.equal(cell(name), String(v), name);
    }
    // The human export keeps the user's language.
    const human = await env.app.request(
      "http://localhost:8000/api/prospects?marketProjectId=1&format=csv",
      { headers },
    );
    const humanBytes = new Uint8Array(await human.arrayBuffer());
    assert.deepEqual([...humanBytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "Excel's byte-order mark");
    assert.match(new TextDecoder().decode(humanBytes), /^Customer id;First name/);
  } finally {
    env.close();
  }
});

Deno.test("tokens: scope read gets 403 on any write, write on admin operations; an expired token is refused; the list shows scope, expiry and last use", async () => {
  const env = await makeEnv({}, new Date("2026-11-27T09:00:00Z"));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const issue = async (body: Record<string, unknown>) => {
      const r = await call(env, "POST", `/api/admin/users/${admin.user.id}/api-tokens`, {
        headers: admin.headers,
        body,
      });
      assert.equal(r.res.status, 201, JSON.stringify(r.json));
      return r.json;
    };
    const read = await issue({ name: "warehouse", scope: "read" });
    const write = await issue({ name: "partner push" });
    const soon = await issue({ name: "trial", scope: "admin", expiresAt: "2026-11-28" });
    assert.equal(write.scope, "write", "write is the default");
    assert.equal(soon.expiresAt, "2026-11-28T23:59:59.999Z");
    const bearer = (t: { token: string }) => ({ Authorization: `Bearer ${t.token}` });

    assert.equal(
      (await call(env, "GET", "/api/prospects?marketProjectId=1", {
        headers: bearer(read),
      })).res.status,
      200,
    );
    const writes = await Promise.all([
      call(env, "POST", "/api/prospects", { headers: bearer(read), body: newRow() }),
      call(env, "POST", "/api/district", {
        headers: bearer(read),
        body: { districtId: 9, name: "X" },
      }),
      call(env, "DELETE", "/api/prospects/nope", { headers: bearer(read) }),
    ]);
    for (const w of writes) {
      assert.equal(w.res.status, 403, JSON.stringify(w.json));
      assert.equal(w.json.error, "TOKEN_SCOPE");
    }
    assert.equal(
      (await call(env, "POST", "/api/prospects", {
        headers: bearer(write),
        body: newRow(),
      })).res.status,
      201,
    );
    const adminOp = await call(env, "GET", "/api/admin/users/", { headers: bearer(write) });
    assert.equal(adminOp.res.status, 403);
    assert.equal(adminOp.json.error, "TOKEN_SCOPE");
    assert.equal(
      (await call(env, "GET", "/api/admin/users/", { headers: bearer(soon) })).res.status,
      200,
    );

    const past = await call(env, "POST", `/api/admin/users/${admin.user.id}/api-tokens`, {
      headers: admin.headers,
      body: { name: "late", expiresAt: "2026-11-01" },
    });
    assert.equal(past.res.status, 400);
    assert.ok(past.json.fields.expiresAt);
    const list = await call(env, "GET", `/api/admin/users/${admin.user.id}/api-tokens`, {
      headers: admin.headers,
    });
    const byName = Object.fromEntries(list.json.map((t: any) => [t.name, t]));
    assert.equal(byName.warehouse.scope, "read");
    assert.equal(byName.warehouse.lastUsedAt, "2026-11-27T09:00:00.000Z");
    assert.equal(byName.trial.lastUsedAt, "2026-11-27T09:00:00.000Z");
    assert.doesNotMatch(JSON.stringify(list.json), /klt_|hash/);
    env.clock.set("2026-11-29T00:00:00Z");
    assert.equal(
      (await call(env, "GET", "/api/sell-status", { headers: bearer(soon) })).res.status,
      401,
    );
  } finally {
    env.close();
  }
});

Deno.test("Idempotency-Key on creating POSTs: a retried create (even with allowDuplicate) answers the first answer and creates nothing; another body answers 422", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const token = await tokenFor(env);
    const body = newRow({ firstName: "Retry", allowDuplicate: true });
    const send = (key: string, b: unknown = body) =>
      call(env, "POST", "/api/prospects", {
        headers: { ...token, "Idempotency-Key": key },
        body: b,
      });
    const answers = await Promise.all([send("k-1"), send("k-1"), send("k-1")]);
    const created = answers.filter((a) => a.res.status === 201);
    const running = answers.filter((a) => a.res.status === 409);
    assert.ok(
      created.length >= 1 && created.length + running.length === 3,
      answers.map((a) => a.res.status).join(),
    );
    assert.equal(new Set(created.map((a) => a.json.id)).size, 1, "one record, one id");
    const again = await send("k-1");
    assert.equal(again.res.status, 201);
    assert.equal(again.json.id, created[0].json.id);
    assert.equal(again.res.headers.get("idempotent-replayed"), "true");
    const other = await send("k-1", { ...body, firstName: "Annan" });
    assert.equal(other.res.status, 422);
    assert.equal(other.json.error, "IDEMPOTENCY_KEY_REUSED");
    const list = await call(env, "GET", "/api/prospects?marketProjectId=1&search=Retry", {
      headers: token,
    });
    assert.equal(list.json.length, 1, "created once");
    // Without a key the same body makes a second record (allowDuplicate), as before.
    assert.equal(
      (await call(env, "POST", "/api/prospects", { headers: token, body })).res.status,
      201,
    );
    // A note, retried, is written once.
    const id = created[0].json.id;
    const assign = await call(env, "PATCH", `/api/prospects/${id}/assign`, {
      headers: token,
      body: {
        assignId: (await call(env, "GET", "/api/auth/me", { headers: token })).json.user.email,
      },
    });
    assert.equal(assign.res.status, 200, JSON.stringify(assign.json));
    const note = { text: "Ringde", noteType: "Note" };
    for (let i = 0; i < 2; i++) {
      const n = await call(env, "POST", `/api/prospects/${id}/notes`, {
        headers: { ...token, "Idempotency-Key": "note-1" },
        body: note,
      });
      assert.equal(n.res.status, 201, JSON.stringify(n.json));
    }
    const notes = await call(env, "GET", `/api/prospects/${id}/notes`, { headers: token });
    assert.equal(notes.json.length, 1);
    const doc = await call(env, "GET", "/api/openapi.json");
    const params = doc.json.paths["/api/prospects"].post.parameters.map((p: any) => p.name);
    assert.ok(params.includes("Idempotency-Key"));
  } finally {
    env.close();
  }
});

Deno.test("batch create: each item through the single-create rules — created, duplicate (in the store and earlier in the batch), invalid with code and field; 501 items answer 400", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const token = await tokenFor(env);
    const existing = await createRow(env, token, { phoneNumber: "070-555 00 01" });
    const items = [
      newRow({ firstName: "Ny", phoneNumber: "0705550002" }),
      newRow({ firstName: "Samma", phoneNumber: "+46705550001" }), // the stored one
      newRow({ firstName: "", phoneNumber: "0705550003" }),
      newRow({ firstName: "Tvilling", phoneNumber: "0705550004" }),
      newRow({ firstName: "Tvilling2", phoneNumber: "070 555 00 04" }), // the item before
      newRow({ firstName: "Klubblös", clubId: 999, phoneNumber: "0705550005" }),
      newRow({ firstName: 7, phoneNumber: "0705550006" }),
    ];
    const r = await call(env, "POST", "/api/prospects/batch", {
      headers: { ...token, "Accept-Language": "en" },
      body: { items },
    });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    const res = r.json.results;
    assert.deepEqual(res.map((x: any) => x.index), [0, 1, 2, 3, 4, 5, 6]);
    assert.equal(res[0].status, "created");
    assert.deepEqual(
      { status: res[1].status, duplicateOf: res[1].duplicateOf, code: res[1].error.code },
      { status: "duplicate", duplicateOf: existing.id, code: "DUPLICATE_PROSPECT" },
    );
    assert.deepEqual([res[2].status, res[2].error.code, res[2].error.field], [
      "invalid",
      "VALIDATION",
      "firstName",
    ]);
    const twins = [res[3], res[4]].map((x: any) => x.status).sort();
    assert.deepEqual(twins, ["created", "duplicate"], "one of the two with one phone");
    assert.deepEqual([res[5].status, res[5].error.code, res[5].error.field], [
      "invalid",
      "CLUB_NOT_FOUND",
      "clubId",
    ]);
    assert.equal(res[6].error.message, "Must be text");
    const created = res.filter((x: any) => x.status === "created");
    for (const c of created) {
      const got = await call(env, "GET", `/api/prospects/${c.id}`, { headers: token });
      assert.equal(got.res.status, 200);
    }
    const tooMany = await call(env, "POST", "/api/prospects/batch", {
      headers: token,
      body: { items: Array.from({ length: 501 }, () => newRow()) },
    });
    assert.equal(tooMany.res.status, 400);
  } finally {
    env.close();
  }
});

Deno.test("a body that takes any field (POST /api/auth-token: spec §7 sends the user record) is not refused for the record's fields", async () => {
  const env = await makeEnv();
  try {
    const { user, headers } = await signedIn(env);
    const r = await call(env, "POST", "/api/auth-token", {
      headers,
      body: { ...user, uid: user.id, dateCreated: "2026-01-01" },
    });
    assert.notEqual(r.json?.error, "UNKNOWN_FIELD", JSON.stringify(r.json));
  } finally {
    env.close();
  }
});
