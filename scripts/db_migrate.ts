/**
 * deno task db:migrate [--kv path]: runs the migrations a store has not had yet, each timed — what
 * the server does at start, for upgrading a large store before starting it (docs/operations.md).
 * `--undo 89` (or 91, 92) instead writes the data back in the form the code before that migration reads,
 * for a rollback (stop every instance of this code first), and forgets that migration.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { changesOutOfBucketsMoved, objectRecords } from "@/lib/db/lean_migration.ts";
import { migrationKey } from "@/lib/db/keys.ts";
import { foldAll } from "@/lib/db/report_pending.ts";

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
/** The migrations the code before them cannot run on, and what writes their data back for it. */
const UNDO: Record<string, { what: string; run: (kv: Deno.Kv) => Promise<number> }> = {
  "89": { what: "records written back as objects", run: (kv) => objectRecords(kv) },
  "91": { what: "projects' changes copied back", run: changesOutOfBucketsMoved },
  "92": { what: "pending report entries folded into the counters", run: foldAll },
};
if (values.undo !== undefined) {
  const undo = UNDO[values.undo];
  if (!undo) {
    console.error(`db:migrate: only migrations ${Object.keys(UNDO).join(", ")} can be undone`);
    kv.close();
    Deno.exit(2);
  }
  const t0 = performance.now();
  const n = await undo.run(kv);
  await kv.delete(migrationKey(Number(values.undo)));
  console.log(
    `db:migrate: migration ${values.undo} undone, ${n} ${undo.what} in ` +
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
