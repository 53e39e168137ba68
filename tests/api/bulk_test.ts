/** POST /api/prospects/bulk: per-row results with the single-change rules, and Idempotency-Key. */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { listProspectEvents } from "@/lib/db/prospects.ts";
import { translate } from "@/lib/i18n/mod.ts";

const NOW = new Date("2026-03-10T10:00:00Z"); // a Tuesday, 11:00 in Stockholm (work time)

async function setup() {
  const env = await makeEnv({}, NOW);
  await makeChain(env);
  const staff = await signedIn(env, { role: "ROLE_USER", firstName: "Stina" });
  const other = await signedIn(env, { role: "ROLE_USER", firstName: "Olle" });
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
  return { env, staff, other, admin, b2b };
}

async function withSetup(fn: (s: Awaited<ReturnType<typeof setup>>) => Promise<void>) {
  const s = await setup();
  try {
    await fn(s);
  } finally {
    s.env.close();
  }
}

async function rows(env: TestEnv, headers: Record<string, string>, n: number, extra = {}) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await createRow(env, headers, extra));
  return out;
}

const bulk = (
  env: TestEnv,
  headers: Record<string, string>,
  body: unknown,
  key?: string,
) =>
  call(env, "POST", "/api/prospects/bulk", {
    headers: key ? { ...headers, "Idempotency-Key": key } : headers,
    body,
  });

async function get(env: TestEnv, headers: Record<string, string>, id: string) {
  const { res, json } = await call(env, "GET", `/api/prospects/${id}`, { headers });
  assert.equal(res.status, 200, `GET ${id}`);
  return json;
}

Deno.test("bulk: an admin reassigns many prospects; each gets its own history entry", () =>
  withSetup(async ({ env, admin, staff, other }) => {
    const list = await rows(env, staff.headers, 6, { assignId: staff.user.email });
    const ids = list.map((p) => p.id);
    const { res, json } = await bulk(env, admin.headers, {
      ids,
      set: { assignedTo: other.user.id },
    });
    assert.equal(res.status, 200);
    assert.equal(json.updated, 6);
    assert.deepEqual(json.results, ids.map((id) => ({ id, status: "updated" })));
    for (const id of ids) {
      const p = await get(env, admin.headers, id);
      assert.equal(p.assignId, other.user.email);
      const assigns = (await listProspectEvents(env.kv, id)).filter((e) => e.type === "assign");
      assert.deepEqual(assigns.map((e) => e.to), [staff.user.email, other.user.email]);
      assert.equal(assigns[1].userId, admin.user.id);
    }
    // Unassign: assignedTo null.
    const cleared = await bulk(env, admin.headers, { ids, set: { assignedTo: null } });
    assert.equal(cleared.json.updated, 6);
    assert.equal((await get(env, admin.headers, ids[0])).assignId, null);
  }));

Deno.test("bulk: each row on its own — unknown ids, another's assignee, stale versions", () =>
  withSetup(async ({ env, staff, other }) => {
    const mine = await rows(env, staff.headers, 2, { assignId: staff.user.email });
    const theirs = await createRow(env, other.headers, { assignId: other.user.email });
    const stale = await createRow(env, staff.headers);
    // Someone changes `stale` after the caller saw it.
    const patched = await call(env, "PATCH", `/api/prospects/${stale.id}`, {
      headers: other.headers,
      body: { tag: "ny" },
    });
    assert.equal(patched.res.status, 200);
    const ids = [mine[0].id, "01NOSUCHPROSPECT000000000", theirs.id, mine[1].id, stale.id];
    const { res, json } = await bulk(env, staff.headers, {
      ids,
      set: { assignedTo: null },
      versions: { [stale.id]: stale.version },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(json.results.map((r: { status: string }) => r.status), [
      "updated",
      "notFound",
      "forbidden", // only the assignee (or an admin) may clear an assignment
      "updated",
      "conflict",
    ]);
    assert.equal(json.updated, 2);
    assert.equal(json.results[2].error.code, "NOT_ASSIGNEE");
    assert.equal(typeof json.results[2].error.message, "string");
    assert.equal(json.results[4].error.code, "VERSION_CONFLICT");
    assert.equal((await get(env, other.headers, theirs.id)).assignId, other.user.email);
    // A staff user may not assign prospects to someone else at all.
    const refused = await bulk(env, staff.headers, {
      ids: [mine[0].id],
      set: { assignedTo: other.user.id },
    });
    assert.equal(refused.res.status, 403);
    assert.equal(refused.json.error, "NOT_ASSIGNEE");
  }));

Deno.test("bulk: the §5 rules and the Paused status lock of a single change hold per row", () =>
  withSetup(async ({ env, staff }) => {
    const open = await rows(env, staff.headers, 2);
    const first = await createRow(env, staff.headers);
    // A failed call (NoAnswer1) pauses the clock for 4 work hours: the status is locked meanwhile.
    const called = await call(env, "PATCH", `/api/prospects/${first.id}`, {
      headers: staff.headers,
      body: { sellStatus: "NoAnswer1" },
    });
    assert.equal(called.res.status, 200);
    const paused = called.json;
    assert.equal(open[0].activityStatus, "ToDo");
    assert.equal(paused.activityStatus, "Paused");
    const ids = [open[0].id, paused.id, open[1].id];
    const { json } = await bulk(env, staff.headers, {
      ids,
      set: { sellStatus: "NoAnswer2" },
    });
    assert.deepEqual(json.results.map((r: { status: string }) => r.status), [
      "updated",
      "forbidden",
      "updated",
    ]);
    assert.equal(json.results[1].error.code, "SELL_STATUS_PAUSED");
    assert.equal((await get(env, staff.headers, paused.id)).sellStatus, "NoAnswer1");
    const events = await listProspectEvents(env.kv, open[0].id);
    assert.equal(events.filter((e) => e.type === "sellStatus").length, 1);
    // Booked needs a follow-up date (§5): the row is invalid, nothing changes.
    const fresh = await createRow(env, staff.headers);
    const booked = await bulk(env, staff.headers, {
      ids: [fresh.id],
      set: { sellStatus: "Booked" },
    });
    assert.equal(booked.json.results[0].status, "invalid");
    assert.equal(booked.json.results[0].error.code, "FOLLOW_UP_DATE_REQUIRED");
    assert.equal(
      booked.json.results[0].error.fields.followUpDate,
      "validation.followUpDateRequired",
    );
    // Past follow-up date (§5) and an unknown club: invalid.
    const past = await bulk(env, staff.headers, {
      ids: [fresh.id],
      set: { followUpDate: "2026-01-01" },
    });
    assert.equal(past.json.results[0].status, "invalid");
    assert.equal(past.json.results[0].error.code, "FOLLOW_UP_DATE_PAST");
    const club = await bulk(env, staff.headers, { ids: [open[0].id], set: { clubId: 999 } });
    assert.equal(club.json.results[0].status, "invalid");
    const moved = await bulk(env, staff.headers, { ids, set: { clubId: 102, tag: "flytt" } });
    assert.equal(moved.json.updated, 3);
    const p = await get(env, staff.headers, paused.id);
    assert.deepEqual([p.clubId, p.clubName, p.tag], [102, "Klubb Norr", "flytt"]);
  }));

Deno.test("bulk: a B2B user's rows of other projects answer notFound, never their data", () =>
  withSetup(async ({ env, staff, b2b }) => {
    const normal = await rows(env, staff.headers, 2);
    const own = await createRow(env, b2b.headers, { marketProjectId: 2 });
    const { res, json } = await bulk(env, b2b.headers, {
      ids: [...normal.map((p) => p.id), own.id],
      set: { tag: "b2b" },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(json.results, [
      { id: normal[0].id, status: "notFound" },
      { id: normal[1].id, status: "notFound" },
      { id: own.id, status: "updated" },
    ]);
    assert.equal((await get(env, staff.headers, normal[0].id)).tag, null);
    const del = await bulk(env, b2b.headers, { ids: [normal[0].id], delete: true });
    assert.equal(del.json.results[0].status, "notFound");
    assert.equal((await get(env, staff.headers, normal[0].id)).deleted, false);
  }));

Deno.test("bulk: delete soft-deletes each row; deleted rows answer notFound next time", () =>
  withSetup(async ({ env, staff, admin }) => {
    const list = await rows(env, staff.headers, 3);
    const ids = list.map((p) => p.id);
    const first = await bulk(env, staff.headers, { ids, delete: true });
    assert.equal(first.json.updated, 3);
    for (const id of ids) assert.equal((await get(env, admin.headers, id)).deleted, true);
    const again = await bulk(env, staff.headers, { ids, delete: true });
    assert.ok(again.json.results.every((r: { status: string }) => r.status === "notFound"));
  }));

Deno.test("bulk: input limits answer 400 with the field's message", () =>
  withSetup(async ({ env, staff }) => {
    const p = await createRow(env, staff.headers);
    const ids = Array.from({ length: 501 }, (_, i) => `id${i}`);
    const tooMany = await bulk(env, staff.headers, { ids, set: { tag: "x" } });
    assert.equal(tooMany.res.status, 400);
    assert.equal(tooMany.json.fields.ids, translate("sv", "validation.maxItems", { n: 500 }));
    const none = await bulk(env, staff.headers, { ids: [], set: { tag: "x" } });
    assert.equal(none.res.status, 400);
    assert.equal(none.json.fields.ids, translate("sv", "validation.required"));
    const nothing = await bulk(env, staff.headers, { ids: [p.id], set: {} });
    assert.equal(nothing.res.status, 400);
    assert.equal(nothing.json.fields.set, translate("sv", "validation.bulkSetOrDelete"));
    const both = await bulk(env, staff.headers, { ids: [p.id], set: { tag: "x" }, delete: true });
    assert.equal(both.res.status, 400);
    const badStatus = await bulk(env, staff.headers, { ids: [p.id], set: { sellStatus: "Nope" } });
    assert.equal(badStatus.res.status, 400);
    const badUser = await call(env, "POST", "/api/prospects/bulk", {
      headers: { ...staff.headers, "Idempotency-Key": "ä" },
      body: { ids: [p.id], set: { tag: "x" } },
    });
    assert.equal(badUser.res.status, 400);
    const ok = await bulk(env, staff.headers, { ids: ids.slice(0, 500), set: { tag: "x" } });
    assert.equal(ok.res.status, 200);
    assert.equal(ok.json.results.length, 500);
  }));

Deno.test("bulk: the same Idempotency-Key and body replays the first answer and changes nothing", () =>
  withSetup(async ({ env, staff, other }) => {
    const list = await rows(env, staff.headers, 3, { assignId: staff.user.email });
    const ids = list.map((p) => p.id);
    const body = { ids, set: { tag: "kampanj" } };
    const first = await bulk(env, staff.headers, body, "key-1");
    assert.equal(first.res.status, 200);
    assert.equal(first.json.updated, 3);
    assert.equal(first.res.headers.get("idempotent-replayed"), null);
    // Someone changes a row after the first request.
    await call(env, "PATCH", `/api/prospects/${ids[0]}`, {
      headers: staff.headers,
      body: { tag: "ändrad" },
    });
    const again = await bulk(env, staff.headers, body, "key-1");
    assert.equal(again.res.status, 200);
    assert.equal(again.res.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(again.json, first.json);
    assert.equal((await get(env, staff.headers, ids[0])).tag, "ändrad", "nothing applied again");
    // The key with another body: 422.
    const reused = await bulk(env, staff.headers, { ids, set: { tag: "annat" } }, "key-1");
    assert.equal(reused.res.status, 422);
    assert.equal(reused.json.error, "IDEMPOTENCY_KEY_REUSED");
    assert.equal((await get(env, staff.headers, ids[1])).tag, "kampanj");
    // Keys are the caller's own: another user's same key runs.
    const theirs = await bulk(env, other.headers, { ids, set: { tag: "olle" } }, "key-1");
    assert.equal(theirs.res.status, 200);
    assert.equal(theirs.res.headers.get("idempotent-replayed"), null);
    // After 24 h the key is free again.
    env.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await bulk(env, staff.headers, { ids, set: { tag: "annat" } }, "key-1");
    assert.equal(later.res.status, 200);
    assert.equal(later.res.headers.get("idempotent-replayed"), null);
  }));

Deno.test("bulk: parallel requests with one Idempotency-Key apply once", () =>
  withSetup(async ({ env, admin, staff, other }) => {
    const list = await rows(env, staff.headers, 5);
    const ids = list.map((p) => p.id);
    const body = { ids, set: { assignedTo: other.user.id } };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => bulk(env, admin.headers, body, "parallel-key")),
    );
    const ran = answers.filter((a) =>
      a.res.status === 200 && a.res.headers.get("idempotent-replayed") === null
    );
    assert.equal(ran.length, 1, "exactly one request ran");
    for (const a of answers) {
      assert.ok(a.res.status === 200 || a.res.status === 409, `status ${a.res.status}`);
      if (a.res.status === 409) assert.equal(a.json.error, "IDEMPOTENCY_KEY_IN_USE");
      else assert.deepEqual(a.json, ran[0].json);
    }
    for (const id of ids) {
      const assigns = (await listProspectEvents(env.kv, id)).filter((e) => e.type === "assign");
      assert.equal(assigns.length, 1, "one assignment per prospect");
    }
  }));

Deno.test("bulk: parallel bulk requests over the same rows each apply every row once", () =>
  withSetup(async ({ env, staff }) => {
    const list = await rows(env, staff.headers, 20);
    const ids = list.map((p) => p.id);
    const dates = ["2026-03-11", "2026-03-12", "2026-03-13", "2026-03-16"];
    const answers = await Promise.all(
      dates.map((d) => bulk(env, staff.headers, { ids, set: { followUpDate: d } })),
    );
    for (const a of answers) assert.equal(a.json.updated, 20);
    for (const id of ids) {
      const changes = (await listProspectEvents(env.kv, id)).filter((e) => e.type === "followUp");
      assert.equal(changes.length, 4, "each request's change is its own history entry");
      assert.deepEqual(changes.map((e) => e.to).sort(), dates);
      const p = await get(env, staff.headers, id);
      assert.equal(p.followUpDate, changes[3].to, "the last change is the record's date");
    }
  }));

Deno.test("bulk: GET /api/prospects/ids answers every matching id (the grid's select all)", () =>
  withSetup(async ({ env, staff, b2b }) => {
    const list = await rows(env, staff.headers, 5, { tag: "vald" });
    await rows(env, staff.headers, 2);
    const r = await call(env, "GET", "/api/prospects/ids?marketProjectId=1&tag=vald", {
      headers: staff.headers,
    });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.total, 5);
    assert.deepEqual([...r.json.ids].sort(), list.map((p) => p.id).sort());
    const refused = await call(env, "GET", "/api/prospects/ids?marketProjectId=1", {
      headers: b2b.headers,
    });
    assert.equal(refused.res.status, 403);
    const none = await call(env, "GET", "/api/prospects/ids", { headers: staff.headers });
    assert.equal(none.res.status, 400);
  }));
