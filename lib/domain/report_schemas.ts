/**
 * zod schemas of the report requests (spec §3 report request, §5 report validation, §7 paths).
 * Messages are i18n keys. Lists arrive as comma lists ("1,2,3") or repeated parameters.
 */
import { z } from "zod";
import { DATE_RE, isValidDate } from "@/lib/domain/formats.ts";
import { LANGUAGES, REPORT_PROJECT_LIMIT } from "@/lib/domain/statuses.ts";
import { FUNNEL_GROUPS } from "@/lib/domain/funnel.ts";

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === "";

/** "1,2" or ["1", "2,3"] → ["1", "2", "3"]; nothing → undefined. */
function splitList(v: unknown): unknown {
  if (blank(v)) return undefined;
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(","))
    .map((x) => x.trim()).filter((x) => x !== "");
  return parts.length ? parts : undefined;
}

/** A list of numeric ids; one bad entry (e.g. "-1", spec §5) marks the whole list. */
const idList = z.preprocess(
  splitList,
  z.array(z.string()).refine(
    (xs) => xs.every((x) => /^\d{1,9}$/.test(x)),
    "validation.invalidValue",
  )
    .transform((xs) => xs.map(Number)).optional(),
);
const requiredDay = z.preprocess(
  (v) => (blank(v) ? undefined : String(v).trim()),
  z.string({ error: "validation.required" }).regex(DATE_RE, "validation.invalidDate").refine(
    isValidDate,
    "validation.invalidDate",
  ),
);
const format = z.enum(["json", "csv"], { error: "validation.invalidValue" }).default("json");
const language = z.enum(LANGUAGES, { error: "validation.invalidValue" }).optional();

/** GET /api/reports/sell-status-age: market project and reference date required (spec §5). */
export const sellStatusAgeQuerySchema = z.object({
  marketProjectId: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string({ error: "validation.required" }).regex(/^\d{1,9}$/, "validation.notANumber")
      .transform(Number),
  ),
  referenceDate: requiredDay,
  language,
  format,
});
export type SellStatusAgeQuery = z.output<typeof sellStatusAgeQuerySchema>;

/**
 * GET /api/reports/status-project. Without prospectFieldKey/collection/ids it is the project
 * report (at most `limit` = 10 projects; none given = the newest active ones); with any of them
 * it is the club or district report, which needs all of them plus marketProjectIds (spec §5).
 */
export const statusProjectQuerySchema = z.object({
  referenceDate: requiredDay,
  marketProjectIds: idList,
  ids: idList,
  prospectFieldKey: z.enum(["marketProjectId", "clubId", "districtId"], {
    error: "validation.invalidValue",
  }).optional(),
  collection: z.enum(["marketproject", "clubs", "district"], {
    error: "validation.invalidValue",
  }).optional(),
  limit: z.preprocess(
    (v) => (blank(v) ? undefined : Number(v)),
    z.number({ error: "validation.notANumber" }).int("validation.notANumber").min(
      1,
      "validation.invalidValue",
    ).max(REPORT_PROJECT_LIMIT, "reports.errors.tooManyProjects").optional(),
  ),
  language,
  format,
}).superRefine((q, ctx) => {
  const group = (q.prospectFieldKey && q.prospectFieldKey !== "marketProjectId") ||
    (q.collection && q.collection !== "marketproject") || q.ids !== undefined;
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  if (!group) {
    const limit = q.limit ?? REPORT_PROJECT_LIMIT;
    if ((q.marketProjectIds?.length ?? 0) > limit) {
      issue("marketProjectIds", "reports.errors.tooManyProjects");
    }
    return;
  }
  if (!q.prospectFieldKey || q.prospectFieldKey === "marketProjectId") {
    issue("prospectFieldKey", "validation.required");
  }
  if (!q.collection || q.collection === "marketproject") issue("collection", "validation.required");
  if (!q.ids?.length) issue("ids", "validation.arrayRequired");
  if (!q.marketProjectIds?.length) issue("marketProjectIds", "validation.arrayRequired");
  const pair = q.prospectFieldKey && q.collection &&
    !((q.prospectFieldKey === "clubId" && q.collection === "clubs") ||
      (q.prospectFieldKey === "districtId" && q.collection === "district"));
  if (pair) issue("collection", "reports.errors.collectionMismatch");
});
export type StatusProjectQuery = z.output<typeof statusProjectQuerySchema>;

export const isGroupQuery = (q: StatusProjectQuery) =>
  q.prospectFieldKey === "clubId" || q.prospectFieldKey === "districtId";

const optionalDay = z.preprocess(
  (v) => (blank(v) ? undefined : String(v).trim()),
  z.string().regex(DATE_RE, "validation.invalidDate").refine(isValidDate, "validation.invalidDate")
    .optional(),
);

/**
 * GET /api/reports/response-time: a market project, and optionally the registration period
 * (from/to, local dates; default the last 30 days to today) and a district.
 */
export const responseTimeQuerySchema = z.object({
  marketProjectId: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string({ error: "validation.required" }).regex(/^\d{1,9}$/, "validation.notANumber")
      .transform(Number),
  ),
  from: optionalDay,
  to: optionalDay,
  districtId: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string().regex(/^\d{1,9}$/, "validation.notANumber").transform(Number).optional(),
  ),
  language,
  format,
}).superRefine((v, ctx) => {
  if (v.from && v.to && v.to < v.from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "ux.errors.dateRangeReversed" });
  }
});
export type ResponseTimeQuery = z.output<typeof responseTimeQuerySchema>;

/**
 * GET /api/reports/funnel: one or more market projects, the registration period (from/to, local
 * dates; default the last 30 days to today), what to group by, optionally a district.
 */
export const funnelQuerySchema = z.object({
  marketProjectId: z.preprocess(
    splitList,
    z.array(z.string(), { error: "validation.required" }).refine(
      (xs) => xs.every((x) => /^\d{1,9}$/.test(x)),
      "validation.notANumber",
    ).refine((xs) => xs.length <= REPORT_PROJECT_LIMIT, "validation.invalidValue")
      .transform((xs) => xs.map(Number)),
  ),
  from: optionalDay,
  to: optionalDay,
  groupBy: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.enum(FUNNEL_GROUPS, { error: "validation.invalidValue" }).default("source"),
  ),
  districtId: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z.string().regex(/^\d{1,9}$/, "validation.notANumber").transform(Number).optional(),
  ),
  language,
  format,
}).superRefine((v, ctx) => {
  if (v.from && v.to && v.to < v.from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "ux.errors.dateRangeReversed" });
  }
});
export type FunnelQuery = z.output<typeof funnelQuerySchema>;
