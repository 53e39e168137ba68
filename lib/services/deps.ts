/** What a use case needs from the running app: the store, the configuration and the clock. */
import type { Config } from "@/lib/config.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import type { Prefetched } from "@/lib/db/kv.ts";

export type { Prefetched };

export interface ServiceDeps {
  kv: Deno.Kv;
  config: Config;
  now: () => Date;
}

/** A prospect use case's context: the store, the zone of its dates, the instant and the user. */
export interface ProspectCtx {
  kv: Deno.Kv;
  config: Pick<Config, "timeZone">;
  now: Date;
  user: SessionUser;
  /** Entries the route read with the session (its record, the clock settings' version), if any. */
  prefetched?: Prefetched | null;
}
