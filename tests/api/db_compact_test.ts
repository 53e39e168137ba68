/**
 * `deno task db:compact`: after an erase the surname and e-mail are gone from every key but still
 * readable in the KV file's bytes (SQLite keeps freed pages); compacting the stopped store removes
 * them from the file and its log, keeps every live entry, and refuses while the file is open.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { testConfig } from "@/tests/helpers.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { kvFiles } from "@/scripts/kv_compact.ts";
import { createApp } from "@/routes/mod.ts";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { call, signedIn, type TestEnv, withDir } from "@/tests/helpers.ts";
import { ROOT } from "@/tests/api/server_process.ts";

/** Whether any of the KV file's files holds the text's bytes (what `strings` would show). */
async function inFiles(path: string, text: string): Promise<string[]> {
  const needle = new TextEncoder().encode(text);
  const out: string[] = [];
  for (const f of kvFiles(path)) {
    const bytes = await Deno.readFile(f).catch(() => null);
    if (!bytes) continue;
    outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
      for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
      out.push(f.slice(path.length) || "file");
      break;
    }
  }
  return out;
}

const compact = (kvPath: string) =>
  new Deno.Command(Deno.execPath(), {
    args: ["task", "db:compact", "--kv", kvPath],
    cwd: ROOT,
    env: { APP_ENV: "test", KV_PATH: kvPath },
    stdout: "piped",
    stderr: "piped",
  }).output().then((o) => ({
    code: o.code,
    text: new TextDecoder().decode(o.stdout) + new TextDecoder().decode(o.stderr),
  }));

Deno.test({
  name: "db:compact removes an erased person's bytes from the KV file and its log; live data stays",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withDir(async (dir) => {
      const kvPath = join(dir, "app.kv");
      const surname = `Bortglomd${crypto.randomUUID().slice(0, 8)}`;
      const email = `${surname.toLowerCase()}@example.se`;
      const config = testConfig({ KV_PATH: kvPath });
      let kv = await Deno.openKv(kvPath);
      let keepId: string;
      try {
        await runMigrations(kv);
        const env = { kv, config, app: createApp({ kv, config }) } as unknown as TestEnv;
        await makeChain(env);
        const admin = await signedIn(env, { role: "ROLE_ADMIN" });
        const gone = await createRow(env, admin.headers, { lastName: surname, email });
        keepId = (await createRow(env, admin.headers, { lastName: "Kvarstående" })).id;
        const erased = await call(env, "POST", `/api/prospects/${gone.id}/erase`, {
          headers: admin.headers,
        });
        assert.equal(erased.res.status, 200);
        // The held handle makes compaction refuse: the file is in use.
        const busy = await compact(kvPath);
        assert.notEqual(busy.code, 0, busy.text);
        assert.match(busy.text, /in use/);
      } finally {
        kv.close();
      }
      const before = [...await inFiles(kvPath, surname), ...await inFiles(kvPath, email)];
      assert.ok(before.length > 0, "SQLite still holds the erased bytes before compaction");

      const done = await compact(kvPath);
      assert.equal(done.code, 0, done.text);
      assert.match(done.text, /MB → /);
      assert.deepEqual(await inFiles(kvPath, surname), [], "the surname left the file");
      assert.deepEqual(await inFiles(kvPath, email), [], "the e-mail left the file");

      kv = await Deno.openKv(kvPath);
      try {
        const env = { kv, config, app: createApp({ kv, config }) } as unknown as TestEnv;
        const admin = await signedIn(env, { role: "ROLE_ADMIN" });
        const kept = await call(env, "GET", `/api/prospects/${keepId!}`, {
          headers: admin.headers,
        });
        assert.equal(kept.res.status, 200);
        assert.equal(kept.json.lastName, "Kvarstående");
      } finally {
        kv.close();
      }
    }),
});
