/** GET /api/health: the server is up and KV answers. */
import { z } from "zod";
import { kvAnswers } from "@/lib/services/health.ts";
import { APP_VERSION } from "@/lib/domain/statuses.ts";
import type { ApiRouter } from "@/routes/api/define.ts";

export function healthRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/health",
    access: "public",
    tag: "system",
    summary: "Liveness and KV reachability",
    response: z.object({
      status: z.enum(["ok", "degraded"]),
      kv: z.enum(["ok", "error"]),
      version: z.string(),
    }),
    handler: async (c) => {
      const { kv } = c.get("deps");
      const kvOk = await kvAnswers(kv);
      return c.json(
        { status: kvOk ? "ok" : "degraded", kv: kvOk ? "ok" : "error", version: APP_VERSION },
        kvOk ? 200 : 503,
      );
    },
  });
}
