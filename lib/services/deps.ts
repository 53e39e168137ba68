/** What a use case needs from the running app: the store, the configuration and the clock. */
import type { Config } from "@/lib/config.ts";

export interface ServiceDeps {
  kv: Deno.Kv;
  config: Config;
  now: () => Date;
}
