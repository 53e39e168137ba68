/** deno task db:dump [--out file.ndjson]: writes every KV entry as NDJSON (stdout by default). */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { openKv } from "@/lib/db/kv.ts";
import { dumpKv } from "@/lib/db/dump.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { out: { type: "string" }, kv: { type: "string" } },
});
const config = loadConfig();
const kv = await openKv({
  kvPath: values.kv ?? config.kvPath,
  kvUrl: values.kv ? undefined : config.kvUrl,
});
const file = values.out
  ? await Deno.open(values.out, { write: true, create: true, truncate: true })
  : null;
const writer = (file ?? Deno.stdout).writable.getWriter();
const enc = new TextEncoder();
const n = await dumpKv(kv, (line) => writer.write(enc.encode(line)));
await writer.close();
kv.close();
console.error(`db:dump: ${n} entries`);
