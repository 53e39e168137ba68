/**
 * Outbound webhooks against a local receiver, through the real KV queue: the admin API (secret
 * shown once, never listed), signed deliveries of every event kind, personal data only for an
 * endpoint that asked and never an erased person's, a receiver that is down getting the event
 * (same id) once it is back, and an endpoint failing for a day disabled with its admin told.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { freePort, signatureValid, startReceiver } from "@/tests/api/webhook_receiver.ts";
import { startQueue } from "@/lib/jobs/queue.ts";
import { listOutbox } from "@/lib/notify/mod.ts";

const FAST = { WEBHOOK_RETRY_DELAYS_MS: "150,150,150,150,150,150", WEBHOOK_TIMEOUT_MS: "2000" };

function queueOf(env: TestEnv) {
  return startQueue({ kv: env.kv, config: env.config, now: () => env.clock.now });
}

Deno.test({
  name:
    "webhooks: admin API, signed deliveries of every event, personal data only when asked and never an erased person's",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const env = await makeEnv(FAST, new Date("2026-03-10T09:00:00Z"));
    const queue = queueOf(env);
    const receiver = startReceiver();
    try {
      const chain = await makeChain(env);
      const admin = await signedIn(env, { role: "ROLE_ADMIN" });
      const staff = await signedIn(env);
      const h = admin.headers;
      // Bad input: 400 with the field's key; staff may not.
      for (
        const [body, field] of [
          [{ url: "ftp://x.example", events: ["prospect.created"] }, "url"],
          [{ url: "not a url", events: ["prospect.created"] }, "url"],
          [{ url: receiver.url, events: [] }, "events"],
          [{ url: receiver.url, events: ["prospect.exploded"] }, "events"],
          [{ events: ["prospect.created"] }, "url"],
        ] as const
      ) {
        const r = await call(env, "POST", "/api/admin/webhooks", { headers: h, body });
        assert.equal(r.res.status, 400, JSON.stringify(body));
        assert.ok(
          Object.keys(r.json.fields ?? {}).some((k) => k.startsWith(field)),
          JSON.stringify(r.json),
        );
      }
      const denied = await call(env, "POST", "/api/admin/webhooks", {
        headers: staff.headers,
        body: { url: receiver.url, events: ["prospect.created"] },
      });
      assert.equal(denied.res.status, 403);

      const all = [
        "prospect.created",
        "prospect.updated",
        "prospect.deleted",
        "prospect.restored",
        "prospect.erased",
        "note.created",
      ];
      const plain = await call(env, "POST", "/api/admin/webhooks", {
        headers: h,
        body: { url: `${receiver.url}?plain`, events: all, description: "Datalager" },
      });
      assert.equal(plain.res.status, 201, JSON.stringify(plain.json));
      assert.match(plain.json.secret, /^whsec_[0-9a-f]{48}$/);
      const personal = await call(env, "POST", "/api/admin/webhooks", {
        headers: h,
        body: { url: `${receiver.url}?personal`, events: all, includePersonalData: true },
      });
      assert.equal(personal.res.status, 201);
      const secrets: Record<string, string> = {
        plain: plain.json.secret,
        personal: personal.json.secret,
      };
      const listed = await call(env, "GET", "/api/admin/webhooks", { headers: h });
      assert.equal(listed.json.length, 2);
      assert.ok(!JSON.stringify(listed.json).includes("whsec_"), "the secret is shown once");

      // Every event kind, each delivered before the next change.
      const created = await call(env, "POST", "/api/prospects", {
        headers: h,
        body: newRow({ firstName: "Hemlig", lastName: "Personsson" }),
      });
      assert.equal(created.res.status, 201, JSON.stringify(created.json));
      const id = created.json.id as string;
      const count = (type: string) =>
        receiver.got.filter((g) => g.json.type === type && g.json.data.prospectId === id).length;
      await receiver.until(() => count("prospect.created") === 2);
      const saved = await call(env, "PATCH", `/api/prospects/${id}`, {
        headers: h,
        body: { sellStatus: "NoAnswer1", version: created.json.version },
      });
      assert.equal(saved.res.status, 200, JSON.stringify(saved.json));
      await receiver.until(() => count("prospect.updated") === 2);
      const note = await call(env, "POST", `/api/prospects/${id}/notes`, {
        headers: h,
        body: { text: "Ringde, bokar pass", noteType: "Note" },
      });
      assert.equal(note.res.status, 201, JSON.stringify(note.json));
      await receiver.until(() => count("note.created") === 2);
      assert.equal(
        (await call(env, "DELETE", `/api/prospects/${id}`, { headers: h })).res.status,
        200,
      );
      await receiver.until(() => count("prospect.deleted") === 2);
      const restored = await call(env, "PUT", `/api/prospects/restore/${id}`, { headers: h });
      assert.equal(restored.res.status, 200, JSON.stringify(restored.json));
      await receiver.until(() => count("prospect.restored") === 2);

      for (const g of receiver.got) {
        const secret = g.url.endsWith("?personal") ? secrets.personal : secrets.plain;
        assert.ok(await signatureValid(secret, g.signature, g.body), `signature of ${g.body}`);
        assert.match(g.signature, /^t=\d{10},v1=[0-9a-f]{64}$/);
      }
      const updated = receiver.got.find((g) => g.json.type === "prospect.updated")!;
      assert.deepEqual(updated.json.data.changes, { sellStatus: "NoAnswer1" });
      assert.equal(updated.json.occurredAt, "2026-03-10T09:00:00.000Z");
      const withPerson = receiver.got.filter((g) => g.json.data.person);
      assert.equal(withPerson.length, 5, "the personal endpoint's five deliveries");
      assert.ok(withPerson.every((g) => g.url.endsWith("?personal")));
      assert.equal(withPerson[0].json.data.person.firstName, "Hemlig");
      assert.ok(
        receiver.got.filter((g) => !g.json.data.person).every((g) => !g.body.includes("Hemlig")),
        "the plain endpoint never gets personal data",
      );
      const ids = receiver.got.map((g) => g.json.id);
      assert.equal(new Set(ids).size * 2, ids.length, "each event once per endpoint, same id");

      // Erased: the erase event and everything delivered after it carry no trace of the person,
      // also for changes made just before the erase and delivered after it.
      const other = await call(env, "POST", "/api/prospects", {
        headers: h,
        body: newRow({ firstName: "Raderas", lastName: "Snabbsson" }),
      });
      const otherId = other.json.id as string;
      await call(env, "PATCH", `/api/prospects/${otherId}`, {
        headers: h,
        body: { sellStatus: "Booked", followUpDate: "2026-03-12", version: other.json.version },
      });
      const before = receiver.got.length;
      for (const pid of [otherId, id]) {
        const erased = await call(env, "POST", `/api/prospects/${pid}/erase`, { headers: h });
        assert.equal(erased.res.status, 200, JSON.stringify(erased.json));
      }
      await receiver.until((g) => g.filter((x) => x.json.type === "prospect.erased").length === 4);
      await new Promise((r) => setTimeout(r, 300));
      const late = receiver.got.slice(before);
      assert.ok(late.length >= 4);
      for (const g of late) {
        assert.ok(!/Raderas|Snabbsson|Hemlig|Personsson/.test(g.body), g.body);
      }
      for (const g of receiver.got.filter((x) => x.json.data.prospectId === otherId)) {
        assert.ok(!/Raderas|Snabbsson/.test(g.body), `erased person in ${g.body}`);
      }

      // Ping, the deliveries log, turning off and deleting.
      const ping = await call(env, "POST", `/api/admin/webhooks/${plain.json.id}/ping`, {
        headers: h,
      });
      assert.equal(ping.res.status, 200);
      assert.equal(ping.json.statusCode, 200);
      const log = await call(env, "GET", `/api/admin/webhooks/${plain.json.id}/deliveries`, {
        headers: h,
      });
      assert.equal(log.res.status, 200);
      assert.equal(log.json[0].event, "ping", "newest first");
      for (const d of log.json) {
        assert.ok(d.at && d.eventId && d.event && d.attempt >= 1 && d.durationMs >= 0, d);
        assert.equal(d.statusCode, 200);
      }
      const off = await call(env, "PUT", `/api/admin/webhooks/${plain.json.id}`, {
        headers: h,
        body: { enabled: false },
      });
      assert.equal(off.json.enabled, false);
      const n = receiver.got.length;
      await call(env, "POST", "/api/prospects", { headers: h, body: newRow() });
      await receiver.until((g) => g.length === n + 1);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(receiver.got.length, n + 1, "only the enabled endpoint");
      const del = await call(env, "DELETE", `/api/admin/webhooks/${plain.json.id}`, { headers: h });
      assert.equal(del.res.status, 204);
      assert.equal(
        (await call(env, "GET", `/api/admin/webhooks/${plain.json.id}/deliveries`, { headers: h }))
          .res.status,
        404,
      );
      void chain;
    } finally {
      await receiver.stop();
      env.close();
      await queue;
    }
  },
});

Deno.test({
  name:
    "webhooks: a receiver that is down gets the event (same id) once it is back; failing for a day disables the endpoint and mails its admin",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const env = await makeEnv(FAST, new Date("2026-03-10T09:00:00Z"));
    const queue = queueOf(env);
    const port = freePort();
    let receiver: ReturnType<typeof startReceiver> | null = null;
    try {
      await makeChain(env);
      const admin = await signedIn(env, { role: "ROLE_ADMIN", email: "chef@klubb.se" });
      const h = admin.headers;
      const hook = await call(env, "POST", "/api/admin/webhooks", {
        headers: h,
        body: { url: `http://127.0.0.1:${port}/hook`, events: ["prospect.created"] },
      });
      assert.equal(hook.res.status, 201);
      const deliveries = async () =>
        (await call(env, "GET", `/api/admin/webhooks/${hook.json.id}/deliveries`, { headers: h }))
          .json as any[];
      const p = await call(env, "POST", "/api/prospects", { headers: h, body: newRow() });
      assert.equal(p.res.status, 201);
      // Down: attempts fail and are retried.
      for (let i = 0; i < 200 && (await deliveries()).length < 2; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      const failed = await deliveries();
      assert.ok(failed.length >= 2, JSON.stringify(failed));
      assert.ok(failed.every((d) => d.statusCode === null && d.error === "network"));
      const eventId = failed[0].eventId;
      assert.ok(failed.every((d) => d.eventId === eventId), "the same event id on every attempt");
      const listed = (await call(env, "GET", "/api/admin/webhooks", { headers: h })).json[0];
      assert.ok(listed.failingSince, "failing since the first failure");
      // Back: the next attempt delivers it.
      receiver = startReceiver(port);
      await receiver.until((g) => g.length >= 1);
      assert.equal(receiver.got[0].json.id, eventId);
      assert.ok(
        await signatureValid(hook.json.secret, receiver.got[0].signature, receiver.got[0].body),
      );
      await new Promise((r) => setTimeout(r, 200));
      const ok = (await deliveries())[0];
      assert.equal(ok.statusCode, 200);
      assert.ok(ok.attempt >= 2, `attempt ${ok.attempt}`);
      assert.equal(
        (await call(env, "GET", "/api/admin/webhooks", { headers: h })).json[0].failingSince,
        null,
      );

      // Down again, for a day: the attempt a day after the first failure disables it.
      await receiver.stop();
      receiver = null;
      await call(env, "POST", "/api/prospects", { headers: h, body: newRow() });
      for (let i = 0; i < 200 && (await deliveries())[0].statusCode !== null; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      env.clock.advance(25 * 3_600_000);
      let w: any = null;
      for (let i = 0; i < 200; i++) {
        w = (await call(env, "GET", "/api/admin/webhooks", { headers: h })).json[0];
        if (!w.enabled) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.equal(w.enabled, false);
      assert.equal(w.disabledReason, "webhooks.disabledFailing");
      // The mail follows the switch-off in the same delivery; it may land a moment later.
      let mail: Awaited<ReturnType<typeof listOutbox>> = [];
      for (let i = 0; i < 200; i++) {
        mail = await listOutbox(env.kv, { to: "chef@klubb.se", now: env.clock.now });
        if (mail.some((m) => /webhook/i.test(m.subject ?? ""))) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.equal(
        mail.filter((m) => /webhook/i.test(m.subject ?? "")).length,
        1,
        JSON.stringify(mail),
      );
      // Turned on again by an admin: it starts afresh.
      const on = await call(env, "PUT", `/api/admin/webhooks/${hook.json.id}`, {
        headers: h,
        body: { enabled: true },
      });
      assert.equal(on.json.enabled, true);
      assert.equal(on.json.failingSince, null);
      assert.equal(on.json.disabledReason, null);
    } finally {
      await receiver?.stop();
      env.close();
      await queue;
    }
  },
});
