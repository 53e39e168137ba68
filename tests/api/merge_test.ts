/**
 * Merging duplicates: GET /api/prospects/duplicates lists groups sharing a phone (any form) or an
 * e-mail; POST /api/prospects/{id}/merge keeps the survivor with the chosen fields, the duplicate's
 * notes and history, and turns the duplicate into a deleted prospect marked mergedInto.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, search } from "@/tests/api/prospect_fixtures.ts";
import { translate } from "@/lib/i18n/mod.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { changeProspect } from "@/lib/services/prospects.ts";
import { historyCopyEntries } from "@/lib/db/prospects.ts";
import { moveNotes } from "@/lib/db/notes.ts";

async function setup() {
  const env = await makeEnv();
  await makeChain(env);
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const staff = await signedIn(env, { firstName: "Stina" });
  const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
  return { env, admin, staff, b2b };
}

async function withSetup(fn: (s: Awaited<ReturnType<typeof setup>>) => Promise<void>) {
  const s = await setup();
  try {
    await fn(s);
  } finally {
    s.env.close();
  }
}

const dup = (over: Record<string, unknown>) => ({ allowDuplicate: true, ...over });

const merge = (env: TestEnv, h: Record<string, string>, id: string, body: unknown) =>
  call(env, "POST", `/api/prospects/${id}/merge`, { headers: h, body });

Deno.test("duplicates: groups share a phone in any form or an e-mail, joined transitively", () =>
  withSetup(async ({ env, staff, b2b }) => {
    const a = await createRow(env, staff.headers, {
      phoneNumber: "070-123 45 67",
      email: "a@x.se",
    });
    const b = await createRow(env, staff.headers, dup({ phoneNumber: "+46701234567", email: "" }));
    const c = await createRow(
      env,
      staff.headers,
      dup({ phoneNumber: "0709999999", email: "A@X.se" }),
    );
    await createRow(env, staff.headers, { phoneNumber: "0705555555", email: "other@x.se" });
    // The same person in another project is not a duplicate here.
    await createRow(env, staff.headers, { marketProjectId: 2, phoneNumber: "0701234567" });
    const r = await call(env, "GET", "/api/prospects/duplicates?marketProjectId=1", {
      headers: staff.headers,
    });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.length, 1);
    assert.deepEqual(r.json[0].matchedOn, ["email", "phone"]);
    assert.deepEqual(r.json[0].prospects.map((p: { id: string }) => p.id), [a.id, b.id, c.id]);
    assert.ok(r.json[0].prospects[0].version, "whole records, for side-by-side choice");
    const refused = await call(env, "GET", "/api/prospects/duplicates?marketProjectId=1", {
      headers: b2b.headers,
    });
    assert.equal(refused.res.status, 403);
    const bad = await call(env, "GET", "/api/prospects/duplicates?marketProjectId=x", {
      headers: staff.headers,
    });
    assert.equal(bad.res.status, 400);
  }));

Deno.test("merge: the survivor takes the chosen fields, notes and history; the duplicate is deleted with mergedInto", () =>
  withSetup(async ({ env, admin, staff }) => {
    const a = await createRow(env, staff.headers, {
      firstName: "Anna",
      phoneNumber: "0701234567",
      email: "",
      assignId: staff.user.email,
    });
    const b = await createRow(
      env,
      staff.headers,
      dup({
        firstName: "Anna-Lisa",
        phoneNumber: "070 123 45 67",
        email: "anna@x.se",
        tag: "gym",
        assignId: staff.user.email,
      }),
    );
    const note = await call(env, "POST", `/api/prospects/${b.id}/notes`, {
      headers: staff.headers,
      body: { noteType: "Note", text: "Ringde i går" },
    });
    assert.equal(note.res.status, 201, JSON.stringify(note.json));
    const r = await merge(env, staff.headers, a.id, { duplicateId: b.id, take: ["email", "tag"] });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.id, a.id);
    assert.deepEqual([r.json.firstName, r.json.email, r.json.tag], ["Anna", "anna@x.se", "gym"]);
    // The duplicate: deleted, marked, visible to admins only.
    assert.equal(
      (await call(env, "GET", `/api/prospects/${b.id}`, { headers: staff.headers }))
        .res.status,
      404,
    );
    const gone = await call(env, "GET", `/api/prospects/${b.id}`, { headers: admin.headers });
    assert.equal(gone.json.deleted, true);
    assert.equal(gone.json.mergedInto, a.id);
    // Notes and history moved to the survivor.
    const notes = await call(env, "GET", `/api/prospects/${a.id}/notes`, {
      headers: staff.headers,
    });
    assert.ok(notes.json.some((n: { text: string }) => n.text === "Ringde i går"));
    const history = await call(env, "GET", `/api/prospects/${a.id}/history`, {
      headers: staff.headers,
    });
    const types = history.json.map((e: { type: string }) => e.type);
    assert.equal(types.filter((t: string) => t === "create").length, 2, "both records' history");
    const m = history.json.find((e: { type: string }) => e.type === "merge");
    assert.equal(m.to, String(b.customerId));
    assert.equal(
      translate("sv", "privacy.history.merge", { to: m.to }),
      `Sammanslagen med #${b.customerId}`,
    );
    // The person is found once.
    const found = await search(env, staff.headers, { marketProjectId: 1, search: "0701234567" });
    assert.equal(found.total, 1);
    const groups = await call(env, "GET", "/api/prospects/duplicates?marketProjectId=1", {
      headers: staff.headers,
    });
    assert.deepEqual(groups.json, []);
    // An admin restores the duplicate like any deleted prospect.
    const restored = await call(env, "PUT", `/api/prospects/restore/${b.id}`, {
      headers: admin.headers,
    });
    assert.equal(restored.res.status, 200);
    assert.equal(restored.json.deleted, false);
    assert.equal(restored.json.mergedInto, null);
  }));

Deno.test("merge: both must be visible and editable, in one project; else 400/403/404/409", () =>
  withSetup(async ({ env, admin, staff, b2b }) => {
    const a = await createRow(env, staff.headers, { phoneNumber: "0701111111" });
    const b = await createRow(env, staff.headers, dup({ phoneNumber: "0701111111" }));
    const other = await createRow(env, staff.headers, { marketProjectId: 2 });
    let r = await merge(env, staff.headers, a.id, { duplicateId: a.id });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.duplicateId, translate("sv", "merge.errors.same"));
    r = await merge(env, staff.headers, a.id, { duplicateId: other.id });
    assert.equal(r.res.status, 400);
    r = await merge(env, staff.headers, a.id, { duplicateId: b.id, take: ["password"] });
    assert.equal(r.res.status, 400);
    r = await merge(env, staff.headers, a.id, {});
    assert.equal(r.res.status, 400);
    r = await merge(env, b2b.headers, a.id, { duplicateId: b.id });
    assert.equal(r.res.status, 404, "a B2B user may not see either");
    r = await merge(env, staff.headers, a.id, { duplicateId: "01NOSUCH" });
    assert.equal(r.res.status, 404);
    // A locked (disabled) record: admins only.
    const locked = await call(env, "PATCH", `/api/prospects/${b.id}`, {
      headers: admin.headers,
      body: { disabled: true },
    });
    assert.equal(locked.res.status, 200);
    r = await merge(env, staff.headers, a.id, { duplicateId: b.id });
    assert.equal(r.res.status, 403);
    // A stale survivor version: 409, nothing merged.
    r = await merge(env, admin.headers, a.id, { duplicateId: b.id, version: "stale" });
    assert.equal(r.res.status, 409);
    assert.equal(
      (await call(env, "GET", `/api/prospects/${b.id}`, { headers: admin.headers }))
        .json.deleted,
      false,
    );
    r = await merge(env, admin.headers, a.id, { duplicateId: b.id });
    assert.equal(r.res.status, 200);
  }));

Deno.test("merge: asked again after it stopped midway, it finishes without copying the history twice", () =>
  withSetup(async ({ env, staff }) => {
    const user: SessionUser = {
      id: staff.user.id,
      email: staff.user.email,
      firstName: staff.user.firstName,
      lastName: staff.user.lastName,
      roles: staff.user.roles,
      sid: null,
    };
    // The services as a request now would call them (this app runs on the real clock).
    const ctx = (): ProspectCtx => ({ kv: env.kv, config: env.config, now: new Date(), user });
    const pair = async (phone: string) => {
      const mine = { phoneNumber: phone, email: "", assignId: staff.user.email };
      const a = await createRow(env, staff.headers, mine);
      const b = await createRow(env, staff.headers, dup(mine));
      const note = await call(env, "POST", `/api/prospects/${b.id}/notes`, {
        headers: staff.headers,
        body: { noteType: "Note", text: `Anteckning ${phone}` },
      });
      assert.equal(note.res.status, 201, JSON.stringify(note.json));
      return { a, b };
    };
    const finished = async (a: { id: string }, b: { id: string; customerId: number }) => {
      const r = await merge(env, staff.headers, a.id, { duplicateId: b.id, take: [] });
      assert.equal(r.res.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.id, a.id);
      const history = (await call(env, "GET", `/api/prospects/${a.id}/history`, {
        headers: staff.headers,
      })).json as { type: string; to: string | null }[];
      assert.equal(history.filter((e) => e.type === "merge").length, 1, "one merge entry");
      assert.equal(history.filter((e) => e.type === "create").length, 2, "history copied once");
      const notes = (await call(env, "GET", `/api/prospects/${a.id}/notes`, {
        headers: staff.headers,
      })).json as { text: string }[];
      assert.equal(notes.filter((n) => n.text.startsWith("Anteckning")).length, 1);
      assert.equal(
        (await call(env, "GET", `/api/prospects/${b.id}`, { headers: staff.headers })).res.status,
        404,
        "the duplicate is deleted",
      );
    };
    // Stopped after the survivor's change: it has the merge entry and the copy; the duplicate lives.
    const first = await pair("0705550001");
    await changeProspect(ctx(), first.a.id, {
      patch: {},
      sentKeys: [],
      also: await historyCopyEntries(env.kv, first.b.id, first.a.id),
      events: [{ type: "merge", from: null, to: String(first.b.customerId) }],
    });
    await finished(first.a, first.b);
    // Stopped after the duplicate was deleted: its notes are still its own.
    const second = await pair("0705550002");
    const r = await merge(env, staff.headers, second.a.id, { duplicateId: second.b.id, take: [] });
    assert.equal(r.res.status, 200);
    await moveNotes(env.kv, second.a.id, second.b.id); // as if the move had not happened
    await finished(second.a, second.b);
  }));
