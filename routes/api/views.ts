/** Saved grid views: GET/POST /api/views, DELETE /api/views/{id}. Thin: lib/services/saved_views.ts. */
import { z } from "zod";
import { savedViewCreateSchema, savedViewSchema } from "@/lib/domain/saved_views.ts";
import { createView, deleteView, listViews } from "@/lib/services/saved_views.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { Ctx } from "@/routes/env.ts";
import type { SessionUser } from "@/lib/domain/user.ts";

const viewCtx = (c: Ctx, user: SessionUser | null) => ({
  kv: c.get("deps").kv,
  now: c.get("deps").now(),
  user: user!,
});

export function viewRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/views",
    access: "user",
    tag: "views",
    summary: "The caller's saved grid views and the shared ones, by name",
    response: z.array(savedViewSchema),
    handler: (c, { user }) => listViews(viewCtx(c, user)),
  });
  r.add({
    method: "post",
    path: "/api/views",
    idempotent: true,
    access: "user",
    tag: "views",
    summary:
      "Save the grid's filter and sort (its page URL query) under a name; shared: true (admins only, else 403) shows it to every user",
    body: savedViewCreateSchema,
    response: savedViewSchema,
    status: 201,
    handler: async (c, { body, user }) => c.json(await createView(viewCtx(c, user), body), 201),
  });
  r.add({
    method: "delete",
    path: "/api/views/:id",
    access: "user",
    tag: "views",
    summary:
      "Delete an own saved view (admins: any shared one too); another's shared view 403, another's private view 404",
    params: z.object({ id: z.string().min(1).max(64) }),
    status: 204,
    handler: async (c, { params, user }) => {
      await deleteView(viewCtx(c, user), params.id);
    },
  });
}
