/**
 * Prospect reads (spec §4, §7): the grid's search, the ids of every match, the CSV export and one
 * prospect, each within what the caller may see (maySee; deleted ones for admins only).
 */
import { notFound, prospectError } from "@/lib/services/prospect_checks.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { can, maySee } from "@/lib/auth/permissions.ts";
import { getProspectEntry, type ProspectEntry, withVersion } from "@/lib/db/prospects.ts";
import {
  listDeletedProspects,
  searchProspects,
  type SearchResult,
  type SearchSpec,
  walkProspects,
} from "@/lib/db/prospect_search.ts";
import { getMarketProjectByNumber, listMarketProjects } from "@/lib/db/reference.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { addDays, type Prospect, startOfLocalDay } from "@/lib/domain/prospect.ts";
import type { ProspectSearchQuery } from "@/lib/domain/prospect_schemas.ts";
import { isAdmin } from "@/lib/domain/user.ts";

/** GET /api/prospects: one page and the total, for a market project the caller may see. */
export async function searchForUser(
  ctx: ProspectCtx,
  q: ProspectSearchQuery,
): Promise<SearchResult> {
  if (q.marketProjectId === undefined && q.search?.trim() && !q.deleted) {
    return await searchEveryProject(ctx, q);
  }
  if (q.marketProjectId === undefined) {
    throw new DomainError(
      "validation",
      "MARKET_PROJECT_REQUIRED",
      "validation.selectMarketingProjectFirst",
      { marketProjectId: "validation.selectMarketingProjectFirst" },
    );
  }
  if (q.registerDate && q.registerEndDate && q.registerEndDate < q.registerDate) {
    // Not silently 0 rows: the user swapped the dates.
    throw new DomainError("validation", "DATE_RANGE_REVERSED", "ux.errors.dateRangeReversed", {
      registerEndDate: "ux.errors.dateRangeReversed",
    });
  }
  const project = await getMarketProjectByNumber(ctx.kv, q.marketProjectId);
  if (!project) return { items: [], total: 0 };
  if (!maySee(ctx.user, { b2b: project.b2b })) throw prospectError("forbidden", "B2B_ONLY");
  const offset = (q.page - 1) * q.size;
  if (q.deleted) {
    if (!can(ctx.user, "prospect.listDeleted")) {
      throw new DomainError("forbidden", "FORBIDDEN", "errors.forbidden");
    }
    return await listDeletedProspects(ctx.kv, q.marketProjectId, offset, q.size);
  }
  return await searchProspects(ctx.kv, { ...specOf(ctx, q), offset, limit: q.size });
}

/** At most this many projects are searched at once by a search without a project. */
const PROJECTS_AT_ONCE = 8;

/**
 * A person searched for without a project ("find the caller"): every market project the user may
 * see, active ones first, each hit naming its project (`marketProjectName`); the page is cut from
 * the hits in that order, and the total is their sum.
 */
async function searchEveryProject(ctx: ProspectCtx, q: ProspectSearchQuery): Promise<SearchResult> {
  const projects = (await listMarketProjects(ctx.kv))
    .filter((p) => maySee(ctx.user, { b2b: p.b2b }))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, "sv"));
  const offset = (q.page - 1) * q.size;
  const results: SearchResult[] = [];
  for (let i = 0; i < projects.length; i += PROJECTS_AT_ONCE) {
    results.push(
      ...await Promise.all(
        projects.slice(i, i + PROJECTS_AT_ONCE).map((p) =>
          searchProspects(ctx.kv, {
            ...specOf(ctx, { ...q, marketProjectId: p.marketProjectId }),
            offset: 0,
            limit: offset + q.size,
          })
        ),
      ),
    );
  }
  return {
    items: results.flatMap((r) => r.items).filter((p) => maySee(ctx.user, p))
      .slice(offset, offset + q.size),
    total: results.reduce((n, r) => n + r.total, 0),
    approximate: results.some((r) => r.approximate) || undefined,
  };
}

/** The store's search spec for a checked query (filters only; the caller adds the page). */
function specOf(ctx: ProspectCtx, q: ProspectSearchQuery): Omit<SearchSpec, "offset" | "limit"> {
  const tz = ctx.config.timeZone;
  return {
    marketProjectId: q.marketProjectId!,
    clubIds: q.clubId?.length ? [...new Set(q.clubId)] : undefined,
    sellStatuses: q.sellStatus?.length ? [...new Set(q.sellStatus)] : undefined,
    showCompleted: q.showCompleted ?? false,
    assignee: q.myAssigned ? ctx.user.email.toLowerCase() : undefined,
    customerId: q.customerId,
    firstName: q.firstName || undefined,
    lastName: q.lastName || undefined,
    tag: q.tag || undefined,
    email: q.email || undefined,
    search: q.search || undefined,
    registerFrom: q.registerDate ? startOfLocalDay(q.registerDate, tz).toISOString() : undefined,
    registerTo: q.registerEndDate
      ? startOfLocalDay(addDays(q.registerEndDate, 1), tz).toISOString()
      : undefined,
    order: q.sortFollowUpDate,
    sort: q.sort,
  };
}

/**
 * GET /api/prospects/ids: the ids of every prospect matching the filters, in the grid's order, at
 * most `max` (the grid's "select all matching"), with the total.
 */
export async function idsForUser(
  ctx: ProspectCtx,
  q: ProspectSearchQuery,
  max: number,
): Promise<{ ids: string[]; total: number }> {
  await searchForUser(ctx, { ...q, page: 1, size: 1, deleted: false });
  const out = await searchProspects(ctx.kv, { ...specOf(ctx, q), offset: 0, limit: max });
  return { ids: out.items.map((p) => p.id), total: out.total };
}

/**
 * GET /api/prospects?format=csv: every prospect matching the filters (not one page), in follow-up
 * order, as rows streamed while the project's index is walked (the first bytes go out at once).
 */
export async function exportForUser(
  ctx: ProspectCtx,
  q: ProspectSearchQuery,
): Promise<AsyncIterable<Prospect>> {
  // The same checks as a search (project required, B2B, date range), answered before streaming.
  await searchForUser(ctx, { ...q, page: 1, size: 1, deleted: false });
  const spec = { ...specOf(ctx, q), offset: 0, limit: Number.MAX_SAFE_INTEGER };
  return walkProspects(ctx.kv, spec);
}

/** GET /api/prospects/{id}. Deleted prospects are visible to admins only. */
export async function getForUser(ctx: ProspectCtx, id: string): Promise<Prospect> {
  const e = await getProspectEntry(ctx.kv, id);
  if (!e.value || (e.value.deleted && !isAdmin(ctx.user))) throw notFound();
  if (!maySee(ctx.user, e.value)) throw prospectError("forbidden", "B2B_ONLY");
  return withVersion(e as ProspectEntry);
}
