/**
 * deno task db:migrate [--kv path]: runs the migrations a store has not had yet, each timed — what
 * the server does at start, for upgrading a large store before starting it (docs/operations.md).
 * `--undo 89` instead writes the records back in the form the code before migration 89 reads, for a
 * rollback (stop every instance of this code first), and forgets that migration.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { objectRecords } from "@/lib/db/lean_migration.ts";
import { migrationKey } from "@/lib/db/keys.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { kv: { type: "string" }, undo: { type: "string" } },
});
const config = loadConfig();
const kv = await openKv({
  kvPath: values.kv ?? config.kvPath,
  kvUrl: values.kv ? undefined : config.kvUrl,
  kvCheckpointer: config.kvCheckpointer,
});
if (values.undo !== undefined) {
  if (values.undo !== "89") {
    console.error("db:migrate: only migration 89 can be undone (--undo 89)");
    kv.close();
    Deno.exit(2);
  }
  const t0 = performance.now();
  const n = await objectRecords(kv);
  await kv.delete(migrationKey(89));
  console.log(
    `db:migrate: migration 89 undone, ${n} records written back in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  kv.close();
  Deno.exit(0);
}
let started = performance.now();
let current = "";
const done = () => {
  if (current) console.log(`${current}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};
const ran = await runMigrations(kv, undefined, config.timeZone, (m) => {
  done();
  current = `migration ${m.n} (${m.name})`;
  started = performance.now();
});
done();
console.log(ran.length ? `db:migrate: ran ${ran.join(", ")}` : "db:migrate: nothing to run");
kv.close();
