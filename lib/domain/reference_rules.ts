/**
 * Rules of spec §5 for reference data and settings (clubs, districts, market projects, work time,
 * time limits, user settings), as zod schemas with i18n-key messages and small pure functions.
 * Shared by the API and the settings islands.
 */
import { z } from "zod";
import { LANGUAGES, SEEDED_LIMITS } from "@/lib/domain/statuses.ts";
import { perTimeLimit } from "@/lib/domain/activity.ts";

// ── numbers ─────────────────────────────────────────────────────────────────

/** The largest numeric business id accepted (fits comfortably in KV keys and JSON). */
export const MAX_BUSINESS_ID = 999_999_999;
/** Hour limits are integer text fields of at most 3 digits (spec §5). */
export const MAX_HOURS = 999;

/**
 * The integer-input rule of spec §5: keep only the first 3 digits, never below 0.
 * "-5" → 0, "12a4" → 124, "" → 0, "0042" → 4.
 */
export function clampIntegerInput(raw: string | number | null | undefined): number {
  if (typeof raw === "number") {
    if (!Number.isFinite(raw) || raw <= 0) return 0;
    raw = String(Math.trunc(raw));
  }
  const s = String(raw ?? "").trim();
  if (s.startsWith("-")) return 0;
  const digits = s.replace(/\D/g, "").slice(0, 3);
  return digits ? Number(digits) : 0;
}

const numberError = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === ""
    ? "validation.required"
    : "validation.notANumber";

/** A required numeric field that also accepts a numeric string ("12" → 12). */
function numeric() {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v === "" ? undefined : v),
    z.number({ error: numberError }).refine(Number.isFinite, "validation.notANumber"),
  );
}

/** clubId, districtId, marketProjectId: a positive whole number. */
export const businessIdSchema = numeric()
  .pipe(z.number().int("validation.integer").min(1, "validation.invalidValue"))
  .pipe(z.number().max(MAX_BUSINESS_ID, "validation.invalidValue"))
  .meta({ type: "integer", minimum: 1, maximum: MAX_BUSINESS_ID });

/** One of the three hour fields: a whole number 0..999. */
export const hoursSchema = numeric()
  .pipe(z.number().int("validation.integer").min(0, "validation.invalidValue"))
  .pipe(z.number().max(MAX_HOURS, "validation.invalidValue"))
  .meta({ type: "integer", minimum: 0, maximum: MAX_HOURS });

const nameSchema = z.string({ error: numberError }).trim().min(1, "validation.required").max(
  100,
  "validation.maxLength",
);
// ── the records as stored and answered (their types: lib/domain/reference.ts) ──────

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
  /** The district's numeric districtId. */
  districtId: z.number().int(),
  version: z.string().optional(),
  checked: z.boolean().optional().describe("GET /api/users/{id}/clubs only: the user follows it"),
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
export const adminSettingsSchema = z.object({
  id: z.string(),
  worktimeFrom: z.string().describe("HH:mm, local time"),
  worktimeTo: z.string().describe("HH:mm, local time"),
  retentionDays: z.number().int().describe(
    "days without a change before a prospect is erased (0 = off)",
  ),
  version: z.string().optional(),
});
export const timeSettingSchema = z.object({
  id: z.string(),
  sellStatus: z.string(),
  sellStatusName: z.string().optional().describe("in the caller's language (GET only)"),
  ...perTimeLimit(() => z.number().int()),
  version: z.string().optional(),
});

/** The versionstamp the client read; a stale one answers 409. */
const versionSchema = z.string().max(100).optional();

// ── districts and clubs ─────────────────────────────────────────────────────

export const districtInputSchema = z.object({
  districtId: businessIdSchema,
  name: nameSchema,
  version: versionSchema,
});
export type DistrictInput = z.output<typeof districtInputSchema>;

export const clubInputSchema = z.object({
  clubId: businessIdSchema,
  name: nameSchema,
  districtId: businessIdSchema,
  version: versionSchema,
});
export type ClubInput = z.output<typeof clubInputSchema>;

/** POST /api/clubs: without a clubId the next free number is taken (as for market projects). */
export const clubCreateSchema = clubInputSchema.extend({ clubId: businessIdSchema.optional() });
export type ClubCreate = z.output<typeof clubCreateSchema>;

/** PUT /api/clubs/{id}: districtId may be left out (spec §5: only a new club requires it). */
export const clubUpdateSchema = clubInputSchema.extend({
  districtId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    businessIdSchema.optional(),
  ),
});
export type ClubUpdate = z.output<typeof clubUpdateSchema>;

// ── dates and times ─────────────────────────────────────────────────────────

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date "yyyy-MM-dd". */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** The calendar date ("yyyy-MM-dd") of an instant in a time zone. */
export function localDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** A new market project may not start before today (spec §5). Both dates "yyyy-MM-dd". */
export function isStartDateAllowed(startDate: string, today: string): boolean {
  return isIsoDate(startDate) && startDate >= today;
}

export const isoDateSchema = z.string({ error: numberError }).trim().min(1, "validation.required")
  .refine(isIsoDate, "validation.invalidDate").meta({ format: "date" });

/** "HH:mm", 00:00–23:59. */
export function isTime(s: string): boolean {
  return TIME.test(s);
}

/** Work time must start before it ends (same day). */
export function isWorktimeOrdered(from: string, to: string): boolean {
  return isTime(from) && isTime(to) && from < to;
}

const timeSchema = z.string({ error: numberError }).trim().refine(isTime, "validation.invalidTime")
  .meta({ pattern: TIME.source, description: "HH:mm" });

export const adminSettingsInputSchema = z.object({
  worktimeFrom: timeSchema.optional(),
  worktimeTo: timeSchema.optional(),
  /** Days without a change after which a prospect is erased; 0 turns retention off. */
  retentionDays: numeric()
    .pipe(z.number().int("validation.integer").min(0, "validation.invalidValue"))
    .pipe(z.number().max(3650, "validation.invalidValue"))
    .meta({ type: "integer", minimum: 0, maximum: 3650 })
    .optional(),
  version: versionSchema,
}).superRefine((v, ctx) => {
  // Work time comes as a pair; retentionDays may be sent alone.
  const worktime = v.worktimeFrom !== undefined || v.worktimeTo !== undefined;
  if (!worktime && v.retentionDays === undefined) {
    ctx.addIssue({ code: "custom", path: ["worktimeFrom"], message: "validation.required" });
    return;
  }
  if (!worktime) return;
  if (v.worktimeFrom === undefined) {
    ctx.addIssue({ code: "custom", path: ["worktimeFrom"], message: "validation.required" });
  } else if (v.worktimeTo === undefined) {
    ctx.addIssue({ code: "custom", path: ["worktimeTo"], message: "validation.required" });
  } else if (v.worktimeFrom >= v.worktimeTo) {
    ctx.addIssue({ code: "custom", path: ["worktimeTo"], message: "validation.worktimeOrder" });
  }
});

/**
 * PUT /api/sell-status-time-settings/{id}: whole hours, none negative, and the escalation not
 * before the reminder (hoursLeftBeforeEscalated ≥ hoursLeftBeforeNotified).
 */
export const timeSettingInputSchema = z.object({
  ...perTimeLimit(() => hoursSchema),
  version: versionSchema,
}).superRefine((v, ctx) => {
  if (v.hoursLeftBeforeEscalated < v.hoursLeftBeforeNotified) {
    ctx.addIssue({
      code: "custom",
      path: ["hoursLeftBeforeEscalated"],
      message: "validation.escalationBeforeReminder",
    });
  }
});
export type TimeSettingInput = z.output<typeof timeSettingInputSchema>;

// ── market projects ─────────────────────────────────────────────────────────

/** POST: a name and a start date are enough; the server picks the next marketProjectId. */
export const marketProjectCreateSchema = z.object({
  name: nameSchema,
  startDate: isoDateSchema,
  marketProjectId: businessIdSchema.optional(),
  b2b: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type MarketProjectCreate = z.output<typeof marketProjectCreateSchema>;

export const marketProjectUpdateSchema = z.object({
  marketProjectId: businessIdSchema,
  name: nameSchema,
  startDate: isoDateSchema,
  b2b: z.boolean().optional(),
  active: z.boolean().optional(),
  version: versionSchema,
});
export type MarketProjectUpdate = z.output<typeof marketProjectUpdateSchema>;

export const marketProjectActivitySchema = z.object({
  active: z.boolean({ error: "validation.required" }),
  version: versionSchema,
}).passthrough();

// ── user settings and club subscriptions ────────────────────────────────────

export { LANGUAGES };
export const menuSchema = z.object({
  menu: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "validation.invalidValue" }),
});
export const awaySchema = z.object({
  away: z.boolean({ error: "validation.invalidValue" }),
});
export const languageSchema = z.object({
  language: z.enum(LANGUAGES, { error: "validation.invalidValue" }),
});
export const selectedMarketProjectSchema = z.object({
  /** The project's numeric marketProjectId (as number or string); null clears it. */
  selectedMarketProjectId: z.union([businessIdSchema, z.null()]),
  showSelectMarketProjectMessage: z.boolean().optional(),
});

/** "1,2,3" or [1,2,3] → [1,2,3]; an empty value means no filter. */
export function parseIdList(v: unknown): number[] | null {
  if (v === undefined || v === null || v === "") return null;
  const parts = Array.isArray(v) ? v.flatMap((x) => String(x).split(",")) : String(v).split(",");
  const ids = parts.map((p) => p.trim()).filter((p) => p !== "").map(Number);
  if (ids.some((n) => !Number.isInteger(n))) return [NaN];
  return ids;
}

export const idListSchema = z.unknown().meta({
  description: "ids: an array of integers or a comma-separated list",
  anyOf: [{ type: "array", items: { type: "integer" } }, { type: "string" }, {
    type: "integer",
  }],
}).transform((v, ctx) => {
  const ids = parseIdList(v);
  if (ids && ids.some(Number.isNaN)) {
    ctx.addIssue({ code: "custom", message: "validation.notANumber" });
    return z.NEVER;
  }
  return ids;
});

/**
 * PUT /api/users/{id}/clubs: one club ({clubId, checked}) or every club, optionally only those of
 * some districts ({all: true, checked, regionIds}).
 */
export const clubSubscriptionSchema = z.union([
  z.object({
    clubId: businessIdSchema,
    checked: z.boolean({ error: "validation.required" }),
  }),
  z.object({
    all: z.literal(true),
    checked: z.boolean({ error: "validation.required" }),
    regionIds: idListSchema.optional(),
  }),
], { error: "validation.invalidValue" });

/** Select-all is on when no listed club is unchecked (spec §4); an empty list is off. */
export function selectAllState(clubs: readonly { checked?: boolean }[]): boolean {
  return clubs.length > 0 && clubs.every((c) => c.checked === true);
}

// ── seeds and defaults (docs/reference-data.md explains the numbers) ────────

export interface TimeLimits {
  hoursLeftBeforePaused: number;
  hoursLeftBeforeNotified: number;
  hoursLeftBeforeEscalated: number;
}

const limits = (p: number, n: number, e: number): TimeLimits => ({
  hoursLeftBeforePaused: p,
  hoursLeftBeforeNotified: n,
  hoursLeftBeforeEscalated: e,
});

/** Work-hour limits per sell status seeded on a fresh install (the sell-status table's). */
export const DEFAULT_TIME_LIMITS: Record<string, TimeLimits> = Object.fromEntries(
  Object.entries(SEEDED_LIMITS).map(([s, [p, n, e]]) => [s, limits(p, n, e)]),
);

export const NOTIFICATION_CATEGORY_IDS = ["all", "escalationsOnly", "none"] as const;
export const ADMIN_SETTINGS_ID = "default";
