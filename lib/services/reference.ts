/**
 * Reference data use cases: districts, clubs, market projects and the seeded
 * lists, with who may see what in one place — the market projects a user may see come from can()
 * here (a B2B user: b2b projects only), not from each route or page. Routes and pages import this
 * module, never lib/db. The stored rules (unique ids, in-use guards, versions) stay in
 * lib/db/reference.ts, which answers their HTTP errors.
 */
import { can } from "@/lib/auth/permissions.ts";
import * as db from "@/lib/db/reference.ts";
import * as settingsDb from "@/lib/db/settings.ts";
import { forbidden, notFound } from "@/lib/domain/errors.ts";
import type { Club, District, MarketProject } from "@/lib/domain/reference.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";
import { type Lang, translate } from "@/lib/i18n/mod.ts";

export {
  createClub,
  createDistrict,
  createMarketProject,
  deleteClub,
  deleteDistrict,
  deleteMarketProject,
  getClubsByNumbers,
  listClubs,
  listDistricts,
  setMarketProjectActive,
  updateClub,
  updateDistrict,
  updateMarketProject,
} from "@/lib/db/reference.ts";
export { type FirstRunStatus, firstRunStatus } from "@/lib/db/first_run.ts";
export { subscribedClubIds } from "@/lib/db/settings.ts";

export async function districtById(kv: Deno.Kv, id: string): Promise<District> {
  return (await db.getDistrict(kv, id)) ?? (() => {
    throw notFound();
  })();
}

export async function clubById(kv: Deno.Kv, id: string): Promise<Club> {
  return (await db.getClub(kv, id)) ?? (() => {
    throw notFound();
  })();
}

/**
 * The clubs a user's own reports cover: every club of the chain for an admin, the clubs they
 * subscribe to for everyone else.
 */
export async function reportClubs(kv: Deno.Kv, user: SessionUser): Promise<Club[]> {
  return isAdmin(user)
    ? await db.listClubs(kv)
    : await db.getClubsByNumbers(kv, await settingsDb.subscribedClubIds(kv, user.id));
}

/** The market projects `user` may see (can "reference.read" on each), all or only active ones. */
export async function visibleProjects(
  kv: Deno.Kv,
  user: SessionUser | null,
  opts: { active?: boolean } = {},
): Promise<MarketProject[]> {
  const all = await db.listMarketProjects(kv, { activeOnly: opts.active === true });
  return all.filter((p) =>
    can(user, "reference.read", { b2b: p.b2b }) && (opts.active !== false || !p.active)
  );
}

/** One market project by id, 404 when unknown, 403 when the user may not see it. */
export async function visibleProject(
  kv: Deno.Kv,
  user: SessionUser | null,
  id: string,
): Promise<MarketProject> {
  const p = await db.getMarketProject(kv, id);
  if (!p) throw notFound();
  if (!can(user, "reference.read", { b2b: p.b2b })) throw forbidden();
  return p;
}

/** The sell statuses by weight, named in `lang`. */
export async function sellStatusesIn(kv: Deno.Kv, lang: Lang) {
  return (await settingsDb.listSellStatuses(kv)).map((s) => ({
    ...s,
    name: translate(lang, `sellStatus.${s.id}`),
  }));
}

/** The notification categories, named in `lang`. */
export async function notificationCategoriesIn(kv: Deno.Kv, lang: Lang) {
  return (await settingsDb.listNotificationCategories(kv)).map((n) => ({
    id: n.id,
    name: translate(lang, `notificationCategory.${n.id}`),
  }));
}
