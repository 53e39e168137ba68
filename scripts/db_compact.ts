/**
 * deno task db:compact [--kv path]: rewrites the KV file (KV_PATH by default) so that the bytes of
 * erased and deleted entries leave the file and its log. Stop the server first: it refuses while
 * any process has the file open. scripts/kv_compact.ts; docs/privacy.md says when to run it.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { compactKvFile, KvFileInUse } from "@/scripts/kv_compact.ts";

const { values } = parseArgs({ args: Deno.args, options: { kv: { type: "string" } } });
const config = loadConfig();
const path = values.kv ?? config.kvPath;
if (!values.kv && config.kvUrl) {
  console.error("db:compact: KV_URL names a remote store; only a KV file can be compacted.");
  Deno.exit(2);
}
if (!path || path === ":memory:") {
  console.error("db:compact: KV_PATH names no file; pass --kv path/to/app.kv.");
  Deno.exit(2);
}
try {
  const { before, after } = await compactKvFile(path);
  const mb = (n: number) => (n / 1e6).toFixed(1);
  console.log(`db:compact: ${path} ${mb(before)} MB → ${mb(after)} MB`);
} catch (e) {
  if (e instanceof KvFileInUse) {
    console.error(
      `db:compact: refused: ${e.message} (a server, a second instance or a script has it open). ` +
        "Stop them and run it again.",
    );
    Deno.exit(3);
  }
  if (e instanceof Deno.errors.NotFound) {
    console.error(`db:compact: ${e.message}`);
    Deno.exit(2);
  }
  throw e;
}
