/**
 * The notification centre's API: GET /api/notifications (the caller's, newest first, in their
 * language) and POST /api/notifications/read (by ids, or all). lib/services/notifications.ts
 * renders them; each user reads and marks only their own.
 */
import { z } from "zod";
import { listNotifications, markNotificationsRead } from "@/lib/services/notifications.ts";
import { INBOX_CATEGORIES } from "@/lib/domain/user.ts";
import type { ApiRouter } from "@/routes/api/define.ts";

const idSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, "validation.invalidValue");

const notificationSchema = z.object({
  id: z.string(),
  category: z.enum(INBOX_CATEGORIES),
  text: z.string().describe("in the caller's language; names the prospect while they may see it"),
  prospectId: z.string().optional(),
  href: z.string().optional().describe("the grid link that opens the prospect"),
  createdAt: z.string(),
  readAt: z.string().nullable(),
}).meta({ id: "Notification" });

const listQuery = z.object({
  unread: z.enum(["true", "false"], { error: "validation.invalidValue" }).optional(),
  limit: z.coerce.number({ error: "validation.invalidValue" }).int("validation.invalidValue")
    .min(1, "validation.invalidValue").max(100, "validation.invalidValue").default(50),
  before: idSchema.optional().describe("the id of the last one of the previous page"),
});

const readBody = z.union([
  z.strictObject({ ids: z.array(idSchema).min(1, "validation.required").max(500) }),
  z.strictObject({ all: z.literal(true, { error: "validation.invalidValue" }) }),
]);

export function notificationRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/notifications",
    access: "user",
    tag: "notifications",
    summary:
      "The caller's notifications (webLead, escalation, assigned, dailyReport), newest first; unread=true only unread; page with limit and before (the last id)",
    query: listQuery,
    response: z.array(notificationSchema),
    handler: (c, { query, user }) =>
      listNotifications(c.get("deps").kv, user!, c.get("lang"), {
        unread: query.unread === "true",
        limit: query.limit,
        before: query.before ?? null,
      }),
  });
  r.add({
    method: "post",
    path: "/api/notifications/read",
    access: "user",
    tag: "notifications",
    summary:
      "Mark the caller's notifications read: {ids} or {all: true}; ids that are not the caller's change nothing",
    body: readBody,
    response: z.object({ marked: z.number().int(), unread: z.number().int() }),
    handler: (c, { body, user }) => {
      const deps = c.get("deps");
      return markNotificationsRead(deps.kv, user!, body, deps.now());
    },
  });
}
