/**
 * Merging duplicates (one person, two records in a market project): the groups that share a phone
 * (any written form) or an e-mail, and the merge itself — the survivor takes the chosen fields,
 * the duplicate's history and notes and a "merged with #<customerId>" history entry; the duplicate
 * becomes a deleted prospect marked `mergedInto` (an admin may restore it). Both go through the
 * single-change use cases, so the rules of a single change hold. The three steps (survivor, duplicate,
 * notes) are separate commits; a merge that stopped between them is finished by asking again.
 */
import {
  getProspectsForWrite,
  historyCopyEntries,
  listProspectEvents,
} from "@/lib/db/prospects.ts";
import { walkProspects } from "@/lib/db/prospect_search.ts";
import { loadProspects } from "@/lib/db/prospect_search_spec.ts";
import { moveNotes } from "@/lib/db/notes.ts";
import { can, maySee } from "@/lib/auth/permissions.ts";
import { badRequest, DomainError, notFound } from "@/lib/domain/errors.ts";
import { DUPLICATE_GROUPS_MAX, groupByContact, type MergeInput } from "@/lib/domain/merge.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";
import type { ProspectPatch } from "@/lib/domain/prospect_schemas.ts";
import { contactOf } from "@/lib/services/duplicates.ts";
import { erasedError, isErased } from "@/lib/services/privacy.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { projectFor, withMay } from "@/lib/services/prospect_checks.ts";
import { changeProspect, deleteProspect } from "@/lib/services/prospects.ts";
import { getForUser } from "@/lib/services/prospect_reads.ts";

/**
 * GET /api/prospects/duplicates: the project's live prospects grouped by a shared contact. The
 * walk keeps each prospect's id, customer id and contact only, and reads the records of the groups
 * it answers again: the largest project's records whole would not fit an isolate's memory.
 */
export async function duplicateGroups(ctx: ProspectCtx, marketProjectId: number) {
  await projectFor(ctx, marketProjectId); // exists, and B2B users see B2B projects only
  const listed = (p: Prospect) =>
    p.marketProjectId === marketProjectId && !p.deleted && p.activityStatus !== "CustomerCleaned" &&
    maySee(ctx.user, p);
  const live: { id: string; customerId: number; phone: string; email: string }[] = [];
  const spec = {
    marketProjectId,
    showCompleted: true,
    offset: 0,
    limit: Number.MAX_SAFE_INTEGER,
    order: "asc" as const,
  };
  for await (const p of walkProspects(ctx.kv, spec)) {
    if (listed(p)) {
      live.push({ id: p.id, customerId: p.customerId, ...contactOf(p.phoneNumber, p.email) });
    }
  }
  live.sort((a, b) => a.customerId - b.customerId);
  const groups = groupByContact(live, (p) => p).slice(0, DUPLICATE_GROUPS_MAX);
  const records = new Map(
    (await loadProspects(ctx.kv, groups.flatMap((g) => g.items.map((p) => p.id))))
      .map((p) => [p.id, p]),
  );
  return groups.flatMap((g) => {
    // One deleted or changed since the walk leaves; a group of one is no group.
    const prospects = g.items.map((p) => records.get(p.id))
      .filter((p): p is Prospect => !!p && listed(p));
    return prospects.length > 1
      ? [{ matchedOn: g.matchedOn, prospects: prospects.map((p) => withMay(ctx.user, p)) }]
      : [];
  });
}

/** A prospect of the merge: visible to the caller (else 404) and editable by them (else 403). */
function checked(ctx: ProspectCtx, p: Prospect | null): Prospect {
  if (!p || p.deleted || !maySee(ctx.user, p)) throw notFound();
  if (isErased(p)) throw erasedError();
  if (!can(ctx.user, "prospect.update", { b2b: p.b2b, disabled: p.disabled })) {
    throw new DomainError("forbidden", "PROSPECT_DISABLED", "prospects.errors.PROSPECT_DISABLED");
  }
  return p;
}

/** POST /api/prospects/{id}/merge: keeps `id`, answers it as merged. */
export async function mergeProspects(
  ctx: ProspectCtx,
  id: string,
  input: MergeInput,
): Promise<Prospect> {
  if (input.duplicateId === id) throw badRequest({ duplicateId: "merge.errors.same" });
  const [s, d] = await getProspectsForWrite(ctx.kv, [id, input.duplicateId]);
  const survivor = checked(ctx, s.value as Prospect | null);
  const left = d.value as Prospect | null;
  // Asked again after a merge that stopped before the duplicate's notes moved: finish the move
  // (the deleted duplicate is one the caller merged into a prospect they may see and edit).
  if (left?.deleted && left.mergedInto === id && maySee(ctx.user, { b2b: left.b2b })) {
    await moveNotes(ctx.kv, left.id, id);
    return await getForUser(ctx, id);
  }
  const duplicate = checked(ctx, left);
  if (survivor.marketProjectId !== duplicate.marketProjectId) {
    throw badRequest({ duplicateId: "merge.errors.otherProject" });
  }
  const take = [...new Set(input.take)];
  const patch = Object.fromEntries(take.map((k) => [k, duplicate[k]])) as ProspectPatch;
  // Asked again after a merge that stopped before the duplicate was deleted (the duplicate unchanged
  // since): the survivor already holds the chosen fields and the copied history.
  const mergedBefore = (await listProspectEvents(ctx.kv, id)).some((e) =>
    e.type === "merge" && e.to === String(duplicate.customerId) &&
    Date.parse(e.at) >= Date.parse(duplicate.updatedAt ?? "")
  );
  const merged = mergedBefore ? null : await changeProspect(ctx, id, {
    patch,
    sentKeys: take,
    version: input.version,
    also: await historyCopyEntries(ctx.kv, duplicate.id, id),
    events: [{ type: "merge", from: null, to: String(duplicate.customerId) }],
  });
  await deleteProspect(ctx, duplicate.id, undefined, id);
  await moveNotes(ctx.kv, duplicate.id, id);
  return merged ?? await getForUser(ctx, id);
}
