/**
 * POST /api/prospects/bulk: one change applied to many prospects, each row on its own through the
 * single-change use cases (lib/services/prospects.ts), so each obeys exactly what a single change
 * obeys (permissions, §5 rules, the Paused status lock, versions) and writes its own history entry.
 * Rows run a few at a time; the write engine packs their commits.
 */
import { DomainError } from "@/lib/domain/errors.ts";
import {
  type BulkRowResult,
  bulkStatusOf,
  type ProspectBulk,
  type ProspectBulkSet,
} from "@/lib/domain/prospect_bulk.ts";
import type { ProspectPatch } from "@/lib/domain/prospect_schemas.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { assigneeById } from "@/lib/services/prospect_checks.ts";
import { changeProspect, deleteProspect } from "@/lib/services/prospects.ts";

/** Rows changed at once (their commits share the write engine's packs). */
const BULK_PARALLEL = 16;

/**
 * Applies the bulk request: one result per distinct id, in the order sent. A row the caller may
 * not see answers notFound, as one that does not exist (nothing about it leaks).
 */
export async function bulkChange(
  ctx: ProspectCtx,
  input: ProspectBulk,
): Promise<{ updated: number; results: BulkRowResult[] }> {
  const ids = [...new Set(input.ids)];
  const apply = await rowChange(ctx, input);
  const results: BulkRowResult[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      results[i] = await applyRow(ids[i], apply);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_PARALLEL, ids.length) }, worker));
  return { updated: results.filter((r) => r.status === "updated").length, results };
}

async function applyRow(
  id: string,
  apply: (id: string) => Promise<unknown>,
): Promise<BulkRowResult> {
  try {
    await apply(id);
    return { id, status: "updated" };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    // The single change refuses a prospect of a project the caller may not see with B2B_ONLY:
    // a bulk row says only that there is no such prospect.
    if (e.code === "B2B_ONLY") return { id, status: "notFound" };
    return { id, status: bulkStatusOf(e), error: e };
  }
}

/** The single change each row gets, with what it needs resolved once (the assignee). */
async function rowChange(
  ctx: ProspectCtx,
  input: ProspectBulk,
): Promise<(id: string) => Promise<unknown>> {
  const version = (id: string) => input.versions?.[id];
  if (input.delete) return (id) => deleteProspect(ctx, id, version(id));
  const set = input.set as ProspectBulkSet;
  const { assignedTo, ...fields } = set;
  const assignee = assignedTo === undefined
    ? undefined
    : assignedTo === null
    ? null
    : await assigneeById(ctx, assignedTo, "set.assignedTo");
  const sentKeys = Object.keys(fields).filter((k) =>
    fields[k as keyof typeof fields] !== undefined
  );
  const patch = fields as ProspectPatch;
  return (id) => changeProspect(ctx, id, { patch, sentKeys, assignee, version: version(id) });
}
