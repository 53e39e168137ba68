/**
 * GET /api/outbox?to= and DELETE /api/outbox: the stored e-mails and SMS, outside production only,
 * for admins in every environment (it holds reset links and MFA codes). The browser tests read
 * codes straight from the KV file instead.
 */
import { z } from "zod";
import { clearOutbox, listOutbox } from "@/lib/notify/mod.ts";
import type { ApiRouter } from "@/routes/api/define.ts";

export function outboxRoutes(r: ApiRouter, outboxReadable: boolean) {
  if (!outboxReadable) return;
  r.add({
    method: "get",
    path: "/api/outbox",
    access: "admin",
    tag: "system",
    summary: "Stored e-mails and SMS, newest first (not in production; admins only)",
    response: z.array(z.object({
      id: z.string(),
      channel: z.enum(["email", "sms"]),
      to: z.string(),
      subject: z.string().nullable(),
      text: z.string(),
      html: z.string().nullable(),
      createdAt: z.string(),
      delivery: z.enum(["smtp", "sms-gateway", "outbox", "failed"]),
      attempts: z.number().int().optional(),
    })),
    query: z.object({
      to: z.string().max(254).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
    }),
    handler: async (c, { query }) => {
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
