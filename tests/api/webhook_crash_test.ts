/**
 * Webhook events survive a crash: the event message is committed in the change's own atomic, so a
 * server killed with SIGKILL right after answering the change (its receiver not reachable yet)
 * delivers the event once it is started again on the same KV file.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { createTestUser, TEST_PASSWORD, type TestEnv, withDir } from "@/tests/helpers.ts";
import { startServer } from "@/tests/api/server_process.ts";
import { freePort, signatureValid, startReceiver } from "@/tests/api/webhook_receiver.ts";

async function token(url: string, username: string): Promise<string> {
  const r = await fetch(`${url}/oauth/v2/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "password", username, password: TEST_PASSWORD }),
  });
  assert.equal(r.status, 200);
  return (await r.json()).access_token;
}

// Retries a second apart: a loaded machine may take seconds between the change and the kill, and
// every attempt made before the kill (the receiver is not up yet) uses one of them.
const ENV = { CRON: "false", WEBHOOK_RETRY_DELAYS_MS: "1000,1000,2000,2000,4000,4000" };

Deno.test({
  name: "webhooks: a server killed with SIGKILL right after a change delivers it after restart",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withDir(async (dir) => {
      const kvPath = join(dir, "app.kv");
      const kv = await openKv({ kvPath, kvUrl: undefined });
      await runMigrations(kv);
      await makeChain({ kv } as TestEnv);
      await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@example.se" });
      kv.close();

      const port = freePort();
      const first = startServer(kvPath, ENV);
      let second: ReturnType<typeof startServer> | null = null;
      let receiver: ReturnType<typeof startReceiver> | null = null;
      try {
        await first.ready();
        const auth = { Authorization: `Bearer ${await token(first.url, "admin@example.se")}` };
        const json = { ...auth, "Content-Type": "application/json" };
        const hook = await fetch(`${first.url}/api/admin/webhooks`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({
            url: `http://127.0.0.1:${port}/hook`,
            events: ["prospect.created", "prospect.updated"],
          }),
        });
        assert.equal(hook.status, 201);
        const { secret } = await hook.json();
        const created = await fetch(`${first.url}/api/prospects`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ ...newRow(), marketProjectId: 1 }),
        });
        assert.equal(created.status, 201);
        const p = await created.json();
        const saved = await fetch(`${first.url}/api/prospects/${p.id}`, {
          method: "PATCH",
          headers: json,
          body: JSON.stringify({ sellStatus: "NoAnswer1", version: p.version }),
        });
        assert.equal(saved.status, 200);
        first.kill("SIGKILL"); // right after the change's answer
        await first.stop();

        receiver = startReceiver(port);
        second = startServer(kvPath, ENV);
        await second.ready();
        await receiver.until((g) =>
          g.some((x) => x.json.type === "prospect.created") &&
          g.some((x) => x.json.type === "prospect.updated"), 30_000).catch(async (e) => {
            const got = receiver!.got.map((g) => g.body).join("\n");
            const t2 = await token(second!.url, "admin@example.se");
            const hooks = await fetch(`${second!.url}/api/admin/webhooks`, {
              headers: { Authorization: `Bearer ${t2}` },
            }).then((r) => r.json());
            const log = await fetch(`${second!.url}/api/admin/webhooks/${hooks[0].id}/deliveries`, {
              headers: { Authorization: `Bearer ${t2}` },
            }).then((r) => r.json());
            console.error(JSON.stringify(hooks), JSON.stringify(log, null, 1));
            throw new Error(`${e.message}: ${got}\n${second!.output()}`);
          });
        const updated = receiver.got.find((x) => x.json.type === "prospect.updated")!;
        assert.equal(updated.json.data.prospectId, p.id);
        assert.deepEqual(updated.json.data.changes, { sellStatus: "NoAnswer1" });
        for (const g of receiver.got) {
          assert.ok(await signatureValid(secret, g.signature, g.body));
        }
      } finally {
        await receiver?.stop();
        await second?.stop();
        await first.stop().catch(() => {});
      }
    }),
});
