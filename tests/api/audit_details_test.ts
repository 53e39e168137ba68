/**
 * Issue #20 (points 2, 3, 4, 6): spec details an audit found — messages, Motivation notes, the
 * user's notificationCategory, a club update without districtId, GET /oauth/v2/token refused.
 * (Point 1, the reports, is proven in report_escalations_test.ts and reports_bruteforce_test.ts.)
 */
import { getRecord } from "@/lib/db/prospect_record.ts";
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";

const long = (n: number) => "x".repeat(n);

Deno.test("#20.2 messages: max lengths name n, names too long say so, bad noteType is invalid, docs/api.md quotes the server", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const p = await createRow(env, admin.headers, { assignId: admin.user.email });

    // Prospect and note max lengths: the limit, not a literal {{n}}.
    let r = await call(env, "POST", "/api/prospects", {
      headers: admin.headers,
      body: {
        firstName: long(101),
        lastName: "Lind",
        phoneNumber: "0701234567",
        marketProjectId: 1,
        clubId: 101,
      },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.firstName, "Största längd är 100");
    assert.equal(r.json.fieldKeys.firstName, "validation.maxLength");
    r = await call(env, "POST", `/api/prospects/${p.id}/notes`, {
      headers: admin.headers,
      body: { text: long(20001), noteType: "Note" },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.text, "Största längd är 20000");

    // User, club, district and project names: "Maximal length is n" (Swedish: Största längd är n).
    const tooLong = [
      ["POST", "/api/district", { districtId: 9, name: long(101) }],
      ["POST", "/api/clubs", { clubId: 909, name: long(101), districtId: 1 }],
      ["POST", "/api/marketprojects", { name: long(101), startDate: "2026-03-10" }],
      ["PUT", `/api/users/${admin.user.id}`, { firstName: long(101) }],
      ["PUT", `/api/users/${admin.user.id}`, { lastName: long(101) }],
    ] as const;
    for (const [method, path, body] of tooLong) {
      const res = await call(env, method, path, { headers: admin.headers, body });
      assert.equal(res.res.status, 400, path);
      const [field, msg] = Object.entries(res.json.fields)[0];
      assert.ok(field === "name" || field.endsWith("Name"), `${path}: ${field}`);
      assert.equal(msg, "Största längd är 100", path);
    }

    // An unknown noteType is an invalid value; a missing one stays required.
    r = await call(env, "POST", `/api/prospects/${p.id}/notes`, {
      headers: admin.headers,
      body: { text: "hej", noteType: "Gossip" },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fieldKeys.noteType, "validation.invalidValue");
    assert.equal(r.json.fields.noteType, "Ogiltigt värde");
    r = await call(env, "POST", `/api/prospects/${p.id}/notes`, {
      headers: admin.headers,
      body: { text: "hej" },
    });
    assert.equal(r.json.fieldKeys.noteType, "validation.required");

    // docs/api.md quotes exactly what the server answers for a missing phone number.
    const doc = Deno.readTextFileSync(new URL("../../docs/api.md", import.meta.url));
    const quoted = /\{"phoneNumber": "([^"]+)"\}/.exec(doc)![1];
    r = await call(env, "POST", "/api/prospects", {
      headers: admin.headers,
      body: { firstName: "Greta", lastName: "Lind", marketProjectId: 1, clubId: 101 },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.phoneNumber, quoted);
    assert.equal(/\{"firstName": "([^"]+)"\}/.exec(doc)![1], "Största längd är 100");

    // English for a user whose language is English.
    r = await call(env, "PATCH", `/api/users/${admin.user.id}/settings/language`, {
      headers: admin.headers,
      body: { language: "en" },
    });
    assert.equal(r.res.status, 200);
    r = await call(env, "POST", "/api/district", {
      headers: admin.headers,
      body: { districtId: 9, name: long(101) },
    });
    assert.equal(r.json.fields.name, "Maximal length is 100");
  } finally {
    env.close();
  }
});

Deno.test("#20.3 a Motivation note sets the prospect's motivationText and its last change, in one write", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  try {
    await makeChain(env);
    const owner = await signedIn(env);
    const p = await createRow(env, owner.headers, { assignId: owner.user.email });
    const path = `/api/prospects/${p.id}/notes`;

    // A Note leaves the motivation alone. The first one is the prospect's first contact (the
    // funnel's "reached"): its answer carries the prospect's new version.
    let r = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: "Ringde", noteType: "Note" },
    });
    assert.equal(r.res.status, 201);
    let cur = await call(env, "GET", `/api/prospects/${p.id}`, { headers: owner.headers });
    assert.equal(cur.json.motivationText, p.motivationText ?? null);
    assert.equal(cur.json.firstContactAt, "2026-03-10T10:00:00.000Z");
    assert.equal(cur.json.version, r.json.version);

    env.clock.set("2026-03-10T11:00:00Z");
    r = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: "Marknadsprojekt: Vår\nNominerad av: Kim\n\nBra", noteType: "Motivation" },
    });
    assert.equal(r.res.status, 201);
    cur = await call(env, "GET", `/api/prospects/${p.id}`, { headers: owner.headers });
    assert.equal(cur.json.motivationText, "Marknadsprojekt: Vår\nNominerad av: Kim\n\nBra");
    assert.equal(cur.json.motivationTextLastChange, "2026-03-10T11:00:00.000Z");
    assert.equal(r.json.version, cur.json.version, "note and prospect: one atomic");

    // A second one replaces it; a stale copy of the row then answers 409 (the version check).
    env.clock.set("2026-03-10T12:00:00Z");
    r = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: "Ny motivering", noteType: "Motivation" },
    });
    assert.equal(r.res.status, 201);
    const after = await call(env, "GET", `/api/prospects/${p.id}`, { headers: owner.headers });
    assert.equal(after.json.motivationText, "Ny motivering");
    assert.equal(after.json.motivationTextLastChange, "2026-03-10T12:00:00.000Z");
    const stale = await call(env, "PATCH", `/api/prospects/${p.id}`, {
      headers: owner.headers,
      body: { tag: "x", version: cur.json.version },
    });
    assert.equal(stale.res.status, 409);

    // Too long for a motivation: 400 and nothing written (neither note nor prospect).
    r = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: long(5001), noteType: "Motivation" },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.text, "Största längd är 5000");
    const notes = await call(env, "GET", path, { headers: owner.headers });
    assert.equal(notes.json.length, 3);
    const stored = await getRecord(env.kv, p.id);
    assert.equal(stored.value!.motivationText, "Ny motivering");

    // Many Motivation notes at once: each is saved with its prospect write or answers 409 with
    // nothing written (never a note without its motivation, or the reverse).
    const texts = Array.from({ length: 8 }, (_, i) => `Motivering ${i}`);
    const all = await Promise.all(
      texts.map((text) =>
        call(env, "POST", path, { headers: owner.headers, body: { text, noteType: "Motivation" } })
      ),
    );
    assert.ok(all.every((x) => x.res.status === 201 || x.res.status === 409));
    const saved = texts.filter((_, i) => all[i].res.status === 201);
    assert.ok(saved.length >= 1);
    const final = await call(env, "GET", `/api/prospects/${p.id}`, { headers: owner.headers });
    assert.ok(saved.includes(final.json.motivationText));
    assert.equal(
      all.find((x) => x.json.text === final.json.motivationText)!.json.version,
      final.json.version,
      "the latest saved note and the prospect were one write",
    );
    const list = await call(env, "GET", path, { headers: owner.headers });
    assert.equal(list.json.length, 3 + saved.length);

    // Only the assignee (or an admin) adds notes, Motivation ones included.
    const other = await signedIn(env);
    r = await call(env, "POST", path, {
      headers: other.headers,
      body: { text: "Kapning", noteType: "Motivation" },
    });
    assert.equal(r.res.status, 403);
    const untouched = await call(env, "GET", `/api/prospects/${p.id}`, { headers: owner.headers });
    assert.equal(untouched.json.motivationText, final.json.motivationText);
  } finally {
    env.close();
  }
});

Deno.test("#20.4 users carry notificationCategory {id, name}; PUT club without districtId keeps it", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const user = await signedIn(env);
    let r = await call(env, "GET", `/api/users/${user.user.id}`, { headers: user.headers });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.notificationCategoryId, null);
    assert.equal(r.json.notificationCategory, null);
    r = await call(env, "PUT", `/api/users/${user.user.id}`, {
      headers: user.headers,
      body: { notificationCategoryId: "escalationsOnly" },
    });
    assert.equal(r.res.status, 200);
    assert.deepEqual(r.json.notificationCategory, {
      id: "escalationsOnly",
      name: "Bara eskaleringar",
    });
    r = await call(env, "GET", `/api/users/${user.user.id}`, { headers: user.headers });
    assert.equal(r.json.notificationCategoryId, "escalationsOnly");
    assert.deepEqual(r.json.notificationCategory, {
      id: "escalationsOnly",
      name: "Bara eskaleringar",
    });
    await call(env, "PATCH", `/api/users/${user.user.id}/settings/language`, {
      headers: user.headers,
      body: { language: "en" },
    });
    r = await call(env, "GET", `/api/users/${user.user.id}`, { headers: user.headers });
    assert.deepEqual(r.json.notificationCategory, {
      id: "escalationsOnly",
      name: "Escalations only",
    });
    // Someone else's: still refused.
    r = await call(env, "GET", `/api/users/${admin.user.id}`, { headers: user.headers });
    assert.equal(r.res.status, 403);

    // PUT /api/clubs/{id} without districtId keeps the district (a new club still needs it).
    const clubs = await call(env, "GET", "/api/clubs", { headers: admin.headers });
    const club = clubs.json.find((c: any) => c.clubId === 101);
    r = await call(env, "PUT", `/api/clubs/${club.id}`, {
      headers: admin.headers,
      body: { clubId: 101, name: "Klubb Söder City", version: club.version },
    });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.districtId, club.districtId);
    assert.equal(r.json.name, "Klubb Söder City");
    r = await call(env, "PUT", `/api/clubs/${club.id}`, {
      headers: admin.headers,
      body: { clubId: 101, name: "Stale", version: club.version },
    });
    assert.equal(r.res.status, 409, "the version check still holds");
    r = await call(env, "POST", "/api/clubs", {
      headers: admin.headers,
      body: { clubId: 150, name: "Ny" },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fieldKeys.districtId, "validation.required");
    r = await call(env, "PUT", `/api/clubs/${club.id}`, {
      headers: user.headers,
      body: { clubId: 101, name: "Kapad" },
    });
    assert.equal(r.res.status, 403);
  } finally {
    env.close();
  }
});

Deno.test("#20.6 GET /oauth/v2/token: 405 with Allow: POST, the reason and where to go; nothing signed in", async () => {
  const env = await makeEnv();
  try {
    const user = await signedIn(env, { email: "greta@example.se" });
    const url = `${ORIGIN}/oauth/v2/token?grant_type=password&username=${
      encodeURIComponent(user.user.email)
    }&password=Secret123`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => env.app.request(url)),
    );
    for (const res of answers) {
      assert.equal(res.status, 405);
      assert.equal(res.headers.get("allow"), "POST");
      assert.equal(res.headers.get("set-cookie"), null);
      const body = await res.json();
      assert.equal(body.error, "invalid_request");
      assert.equal(body.code, "METHOD_NOT_ALLOWED");
      assert.equal(body.use, "POST /oauth/v2/token");
      assert.match(body.message, /POST \/oauth\/v2\/token/);
      assert.match(body.message, /URL/);
      assert.equal(body.access_token, undefined);
    }
    const en = await env.app.request(`${ORIGIN}/oauth/v2/token`, {
      headers: { "Accept-Language": "en" },
    });
    assert.equal(en.status, 405);
    assert.match((await en.json()).message, /^GET is not accepted here/);
    // POST still works.
    const post = await env.app.request(`${ORIGIN}/oauth/v2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        username: user.user.email,
        password: "Secret123",
      }),
    });
    assert.equal(post.status, 200);
    // The OpenAPI document shows both, and the report's new field.
    const doc = await (await env.app.request(`${ORIGIN}/api/openapi.json`)).json();
    assert.ok(doc.paths["/oauth/v2/token"].get.responses["405"]);
    const rows = doc.paths["/api/reports/status-project"].get.responses["200"].content[
      "application/json"
    ].schema.properties.rows.items.properties;
    assert.ok(rows.firstProspectIn, "status-project rows document firstProspectIn");
  } finally {
    env.close();
  }
});
