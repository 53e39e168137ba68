/**
 * Settings API (spec §7): work time (/api/admin-settings), time limits per sell status
 * (/api/sell-status-time-settings), a user's settings (/api/users/{id}/settings + PATCH
 * market-project, menu, language) and club subscriptions (/api/users/{id}/clubs).
 */
import { z } from "zod";
import {
  getAdminSettings,
  getMarketProjectByNumber,
  getTimeSettings,
  listClubs,
  setAllClubSubscriptions,
  setClubSubscription,
  subscribedClubIds,
  updateAdminSettings,
  updateTimeSetting,
} from "@/lib/db/reference.ts";
import { getUser, getUserSettings, updateUserSettings } from "@/lib/db/users.ts";
import { can } from "@/lib/auth/permissions.ts";
import { invalidateClockSettings } from "@/lib/services/prospects.ts";
import { forbidden, HttpError, notFound } from "@/lib/domain/errors.ts";
import type { Club } from "@/lib/domain/reference.ts";
import {
  adminSettingsInputSchema,
  clubSubscriptionSchema,
  idListSchema,
  languageSchema,
  menuSchema,
  selectedMarketProjectSchema,
  timeSettingInputSchema,
} from "@/lib/domain/reference_rules.ts";
import type { SessionUser, UserSettings } from "@/lib/domain/user.ts";
import { isLang, translate } from "@/lib/i18n/mod.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { clubSchema } from "@/routes/api/reference.ts";
import type { Ctx } from "@/routes/env.ts";

const idParams = z.object({ id: z.string().min(1).max(64) });

const adminSettingsSchema = z.object({
  id: z.string(),
  worktimeFrom: z.string().describe("HH:mm"),
  worktimeTo: z.string().describe("HH:mm"),
  retentionDays: z.number().int().describe(
    "days without a change before a prospect is erased (0 = off)",
  ),
  version: z.string().optional(),
});
const timeSettingSchema = z.object({
  id: z.string(),
  sellStatus: z.string(),
  sellStatusName: z.string().optional(),
  hoursLeftBeforePaused: z.number().int(),
  hoursLeftBeforeNotified: z.number().int(),
  hoursLeftBeforeEscalated: z.number().int(),
  version: z.string().optional(),
});
const userSettingsSchema = z.object({
  selectedMarketProjectId: z.string().nullable(),
  showSelectMarketProjectMessage: z.boolean(),
  menu: z.number().int(),
  language: z.enum(["sv", "en"]),
});

/** The user the path names must exist, and be the caller or the caller must be an admin. */
async function targetUser(
  c: Ctx,
  user: SessionUser | null,
  id: string,
  action: "settings.read" | "settings.update",
) {
  if (!can(user, action, { userId: id })) throw forbidden();
  const target = await getUser(c.get("deps").kv, id);
  if (!target) throw notFound();
  return target;
}

/** The clubs with the user's `checked` flag, optionally only those of some districts. */
async function clubsWithChecked(
  kv: Deno.Kv,
  userId: string,
  regionIds: number[] | null,
): Promise<Club[]> {
  const [clubs, subscribed] = await Promise.all([listClubs(kv), subscribedClubIds(kv, userId)]);
  const on = new Set(subscribed);
  const regions = regionIds && regionIds.length ? new Set(regionIds) : null;
  return clubs
    .filter((club) => !regions || regions.has(club.districtId))
    .map((club) => ({ ...club, checked: on.has(club.clubId) }));
}

export function settingsRoutes(r: ApiRouter) {
  // ── work time ─────────────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/admin-settings",
    access: "user",
    tag: "settings",
    summary: "Work time (the window the activity clock counts in)",
    response: adminSettingsSchema,
    handler: (c) => getAdminSettings(c.get("deps").kv),
  });
  r.add({
    method: "put",
    path: "/api/admin-settings/:id",
    access: "admin",
    tag: "settings",
    summary:
      "Set the work time (worktimeFrom and worktimeTo as HH:mm, from before to) and/or retentionDays (0 = off)",
    params: idParams,
    body: adminSettingsInputSchema,
    response: adminSettingsSchema,
    handler: async (c, { params, body }) => {
      const kv = c.get("deps").kv;
      const saved = await updateAdminSettings(kv, params.id, body);
      invalidateClockSettings(kv); // the activity clock reads work time through a short cache
      return saved;
    },
  });

  // ── time limits per sell status ───────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/sell-status-time-settings",
    access: "user",
    tag: "settings",
    summary: "One row per sell status with its hour limits; sellStatusName in `language`",
    query: z.object({ language: z.string().max(10).optional() }),
    response: z.array(timeSettingSchema),
    handler: async (c, { query }) => {
      const lang = isLang(query.language) ? query.language : c.get("lang");
      return (await getTimeSettings(c.get("deps").kv)).map((row) => ({
        ...row,
        sellStatusName: translate(lang, `sellStatus.${row.sellStatus}`),
      }));
    },
  });
  r.add({
    method: "put",
    path: "/api/sell-status-time-settings/:id",
    access: "admin",
    tag: "settings",
    summary: "Set the three hour limits (whole numbers 0–999) of one sell status",
    params: idParams,
    body: timeSettingInputSchema,
    response: timeSettingSchema,
    handler: async (c, { params, body }) => {
      const kv = c.get("deps").kv;
      const row = await updateTimeSetting(kv, params.id, body);
      invalidateClockSettings(kv);
      return { ...row, sellStatusName: translate(c.get("lang"), `sellStatus.${row.sellStatus}`) };
    },
  });

  // ── a user's settings ─────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/users/:id/settings",
    access: "user",
    tag: "settings",
    summary: "A user's settings (own user or admin)",
    params: idParams,
    response: userSettingsSchema,
    handler: async (c, { params, user }) => {
      await targetUser(c, user, params.id, "settings.read");
      return await getUserSettings(c.get("deps").kv, params.id);
    },
  });
  const patchSettings = (
    path: string,
    summary: string,
    body: z.ZodType,
    toPatch: (c: Ctx, body: any, user: SessionUser | null) => Promise<Partial<UserSettings>>,
  ) =>
    r.add({
      method: "patch",
      path: `/api/users/:id/settings/${path}`,
      access: "user",
      tag: "settings",
      summary,
      params: idParams,
      body,
      response: userSettingsSchema,
      handler: async (c, { params, body, user }) => {
        await targetUser(c, user, params.id, "settings.update");
        return await updateUserSettings(c.get("deps").kv, params.id, await toPatch(c, body, user));
      },
    });
  patchSettings(
    "market-project",
    "Remember the market project last chosen (its numeric marketProjectId; null clears it)",
    selectedMarketProjectSchema,
    async (c, body: z.output<typeof selectedMarketProjectSchema>, user) => {
      const n = body.selectedMarketProjectId;
      if (n !== null) {
        const p = await getMarketProjectByNumber(c.get("deps").kv, n);
        if (!p || !can(user, "reference.read", { b2b: p.b2b })) {
          throw new HttpError(400, "VALIDATION", "errors.validation", {
            selectedMarketProjectId: "prospects.errors.MARKET_PROJECT_NOT_FOUND",
          });
        }
      }
      return {
        selectedMarketProjectId: n === null ? null : String(n),
        ...(body.showSelectMarketProjectMessage === undefined
          ? {}
          : { showSelectMarketProjectMessage: body.showSelectMarketProjectMessage }),
      };
    },
  );
  patchSettings(
    "menu",
    "Menu state: 0 hidden, 1 full, 2 short (applied on the next page load)",
    menuSchema,
    (_c, body: z.output<typeof menuSchema>) => Promise.resolve({ menu: body.menu }),
  );
  patchSettings(
    "language",
    "Interface language sv or en (applied on the next page load)",
    languageSchema,
    (_c, body: z.output<typeof languageSchema>) => Promise.resolve({ language: body.language }),
  );

  // ── club subscriptions ────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/users/:id/clubs",
    access: "user",
    tag: "settings",
    summary:
      "Every club with `checked` (the user subscribes to it); regionIds=1,2 keeps the clubs of those districts",
    params: idParams,
    query: z.object({ regionIds: idListSchema.optional() }),
    response: z.array(clubSchema),
    handler: async (c, { params, query, user }) => {
      await targetUser(c, user, params.id, "settings.read");
      return await clubsWithChecked(c.get("deps").kv, params.id, query.regionIds ?? null);
    },
  });
  r.add({
    method: "put",
    path: "/api/users/:id/clubs",
    access: "user",
    tag: "settings",
    summary:
      "Subscribe or unsubscribe: {clubId, checked} for one club, or {all: true, checked, regionIds?} for every (listed) club; answers the list as GET does",
    params: idParams,
    body: clubSubscriptionSchema,
    response: z.array(clubSchema),
    handler: async (c, { params, body, user }) => {
      await targetUser(c, user, params.id, "settings.update");
      const kv = c.get("deps").kv;
      if ("all" in body) {
        const regionIds = body.regionIds ?? null;
        const clubs = await clubsWithChecked(kv, params.id, regionIds);
        await setAllClubSubscriptions(kv, params.id, clubs.map((x) => x.clubId), body.checked);
        return await clubsWithChecked(kv, params.id, regionIds);
      }
      await setClubSubscription(kv, params.id, body.clubId, body.checked);
      return await clubsWithChecked(kv, params.id, null);
    },
  });
}
