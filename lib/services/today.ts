/**
 * Today's list (the receptionist's desk): the prospects of the caller's clubs across every active
 * market project they may see whose activity is due (Escalated, Notified, ToDo), and the web leads
 * nobody has contacted yet, in the order lib/domain/prospect.ts `compareToday` gives.
 */
import { maySee } from "@/lib/auth/permissions.ts";
import { listTodayCandidates } from "@/lib/db/prospect_search.ts";
import { listMarketProjects } from "@/lib/db/reference.ts";
import { subscribedClubIds } from "@/lib/db/settings.ts";
import { forbidden } from "@/lib/domain/errors.ts";
import {
  awaitingFirstContact,
  compareToday,
  isOverdue,
  localDate,
  onTodayList,
  type Prospect,
  type TodayCategory,
  todayCategory,
} from "@/lib/domain/prospect.ts";
import { isAdmin } from "@/lib/domain/user.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { withMay } from "@/lib/services/prospect_checks.ts";

/** One row of today's list: the prospect as the API answers it, and whether it is overdue. */
export type TodayItem = Prospect & { overdue: boolean; awaitingFirstContact: boolean };

export interface TodayList {
  items: TodayItem[];
  /** The clubs the list covers. */
  clubIds: number[];
}

/**
 * The clubs a caller's list covers: their subscribed clubs, or one club (`clubId`): any club for
 * an admin, one of their own for everyone else (403 otherwise).
 */
async function clubsFor(ctx: ProspectCtx, clubId?: number): Promise<number[]> {
  if (clubId !== undefined && isAdmin(ctx.user)) return [clubId];
  const own = await subscribedClubIds(ctx.kv, ctx.user.id);
  if (clubId === undefined) return own;
  if (!own.includes(clubId)) throw forbidden();
  return [clubId];
}

/**
 * The prospects on today's list of `clubIds` in every active market project the caller may see
 * (unsorted): the one read behind the desk and the chain overview.
 */
export async function todayProspects(ctx: ProspectCtx, clubIds: number[]): Promise<Prospect[]> {
  const projects = (await listMarketProjects(ctx.kv, { activeOnly: true }))
    .filter((p) => maySee(ctx.user, p));
  const visible = new Set(projects.map((p) => p.marketProjectId));
  const clubs = new Set(clubIds);
  const candidates = clubIds.length && projects.length
    ? await listTodayCandidates(ctx.kv, clubIds, [...visible])
    : [];
  return candidates.filter((p) =>
    visible.has(p.marketProjectId) && clubs.has(p.clubId) && onTodayList(p)
  );
}

/** GET /api/prospects/today: the list of one club or the caller's, of one category when asked. */
export async function todayForUser(
  ctx: ProspectCtx,
  q: { clubId?: number; show?: TodayCategory },
): Promise<TodayList> {
  const clubIds = await clubsFor(ctx, q.clubId);
  const today = localDate(ctx.now, ctx.config.timeZone);
  const items = (await todayProspects(ctx, clubIds))
    .filter((p) => q.show === undefined || todayCategory(p) === q.show)
    .sort(compareToday)
    .map((p) => ({
      ...withMay(ctx.user, p),
      overdue: isOverdue(p, today),
      awaitingFirstContact: awaitingFirstContact(p),
    }));
  return { items, clubIds };
}
