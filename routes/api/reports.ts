/**
 * Report API (spec §7): GET /api/reports/sell-status-age and GET /api/reports/status-project (the
 * project variant, or the club/district variant with prospectFieldKey, collection and ids).
 * `format=csv` answers the same report as a CSV download. Thin: validate → services → respond.
 */
import { z } from "zod";
import {
  funnelQuerySchema,
  responseTimeQuerySchema,
  sellStatusAgeQuerySchema,
  statusProjectQuerySchema,
} from "@/lib/domain/report_schemas.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import type { Lang } from "@/lib/i18n/mod.ts";
import {
  csvFileName,
  funnel,
  funnelCsv,
  type ReportCtx,
  responseTime,
  responseTimeCsv,
  sellStatusAge,
  sellStatusAgeCsv,
  statusGroupCsv,
  statusProjectAny,
  statusProjectCsv,
} from "@/lib/services/reports.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { overviewRoutes } from "@/routes/api/overview.ts";
import { FUNNEL_GROUPS } from "@/lib/domain/funnel.ts";
import type { Ctx } from "@/routes/env.ts";

const count = z.number().int();
const ageRow = z.object({
  sellStatus: z.string(),
  sellStatusName: z.string(),
  lessThan24h: count,
  oneDay: count,
  twoDays: count,
  threeDays: count,
  fourDays: count,
  moreThanFourDays: count,
  sum: count,
});
const ageReport = z.object({
  marketProjectId: count,
  marketProject: z.string(),
  referenceDate: z.string(),
  asOf: z.string().describe("the instant the numbers describe"),
  live: z.boolean().describe("the reference date is today: the current state"),
  clubs: z.array(z.object({ clubId: count, name: z.string() })),
  rows: z.array(ageRow),
  totals: ageRow.omit({ sellStatus: true, sellStatusName: true }),
});
const statusRow = z.object({
  change24h: count,
  totalStatusChange: count,
  totalProspects: count,
  totalDoneProspects: count,
  firstProspectIn: z.string().nullable().optional().describe(
    "project rows: ISO instant of the earliest registration among the project's prospects at the reference instant (null: none)",
  ),
}).catchall(z.union([z.number(), z.string()])).describe(
  "one count per sell status column (alreadyInBRP … lowPrio, jumpedOff) plus the totals",
);
const statusReport = z.object({
  referenceDate: z.string(),
  asOf: z.string(),
  live: z.boolean(),
  prospectFieldKey: z.enum(["marketProjectId", "clubId", "districtId"]),
  collection: z.enum(["marketproject", "clubs", "district"]),
  limit: count.optional(),
  marketProjectIds: z.array(count).optional(),
  rows: z.array(statusRow),
});

function reportCtx(c: Ctx, user: SessionUser | null): ReportCtx {
  const { kv, config, now } = c.get("deps");
  return { kv, config, now: now(), user: user!, lang: c.get("lang") };
}

function csvResponse(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * A report route: JSON, or with format=csv a download of the same report in `language` (the
 * caller's by default). `csv` answers the file's name stem and text.
 */
function reportRoute<
  Q extends z.ZodType<{ format?: string; language?: Lang; referenceDate: string }>,
  R,
>(
  api: ApiRouter,
  o: {
    path: string;
    summary: string;
    query: Q;
    response: z.ZodType;
    run: (ctx: ReportCtx, query: z.output<Q>) => Promise<R>;
    csv: (report: R, lang: Lang, ctx: ReportCtx) => [name: string, text: string];
  },
) {
  api.add({
    method: "get",
    path: o.path,
    access: "user",
    tag: "reports",
    summary: o.summary,
    query: o.query,
    response: o.response,
    handler: async (c, { query, user }) => {
      const base = reportCtx(c, user);
      const ctx = { ...base, lang: query.language ?? base.lang };
      const report = await o.run(ctx, query);
      if (query.format !== "csv") return report;
      const [name, text] = o.csv(report, ctx.lang, ctx);
      return csvResponse(text, csvFileName(name, query.referenceDate));
    },
  });
}

const responseTimeReport = z.object({
  marketProjectId: count,
  marketProject: z.string(),
  from: z.string(),
  to: z.string(),
  districtId: count.nullable(),
  rows: z.array(z.object({
    clubId: count,
    clubName: z.string(),
    leads: count.describe("web leads registered in the period"),
    contacted: count,
    medianMinutes: count.nullable().describe("median work minutes to the first contact"),
    within5Minutes: count,
    within1Hour: count,
  })),
});

/** GET /api/reports/response-time (speed to lead). */
function responseTimeRoute(api: ApiRouter) {
  api.add({
    method: "get",
    path: "/api/reports/response-time",
    access: "user",
    tag: "reports",
    summary:
      "Speed to lead: per club (the caller's; an admin's: every club; districtId narrows), the project's web leads registered from–to (local dates, default the last 30 days) and their work minutes to the first contact (first note, sell-status change or assignment): median, within 5 minutes, within an hour (format=csv: a download)",
    query: responseTimeQuerySchema,
    response: responseTimeReport,
    handler: async (c, { query, user }) => {
      const base = reportCtx(c, user);
      const ctx = { ...base, lang: query.language ?? base.lang };
      const report = await responseTime(ctx, query);
      if (query.format !== "csv") return report;
      return csvResponse(
        responseTimeCsv(report, ctx.lang),
        `response-time_${report.from}_${report.to}.csv`,
      );
    },
  });
}

const share = z.number().describe("a share of leads, 0..1");
const funnelRow = z.object({
  key: z.string().describe('the group: a source, a club or project number, a user id ("": none)'),
  name: z.string(),
  leads: count.describe("prospects registered in the period"),
  reached: count.describe("first contacted (a note, a sell-status change or an assignment)"),
  booked: count.describe("ever had a sell status of the booked stage (or a member one)"),
  members: count.describe("ever had a sell status of the member stage"),
  conversionRate: share.describe("members / leads"),
  medianDaysToMember: z.number().nullable().describe("median whole days from registration"),
  reachedShare: share,
  bookedShare: share,
  membersShare: share,
});
const funnelReport = z.object({
  marketProjectIds: z.array(count),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(FUNNEL_GROUPS),
  districtId: count.nullable(),
  rows: z.array(funnelRow),
  total: funnelRow,
});

/** GET /api/reports/funnel (conversion by source, club, seller or project). */
function funnelRoute(api: ApiRouter) {
  api.add({
    method: "get",
    path: "/api/reports/funnel",
    access: "user",
    tag: "reports",
    summary:
      "Conversion funnel: the prospects of one or more market projects registered from–to (local dates, default the last 30 days), per source, club, assignee (user) or project: leads, reached, booked, members, conversion rate, median days to member and the shares of leads; staff count their clubs, an admin every club (districtId narrows) (format=csv: a download)",
    query: funnelQuerySchema,
    response: funnelReport,
    handler: async (c, { query, user }) => {
      const base = reportCtx(c, user);
      const ctx = { ...base, lang: query.language ?? base.lang };
      const report = await funnel(ctx, query);
      if (query.format !== "csv") return report;
      return csvResponse(funnelCsv(report, ctx.lang), `funnel_${report.from}_${report.to}.csv`);
    },
  });
}

export function reportRoutes(api: ApiRouter) {
  responseTimeRoute(api);
  funnelRoute(api);
  reportRoute(api, {
    path: "/api/reports/sell-status-age",
    summary:
      "Per sell status, the caller's clubs' (an admin's: every club's) prospects by time since their last sell status change, as of the end of referenceDate (format=csv: a download)",
    query: sellStatusAgeQuerySchema,
    response: ageReport,
    run: sellStatusAge,
    csv: (report, lang) => ["sell-status-age", sellStatusAgeCsv(report, lang)],
  });
  reportRoute(api, {
    path: "/api/reports/status-project",
    summary:
      "Per market project (at most 10), or per club or district over the chosen projects (prospectFieldKey, collection, ids): sell status counts and change totals as of the end of referenceDate (format=csv: a download)",
    query: statusProjectQuerySchema,
    response: statusReport,
    run: statusProjectAny,
    csv: (report, lang, ctx) =>
      "marketProjectIds" in report
        ? ["status-project-club", statusGroupCsv(report, lang)]
        : ["status-project", statusProjectCsv(report, lang, ctx.config.timeZone)],
  });
  overviewRoutes(api);
}
