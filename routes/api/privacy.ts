/**
 * Personal data: POST /api/prospects/{id}/erase, PUT /api/prospects/restore/{id},
 * GET /api/prospects/{id}/history and GET /api/admin/data-subject. Thin: lib/services/privacy.ts.
 */
import { z } from "zod";
import {
  eraseProspect,
  findDataSubject,
  historyFor,
  restoreProspect,
  retentionPreview,
  runRetentionNow,
} from "@/lib/services/privacy.ts";
import { noteSchema, prospectSchema } from "@/lib/domain/prospect_schemas.ts";
import { prospectAction, prospectCtx } from "@/routes/api/prospects.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { badRequest } from "@/lib/domain/errors.ts";

const idParams = z.object({ id: z.string().min(1).max(64) });

const historySchema = z.array(z.object({
  at: z.string(),
  type: z.enum([
    "create",
    "delete",
    "restore",
    "sellStatus",
    "activity",
    "assign",
    "autoAssign",
    "followUp",
    "merge",
  ]),
  from: z.string().nullable(),
  to: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  fromName: z.string().nullable().describe("an assignment's former assignee by name, if a user"),
  toName: z.string().nullable().describe("an assignment's new assignee by name, if a user"),
}));

export function privacyRoutes(r: ApiRouter) {
  prospectAction(r, {
    method: "post",
    path: "/api/prospects/:id/erase",
    access: "admin",
    tag: "privacy",
    summary:
      "Erase a prospect's personal data (GDPR Art. 17): CustomerCleaned, locked, unassigned; reports unchanged",
    act: (ctx, id) => eraseProspect(ctx, id),
  });
  prospectAction(r, {
    method: "put",
    path: "/api/prospects/restore/:id",
    access: "admin",
    tag: "privacy",
    summary: "Restore a soft-deleted prospect (an erased one answers 409)",
    act: (ctx, id) => restoreProspect(ctx, id),
  });
  r.add({
    method: "get",
    path: "/api/prospects/:id/history",
    access: "user",
    tag: "privacy",
    summary:
      "A prospect's history (sell status, activity, assignment, follow-up, delete, restore), newest first; 404 for those who may not read its notes",
    params: idParams,
    response: historySchema,
    handler: async (c, { params, user }) => await historyFor(prospectCtx(c, user), params.id),
  });
  r.add({
    method: "get",
    path: "/api/admin/data-subject",
    access: "admin",
    tag: "privacy",
    summary:
      "Everything kept about a person (GDPR Art. 15): prospects in every project, deleted ones too, by e-mail or phone in any form",
    query: z.object({
      email: z.string().max(254).optional(),
      phone: z.string().max(40).optional(),
    }),
    response: z.array(z.object({
      prospect: prospectSchema,
      notes: z.array(noteSchema),
      history: historySchema,
      pendingCleanup: z.boolean().describe(
        "an erase of it has not finished cleaning guards, indexes and mail copies: erase it again",
      ),
    })),
    handler: async (c, { query, user }) => {
      if (!query.email?.trim() && !query.phone?.trim()) {
        throw badRequest({ email: "validation.required", phone: "validation.required" });
      }
      return await findDataSubject(prospectCtx(c, user), query);
    },
  });
  r.add({
    method: "get",
    path: "/api/admin/retention/preview",
    access: "admin",
    tag: "privacy",
    summary: "How many prospects retention would erase now with `days` (0 = off: none)",
    query: z.object({ days: z.coerce.number().int().min(0).max(3650) }),
    response: z.object({ count: z.number().int() }),
    handler: async (c, { query, user }) => await retentionPreview(prospectCtx(c, user), query.days),
  });
  r.add({
    method: "post",
    path: "/api/admin/retention/run",
    access: "admin",
    tag: "privacy",
    summary: "Run the retention rule now (as the nightly job does); answers how many were erased",
    response: z.object({ erased: z.number().int() }),
    handler: async (c, { user }) => await runRetentionNow(prospectCtx(c, user)),
  });
}
