/**
 * PATCH without a version under many writers of one prospect, on the real server and a KV file:
 * every change is re-read and applied, none answers 409.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import { createTestUser, TEST_PASSWORD, type TestEnv, withDir } from "@/tests/helpers.ts";
import { startServer } from "@/tests/api/server_process.ts";

Deno.test({
  name: "PATCH without a version: 4 × 16 parallel, then 16 writers × 36 in a row, all apply (200)",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withDir(async (dir) => {
      const kvPath = join(dir, "app.kv");
      const kv = await openKv({ kvPath, kvUrl: undefined });
      await runMigrations(kv);
      await makeChain({ kv } as TestEnv);
      await createTestUser(kv, { email: "staff@example.se" });
      kv.close();
      const server = startServer(kvPath, { CRON: "false" });
      try {
        await server.ready();
        const grant = await fetch(`${server.url}/oauth/v2/token`, {
          method: "POST",
          body: new URLSearchParams({
            grant_type: "password",
            username: "staff@example.se",
            password: TEST_PASSWORD,
          }),
        });
        const headers = {
          Authorization: `Bearer ${(await grant.json()).access_token}`,
          "Content-Type": "application/json",
        };
        const created = await fetch(`${server.url}/api/prospects`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            firstName: "Många",
            lastName: "Skrivare",
            phoneNumber: "0701234567",
            marketProjectId: 1,
            clubId: 101,
          }),
        });
        assert.equal(created.status, 201);
        const id = (await created.json()).id;
        const failures: unknown[] = [];
        let applied = 0;
        const patch = async (tag: string) => {
          const r = await fetch(`${server.url}/api/prospects/${id}`, {
            method: "PATCH",
            headers,
            body: JSON.stringify({ tag }),
          });
          const json = await r.json();
          if (r.status !== 200 || json.tag !== tag) failures.push({ status: r.status, json });
          else applied++;
        };
        for (let round = 0; round < 4; round++) {
          await Promise.all(Array.from({ length: 16 }, (_, i) => patch(`r${round}p${i}`)));
        }
        // A record contended all along: a writer that lost a round meets fresh rivals next time.
        await Promise.all(Array.from({ length: 16 }, async (_, w) => {
          for (let n = 0; n < 36; n++) await patch(`w${w}n${n}`);
        }));
        assert.deepEqual(failures, [], "every change applied on its own read");
        assert.equal(applied, 64 + 16 * 36);
      } finally {
        await server.stop();
      }
    }),
});
