/**
 * Erase is crash-safe: 60 people erased in parallel on the real server, the process killed with
 * SIGKILL in the middle, restarted, and erased again: `deno task db:dump` holds no trace of their
 * names, e-mails or phones (records, notes, duplicate guards, indexes, mail copies, the
 * notification queue), and no cleanup is left pending.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import { createTestUser, TEST_PASSWORD, type TestEnv, withDir } from "@/tests/helpers.ts";
import { ROOT, startServer } from "@/tests/api/server_process.ts";

const PEOPLE = 60;
const BY_FORM = 10; // web-form leads: they also leave a mail copy and a queued notification

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Eight digits only this person's phone holds (in any written or normalised form). */
  digits: string;
  id?: string;
}

function people(): Person[] {
  const run = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  return Array.from({ length: PEOPLE }, (_, i) => {
    const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);
    return {
      firstName: `Kvarn${i}x${run}`,
      lastName: `Raderad${run}y${i}`,
      email: `raderad${i}.${run}@example.se`,
      phone: `07${digits}`,
      digits,
    };
  });
}

async function token(url: string, username: string): Promise<string> {
  const r = await fetch(`${url}/oauth/v2/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "password", username, password: TEST_PASSWORD }),
  });
  assert.equal(r.status, 200);
  return (await r.json()).access_token;
}

async function dump(kvPath: string): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "db:dump", "--kv", kvPath],
    cwd: ROOT,
    env: { APP_ENV: "test", KV_PATH: kvPath },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

Deno.test({
  name:
    "erase: SIGKILL in the middle of 60 parallel erasures, restart, erase again: no trace in db:dump",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withDir(async (dir) => {
      const kvPath = join(dir, "app.kv");
      const kv = await openKv({ kvPath, kvUrl: undefined });
      await runMigrations(kv);
      const chain = await makeChain({ kv } as TestEnv);
      await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@example.se" });
      const staff = await createTestUser(kv, { email: "staff@example.se" });
      await setClubSubscription(kv, staff.id, 101, true);
      kv.close();

      const list = people();
      const first = startServer(kvPath, { CRON: "false" });
      let killed = false;
      try {
        await first.ready();
        const auth = { Authorization: `Bearer ${await token(first.url, "admin@example.se")}` };
        const json = { ...auth, "Content-Type": "application/json" };
        const fk = await fetch(`${first.url}/api/marketprojects/${chain.project.id}/form-keys`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ allowedOrigins: ["https://kampanj.example.se"] }),
        }).then((r) => r.json());
        assert.ok(fk.key, JSON.stringify(fk));
        for (const [i, p] of list.entries()) {
          const body = {
            firstName: p.firstName,
            lastName: p.lastName,
            phoneNumber: p.phone,
            email: p.email,
            clubId: 101,
          };
          if (i < BY_FORM) {
            const r = await fetch(`${first.url}/api/intake/${fk.key}`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify(body),
            });
            assert.equal(r.status, 201, await r.text());
          } else {
            const r = await fetch(`${first.url}/api/prospects`, {
              method: "POST",
              headers: json,
              body: JSON.stringify({ ...body, marketProjectId: 1 }),
            });
            assert.equal(r.status, 201);
            p.id = (await r.json()).id;
          }
        }
        const rows = await fetch(`${first.url}/api/prospects?marketProjectId=1&size=100`, {
          headers: auth,
        }).then((r) => r.json());
        for (const p of list) p.id ??= rows.find((r: any) => r.email === p.email)?.id;
        assert.ok(list.every((p) => p.id), "every person is a prospect");
        const before = await dump(kvPath);
        assert.ok(before.includes(list[0].lastName), "the dump shows a live person");
        assert.ok(before.includes(list[0].digits));

        // All at once; the process dies as the first answer comes back.
        const answered: number[] = [];
        const erasing = list.map((p) =>
          fetch(`${first.url}/api/prospects/${p.id}/erase`, { method: "POST", headers: auth })
            .then(async (r) => {
              await r.body?.cancel();
              answered.push(r.status);
            })
            .catch(() => {})
        );
        const t0 = Date.now();
        while (!answered.length && Date.now() - t0 < 10_000) {
          await new Promise((r) => setTimeout(r, 1));
        }
        first.kill("SIGKILL");
        killed = true;
        await Promise.all(erasing);
        await first.stop();
      } finally {
        if (!killed) await first.stop();
      }

      const second = startServer(kvPath, { CRON: "false" });
      try {
        await second.ready();
        const auth = { Authorization: `Bearer ${await token(second.url, "admin@example.se")}` };
        // The data-subject search finds what is left of anyone the crash interrupted.
        for (const p of list) {
          const found = await fetch(
            `${second.url}/api/admin/data-subject?email=${encodeURIComponent(p.email)}`,
            { headers: auth },
          ).then((r) => r.json());
          for (const rec of found) {
            assert.equal(rec.prospect.id, p.id);
            assert.notEqual(rec.pendingCleanup, true, "the start completed every cleanup");
          }
        }
        const again = await Promise.all(list.map((p) =>
          fetch(`${second.url}/api/prospects/${p.id}/erase`, { method: "POST", headers: auth })
            .then(async (r) => {
              const body = await r.json();
              return { status: r.status, lastName: body.lastName };
            })
        ));
        assert.deepEqual(
          again.map((a) =>
            a.status
          ),
          list.map(() => 200),
        );
      } finally {
        await second.stop();
      }

      const after = await dump(kvPath);
      const left = list.flatMap((p) =>
        [p.firstName, p.lastName, p.email, p.digits]
          .filter((s) => after.toLowerCase().includes(s.toLowerCase()))
          .map((s) => `${p.id}: ${s}`)
      );
      assert.deepEqual(left, [], "no trace of any erased person");
      assert.ok(!after.includes('"erase_pending"'), "no cleanup left pending");
    }),
});
