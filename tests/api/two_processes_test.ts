/**
 * Two server processes on one KV file, with `deno task create-admin` running beside them: every
 * write answers as if there were one process (no "database is locked", no lost customer id).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import { createTestUser, TEST_PASSWORD, type TestEnv } from "@/tests/helpers.ts";
import { ROOT, startServer } from "@/tests/api/server_process.ts";

Deno.test({
  name: "two processes on one KV file (plus create-admin) serve every write: no locks, no lost ids",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-two-" });
    const kvPath = join(dir, "app.kv");
    const kv = await openKv({ kvPath, kvUrl: undefined });
    await runMigrations(kv);
    await makeChain({ kv } as TestEnv);
    await createTestUser(kv, { email: "staff@example.se" });
    kv.close();

    const a = startServer(kvPath, { CRON: "true" });
    const b = startServer(kvPath, { CRON: "false" }); // starts at once: both open the file together
    try {
      // The second instance starts while the first is running (both run their start-up writes).
      await a.ready();
      await b.ready();
      const token = async (url: string) => {
        const r = await fetch(`${url}/oauth/v2/token`, {
          method: "POST",
          body: new URLSearchParams({
            grant_type: "password",
            username: "staff@example.se",
            password: TEST_PASSWORD,
          }),
        });
        assert.equal(r.status, 200);
        return (await r.json()).access_token as string;
      };
      const [ta, tb] = await Promise.all([token(a.url), token(b.url)]);
      const create = (url: string, tok: string, i: number) =>
        fetch(`${url}/api/prospects`, {
          method: "POST",
          headers: { Authorization: `Bearer ${tok}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            firstName: `Två${i}`,
            lastName: "Processer",
            phoneNumber: `0709${String(i).padStart(6, "0")}`,
            marketProjectId: 1,
            clubId: 101,
          }),
        }).then(async (r) => ({ status: r.status, json: await r.json() }));
      const admins = [1, 2].map((i) =>
        new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "-A",
            "scripts/create_admin.ts",
            "--email",
            `ops${i}@example.se`,
            "--password",
            "Admin123",
            "--first-name",
            "Ops",
            "--last-name",
            "Admin",
            "--mobile",
            "+46701234567",
          ],
          cwd: ROOT,
          env: { KV_PATH: kvPath, APP_ENV: "test" },
          stdout: "piped",
          stderr: "piped",
        }).output()
      );
      const writes = await Promise.all(
        Array.from({ length: 60 }, (_, i) => i % 2 ? create(a.url, ta, i) : create(b.url, tb, i)),
      );
      const ran = await Promise.all(admins);
      for (const r of ran) assert.equal(r.code, 0, new TextDecoder().decode(r.stderr));
      assert.deepEqual(writes.map((w) => w.status), Array(60).fill(201));
      assert.equal(new Set(writes.map((w) => w.json.customerId)).size, 60, "distinct ids");
      assert.doesNotMatch(a.output() + b.output(), /database is locked|"status":5\d\d/i);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
