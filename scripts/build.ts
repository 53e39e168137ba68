/**
 * `deno task build`: builds the browser assets (lib/build.ts). With `--if-stale` it builds only
 * when static/build is missing or older than its sources (the test tasks start with it, so a fresh
 * clone's first `deno task test` has what the server tests serve).
 */
import { buildAssets, ensureAssets } from "@/lib/build.ts";

if (Deno.args.includes("--if-stale")) {
  if (!await ensureAssets()) Deno.exit(1);
} else {
  await buildAssets();
}
