/**
 * Reference data API (spec §7): /api/district, /api/clubs, /api/marketprojects (+ activity),
 * /api/sell-status, /api/notification-categories. Reads: any signed-in user (B2B users see only
 * b2b projects); writes: admins. PUT/DELETE accept `version` and answer 409 when it is stale.
 */
import { z } from "zod";
import * as reference from "@/lib/services/reference.ts";
import {
  clubCreateSchema,
  clubSchema,
  clubUpdateSchema,
  districtInputSchema,
  districtSchema,
  localDate,
  marketProjectActivitySchema,
  marketProjectCreateSchema,
  marketProjectSchema,
  marketProjectUpdateSchema,
} from "@/lib/domain/reference_rules.ts";
import { isLang } from "@/lib/i18n/mod.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { Ctx } from "@/routes/env.ts";

const idParams = z.object({ id: z.string().min(1).max(64) });
const versionQuery = z.object({ version: z.string().max(100).optional() });

/** Today ("yyyy-MM-dd") in the configured time zone. */
export function todayOf(c: Ctx): string {
  const { now, config } = c.get("deps");
  return localDate(now(), config.timeZone);
}

function created(c: Ctx, location: string, body: unknown) {
  c.header("Location", location);
  return c.json(body, 201);
}

/** An admin-kept list (districts, clubs): read by any user, written by admins. */
interface Resource<T extends { id: string }, I extends z.ZodType, U extends z.ZodType> {
  path: string;
  schema: z.ZodType;
  input: I;
  update: U;
  summary: { list: string; one: string; create: string; update: string; remove: string };
  list: (kv: Deno.Kv) => Promise<T[]>;
  byId: (kv: Deno.Kv, id: string) => Promise<T>;
  create: (kv: Deno.Kv, body: z.output<I>) => Promise<T>;
  put: (kv: Deno.Kv, id: string, body: z.output<U>) => Promise<T>;
  remove: (kv: Deno.Kv, id: string, version?: string) => Promise<void>;
}

/** GET list, GET one, POST, PUT and DELETE of a resource (PUT/DELETE: `version`, stale → 409). */
function resourceRoutes<T extends { id: string }, I extends z.ZodType, U extends z.ZodType>(
  r: ApiRouter,
  o: Resource<T, I, U>,
) {
  const base = { tag: "reference", response: o.schema };
  const one = `${o.path}/:id`;
  r.add({
    ...base,
    method: "get",
    path: o.path,
    access: "user",
    summary: o.summary.list,
    response: z.array(o.schema),
    handler: (c) => o.list(c.get("deps").kv),
  });
  r.add({
    ...base,
    method: "get",
    path: one,
    access: "user",
    summary: o.summary.one,
    params: idParams,
    handler: (c, { params }) => o.byId(c.get("deps").kv, params.id),
  });
  r.add({
    ...base,
    method: "post",
    path: o.path,
    access: "admin",
    summary: o.summary.create,
    body: o.input,
    status: 201,
    idempotent: true,
    handler: async (c, { body }) => {
      const made = await o.create(c.get("deps").kv, body);
      return created(c, `${o.path}/${made.id}`, made);
    },
  });
  r.add({
    ...base,
    method: "put",
    path: one,
    access: "admin",
    summary: o.summary.update,
    params: idParams,
    body: o.update,
    handler: (c, { params, body }) => o.put(c.get("deps").kv, params.id, body),
  });
  r.add({
    ...base,
    response: undefined,
    method: "delete",
    path: one,
    access: "admin",
    summary: o.summary.remove,
    params: idParams,
    query: versionQuery,
    status: 204,
    handler: async (c, { params, query }) => {
      await o.remove(c.get("deps").kv, params.id, query.version);
    },
  });
}

export function referenceRoutes(r: ApiRouter) {
  districtAndClubRoutes(r);
  marketProjectRoutes(r);
  seededListRoutes(r);
}

/** Districts and clubs. */
function districtAndClubRoutes(r: ApiRouter) {
  resourceRoutes(r, {
    path: "/api/district",
    schema: districtSchema,
    input: districtInputSchema,
    update: districtInputSchema,
    summary: {
      list: "All districts, ordered by districtId",
      one: "One district",
      create: "Create a district (districtId unique: 409 DUPLICATE)",
      update: "Update a district (a district with clubs keeps its districtId: 409 IN_USE)",
      remove: "Delete a district without clubs (otherwise 409 IN_USE)",
    },
    list: reference.listDistricts,
    byId: reference.districtById,
    create: reference.createDistrict,
    put: reference.updateDistrict,
    remove: reference.deleteDistrict,
  });
  resourceRoutes(r, {
    path: "/api/clubs",
    schema: clubSchema,
    input: clubCreateSchema,
    update: clubUpdateSchema,
    summary: {
      list: "All clubs, ordered by name",
      one: "One club",
      create: "Create a club in an existing district (clubId unique: 409 DUPLICATE)",
      update:
        "Update a club (a club with prospects or subscribers keeps its clubId; without districtId it keeps its district)",
      remove: "Delete a club without prospects and subscribers (otherwise 409 IN_USE)",
    },
    list: reference.listClubs,
    byId: reference.clubById,
    create: reference.createClub,
    put: reference.updateClub,
    remove: reference.deleteClub,
  });
}

/** Market projects: B2B users see b2b projects only. */
function marketProjectRoutes(r: ApiRouter) {
  // ── market projects ───────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/marketprojects",
    access: "user",
    tag: "reference",
    summary:
      "Market projects: all by marketProjectId, or active=true (by name) for selects; B2B users see b2b projects only",
    query: z.object({ active: z.enum(["true", "false"]).optional() }),
    response: z.array(marketProjectSchema),
    handler: (c, { query, user }) =>
      reference.visibleProjects(c.get("deps").kv, user, {
        active: query.active === undefined ? undefined : query.active === "true",
      }),
  });
  r.add({
    method: "get",
    path: "/api/marketprojects/:id",
    access: "user",
    tag: "reference",
    summary: "One market project",
    params: idParams,
    response: marketProjectSchema,
    handler: (c, { params, user }) => reference.visibleProject(c.get("deps").kv, user, params.id),
  });
  r.add({
    method: "post",
    path: "/api/marketprojects",
    idempotent: true,
    access: "admin",
    tag: "reference",
    summary:
      "Create a market project: name and startDate (yyyy-MM-dd, not before today); marketProjectId is assigned when absent",
    body: marketProjectCreateSchema,
    response: marketProjectSchema,
    status: 201,
    handler: async (c, { body }) => {
      const p = await reference.createMarketProject(c.get("deps").kv, body, todayOf(c));
      return created(c, `/api/marketprojects/${p.id}`, p);
    },
  });
  r.add({
    method: "put",
    path: "/api/marketprojects/:id",
    access: "admin",
    tag: "reference",
    summary: "Update a market project (a changed start date must not be before today)",
    params: idParams,
    body: marketProjectUpdateSchema,
    response: marketProjectSchema,
    handler: (c, { params, body }) =>
      reference.updateMarketProject(c.get("deps").kv, params.id, body, todayOf(c)),
  });
  r.add({
    method: "patch",
    path: "/api/marketprojects/:id/activity",
    access: "admin",
    tag: "reference",
    summary: "Turn a market project on or off; answers the stored project",
    params: idParams,
    body: marketProjectActivitySchema,
    response: marketProjectSchema,
    handler: (c, { params, body }) =>
      reference.setMarketProjectActive(c.get("deps").kv, params.id, body.active, body.version),
  });
  r.add({
    method: "delete",
    path: "/api/marketprojects/:id",
    access: "admin",
    tag: "reference",
    summary: "Delete a market project without prospects (otherwise 409 IN_USE)",
    params: idParams,
    query: versionQuery,
    status: 204,
    handler: async (c, { params, query }) => {
      await reference.deleteMarketProject(c.get("deps").kv, params.id, query.version);
    },
  });
}

/** The seeded lists: sell statuses and notification categories. */
function seededListRoutes(r: ApiRouter) {
  // ── seeded lists ──────────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/sell-status",
    access: "user",
    tag: "reference",
    summary:
      "The sell statuses ordered by weight: id = the status value, name in `language` (default: the caller's)",
    query: z.object({ language: z.string().max(10).optional() }),
    response: z.array(z.object({ id: z.string(), name: z.string(), weight: z.number() })),
    handler: async (c, { query }) => {
      const lang = isLang(query.language) ? query.language : c.get("lang");
      return await reference.sellStatusesIn(c.get("deps").kv, lang);
    },
  });
  r.add({
    method: "get",
    path: "/api/notification-categories",
    access: "user",
    tag: "reference",
    summary: "The notification categories, names in the caller's language",
    response: z.array(z.object({ id: z.string(), name: z.string() })),
    handler: (c) => reference.notificationCategoriesIn(c.get("deps").kv, c.get("lang")),
  });
}
