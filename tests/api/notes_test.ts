/** Notes API: only the assignee (or an admin) opens and adds notes; the author (or admin) edits. */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain, rowOf } from "@/tests/api/prospect_fixtures.ts";

Deno.test("notes: assignee and admins only; author or admin edits and deletes; 409 on stale", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  try {
    await makeChain(env);
    const owner = await signedIn(env, { firstName: "Olle", lastName: "Ek" });
    const other = await signedIn(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const p = await createRow(env, owner.headers, { assignId: owner.user.email });
    const path = `/api/prospects/${p.id}/notes`;

    let r = await call(env, "GET", path, { headers: other.headers });
    assert.equal(r.res.status, 403);
    assert.equal(r.json.error, "NOT_ASSIGNEE");
    r = await call(env, "POST", path, {
      headers: other.headers,
      body: { text: "hej", noteType: "Note" },
    });
    assert.equal(r.res.status, 403);

    r = await call(env, "POST", path, { headers: owner.headers, body: { text: "hej" } });
    assert.equal(r.res.status, 400, "noteType is required");
    assert.equal(r.json.fieldKeys.noteType, "validation.required");
    r = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: "  ", noteType: "Note" },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fieldKeys.text, "validation.required");

    const first = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: "Ringde, inget svar", noteType: "Note", prospectId: "ignored" },
    });
    assert.equal(first.res.status, 201);
    assert.equal(first.json.prospectId, p.id);
    assert.equal(first.json.user, "Olle Ek");
    assert.equal(first.json.created, "2026-03-10T10:00:00.000Z");
    const second = await call(env, "POST", path, {
      headers: admin.headers,
      body: {
        text: "Marknadsprojekt: Vårkampanj\nNominerad av: Kim\n\nBra kandidat",
        noteType: "Motivation",
      },
    });
    assert.equal(second.res.status, 201, "admins add notes too");

    r = await call(env, "GET", path, { headers: owner.headers });
    assert.equal(r.res.status, 200);
    assert.deepEqual(r.json.map((n: any) => n.noteType), ["Note", "Motivation"]);
    r = await call(env, "GET", path, { headers: admin.headers });
    assert.equal(r.json.length, 2);

    const noteUrl = `/api/notes/${first.json.noteId}`;
    r = await call(env, "PUT", `/api/notes/${second.json.noteId}`, {
      headers: owner.headers,
      body: { text: "ändrat" },
    });
    assert.equal(r.res.status, 403, "only the author or an admin edits");
    r = await call(env, "PUT", noteUrl, {
      headers: owner.headers,
      body: { text: "Ringde igen", version: first.json.version },
    });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.text, "Ringde igen");
    r = await call(env, "PUT", noteUrl, {
      headers: admin.headers,
      body: { text: "gammal kopia", version: first.json.version },
    });
    assert.equal(r.res.status, 409);
    assert.equal(r.json.data.current.text, "Ringde igen");
    r = await call(env, "DELETE", noteUrl, { headers: other.headers });
    assert.equal(r.res.status, 403);
    r = await call(env, "DELETE", noteUrl, { headers: owner.headers });
    assert.equal(r.res.status, 204);
    r = await call(env, "DELETE", noteUrl, { headers: owner.headers });
    assert.equal(r.res.status, 404);
    r = await call(env, "DELETE", `/api/notes/${second.json.noteId}`, { headers: admin.headers });
    assert.equal(r.res.status, 204);
    r = await call(env, "GET", path, { headers: owner.headers });
    assert.deepEqual(r.json, []);

    // A disabled prospect's notes are read-only for non-admins.
    const note = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: "x", noteType: "Note" },
    });
    const fresh =
      (await call(env, "GET", `/api/prospects/${p.id}`, { headers: admin.headers })).json;
    await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: admin.headers,
      body: rowOf(fresh, { disabled: true }),
    });
    r = await call(env, "POST", path, {
      headers: owner.headers,
      body: { text: "y", noteType: "Note" },
    });
    assert.equal(r.res.status, 403);
    assert.equal(r.json.error, "PROSPECT_DISABLED");
    r = await call(env, "PUT", `/api/notes/${note.json.noteId}`, {
      headers: owner.headers,
      body: { text: "z" },
    });
    assert.equal(r.res.status, 403);
    r = await call(env, "GET", path, { headers: owner.headers });
    assert.equal(r.res.status, 200, "still readable");

    r = await call(env, "GET", "/api/prospects/nope/notes", { headers: owner.headers });
    assert.equal(r.res.status, 404);
    r = await call(env, "GET", path);
    assert.equal(r.res.status, 401);
  } finally {
    env.close();
  }
});
