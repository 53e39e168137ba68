/**
 * The chain overview (admins): per club, grouped by district, the waiting web leads, the escalated
 * and the other due items of today's list (lib/services/today.ts, one indexed read for every club)
 * and the median response time to web leads over the last days (lib/services/reports.ts).
 */
import { listClubs, listDistricts } from "@/lib/db/reference.ts";
import { forbidden } from "@/lib/domain/errors.ts";
import { addDays, localDate, todayCategory } from "@/lib/domain/prospect.ts";
import { responseTimeRows } from "@/lib/domain/response_time.ts";
import { isAdmin } from "@/lib/domain/user.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { clockSettings } from "@/lib/services/prospect_clock.ts";
import { visibleProjects } from "@/lib/services/reference.ts";
import { webLeadTimes } from "@/lib/services/reports.ts";
import { todayProspects } from "@/lib/services/today.ts";

/** The days the overview's median response time covers, up to today. */
export const OVERVIEW_RESPONSE_DAYS = 7;

export interface OverviewClub {
  clubId: number;
  name: string;
  /** Web leads nobody has contacted yet (today's list, category "web"). */
  waiting: number;
  /** Today's list, category "Escalated". */
  escalated: number;
  /** Today's list, category "due" (Notified or ToDo). */
  due: number;
  /** Web leads registered in the period. */
  leads: number;
  /** Median work minutes to the first contact of the period's contacted web leads (null: none). */
  medianMinutes: number | null;
}

export interface OverviewDistrict {
  districtId: number;
  name: string;
  clubs: OverviewClub[];
}

export interface Overview {
  /** The response-time period, local dates (inclusive). */
  from: string;
  to: string;
  districts: OverviewDistrict[];
}

/** GET /api/overview and /overview: every club of the chain by district (admins only, else 403). */
export async function chainOverview(ctx: ProspectCtx): Promise<Overview> {
  if (!isAdmin(ctx.user)) throw forbidden();
  const tz = ctx.config.timeZone;
  const [clubs, districts, projects, clock] = await Promise.all([
    listClubs(ctx.kv),
    listDistricts(ctx.kv),
    visibleProjects(ctx.kv, ctx.user),
    clockSettings(ctx.kv, tz),
  ]);
  const clubIds = clubs.map((c) => c.clubId);
  const to = localDate(ctx.now, tz);
  const from = addDays(to, -(OVERVIEW_RESPONSE_DAYS - 1));
  const [today, leads] = await Promise.all([
    todayProspects(ctx, clubIds),
    webLeadTimes(ctx, projects.map((p) => p.marketProjectId), from, to, new Set(clubIds)),
  ]);
  const counts = new Map(clubIds.map((id) => [id, { web: 0, Escalated: 0, due: 0 }]));
  for (const p of today) counts.get(p.clubId)![todayCategory(p)]++;
  const times = new Map(
    responseTimeRows(clubs, leads, clock.worktime).map((r) => [r.clubId, r]),
  );
  const row = (c: { clubId: number; name: string }): OverviewClub => {
    const n = counts.get(c.clubId)!, t = times.get(c.clubId)!;
    return {
      clubId: c.clubId,
      name: c.name,
      waiting: n.web,
      escalated: n.Escalated,
      due: n.due,
      leads: t.leads,
      medianMinutes: t.medianMinutes,
    };
  };
  const named = new Map(districts.map((d) => [d.districtId, d.name]));
  const ids = [
    ...new Set([...districts.map((d) => d.districtId), ...clubs.map((c) => c.districtId)]),
  ];
  return {
    from,
    to,
    districts: ids.flatMap((districtId) => {
      const own = clubs.filter((c) => c.districtId === districtId);
      return own.length
        ? [{ districtId, name: named.get(districtId) ?? String(districtId), clubs: own.map(row) }]
        : [];
    }),
  };
}
