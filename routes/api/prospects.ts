/**
 * Prospect API (spec §7): GET/POST /api/prospects, GET/PUT/PATCH/DELETE /api/prospects/{id},
 * PATCH /api/prospects/{id}/assign. Thin: validate → lib/services/prospects.ts → respond.
 */
import {
  apiCsvHeader,
  apiCsvRow,
  isoWithOffset,
  prospectCsvHeader,
  prospectCsvRow,
} from "@/lib/domain/prospect_csv.ts";
import { localDate, type Prospect, TODAY_CATEGORIES } from "@/lib/domain/prospect.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { z } from "zod";
import {
  duplicateSchema,
  prospectAssignSchema,
  prospectCreateSchema,
  prospectImportBodySchema,
  prospectImportQuerySchema,
  prospectPatchSchema,
  prospectSaveSchema,
  prospectSchema,
  type ProspectSearchQuery,
  prospectSearchSchema,
} from "@/lib/domain/prospect_schemas.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { withMay } from "@/lib/services/prospect_checks.ts";
import {
  exportForUser,
  getForUser,
  idsForUser,
  searchForUser,
} from "@/lib/services/prospect_reads.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import {
  assignProspect,
  deleteProspect,
  keysReadToWrite,
  patchProspect,
  saveProspect,
} from "@/lib/services/prospects.ts";
import { importProspects } from "@/lib/services/prospect_import.ts";
import { BATCH_CREATE_MAX, createBatch } from "@/lib/services/prospect_batch.ts";
import { changesFor } from "@/lib/services/prospect_changes.ts";
import { bulkChange } from "@/lib/services/prospect_bulk.ts";
import { duplicateGroups, mergeProspects } from "@/lib/services/merge.ts";
import {
  DUPLICATE_GROUPS_MAX,
  duplicateGroupSchema,
  duplicateGroupsQuerySchema,
  mergeSchema,
} from "@/lib/domain/merge.ts";
import {
  BULK_MAX,
  BULK_SELECT_MAX,
  bulkResultSchema,
  prospectBulkSchema,
} from "@/lib/domain/prospect_bulk.ts";
import { IDEMPOTENCY_DOC } from "@/routes/api/idempotent.ts";
import { todayForUser } from "@/lib/services/today.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { Ctx } from "@/routes/env.ts";

const importResultSchema = z.object({
  rows: z.number().int().describe(
    "records after the header (blank lines left out) = created + duplicates + lines with errors",
  ),
  created: z.number().int().describe("rows created (a dry run: rows it would create)"),
  createdIds: z.array(z.object({ line: z.number().int(), id: z.string() })).describe(
    "the prospects created, by file line (empty in a dry run)",
  ),
  duplicates: z.array(z.object({
    line: z.number().int(),
    id: z.string().nullable().describe("the prospect it duplicates (null: an uncreated line)"),
  })),
  errors: z.array(z.object({
    line: z.number().int(),
    field: z.string(),
    message: z.string().describe("in the caller's language"),
    code: z.string().describe(
      "VALIDATION, a rule's code (CLUB_NOT_FOUND, FOLLOW_UP_DATE_PAST, …), CONFLICT, or MALFORMED_QUOTE: a quote not closed, inside an unquoted cell, or followed by text (only that line is skipped)",
    ),
  })),
  ignoredColumns: z.array(z.string()).describe("header cells that name no imported column"),
});

const batchResultSchema = z.object({
  index: z.number().int().describe("the item's place in items (0-based)"),
  status: z.enum(["created", "duplicate", "invalid"]),
  id: z.string().optional().describe("the new prospect (created)"),
  duplicateOf: z.string().nullable().optional().describe(
    "the live prospect of the project with the same phone or e-mail (duplicate)",
  ),
  error: z.object({
    code: z.string().describe("e.g. VALIDATION, DUPLICATE_PROSPECT, CLUB_NOT_FOUND, B2B_ONLY"),
    field: z.string().nullable(),
    message: z.string().describe("in the caller's language"),
  }).optional(),
});

const idParams = z.object({ id: z.string().min(1).max(64) });

const todayQuerySchema = z.object({
  clubId: z.coerce.number({ error: "validation.notANumber" }).int("validation.notANumber")
    .optional(),
  show: z.enum(TODAY_CATEGORIES, { error: "validation.invalidValue" }).optional().describe(
    "one part of the list: web (web leads awaiting contact), Escalated, due (Notified or ToDo)",
  ),
});
const todayItemSchema = prospectSchema.and(z.object({
  overdue: z.boolean().describe("the follow-up date is before today"),
  awaitingFirstContact: z.boolean().describe("a web lead nobody has contacted yet"),
}));

export function prospectCtx(c: Ctx, user: SessionUser | null): ProspectCtx {
  const { kv, config, now } = c.get("deps");
  return { kv, config, now: now(), user: user!, prefetched: c.get("prefetched") };
}

/**
 * A route that acts on one prospect (…/:id) and answers it with what the caller may do with it.
 * Any signed-in user unless `access` says otherwise; the service checks the finer rules.
 */
export function prospectAction<B extends z.ZodType = z.ZodUndefined>(
  r: ApiRouter,
  o: {
    method: "get" | "post" | "put" | "patch" | "delete";
    path: string;
    summary: string;
    access?: "user" | "admin";
    tag?: string;
    body?: B;
    act: (ctx: ProspectCtx, id: string, body: z.output<B>, c: Ctx) => Promise<Prospect>;
    /** The action writes the record: its record, history and the clock settings' version are
     * read with the session (one read call before the commit). */
    writes?: boolean;
  },
) {
  r.add({
    method: o.method,
    path: o.path,
    access: o.access ?? "user",
    tag: o.tag ?? "prospects",
    summary: o.summary,
    params: idParams,
    body: o.body,
    response: prospectSchema,
    prefetch: o.writes ? ({ id }) => keysReadToWrite(id) : undefined,
    handler: async (c, { params, body, user }) =>
      withMay(user!, await o.act(prospectCtx(c, user), params.id, body as z.output<B>, c)),
  });
}

/** The JSON keys the client actually sent (PATCH applies only those). */
async function sentKeys(c: Ctx): Promise<string[]> {
  try {
    const body = await c.req.json();
    return body && typeof body === "object" ? Object.keys(body) : [];
  } catch {
    return [];
  }
}

/** The CSV download: header and rows streamed as the store is read. */
async function csvExport(c: Ctx, user: SessionUser, query: ProspectSearchQuery) {
  const ctx = prospectCtx(c, user);
  const rows = await exportForUser(ctx, query);
  const lang = c.get("lang") ?? "sv";
  const t = (key: string) => translate(lang, key);
  const tz = ctx.config.timeZone;
  const hhmm = new Intl.DateTimeFormat("sv-SE", {
    timeZone: tz,
    hour: "2-digit",
    minute: "2-digit",
  });
  const when = (iso: string) => `${localDate(new Date(iso), tz)} ${hhmm.format(new Date(iso))}`;
  const enc = new TextEncoder();
  const machine = query.columns === "api";
  const body = ReadableStream.from((async function* () {
    yield enc.encode(machine ? apiCsvHeader() : prospectCsvHeader(t));
    for await (const p of rows) {
      yield enc.encode(
        machine ? apiCsvRow(p, (iso) => isoWithOffset(iso, tz)) : prospectCsvRow(p, t, when),
      );
    }
  })());
  const day = localDate(ctx.now, tz);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="prospects-${query.marketProjectId}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** GET /api/prospects/changes (declared before /api/prospects/:id, which would match it). */
function changesRoute(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/prospects/changes",
    access: "user",
    tag: "prospects",
    summary:
      "The change feed: every prospect the caller may see whose state changed after the cursor (edits, sell status, assignment, notes, activity-clock transitions, imports, merges, deletes, restores, erasure), in the order of its last change, across all market projects; each its current object ({id, deleted: true} for a deleted one a non-admin may not read, {id, erased: true} for an erased person). Start without `after`; send the answer's cursor next time. A prospect changed during a walk comes again later; the feed ends 5 s before now",
    query: z.object({
      after: z.string().max(500).optional().describe("the cursor of the previous answer"),
      limit: z.coerce.number({ error: "validation.notANumber" }).int("validation.integer")
        .min(1, "validation.minValue").max(1000, "validation.maxValue").default(100),
    }),
    response: z.object({
      items: z.array(z.union([
        prospectSchema,
        z.object({ id: z.string(), deleted: z.literal(true), marketProjectId: z.number() }),
        z.object({ id: z.string(), erased: z.literal(true) }),
      ])),
      cursor: z.string().nullable().describe("send as `after` for what changed since"),
      hasMore: z.boolean().describe("more changes are there now: ask again at once"),
    }),
    handler: (c, { query, user }) => changesFor(prospectCtx(c, user), query),
  });
}

/** GET /api/prospects/today (declared before /api/prospects/:id, which would match it). */
function todayRoute(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/prospects/today",
    access: "user",
    tag: "prospects",
    summary:
      "Today's list: the prospects of the caller's clubs in every active market project they may see whose activity is Escalated, Notified or ToDo, and web leads not yet contacted; web leads awaiting their first contact first (oldest first), then Escalated, Notified, ToDo, each by follow-up date. An admin may give any clubId; others only one of their own clubs",
    query: todayQuerySchema,
    response: z.array(todayItemSchema),
    totalHeader: true,
    handler: async (c, { query, user }) => {
      const out = await todayForUser(prospectCtx(c, user), query);
      c.header("x-total-elements", String(out.items.length));
      return out.items;
    },
  });
}

/** Possible duplicates of a project, and merging two records of one person. */
function mergeRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/prospects/duplicates",
    access: "user",
    tag: "prospects",
    summary:
      `Possible duplicates in a market project: groups of live prospects that share a phone number (any written form) or an e-mail, each oldest first (at most ${DUPLICATE_GROUPS_MAX} groups). Reads every prospect of the project`,
    query: duplicateGroupsQuerySchema,
    response: z.array(duplicateGroupSchema),
    handler: (c, { query, user }) => duplicateGroups(prospectCtx(c, user), query.marketProjectId),
  });
  prospectAction(r, {
    method: "post",
    path: "/api/prospects/:id/merge",
    summary:
      "Merge a duplicate into this prospect (both visible to and editable by the caller, one market project): the fields named in take are taken from the duplicate with the rules of a single change, the duplicate's notes and history move here with a 'merged with #<customerId>' entry, and the duplicate becomes a deleted prospect with mergedInto (an admin may restore it). Answers the survivor",
    body: mergeSchema,
    act: (ctx, id, body) => mergeProspects(ctx, id, body),
  });
}

/** POST /api/prospects/bulk: one change of many prospects, each row on its own. */
function bulkRoute(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/prospects/ids",
    access: "user",
    tag: "prospects",
    summary:
      `The ids of the prospects matching the search filters (as GET /api/prospects, without paging), in its order, at most ${BULK_SELECT_MAX}; total counts every match`,
    query: prospectSearchSchema,
    response: z.object({ ids: z.array(z.string()), total: z.number().int() }),
    handler: (c, { query, user }) => idsForUser(prospectCtx(c, user), query, BULK_SELECT_MAX),
  });
  r.add({
    method: "post",
    path: "/api/prospects/batch",
    access: "user",
    tag: "prospects",
    summary:
      `Create up to ${BATCH_CREATE_MAX} prospects, each item as the body of POST /api/prospects and through the rules of a single create, each answered on its own (never all-or-nothing): created with its id, duplicate with the id of the match (duplicateOf; null when the caller may not see it) or invalid with {code, field, message}. ${IDEMPOTENCY_DOC}`,
    body: z.object({
      items: z.array(z.unknown(), { error: "validation.arrayRequired" })
        .min(1, "validation.arrayRequired")
        .max(BATCH_CREATE_MAX, "validation.maxLength")
        .describe(`1–${BATCH_CREATE_MAX} prospects, each as the body of POST /api/prospects`),
    }),
    response: z.object({ results: z.array(batchResultSchema) }),
    idempotent: true,
    handler: async (c, { body, user }) => {
      const lang = c.get("lang") ?? "sv";
      const results = await createBatch(prospectCtx(c, user), body.items);
      return {
        results: results.map((r) =>
          r.status === "created" ? r : {
            ...r,
            error: {
              code: r.error.code,
              field: r.error.field,
              message: translate(lang, r.error.messageKey),
            },
          }
        ),
      };
    },
  });
  r.add({
    method: "post",
    path: "/api/prospects/bulk",
    access: "user",
    tag: "prospects",
    summary:
      `Change or delete up to ${BULK_MAX} prospects: set {sellStatus, assignedTo (user id, null: unassign), followUpDate, clubId, tag} or delete: true. Each row is applied on its own with the checks of a single change (PATCH, PATCH …/assign, DELETE) and its own history entry, never all-or-nothing; a row answers updated, conflict (changed since its version, or assigned to someone else), forbidden, invalid or notFound (also for prospects the caller may not see). ${IDEMPOTENCY_DOC}`,
    body: prospectBulkSchema,
    response: bulkResultSchema,
    idempotent: true,
    handler: async (c, { body, user }) => {
      const out = await bulkChange(prospectCtx(c, user), body);
      const lang = c.get("lang") ?? "sv";
      return {
        updated: out.updated,
        results: out.results.map(({ id, status, error }) =>
          error
            ? {
              id,
              status,
              error: {
                code: error.code,
                message: translate(lang, error.messageKey, error.vars),
                fields: error.fields,
              },
            }
            : { id, status }
        ),
      };
    },
  });
}

export function prospectRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/prospects",
    access: "user",
    tag: "prospects",
    summary:
      "Search prospects of a market project (total in x-total-elements; showCompleted=false hides Done and CustomerCleaned); search without marketProjectId finds a person (name, phone in any form, e-mail, customer id) in every market project the caller may see, each hit naming its project (marketProjectName); format=csv: every matching row as a UTF-8 CSV download — columns=human (default) in the user's language for a spreadsheet, columns=api with API field names and values, id, version and times in ISO 8601 with the zone's offset, for scripts",
    query: prospectSearchSchema,
    response: z.array(prospectSchema),
    totalHeader: true,
    handler: async (c, { query, user }) => {
      if (query.format === "csv") return await csvExport(c, user!, query);
      const out = await searchForUser(prospectCtx(c, user), query);
      c.header("x-total-elements", String(out.total));
      if (out.approximate) c.header("x-total-approximate", "true");
      return out.items.map((p) => withMay(user!, p));
    },
  });

  r.add({
    method: "post",
    path: "/api/prospects",
    idempotent: true,
    access: "user",
    tag: "prospects",
    summary:
      "Create a prospect (spec §5 create rules, §9 defaults). A live prospect of the project with the same phone or e-mail answers 409 DUPLICATE_PROSPECT with data.duplicates (allowDuplicate: true creates anyway); matches in other projects are listed under possibleDuplicates",
    body: prospectCreateSchema,
    response: prospectSchema.and(z.object({
      possibleDuplicates: z.array(duplicateSchema).describe(
        "live prospects of other projects with the same phone or e-mail that the caller may see",
      ),
      registeredElsewhere: z.boolean().describe(
        "the phone or e-mail is also registered in a project the caller may not see (who and where is not said)",
      ),
    })),
    status: 201,
    handler: async (c, { body, user }) => {
      const p = await createProspect(prospectCtx(c, user), body);
      c.header("Location", `/api/prospects/${p.id}`);
      return c.json(withMay(user!, p), 201);
    },
  });

  todayRoute(r);
  changesRoute(r);
  bulkRoute(r);
  mergeRoutes(r);

  r.add({
    method: "post",
    path: "/api/prospects/import",
    idempotent: true,
    access: "user",
    tag: "prospects",
    summary:
      "Import prospects from CSV (the export's columns, ',' or ';'); rows with errors or duplicates (in the project or earlier in the file) are skipped and reported by file line (the header is line 1); dryRun=true writes nothing and answers what it would create",
    query: prospectImportQuerySchema,
    bodyType: "csv",
    body: prospectImportBodySchema,
    response: importResultSchema,
    handler: async (c, { query, body, user }) => {
      const out = await importProspects(prospectCtx(c, user), body, {
        marketProjectId: query.marketProjectId,
        clubId: query.clubId,
        dryRun: query.dryRun ?? false,
      });
      const lang = c.get("lang") ?? "sv";
      return {
        ...out,
        errors: out.errors.map(({ vars, ...e }) => ({
          ...e,
          message: translate(lang, e.message, vars),
        })),
      };
    },
  });

  prospectAction(r, {
    method: "get",
    path: "/api/prospects/:id",
    summary: "One prospect with its current version",
    act: (ctx, id) => getForUser(ctx, id),
  });
  prospectAction(r, {
    method: "put",
    path: "/api/prospects/:id",
    summary:
      "Save the whole row (spec §5 save rules); 409 with data.current when version is stale; 403 SELL_STATUS_PAUSED for a sell-status change while the prospect is Paused",
    body: prospectSaveSchema,
    act: (ctx, id, body) => saveProspect(ctx, id, body),
    writes: true,
  });
  prospectAction(r, {
    method: "patch",
    path: "/api/prospects/:id",
    summary:
      "Change some fields (e.g. motivationText + noteType); only the fields sent change; 403 SELL_STATUS_PAUSED for a sell-status change while the prospect is Paused",
    body: prospectPatchSchema,
    act: async (ctx, id, body, c) => patchProspect(ctx, id, body, await sentKeys(c)),
    writes: true,
  });
  prospectAction(r, {
    method: "patch",
    path: "/api/prospects/:id/assign",
    summary:
      "Assign the caller (assignId = own e-mail) or clear (assignId null: assignee or admin)",
    body: prospectAssignSchema,
    act: (ctx, id, body) => assignProspect(ctx, id, body),
    writes: true,
  });
  prospectAction(r, {
    method: "delete",
    path: "/api/prospects/:id",
    summary: "Soft delete: the record and its history stay; admins list them with ?deleted=true",
    act: (ctx, id) => deleteProspect(ctx, id),
    writes: true,
  });
}
