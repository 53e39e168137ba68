/**
 * Settings API (spec §7): work time (/api/admin-settings), time limits per sell status
 * (/api/sell-status-time-settings), a user's settings (/api/users/{id}/settings + PATCH
 * market-project, menu, language) and club subscriptions (/api/users/{id}/clubs).
 */
import { z } from "zod";
import { notificationChannelsPatchSchema, userSettingsSchema } from "@/lib/domain/user.ts";
import * as settings from "@/lib/services/settings.ts";
import {
  adminSettingsInputSchema,
  adminSettingsSchema,
  awaySchema,
  clubSchema,
  clubSubscriptionSchema,
  idListSchema,
  languageSchema,
  menuSchema,
  selectedMarketProjectSchema,
  timeSettingInputSchema,
  timeSettingSchema,
} from "@/lib/domain/reference_rules.ts";
import { isLang, translate } from "@/lib/i18n/mod.ts";
import type { ApiRouter } from "@/routes/api/define.ts";

const idParams = z.object({ id: z.string().min(1).max(64) });

export function settingsRoutes(r: ApiRouter) {
  clockRoutes(r);
  userSettingsRoutes(r);
  clubSubscriptionRoutes(r);
}

/** Work time and the time limits per sell status (admins). */
function clockRoutes(r: ApiRouter) {
  // ── work time ─────────────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/admin-settings",
    access: "user",
    tag: "settings",
    summary: "Work time (the window the activity clock counts in)",
    response: adminSettingsSchema,
    handler: (c) => settings.getAdminSettings(c.get("deps").kv),
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
    handler: (c, { params, body }) =>
      settings.updateAdminSettings(c.get("deps").kv, params.id, body),
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
      return (await settings.getTimeSettings(c.get("deps").kv)).map((row) => ({
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
      const row = await settings.updateTimeSetting(c.get("deps").kv, params.id, body);
      return { ...row, sellStatusName: translate(c.get("lang"), `sellStatus.${row.sellStatus}`) };
    },
  });
}

/** A user's own settings (project, menu, language…). */
function userSettingsRoutes(r: ApiRouter) {
  // ── a user's settings ─────────────────────────────────────────────────────
  r.add({
    method: "get",
    path: "/api/users/:id/settings",
    access: "user",
    tag: "settings",
    summary: "A user's settings (own user or admin)",
    params: idParams,
    response: userSettingsSchema,
    handler: (c, { params, user }) => settings.userSettingsOf(c.get("deps").kv, user, params.id),
  });
  const patchSettings = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    toPatch: (body: z.output<B>) => settings.SettingsPatch,
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
      handler: (c, { params, body, user }) =>
        settings.patchUserSettings(c.get("deps").kv, user, params.id, toPatch(body)),
    });
  patchSettings(
    "market-project",
    "Remember the market project last chosen (its numeric marketProjectId; null clears it)",
    selectedMarketProjectSchema,
    (body) => body,
  );
  patchSettings(
    "menu",
    "Menu state: 0 hidden, 1 full, 2 short (applied on the next page load)",
    menuSchema,
    (body) => ({ menu: body.menu }),
  );
  patchSettings(
    "language",
    "Interface language sv or en (applied on the next page load)",
    languageSchema,
    (body) => ({ language: body.language }),
  );
  patchSettings(
    "notifications",
    "Per notification category (webLead, escalation, assigned, dailyReport) whether it also goes by e-mail and SMS; webLead opts in to a summary of unassigned web leads per 15 minutes",
    notificationChannelsPatchSchema,
    (body) => ({ notifications: body }),
  );
  patchSettings(
    "away",
    "Away (borta): automatic assignment of new prospects passes the user by while true",
    awaySchema,
    (body) => ({ away: body.away }),
  );
}

/** The clubs a user follows. */
function clubSubscriptionRoutes(r: ApiRouter) {
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
    handler: (c, { params, query, user }) =>
      settings.clubsOf(c.get("deps").kv, user, params.id, query.regionIds ?? null),
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
    handler: (c, { params, body, user }) =>
      settings.subscribeClubs(c.get("deps").kv, user, params.id, body),
  });
}
