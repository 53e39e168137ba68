/**
 * The three reports (spec §2 Reports, §3, §7; DESIGN §7): sell status age, status project and
 * status project club/district, as of the end of a reference date, from the report counters and
 * stints (lib/db/report_status.ts, report_changes.ts, report_districts.ts, report_ages.ts,
 * report_project.ts), and their CSV exports with localized headers.
 */
import type { Config } from "@/lib/config.ts";
import { can } from "@/lib/auth/permissions.ts";
import { clubChanges, projectChanges } from "@/lib/db/report_changes.ts";
import { clubStatusCounts, projectStatusCounts } from "@/lib/db/report_status.ts";
import { districtsToday } from "@/lib/db/report_districts.ts";
import {
  funnelCells,
  projectEscalations,
  projectFirstIn,
  projectRegistrations,
} from "@/lib/db/report_project.ts";
import { recentAges } from "@/lib/db/report_ages.ts";
import {
  clubDistricts,
  getClubsByNumbers,
  getMarketProjectByNumber,
  listDistricts,
} from "@/lib/db/reference.ts";
import { foldProjects } from "@/lib/db/report_pending.ts";
import { reportClubs } from "@/lib/services/reference.ts";
import { clockSettings } from "@/lib/services/prospect_clock.ts";
import { getRecords } from "@/lib/db/prospect_record.ts";
import { addDays, localDate, sourceOf, startOfLocalDay } from "@/lib/domain/prospect.ts";
import {
  type LeadTimes,
  RESPONSE_TIME_COLUMNS,
  type ResponseTimeRow,
  responseTimeRows,
} from "@/lib/domain/response_time.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import type { MarketProject } from "@/lib/domain/reference.ts";
import {
  type FunnelQuery,
  isGroupQuery,
  type ResponseTimeQuery,
  type SellStatusAgeQuery,
  type StatusProjectQuery,
} from "@/lib/domain/report_schemas.ts";
import {
  addCounts,
  AGE_COLUMNS,
  AGE_REPORT_COLUMNS,
  asOfInstant,
  daysSince,
  doneOf,
  firstInDate,
  GROUP_REPORT_COLUMNS,
  PROJECT_REPORT_COLUMNS,
  reportStatus,
  type SellStatusAgeReport,
  type SellStatusAgeRow,
  STATUS_COLUMN_ORDER,
  statusColumns,
  type StatusCounts,
  type StatusGroupReport,
  type StatusGroupRow,
  type StatusProjectReport,
  type StatusProjectRow,
  toCsv,
  totalOf,
} from "@/lib/domain/reports.ts";
import { PROSPECT_SOURCES, REPORT_PROJECT_LIMIT } from "@/lib/domain/statuses.ts";
import {
  FUNNEL_COLUMNS,
  type FunnelCell,
  type FunnelGroupBy,
  type FunnelRow,
  funnelRow,
} from "@/lib/domain/funnel.ts";
import { getUsers } from "@/lib/db/users.ts";
import { isAdmin } from "@/lib/domain/user.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import { visibleProjects } from "@/lib/services/reference.ts";
import { type Lang, translate } from "@/lib/i18n/mod.ts";

export interface ReportCtx {
  kv: Deno.Kv;
  config: Pick<Config, "timeZone">;
  now: Date;
  user: SessionUser;
  lang: Lang;
}

const invalid = (field: string, key = "validation.invalidValue") =>
  new DomainError("validation", "VALIDATION", "errors.validation", { [field]: key });
const b2bOnly = () => new DomainError("forbidden", "B2B_ONLY", "prospects.errors.B2B_ONLY");

/** The projects asked for, each one the caller may report on (400 unknown, 403 not b2b). */
async function projectsFor(ctx: ReportCtx, ids: number[], field: string): Promise<MarketProject[]> {
  const unique = [...new Set(ids)];
  const projects = await Promise.all(unique.map((id) => getMarketProjectByNumber(ctx.kv, id)));
  if (projects.some((p) => !p)) throw invalid(field);
  for (const p of projects) if (!can(ctx.user, "report.read", { b2b: p!.b2b })) throw b2bOnly();
  return projects as MarketProject[];
}

// ── sell status age ─────────────────────────────────────────────────────────

/** GET /api/reports/sell-status-age: the caller's clubs (an admin's: every club) in one project. */
export async function sellStatusAge(
  ctx: ReportCtx,
  q: SellStatusAgeQuery,
): Promise<SellStatusAgeReport> {
  const lang = q.language ?? ctx.lang;
  const [project] = await projectsFor(ctx, [q.marketProjectId], "marketProjectId");
  const clubs = await reportClubs(ctx.kv, ctx.user);
  const clubIds = clubs.map((c) => c.clubId);
  const asOf = asOfInstant(q.referenceDate, ctx.now, ctx.config.timeZone);
  const mp = project.marketProjectId;
  await foldProjects(ctx.kv, [mp]);
  const [perClub, recent] = await Promise.all([
    clubStatusCounts(ctx.kv, mp, asOf, new Set(clubIds)),
    recentAges(ctx.kv, mp, clubIds, asOf),
  ]);
  const totals: StatusCounts = {};
  for (const counts of perClub.values()) {
    for (const [s, n] of Object.entries(counts)) {
      const r = reportStatus(s);
      totals[r] = (totals[r] ?? 0) + n;
    }
  }
  const rows: SellStatusAgeRow[] = STATUS_COLUMN_ORDER.map((s) => {
    const sum = Math.max(0, totals[s] ?? 0);
    const b = recent.get(s) ?? [0, 0, 0, 0, 0];
    const recentSum = b.reduce((a, x) => a + x, 0);
    return {
      sellStatus: s,
      sellStatusName: translate(lang, `sellStatus.${s}`),
      lessThan24h: b[0],
      oneDay: b[1],
      twoDays: b[2],
      threeDays: b[3],
      fourDays: b[4],
      moreThanFourDays: Math.max(0, sum - recentSum),
      sum,
    };
  });
  const total = Object.fromEntries(
    [...AGE_COLUMNS, "sum" as const].map((c) => [c, rows.reduce((a, r) => a + r[c], 0)]),
  ) as SellStatusAgeReport["totals"];
  return {
    marketProjectId: mp,
    marketProject: project.name,
    referenceDate: q.referenceDate,
    asOf: asOf.at.toISOString(),
    live: asOf.live,
    clubs: clubs.map((c) => ({ clubId: c.clubId, name: c.name })),
    rows,
    totals: total,
  };
}

// ── status project ──────────────────────────────────────────────────────────

/** The active projects a caller may pick: b2b ones only for B2B users, by name. */
export async function reportableProjects(kv: Deno.Kv, user: SessionUser): Promise<MarketProject[]> {
  return await visibleProjects(kv, user, { active: true });
}

/** GET /api/reports/status-project (project variant): one row per project. */
export async function statusProject(
  ctx: ReportCtx,
  q: StatusProjectQuery,
): Promise<StatusProjectReport> {
  const limit = q.limit ?? REPORT_PROJECT_LIMIT;
  let projects: MarketProject[];
  if (q.marketProjectIds?.length) {
    projects = await projectsFor(ctx, q.marketProjectIds, "marketProjectIds");
  } else {
    projects = (await reportableProjects(ctx.kv, ctx.user))
      .sort((a, b) =>
        b.startDate.localeCompare(a.startDate) || b.marketProjectId - a.marketProjectId
      )
      .slice(0, limit);
  }
  const asOf = asOfInstant(q.referenceDate, ctx.now, ctx.config.timeZone);
  await foldProjects(ctx.kv, projects.map((p) => p.marketProjectId));
  const rows = await Promise.all(projects.map(async (p): Promise<StatusProjectRow> => {
    const mp = p.marketProjectId;
    const [counts, changes, escalated, firstIn] = await Promise.all([
      projectStatusCounts(ctx.kv, mp, asOf),
      projectChanges(ctx.kv, mp, asOf),
      projectEscalations(ctx.kv, mp, asOf),
      projectFirstIn(ctx.kv, mp, asOf),
    ]);
    return {
      marketProjectId: mp,
      marketProject: p.name,
      startDate: p.startDate,
      days: daysSince(p.startDate, q.referenceDate),
      ...statusColumns(counts),
      change24h: changes.last24h,
      totalStatusChange: changes.total,
      totalEscalatedProspects: escalated,
      totalProspects: totalOf(counts),
      totalDoneProspects: doneOf(counts),
      firstProspectIn: firstIn,
    };
  }));
  return {
    referenceDate: q.referenceDate,
    asOf: asOf.at.toISOString(),
    live: asOf.live,
    prospectFieldKey: "marketProjectId",
    collection: "marketproject",
    limit,
    rows,
  };
}

/** GET /api/reports/status-project with prospectFieldKey clubId|districtId: one row per group. */
export async function statusProjectGroups(
  ctx: ReportCtx,
  q: StatusProjectQuery,
): Promise<StatusGroupReport> {
  const projects = await projectsFor(ctx, q.marketProjectIds ?? [], "marketProjectIds");
  const byDistrict = q.prospectFieldKey === "districtId";
  const ids = [...new Set(q.ids ?? [])];
  // Groups: each club, or each district with the clubs it holds now.
  let groups: { id: number; name: string; clubs: number[] }[];
  let districtOf: ReadonlyMap<number, number> = new Map();
  if (byDistrict) {
    // The clubs' districts from the one value the write path keeps with every club change (a get,
    // not the 200 club records).
    const [districts, map] = await Promise.all([listDistricts(ctx.kv), clubDistricts(ctx.kv)]);
    districtOf = map;
    const found = ids.map((id) => districts.find((d) => d.districtId === id));
    if (found.some((d) => !d)) throw invalid("ids");
    groups = found.map((d) => ({
      id: d!.districtId,
      name: d!.name,
      clubs: [...map].filter(([, district]) => district === d!.districtId).map(([club]) => club),
    }));
  } else {
    const clubs = await getClubsByNumbers(ctx.kv, ids);
    if (clubs.length !== ids.length) throw invalid("ids");
    groups = clubs.map((c) => ({ id: c.clubId, name: c.name, clubs: [c.clubId] }));
  }
  groups.sort((a, b) => byName.compare(a.name, b.name));
  const wanted = new Set(groups.flatMap((g) => g.clubs));
  const asOf = asOfInstant(q.referenceDate, ctx.now, ctx.config.timeZone);
  await foldProjects(ctx.kv, projects.map((p) => p.marketProjectId));
  const perProject = await Promise.all(projects.map(async (p) => {
    const mp = p.marketProjectId;
    // Today by district: the district buckets when they can be trusted, else the clubs' values.
    const today = byDistrict ? await districtsToday(ctx.kv, mp, asOf, districtOf) : null;
    if (today) return { ids: new Map(groups.map((g) => [g.id, [g.id]])), ...today };
    const [status, changes] = await Promise.all([
      clubStatusCounts(ctx.kv, mp, asOf, wanted),
      clubChanges(ctx.kv, mp, asOf),
    ]);
    return { ids: new Map(groups.map((g) => [g.id, g.clubs])), status, changes };
  }));
  const rows = groups.map((g): StatusGroupRow => {
    const counts: StatusCounts = {};
    let change24h = 0;
    let totalStatusChange = 0;
    // Each project's values are per club, or per district (the group's id) from its buckets.
    for (const { ids, status, changes } of perProject) {
      for (const c of ids.get(g.id)!) {
        const sc = status.get(c);
        if (sc) addCounts(counts, sc);
        const ch = changes.get(c);
        if (ch) {
          change24h += ch.last24h;
          totalStatusChange += ch.total;
        }
      }
    }
    return {
      id: g.id,
      name: g.name,
      ...statusColumns(counts),
      change24h,
      totalStatusChange,
      totalProspects: totalOf(counts),
      totalDoneProspects: doneOf(counts),
    };
  });
  return {
    referenceDate: q.referenceDate,
    asOf: asOf.at.toISOString(),
    live: asOf.live,
    prospectFieldKey: byDistrict ? "districtId" : "clubId",
    collection: byDistrict ? "district" : "clubs",
    marketProjectIds: projects.map((p) => p.marketProjectId),
    rows,
  };
}

/** GET /api/reports/status-project: the project report, or per club or district when asked. */
export async function statusProjectAny(ctx: ReportCtx, q: StatusProjectQuery) {
  return isGroupQuery(q) ? await statusProjectGroups(ctx, q) : await statusProject(ctx, q);
}

// ── speed to lead ───────────────────────────────────────────────────────────

export interface ResponseTimeReport {
  marketProjectId: number;
  marketProject: string;
  /** The registration period, local dates (inclusive). */
  from: string;
  to: string;
  districtId: number | null;
  rows: ResponseTimeRow[];
}

/** The default period of the response-time report: the last 30 days up to today. */
export const RESPONSE_TIME_DAYS = 30;

/**
 * The web leads of projects `mps` registered in the local dates [from, to] at the clubs `inScope`,
 * with their first contact: what the response-time figures are taken from.
 */
export async function webLeadTimes(
  ctx: { kv: Deno.Kv; config: Pick<Config, "timeZone"> },
  mps: number[],
  from: string,
  to: string,
  inScope: Set<number>,
): Promise<LeadTimes[]> {
  const tz = ctx.config.timeZone;
  const start = startOfLocalDay(from, tz).toISOString();
  const end = startOfLocalDay(addDays(to, 1), tz).toISOString();
  const ids = (await Promise.all(mps.map((mp) => projectRegistrations(ctx.kv, mp, start, end))))
    .flat();
  const wanted = new Set(mps);
  return (await getRecords(ctx.kv, [...new Set(ids)])).flatMap((e) => {
    const p = e.value;
    return p && !p.deleted && wanted.has(p.marketProjectId) && sourceOf(p) === "web" &&
        inScope.has(p.clubId)
      ? [{
        clubId: p.clubId,
        registerDate: p.registerDate,
        firstContactAt: p.firstContactAt ?? null,
      }]
      : [];
  });
}

/**
 * GET /api/reports/response-time: per club of the caller's (an admin's: every club; within a
 * district when asked), the project's web leads registered in the period and how fast they were
 * first contacted, in work time.
 */
export async function responseTime(
  ctx: ReportCtx,
  q: ResponseTimeQuery,
): Promise<ResponseTimeReport> {
  const tz = ctx.config.timeZone;
  const [project] = await projectsFor(ctx, [q.marketProjectId], "marketProjectId");
  const to = q.to ?? localDate(ctx.now, tz);
  const from = q.from ?? addDays(to, -(RESPONSE_TIME_DAYS - 1));
  const clubs = (await reportClubs(ctx.kv, ctx.user))
    .filter((c) => q.districtId === undefined || c.districtId === q.districtId);
  const mp = project.marketProjectId;
  const leads = await webLeadTimes(ctx, [mp], from, to, new Set(clubs.map((c) => c.clubId)));
  const { worktime } = await clockSettings(ctx.kv, tz);
  return {
    marketProjectId: mp,
    marketProject: project.name,
    from,
    to,
    districtId: q.districtId ?? null,
    rows: responseTimeRows(clubs, leads, worktime),
  };
}

// ── conversion funnel ───────────────────────────────────────────────────────

export interface FunnelReport {
  marketProjectIds: number[];
  /** The registration period, local dates (inclusive). */
  from: string;
  to: string;
  groupBy: FunnelGroupBy;
  districtId: number | null;
  rows: FunnelRow[];
  /** Every group together. */
  total: FunnelRow;
}

/** Names in Swedish order; one collator, as `localeCompare` with a locale builds one per call. */
const byName = new Intl.Collator("sv");

/** The default period of the funnel: the last 30 days up to today. */
export const FUNNEL_DAYS = 30;

/**
 * GET /api/reports/funnel: the prospects of the projects registered in the period (their local
 * registration day), per source, club, assignee or project: leads, reached, booked, members,
 * conversion and median days to member, from the funnel counters (lib/db/report_project.ts funnelCells).
 * Staff count their clubs, an admin every club (districtId narrows both); B2B users B2B projects.
 */
export async function funnel(ctx: ReportCtx, q: FunnelQuery): Promise<FunnelReport> {
  const tz = ctx.config.timeZone;
  const projects = await projectsFor(ctx, q.marketProjectId, "marketProjectId");
  const to = q.to ?? localDate(ctx.now, tz);
  const from = q.from ?? addDays(to, -(FUNNEL_DAYS - 1));
  const everyClub = isAdmin(ctx.user) && q.districtId === undefined;
  const clubs = everyClub ? null : (await reportClubs(ctx.kv, ctx.user))
    .filter((c) => q.districtId === undefined || c.districtId === q.districtId)
    .map((c) => c.clubId);
  await foldProjects(ctx.kv, projects.map((p) => p.marketProjectId));
  const dim = q.groupBy === "marketProject" ? null : q.groupBy;
  const perProject = await Promise.all(
    projects.map((p) => funnelCells(ctx.kv, p.marketProjectId, from, to, dim, clubs)),
  );
  const cells = new Map<string, FunnelCell>();
  const all: FunnelCell = new Map();
  perProject.forEach((byGroup, i) => {
    for (const [group, cell] of byGroup) {
      const key = dim === null ? String(projects[i].marketProjectId) : group;
      let sum = cells.get(key);
      if (!sum) cells.set(key, sum = new Map());
      for (const [m, n] of cell) {
        sum.set(m, (sum.get(m) ?? 0) + n);
        all.set(m, (all.get(m) ?? 0) + n);
      }
    }
  });
  const lang = q.language ?? ctx.lang;
  const names = await funnelGroupNames(ctx, q.groupBy, projects, [...cells.keys()], lang);
  const rows = [...names]
    .map(([key, name]) => funnelRow(key, name, cells.get(key)))
    .filter((r) => r.leads > 0 || q.groupBy === "source" || q.groupBy === "marketProject")
    .sort((a, b) => b.leads - a.leads || byName.compare(a.name, b.name));
  return {
    marketProjectIds: projects.map((p) => p.marketProjectId),
    from,
    to,
    groupBy: q.groupBy,
    districtId: q.districtId ?? null,
    rows,
    total: funnelRow("", translate(lang, "reports.funnel.total"), all),
  };
}

/** Each group's display name: the sources and projects asked for, the clubs and users counted. */
async function funnelGroupNames(
  ctx: ReportCtx,
  groupBy: FunnelGroupBy,
  projects: MarketProject[],
  keys: string[],
  lang: Lang,
): Promise<Map<string, string>> {
  if (groupBy === "source") {
    return new Map(
      PROSPECT_SOURCES.map((s) => [s, translate(lang, `reports.funnel.sources.${s}`)]),
    );
  }
  if (groupBy === "marketProject") {
    return new Map(projects.map((p) => [String(p.marketProjectId), p.name]));
  }
  if (groupBy === "club") {
    const clubs = await getClubsByNumbers(ctx.kv, keys.map(Number));
    const byId = new Map(clubs.map((c) => [String(c.clubId), c.name]));
    return new Map(keys.map((k) => [k, byId.get(k) ?? k]));
  }
  const users = await getUsers(ctx.kv, keys.filter(Boolean));
  const byId = new Map(users.flatMap((u) => (u ? [[u.id, u] as const] : [])));
  return new Map(keys.map((k) => {
    const u = byId.get(k);
    const name = u ? `${u.firstName} ${u.lastName}`.trim() || u.email : "";
    return [k, name || translate(lang, "reports.funnel.unassigned")];
  }));
}

/** The funnel report as CSV with headers in `lang`. */
export function funnelCsv(r: FunnelReport, lang: Lang): string {
  const cols = FUNNEL_COLUMNS.map((c) =>
    c === "name"
      ? translate(lang, `reports.funnel.groupBy.${r.groupBy}`)
      : translate(lang, `reports.funnel.columns.${c}`)
  );
  return toCsv(
    cols,
    [...r.rows, r.total].map((row) => FUNNEL_COLUMNS.map((c) => row[c] ?? "")),
  );
}

// ── CSV ─────────────────────────────────────────────────────────────────────

const header = (lang: Lang, cols: readonly string[]) =>
  cols.map((c) => translate(lang, `reports.columns.${c}`));

/** The sell-status age report as CSV with headers in `lang`. */
export function sellStatusAgeCsv(r: SellStatusAgeReport, lang: Lang): string {
  const rows = r.rows.map((row) => [
    row.sellStatusName,
    ...AGE_COLUMNS.map((c) => row[c]),
    row.sum,
  ]);
  rows.push([
    translate(lang, "reports.columns.sum"),
    ...AGE_COLUMNS.map((c) => r.totals[c]),
    r.totals.sum,
  ]);
  return toCsv(header(lang, AGE_REPORT_COLUMNS), rows);
}

/** The status-project report as CSV with headers in `lang`. */
export function statusProjectCsv(
  r: StatusProjectReport,
  lang: Lang,
  timeZone = "Europe/Stockholm",
): string {
  return toCsv(
    header(lang, PROJECT_REPORT_COLUMNS),
    r.rows.map((row) =>
      PROJECT_REPORT_COLUMNS.map((c) =>
        c === "firstProspectIn" ? firstInDate(row.firstProspectIn, timeZone) : row[c]
      )
    ),
  );
}

/** The per-club or per-district status report as CSV with headers in `lang`. */
export function statusGroupCsv(r: StatusGroupReport, lang: Lang): string {
  const first = r.collection === "district" ? "district" : "club";
  return toCsv(
    header(lang, [first, ...GROUP_REPORT_COLUMNS]),
    r.rows.map((row) => [row.name, ...GROUP_REPORT_COLUMNS.map((c) => row[c])]),
  );
}

/** A download name such as status-project_2026-03-10.csv. */
export const csvFileName = (report: string, referenceDate: string) =>
  `${report}_${referenceDate}.csv`;

/** The response-time report as CSV with headers in `lang`. */
export function responseTimeCsv(r: ResponseTimeReport, lang: Lang): string {
  return toCsv(
    RESPONSE_TIME_COLUMNS.map((c) => translate(lang, `reports.responseTime.columns.${c}`)),
    r.rows.map((row) => RESPONSE_TIME_COLUMNS.map((c) => row[c] ?? "")),
  );
}
