/**
 * Saved grid views: a user saves the grid's filter and sort under a name; an admin may share one
 * with everyone. A user lists their own and the shared ones and deletes their own (admins: any
 * shared one too).
 */
import { ulid } from "@/lib/db/kv.ts";
import {
  getSavedView,
  insertSavedView,
  listSavedViews,
  removeSavedView,
} from "@/lib/db/saved_views.ts";
import { forbidden, notFound } from "@/lib/domain/errors.ts";
import type { SavedView, SavedViewCreate } from "@/lib/domain/saved_views.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";

interface ViewCtx {
  kv: Deno.Kv;
  now: Date;
  user: SessionUser;
}

export type SavedViewAnswer = Omit<SavedView, "ownerId" | "createdAt"> & { mine: boolean };

const answer = (user: SessionUser, v: SavedView): SavedViewAnswer => ({
  id: v.id,
  name: v.name,
  query: v.query,
  shared: v.shared,
  mine: v.ownerId === user.id,
});

/** The caller's own saved views and the shared ones. */
export async function listViews(ctx: ViewCtx): Promise<SavedViewAnswer[]> {
  return (await listSavedViews(ctx.kv, ctx.user.id)).map((v) => answer(ctx.user, v));
}

/** Saves a grid view (shared: admins only). */
export async function createView(ctx: ViewCtx, input: SavedViewCreate): Promise<SavedViewAnswer> {
  if (input.shared && !isAdmin(ctx.user)) throw forbidden("views.errors.shareAdminOnly");
  const view: SavedView = {
    id: ulid(ctx.now.getTime()),
    name: input.name,
    query: input.query,
    shared: input.shared,
    ownerId: ctx.user.id,
    createdAt: ctx.now.toISOString(),
  };
  await insertSavedView(ctx.kv, view);
  return answer(ctx.user, view);
}

/** One view the caller may open (their own or a shared one); null otherwise. */
export async function viewForUser(ctx: ViewCtx, id: string): Promise<SavedViewAnswer | null> {
  const v = await getSavedView(ctx.kv, id);
  return v && (v.ownerId === ctx.user.id || v.shared) ? answer(ctx.user, v) : null;
}

/** Deletes the caller's own view (admins: any shared one); another's shared 403, private 404. */
export async function deleteView(ctx: ViewCtx, id: string): Promise<void> {
  const v = await getSavedView(ctx.kv, id);
  if (!v || (v.ownerId !== ctx.user.id && !v.shared)) throw notFound();
  if (v.ownerId !== ctx.user.id && !isAdmin(ctx.user)) throw forbidden();
  await removeSavedView(ctx.kv, v);
}
