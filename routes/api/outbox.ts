/**
 * GET /api/outbox?to= and DELETE /api/outbox: the stored e-mails and SMS, outside production only.
 * Admins read it; in the test environment anyone may (browser tests read MFA codes from it).
 */
import { z } from "zod";
import { clearOutbox, listOutbox } from "@/lib/notify/mod.ts";
import { can } from "@/lib/auth/permissions.ts";
import { forbidden, unauthorized } from "@/lib/domain/errors.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { Ctx } from "@/routes/env.ts";

function mayRead(c: Ctx) {
  const { config } = c.get("deps");
  if (config.env === "test") return;
  const user = c.get("user");
  if (!user) throw unauthorized();
  if (!can(user, "admin")) throw forbidden();
}

export function outboxRoutes(r: ApiRouter, outboxReadable: boolean) {
  if (!outboxReadable) return;
  r.add({
    method: "get",
    path: "/api/outbox",
    access: "public",
    tag: "system",
    summary: "Stored e-mails and SMS, newest first (not in production; admins, or anyone in test)",
    query: z.object({
      to: z.string().max(254).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
    }),
    handler: async (c, { query }) => {
      mayRead(c);
      const { kv, now } = c.get("deps");
      return await listOutbox(kv, { to: query.to, limit: query.limit, now: now() });
    },
  });
  r.add({
    method: "delete",
    path: "/api/outbox",
    access: "admin",
    tag: "system",
    summary: "Empty the outbox (not in production)",
    status: 204,
    handler: async (c) => {
      await clearOutbox(c.get("deps").kv);
      return undefined;
    },
  });
}
