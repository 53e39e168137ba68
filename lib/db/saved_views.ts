/**
 * Saved grid views (lib/domain/saved_views.ts). A view is written once and removed, never changed:
 * its record, a copy in its owner's list and (shared) a copy in the shared list, in one atomic.
 */
import {
  savedViewKey,
  savedViewsByUserKey,
  savedViewsByUserPrefix,
  savedViewsSharedKey,
  savedViewsSharedPrefix,
} from "@/lib/db/keys.ts";
import { SAVED_VIEWS_MAX, type SavedView } from "@/lib/domain/saved_views.ts";
import { DomainError } from "@/lib/domain/errors.ts";

/** Stores a new view; 400 when the owner already keeps SAVED_VIEWS_MAX. */
export async function insertSavedView(kv: Deno.Kv, view: SavedView): Promise<void> {
  let count = 0;
  for await (const _ of kv.list({ prefix: savedViewsByUserPrefix(view.ownerId) })) count++;
  if (count >= SAVED_VIEWS_MAX) {
    const n = { n: SAVED_VIEWS_MAX };
    const field = "views.errors.tooMany";
    throw new DomainError("validation", "TOO_MANY_VIEWS", field, { name: field }, undefined, n, {
      name: n,
    });
  }
  const op = kv.atomic()
    .check({ key: savedViewKey(view.id), versionstamp: null })
    .set(savedViewKey(view.id), view)
    .set(savedViewsByUserKey(view.ownerId, view.id), view);
  if (view.shared) op.set(savedViewsSharedKey(view.id), view);
  const res = await op.commit();
  if (!res.ok) throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}

/** A saved view by id, or null. */
export async function getSavedView(kv: Deno.Kv, id: string): Promise<SavedView | null> {
  return (await kv.get<SavedView>(savedViewKey(id))).value;
}

/** The user's own views and every shared one, by name. */
export async function listSavedViews(kv: Deno.Kv, userId: string): Promise<SavedView[]> {
  const out = new Map<string, SavedView>();
  for await (const e of kv.list<SavedView>({ prefix: savedViewsByUserPrefix(userId) })) {
    out.set(e.value.id, e.value);
  }
  for await (const e of kv.list<SavedView>({ prefix: savedViewsSharedPrefix() })) {
    out.set(e.value.id, e.value);
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name, "sv"));
}

/** Removes a view and its list entries. */
export async function removeSavedView(kv: Deno.Kv, view: SavedView): Promise<void> {
  await kv.atomic()
    .delete(savedViewKey(view.id))
    .delete(savedViewsByUserKey(view.ownerId, view.id))
    .delete(savedViewsSharedKey(view.id))
    .commit();
}
