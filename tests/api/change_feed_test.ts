/**
 * The change feed (GET /api/prospects/changes): every visible prospect whose state changed after
 * the cursor, in change order, with every kind of change — edits, notes, the activity clock,
 * deletes, erasure — moving updatedAt; a walk while others write never skips one.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, rowOf } from "@/tests/api/prospect_fixtures.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";

async function walk(env: TestEnv, headers: Record<string, string>, after?: string, limit = 2) {
  const items: any[] = [];
  let cursor = after;
  for (let i = 0; i < 1000; i++) {
    const q = new URLSearchParams({ limit: String(limit), ...(cursor ? { after: cursor } : {}) });
    const r = await call(env, "GET", `/api/prospects/changes?${q}`, { headers });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    items.push(...r.json.items);
    cursor = r.json.cursor ?? cursor;
    if (!r.json.hasMore) break;
  }
  return { items, cursor };
}

Deno.test("change feed: in change order; edits, notes, the activity clock, deletes and erasure come again; updatedAt moves with each", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T08:00:00Z"));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const h = admin.headers;
    const made: any[] = [];
    for (const [i, name] of ["Ada", "Bo", "Cia", "Dan", "Eva"].entries()) {
      env.clock.set(new Date(Date.parse("2026-03-10T08:00:00Z") + i * 1000));
      made.push(await createRow(env, h, { firstName: name, assignId: admin.user.email }));
    }
    env.clock.set("2026-03-10T08:01:00Z");
    const first = await walk(env, h);
    assert.deepEqual(first.items.map((p) => p.firstName), ["Ada", "Bo", "Cia", "Dan", "Eva"]);
    assert.ok(first.items.every((p) => p.version && p.may), "current API objects");

    // Nothing changed: the cursor answers nothing.
    const none = await walk(env, h, first.cursor);
    assert.deepEqual(none.items, []);

    env.clock.set("2026-03-10T09:00:00Z");
    const [ada, bo, cia, , eva] = made;
    const saved = await call(env, "PUT", `/api/prospects/${bo.id}`, {
      headers: h,
      body: rowOf(bo, { tag: "ändrad" }),
    });
    assert.equal(saved.res.status, 200, JSON.stringify(saved.json));
    env.clock.set("2026-03-10T09:00:01Z");
    const note = await call(env, "POST", `/api/prospects/${cia.id}/notes`, {
      headers: h,
      body: { text: "Ringde", noteType: "Note" },
    });
    assert.equal(note.res.status, 201, JSON.stringify(note.json));
    env.clock.set("2026-03-10T09:00:02Z");
    assert.equal(
      (await call(env, "DELETE", `/api/prospects/${eva.id}`, { headers: h })).res.status < 300,
      true,
    );
    env.clock.set("2026-03-10T09:00:03Z");
    const erase = await call(env, "POST", `/api/prospects/${ada.id}/erase`, {
      headers: h,
      body: {},
    });
    assert.ok(erase.res.status < 300, JSON.stringify(erase.json));
    env.clock.set("2026-03-10T09:01:00Z");

    const next = await walk(env, h, first.cursor);
    const seen = next.items.map((p) => p.firstName ?? (p.erased ? "erased" : p.id));
    assert.deepEqual(seen, ["Bo", "Cia", "Eva", "erased"]);
    const byName = Object.fromEntries(next.items.map((p) => [p.firstName ?? p.id, p]));
    assert.equal(byName.Bo.updatedAt, "2026-03-10T09:00:00.000Z");
    assert.equal(byName.Cia.updatedAt, "2026-03-10T09:00:01.000Z", "a note moves updatedAt");
    assert.equal(byName.Eva.deleted, true);
    assert.deepEqual(next.items[3], { id: ada.id, erased: true }, "an erased person: only the id");
    assert.ok(!JSON.stringify(next.items).includes("Ada"), "nothing of the erased person");

    // Hours of work time later the activity clock moves Dan (ToDo → Notified) by itself.
    env.clock.set("2026-03-10T14:00:00Z");
    await runActivityJob({ kv: env.kv, config: env.config, now: () => env.clock.now });
    env.clock.set("2026-03-10T14:01:00Z");
    const clock = await walk(env, h, next.cursor);
    const dan = clock.items.find((p) => p.firstName === "Dan");
    assert.ok(dan, `the activity clock's change is in the feed: ${JSON.stringify(clock.items)}`);
    assert.equal(dan.activityStatus, "Notified");
    assert.ok(dan.updatedAt >= "2026-03-10T14:00:00", "the clock's transition moves updatedAt");
  } finally {
    env.close();
  }
});

Deno.test("change feed: a B2B user gets only b2b projects; staff a deleted prospect as {id, deleted}; a bad cursor is 400", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T08:00:00Z"));
  try {
    await makeChain(env);
    const staff = await signedIn(env);
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    const p = await createRow(env, staff.headers, { firstName: "Vanlig" });
    await createRow(env, staff.headers, { firstName: "Foretag", marketProjectId: 2 });
    env.clock.set("2026-03-10T08:00:10Z");
    const seen = await walk(env, b2b.headers);
    assert.deepEqual(seen.items.map((x) => x.firstName), ["Foretag"]);
    assert.ok(!JSON.stringify(seen.items).includes(p.id));
    await call(env, "DELETE", `/api/prospects/${p.id}`, { headers: staff.headers });
    env.clock.set("2026-03-10T08:00:20Z");
    const after = await walk(env, staff.headers, (await walk(env, staff.headers)).cursor);
    assert.deepEqual(after.items, []);
    const all = await walk(env, staff.headers);
    const gone = all.items.find((x) => x.id === p.id);
    assert.deepEqual(gone, { id: p.id, deleted: true, marketProjectId: 1 });
    const big = await call(env, "GET", "/api/prospects/changes?limit=1000", {
      headers: staff.headers,
    });
    assert.equal(big.res.status, 200, "the largest page a script may ask for");
    const over = await call(env, "GET", "/api/prospects/changes?limit=1001", {
      headers: staff.headers,
    });
    assert.equal(over.res.status, 400);
    const bad = await call(env, "GET", "/api/prospects/changes?after=not-a-cursor", {
      headers: staff.headers,
    });
    assert.equal(bad.res.status, 400);
  } finally {
    env.close();
  }
});

Deno.test("change feed: a walk while writers change prospects in parallel never skips a change", async () => {
  const start = Date.parse("2026-03-10T08:00:00Z");
  const env = await makeEnv({}, new Date(start));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const h = admin.headers;
    const made: any[] = [];
    for (let i = 0; i < 30; i++) {
      env.clock.advance(7);
      made.push(await createRow(env, h, { firstName: `P${i}` }));
    }
    // The last change of each prospect, as the writers made it.
    const last = new Map<string, string>(made.map((p) => [p.id, p.updatedAt]));
    const seenAt = new Map<string, Set<string>>();
    let cursor: string | undefined;
    const step = async () => {
      const q = new URLSearchParams({ limit: "4", ...(cursor ? { after: cursor } : {}) });
      const r = await call(env, "GET", `/api/prospects/changes?${q}`, { headers: h });
      assert.equal(r.res.status, 200);
      for (const p of r.json.items) {
        if (!seenAt.has(p.id)) seenAt.set(p.id, new Set());
        seenAt.get(p.id)!.add(p.updatedAt);
      }
      cursor = r.json.cursor ?? cursor;
    };
    const writer = async (n: number) => {
      for (let i = 0; i < 15; i++) {
        env.clock.advance(13);
        const p = made[(n * 7 + i * 11) % made.length];
        const r = await call(env, "PATCH", `/api/prospects/${p.id}`, {
          headers: h,
          body: { tag: `w${n}-${i}` },
        });
        if (r.res.status === 200) last.set(p.id, r.json.updatedAt);
      }
    };
    await Promise.all([
      writer(1),
      writer(2),
      (async () => {
        for (let i = 0; i < 60; i++) {
          env.clock.advance(1_000); // a write in flight commits within the settling time
          await step();
        }
      })(),
    ]);
    // Then to the end: every prospect's last change has been read at its last updatedAt.
    env.clock.advance(60_000);
    for (let i = 0; i < 50; i++) await step();
    const missed = [...last].filter(([id, at]) => !seenAt.get(id)?.has(at));
    assert.deepEqual(missed, [], "every last change is in the walk");
  } finally {
    env.close();
  }
});
