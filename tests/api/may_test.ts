/**
 * What the user may do with a row (issue #18 point 4): every prospect the API answers carries
 * `may`, computed by the permission module the server enforces, so the grid decides nothing.
 * Each flag is checked against what the server then actually allows.
 */
import assert from "node:assert/strict";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";

Deno.test("may: notes for the assignee only, a locked row for admins only, restore for admins — as the server enforces", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const anna = await signedIn(env);
    const bo = await signedIn(env);
    const row = await createRow(env, anna.headers);
    assert.deepEqual(row.may, {
      edit: true,
      assign: true,
      unassign: false,
      notes: false,
      delete: true,
      restore: false,
      addNote: false,
    });
    const assigned = await call(env, "PATCH", `/api/prospects/${row.id}/assign`, {
      headers: anna.headers,
      body: { assignId: anna.user.email },
    });
    assert.equal(assigned.json.may.notes, true, "the assignee may open the notes");
    assert.equal(assigned.json.may.unassign, true);
    const asBo = await call(env, "GET", `/api/prospects/${row.id}`, { headers: bo.headers });
    assert.equal(asBo.json.may.notes, false);
    assert.equal(asBo.json.may.unassign, false);
    const boNotes = await call(env, "GET", `/api/prospects/${row.id}/notes`, {
      headers: bo.headers,
    });
    assert.equal(boNotes.res.status, 403, "and the server refuses what may says");
    assert.equal(assigned.json.may.addNote, true);
    const note = await call(env, "POST", `/api/prospects/${row.id}/notes`, {
      headers: anna.headers,
      body: { text: "Ring efter lunch", noteType: "Note", prospectId: row.id },
    });
    assert.equal(note.res.status, 201, JSON.stringify(note.json));
    const annaNotes = await call(env, "GET", `/api/prospects/${row.id}/notes`, {
      headers: anna.headers,
    });
    assert.deepEqual(annaNotes.json.map((n: any) => n.may), [{ edit: true }], "her own note");

    // An admin locks the row: users may not edit or delete it any more, admins may.
    const locked = await call(env, "PATCH", `/api/prospects/${row.id}`, {
      headers: admin.headers,
      body: { disabled: true },
    });
    assert.equal(locked.json.may.edit, true, "an admin may edit a locked row");
    const seen = await call(env, "GET", `/api/prospects?marketProjectId=1`, {
      headers: anna.headers,
    });
    const mine = seen.json.find((p: any) => p.id === row.id);
    assert.equal(mine.may.edit, false);
    assert.equal(mine.may.delete, false);
    const tryDelete = await call(env, "DELETE", `/api/prospects/${row.id}`, {
      headers: anna.headers,
    });
    assert.equal(tryDelete.res.status, 403);

    const gone = await call(env, "DELETE", `/api/prospects/${row.id}`, { headers: admin.headers });
    assert.deepEqual(
      [gone.json.may.edit, gone.json.may.restore],
      [false, true],
      "a deleted row: only an admin's restore",
    );
  } finally {
    env.close();
  }
});
