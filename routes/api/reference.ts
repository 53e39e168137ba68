/**
 * Reference data API (spec §7): /api/district, /api/clubs, /api/marketprojects (+ activity),
 * /api/sell-status, /api/notification-categories. Reads: any signed-in user (B2B users see only
 * b2b projects); writes: admins. PUT/DELETE accept `version` and answer 409 when it is stale.
 */
import { z } from "zod";
import {
  clubById,
  createClub,
  createDistrict,
  createMarketProject,
  deleteClub,
  deleteDistrict,
  deleteMarketProject,
  districtById,
  listClubs,
  listDistricts,
  notificationCategoriesIn,
  sellStatusesIn,
  setMarketProjectActive,
  updateClub,
  updateDistrict,
  updateMarketProject,
  visibleProject,
  visibleProjects,
} from "@/lib/services/reference.ts";
import {
  clubInputSchema,
  clubUpdateSchema,
  districtInputSchema,
  localDate,
  marketProjectActivitySchema,
  marketProjectCreateSchema,
  marketProjectUpdateSchema,
} from "@/lib/domain/reference_rules.ts";
import { isLang } from "@/lib/i18n/mod.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { Ctx } from "@/routes/env.ts";

const idParams = z.object({ id: z.string().min(1).max(64) });
const versionQuery = z.object({ version: z.string().max(100).optional() });

export const districtSchema = z.object({
  id: z.string(),
  districtId: z.number().int(),
  name: z.string(),
  version: z.string().optional(),
});
export const clubSchema = z.object({
  id: z.string(),
  clubId: z.number().int(),
  name: z.string(),
  districtId: z.number().int(),
  version: z.string().optional(),
  checked: z.boolean().optional(),
});
export const marketProjectSchema = z.object({
  id: z.string(),
  marketProjectId: z.number().int(),
  name: z.string(),
  startDate: z.string().describe("yyyy-MM-dd"),
  active: z.boolean(),
  b2b: z.boolean(),
  version: z.string().optional(),
});

/** Today ("yyyy-MM-dd") in the configured time zone. */
export function todayOf(c: Ctx): string {
  const { now, config } = c.get("deps");
  return localDate(now(), config.timeZone);
}

function created(c: Ctx, location: string, body: unknown) {
  c.header("Location", location);
  return c.json(body, 201);
}

export function referenceRoutes(r: ApiRouter) {
  // ── districts ─────────────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/district",
    access: "user",
    tag: "reference",
    summary: "All districts, ordered by districtId",
    response: z.array(districtSchema),
    handler: (c) => listDistricts(c.get("deps").kv),
  });
  r.add({
    method: "get",
    path: "/api/district/:id",
    access: "user",
    tag: "reference",
    summary: "One district",
    params: idParams,
    response: districtSchema,
    handler: (c, { params }) => districtById(c.get("deps").kv, params.id),
  });
  r.add({
    method: "post",
    path: "/api/district",
    access: "admin",
    tag: "reference",
    summary: "Create a district (districtId unique: 409 DUPLICATE)",
    body: districtInputSchema,
    response: districtSchema,
    status: 201,
    handler: async (c, { body }) => {
      const d = await createDistrict(c.get("deps").kv, body);
      return created(c, `/api/district/${d.id}`, d);
    },
  });
  r.add({
    method: "put",
    path: "/api/district/:id",
    access: "admin",
    tag: "reference",
    summary: "Update a district (a district with clubs keeps its districtId: 409 IN_USE)",
    params: idParams,
    body: districtInputSchema,
    response: districtSchema,
    handler: (c, { params, body }) => updateDistrict(c.get("deps").kv, params.id, body),
  });
  r.add({
    method: "delete",
    path: "/api/district/:id",
    access: "admin",
    tag: "reference",
    summary: "Delete a district without clubs (otherwise 409 IN_USE)",
    params: idParams,
    query: versionQuery,
    status: 204,
    handler: async (c, { params, query }) => {
      await deleteDistrict(c.get("deps").kv, params.id, query.version);
    },
  });

  // ── clubs ─────────────────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/clubs",
    access: "user",
    tag: "reference",
    summary: "All clubs, ordered by name",
    response: z.array(clubSchema),
    handler: (c) => listClubs(c.get("deps").kv),
  });
  r.add({
    method: "get",
    path: "/api/clubs/:id",
    access: "user",
    tag: "reference",
    summary: "One club",
    params: idParams,
    response: clubSchema,
    handler: (c, { params }) => clubById(c.get("deps").kv, params.id),
  });
  r.add({
    method: "post",
    path: "/api/clubs",
    access: "admin",
    tag: "reference",
    summary: "Create a club in an existing district (clubId unique: 409 DUPLICATE)",
    body: clubInputSchema,
    response: clubSchema,
    status: 201,
    handler: async (c, { body }) => {
      const club = await createClub(c.get("deps").kv, body);
      return created(c, `/api/clubs/${club.id}`, club);
    },
  });
  r.add({
    method: "put",
    path: "/api/clubs/:id",
    access: "admin",
    tag: "reference",
    summary:
      "Update a club (a club with prospects or subscribers keeps its clubId; without districtId it keeps its district)",
    params: idParams,
    body: clubUpdateSchema,
    response: clubSchema,
    handler: (c, { params, body }) => updateClub(c.get("deps").kv, params.id, body),
  });
  r.add({
    method: "delete",
    path: "/api/clubs/:id",
    access: "admin",
    tag: "reference",
    summary: "Delete a club without prospects and subscribers (otherwise 409 IN_USE)",
    params: idParams,
    query: versionQuery,
    status: 204,
    handler: async (c, { params, query }) => {
      await deleteClub(c.get("deps").kv, params.id, query.version);
    },
  });

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
      visibleProjects(c.get("deps").kv, user, {
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
    handler: (c, { params, user }) => visibleProject(c.get("deps").kv, user, params.id),
  });
  r.add({
    method: "post",
    path: "/api/marketprojects",
    access: "admin",
    tag: "reference",
    summary:
      "Create a market project: name and startDate (yyyy-MM-dd, not before today); marketProjectId is assigned when absent",
    body: marketProjectCreateSchema,
    response: marketProjectSchema,
    status: 201,
    handler: async (c, { body }) => {
      const p = await createMarketProject(c.get("deps").kv, body, todayOf(c));
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
      updateMarketProject(c.get("deps").kv, params.id, body, todayOf(c)),
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
      setMarketProjectActive(c.get("deps").kv, params.id, body.active, body.version),
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
      await deleteMarketProject(c.get("deps").kv, params.id, query.version);
    },
  });

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
      return await sellStatusesIn(c.get("deps").kv, lang);
    },
  });
  r.add({
    method: "get",
    path: "/api/notification-categories",
    access: "user",
    tag: "reference",
    summary: "The notification categories, names in the caller's language",
    response: z.array(z.object({ id: z.string(), name: z.string() })),
    handler: (c) => notificationCategoriesIn(c.get("deps").kv, c.get("lang")),
  });
}
