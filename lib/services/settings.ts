/**
 * Settings use cases: work time and time limits (a change reaches the activity
 * clock at once), a user's own settings and club subscriptions (the user or an admin). Routes and
 * pages import this module, never lib/db.
 */
import { can } from "@/lib/auth/permissions.ts";
import * as db from "@/lib/db/reference.ts";
import * as settingsDb from "@/lib/db/settings.ts";
import { getUser, getUserSettings, updateUserSettings } from "@/lib/db/users.ts";
import { DomainError, forbidden, notFound } from "@/lib/domain/errors.ts";
import type { Club } from "@/lib/domain/reference.ts";
import type {
  adminSettingsInputSchema,
  clubSubscriptionSchema,
  timeSettingInputSchema,
} from "@/lib/domain/reference_rules.ts";
import {
  type ChannelChoice,
  channelsOf,
  type InboxCategory,
  type SessionUser,
  type UserRecord,
  type UserSettings,
} from "@/lib/domain/user.ts";
import type { z } from "zod";

export { getAdminSettings, getTimeSettings } from "@/lib/db/settings.ts";

/** PUT /api/admin-settings/{id}: work time and retention. */
export async function updateAdminSettings(
  kv: Deno.Kv,
  id: string,
  input: z.output<typeof adminSettingsInputSchema>,
) {
  // The activity clock's cached settings follow the version key this write changes.
  return await settingsDb.updateAdminSettings(kv, id, input);
}

/** PUT /api/sell-status-time-settings/{id}: one status's hour limits. */
export async function updateTimeSetting(
  kv: Deno.Kv,
  id: string,
  input: z.output<typeof timeSettingInputSchema>,
) {
  return await settingsDb.updateTimeSetting(kv, id, input);
}

/** The user a settings path names: it exists, and is the caller or the caller is an admin. */
async function targetUser(
  kv: Deno.Kv,
  actor: SessionUser | null,
  id: string,
  action: "settings.read" | "settings.update",
): Promise<UserRecord> {
  if (!can(actor, action, { userId: id })) throw forbidden();
  const target = await getUser(kv, id);
  if (!target) throw notFound();
  return target;
}

/** The settings as answered: every notification category's channels filled in. */
const withChannels = (s: UserSettings): UserSettings => ({
  ...s,
  notifications: channelsOf(s.notifications),
});

/** GET /api/users/{id}/settings. */
export async function userSettingsOf(kv: Deno.Kv, actor: SessionUser | null, id: string) {
  await targetUser(kv, actor, id, "settings.read");
  return withChannels(await getUserSettings(kv, id));
}

/** The settings a PATCH may change; the market project must be one the user may see. */
export interface SettingsPatch {
  selectedMarketProjectId?: number | null;
  showSelectMarketProjectMessage?: boolean;
  menu?: number;
  language?: "sv" | "en";
  away?: boolean;
  /** Some categories' e-mail and SMS choices (the others stay). */
  notifications?: Partial<Record<InboxCategory, Partial<ChannelChoice>>>;
}

/** PATCH /api/users/{id}/settings/…. */
export async function patchUserSettings(
  kv: Deno.Kv,
  actor: SessionUser | null,
  id: string,
  patch: SettingsPatch,
): Promise<UserSettings> {
  await targetUser(kv, actor, id, "settings.update");
  const out: Partial<UserSettings> = {};
  if (patch.selectedMarketProjectId !== undefined) {
    const n = patch.selectedMarketProjectId;
    if (n !== null) {
      const p = await db.getMarketProjectByNumber(kv, n);
      if (!p || !can(actor, "reference.read", { b2b: p.b2b })) {
        throw new DomainError("validation", "VALIDATION", "errors.validation", {
          selectedMarketProjectId: "prospects.errors.MARKET_PROJECT_NOT_FOUND",
        });
      }
    }
    out.selectedMarketProjectId = n === null ? null : String(n);
  }
  if (patch.showSelectMarketProjectMessage !== undefined) {
    out.showSelectMarketProjectMessage = patch.showSelectMarketProjectMessage;
  }
  if (patch.menu !== undefined) out.menu = patch.menu;
  if (patch.language !== undefined) out.language = patch.language;
  if (patch.away !== undefined) out.away = patch.away;
  const channels = patch.notifications;
  if (channels === undefined) return withChannels(await updateUserSettings(kv, id, out));
  // Merged into the channels read in the same checked write (a parallel change is not lost).
  return withChannels(
    await updateUserSettings(kv, id, (current) => {
      const now = channelsOf(current.notifications);
      for (const [c, v] of Object.entries(channels)) {
        if (v) now[c as InboxCategory] = { ...now[c as InboxCategory], ...v };
      }
      return { ...out, notifications: now };
    }),
  );
}

/** Every club with the user's `checked` flag, optionally only those of some districts. */
async function clubsWithChecked(
  kv: Deno.Kv,
  userId: string,
  regionIds: number[] | null,
): Promise<Club[]> {
  const [clubs, subscribed] = await Promise.all([
    db.listClubs(kv),
    settingsDb.subscribedClubIds(kv, userId),
  ]);
  const on = new Set(subscribed);
  const regions = regionIds && regionIds.length ? new Set(regionIds) : null;
  return clubs
    .filter((club) => !regions || regions.has(club.districtId))
    .map((club) => ({ ...club, checked: on.has(club.clubId) }));
}

/** GET /api/users/{id}/clubs. */
export async function clubsOf(
  kv: Deno.Kv,
  actor: SessionUser | null,
  id: string,
  regionIds: number[] | null,
): Promise<Club[]> {
  await targetUser(kv, actor, id, "settings.read");
  return await clubsWithChecked(kv, id, regionIds);
}

/** PUT /api/users/{id}/clubs: one club, or every (listed) club at once; answers the list. */
export async function subscribeClubs(
  kv: Deno.Kv,
  actor: SessionUser | null,
  id: string,
  body: z.output<typeof clubSubscriptionSchema>,
): Promise<Club[]> {
  await targetUser(kv, actor, id, "settings.update");
  if ("all" in body) {
    const regionIds = body.regionIds ?? null;
    const clubs = await clubsWithChecked(kv, id, regionIds);
    await settingsDb.setAllClubSubscriptions(kv, id, clubs.map((x) => x.clubId), body.checked);
    return await clubsWithChecked(kv, id, regionIds);
  }
  await settingsDb.setClubSubscription(kv, id, body.clubId, body.checked);
  return await clubsWithChecked(kv, id, null);
}
