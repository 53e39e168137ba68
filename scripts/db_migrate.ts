/**
 * deno task db:migrate [--kv path]: runs the migrations a store has not had yet, each timed — what
 * the server does at start, for upgrading a large store before starting it (docs/operations.md).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { kv: { type: "string" } },
});
const config = loadConfig();
const kv = await openKv({
  kvPath: values.kv ?? config.kvPath,
  kvUrl: values.kv ? undefined : config.kvUrl,
  kvCheckpointer: config.kvCheckpointer,
});
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
