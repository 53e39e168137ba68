/**
 * GET /api/events: the live desk's Server-Sent Events — created, changed and deleted prospects of
 * the caller's clubs within 2 s, only what the caller may see, resumed with Last-Event-ID, a
 * heartbeat, and a limit of streams per user.
 */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, rowOf } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { addLiveChanges, listClubChanges, liveChanges } from "@/lib/db/live_changes.ts";
import { clubChangeKey } from "@/lib/db/keys.ts";
import { ulid } from "@/lib/db/kv.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";

interface Sse {
  id: string | null;
  event: string;
  data: any;
}

/** An open event stream: its status, the events and comments read so far, and a way to wait. */
async function openStream(env: TestEnv, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await env.app.request(`${ORIGIN}/api/events`, {
    headers: { ...headers, Accept: "text/event-stream" },
    signal: abort.signal,
  });
  const events: Sse[] = [];
  const comments: string[] = [];
  let buffer = "";
  let closed = false;
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const pump = (async () => {
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e: Sse = { id: null, event: "message", data: null };
          let isEvent = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) e.id = line.slice(4);
            else if (line.startsWith("event: ")) e.event = line.slice(7);
            else if (line.startsWith("data: ")) {
              e.data = JSON.parse(line.slice(6));
              isEvent = true;
            }
          }
          if (isEvent) events.push(e);
        }
      }
    } catch { /* aborted */ }
    closed = true;
  })();
  return {
    res,
    events,
    comments,
    get closed() {
      return closed;
    },
    /** Waits (at most `ms`) until the predicate holds. */
    async until(pred: () => boolean, ms = 2000) {
      const start = Date.now();
      while (!pred()) {
        if (Date.now() - start > ms) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    },
    async close() {
      abort.abort();
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

async function setup(overrides: Record<string, string> = {}) {
  const env = await makeEnv(overrides);
  const chain = await makeChain(env);
  const staff = await signedIn(env, { firstName: "Sara" });
  await setClubSubscription(env.kv, staff.user.id, 101, true);
  const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
  await setClubSubscription(env.kv, b2b.user.id, 101, true);
  return { env, chain, staff, b2b };
}

Deno.test({
  name:
    "events: created, changed and deleted within 2 s; a B2B user gets only b2b projects' events",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { env, staff, b2b } = await setup();
    const sara = await openStream(env, staff.headers);
    const bea = await openStream(env, b2b.headers);
    try {
      assert.equal(sara.res.status, 200);
      assert.match(sara.res.headers.get("content-type") ?? "", /^text\/event-stream/);

      const p = await createRow(env, staff.headers, { firstName: "Live" });
      assert.ok(
        await sara.until(() => sara.events.some((e) => e.data.id === p.id)),
        "created within 2 s",
      );
      const created = sara.events.find((e) => e.data.id === p.id)!;
      assert.equal(created.event, "created");
      assert.deepEqual(created.data, {
        type: "created",
        id: p.id,
        marketProjectId: 1,
        clubId: 101,
        source: "staff",
      });
      assert.ok(created.id, "each event has an id");

      const put = await call(env, "PUT", `/api/prospects/${p.id}`, {
        headers: staff.headers,
        body: rowOf(p, { lastName: "Ändrad" }),
      });
      assert.equal(put.res.status, 200, JSON.stringify(put.json));
      assert.ok(await sara.until(() => sara.events.some((e) => e.event === "changed")));

      const del = await call(env, "DELETE", `/api/prospects/${p.id}`, { headers: staff.headers });
      assert.equal(del.res.status < 300, true, JSON.stringify(del.json));
      assert.ok(await sara.until(() => sara.events.some((e) => e.event === "deleted")));
      assert.deepEqual(sara.events.map((e) => e.event), ["created", "changed", "deleted"]);

      // A prospect of another club is not on Sara's desk.
      await createRow(env, staff.headers, { firstName: "Norr", clubId: 102 });
      // The B2B user: the b2b project's prospect only.
      const firm = await createRow(env, staff.headers, { firstName: "Firma", marketProjectId: 2 });
      assert.ok(await bea.until(() => bea.events.some((e) => e.data.id === firm.id)));
      assert.ok(await sara.until(() => sara.events.some((e) => e.data.id === firm.id)));
      assert.deepEqual(bea.events.map((e) => e.data.id), [firm.id], "no non-b2b event");
      assert.ok(!sara.events.some((e) => e.data.clubId === 102));
    } finally {
      await sara.close();
      await bea.close();
      env.close();
    }
  },
});

Deno.test({
  name: "events: Last-Event-ID resumes after the last event seen; a heartbeat comes regularly",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { env, staff } = await setup({ EVENTS_HEARTBEAT_MS: "200" });
    const first = await openStream(env, staff.headers);
    try {
      const a = await createRow(env, staff.headers, { firstName: "Första" });
      assert.ok(await first.until(() => first.events.some((e) => e.data.id === a.id)));
      const lastId = first.events.at(-1)!.id!;
      await first.close();

      // Two changes while the client is away.
      const b = await createRow(env, staff.headers, { firstName: "Andra" });
      const c = await createRow(env, staff.headers, { firstName: "Tredje" });
      const again = await openStream(env, { ...staff.headers, "Last-Event-ID": lastId });
      try {
        assert.ok(await again.until(() => again.events.length >= 2));
        await new Promise((r) => setTimeout(r, 300));
        assert.deepEqual(again.events.map((e) => e.data.id), [b.id, c.id], "missed ones, in order");
        // Heartbeats (comments) keep coming while nothing changes.
        const beats = () => again.comments.filter((x) => x === "heartbeat").length;
        assert.ok(await again.until(() => beats() >= 2, 1500), "heartbeats");
      } finally {
        await again.close();
      }
      // Without Last-Event-ID nothing old is replayed.
      const fresh = await openStream(env, staff.headers);
      await new Promise((r) => setTimeout(r, 400));
      assert.deepEqual(fresh.events, []);
      await fresh.close();
    } finally {
      await first.close();
      env.close();
    }
  },
});

Deno.test({
  name:
    "events: at most 5 streams per user (429 past it, a closed one frees its slot); 406 and 401",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { env, staff, b2b } = await setup();
    const streams = await Promise.all(
      Array.from({ length: 8 }, () => openStream(env, staff.headers)),
    );
    try {
      const statuses = streams.map((s) => s.res.status).sort();
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = streams.find((s) => s.res.status === 429)!;
      await refused.until(() => refused.closed);
      // Another user has slots of their own.
      const other = await openStream(env, b2b.headers);
      assert.equal(other.res.status, 200);
      await other.close();
      // Closing one frees its slot (the server releases it as the stream ends: within a moment).
      await streams.find((s) => s.res.status === 200)!.close();
      let next = await openStream(env, staff.headers);
      for (let i = 0; i < 20 && next.res.status === 429; i++) {
        await next.until(() => next.closed);
        await new Promise((r) => setTimeout(r, 100));
        next = await openStream(env, staff.headers);
      }
      assert.equal(next.res.status, 200);
      await next.close();

      const plain = await call(env, "GET", "/api/events", { headers: staff.headers });
      assert.equal(plain.res.status, 406);
      const anon = await env.app.request(`${ORIGIN}/api/events`, {
        headers: { Accept: "text/event-stream" },
      });
      assert.equal(anon.status, 401);
      await anon.body?.cancel();
    } finally {
      await Promise.all(streams.map((s) => s.close()));
      env.close();
    }
  },
});

Deno.test("a club's changes read the same whether stored as a tuple or, as before, as the object", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const p = { id: "01PROSPECT", marketProjectId: 7, clubId: 101, source: "web", b2b: false };
    const [created] = liveChanges(null, p as Prospect);
    const moved = { ...created, changeId: ulid(), type: "changed" as const, deleted: true };
    const op = kv.atomic();
    addLiveChanges(op, [created]);
    op.set(clubChangeKey(101, moved.changeId), moved); // an entry written as the whole object
    assert.ok((await op.commit()).ok);
    assert.deepEqual(await listClubChanges(kv, 101, null), [created, moved]);
    assert.deepEqual(await listClubChanges(kv, 101, created.changeId), [moved]);
  } finally {
    kv.close();
  }
});
