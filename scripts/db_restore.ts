/** deno task db:restore [--in file.ndjson] [--kv path]: loads an NDJSON dump into KV (stdin by default). */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { openKv } from "@/lib/db/kv.ts";
import { readLines, restoreKv } from "@/lib/db/dump.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { in: { type: "string" }, kv: { type: "string" } },
});
const config = loadConfig();
const kv = await openKv({
  kvPath: values.kv ?? config.kvPath,
  kvUrl: values.kv ? undefined : config.kvUrl,
  kvCheckpointer: config.kvCheckpointer,
});
const input = values.in ? (await Deno.open(values.in)).readable : Deno.stdin.readable;
const n = await restoreKv(kv, readLines(input));
kv.close();
console.error(`db:restore: ${n} entries`);
