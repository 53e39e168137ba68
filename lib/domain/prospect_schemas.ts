/**
 * zod schemas of the prospect and note API (spec §3, §5, §7); messages are i18n keys. The rules
 * that need the clock or the stored row (follow-up date, Motivation text) are the pure functions
 * of prospect.ts, applied by the service after these shape checks.
 */
import { z } from "zod";
import { NOTE_TYPES, SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { DATE_RE, isValidDate, PHONE_RE } from "@/lib/domain/prospect.ts";

const blankToUndefined = (v: unknown) =>
  v === "" || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;
const blankToNull = (v: unknown) =>
  v === "" || (typeof v === "string" && v.trim() === "") ? null : v;

const text = (max: number) => z.string().trim().max(max, "validation.maxLength");
const requiredText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: "validation.required" }).trim().max(max, "validation.maxLength"),
  );
const optionalText = (max: number) => z.preprocess(blankToNull, text(max).nullable().optional());
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === "string" ? Number(b.trim()) : b;
};
const numberError = (iss: { input?: unknown }) =>
  iss.input === undefined ? "validation.required" : "validation.notANumber";
const businessId = z.number({ error: numberError }).int("validation.notANumber").min(
  0,
  "validation.notANumber",
).max(999_999_999, "validation.notANumber");
const requiredId = z.preprocess(toNumber, businessId);
const optionalId = z.preprocess(toNumber, businessId.optional());
const day = z.string().regex(DATE_RE, "validation.invalidDate").refine(
  isValidDate,
  "validation.invalidDate",
);
const optionalDay = z.preprocess(blankToNull, day.nullable().optional());
const phone = z.preprocess(
  blankToUndefined,
  z.string({ error: "validation.required" }).trim().max(30, "validation.maxLength").regex(
    PHONE_RE,
    "validation.notANumber",
  ),
);
const email = z.preprocess(
  blankToNull,
  z.string().trim().max(254, "validation.maxLength").email("validation.email").nullable()
    .optional(),
);
const sellStatus = z.enum(SELL_STATUSES, { error: "validation.invalidValue" });
const noteType = z.enum(NOTE_TYPES, {
  error: (iss) => (iss.input === undefined ? "validation.required" : "validation.invalidValue"),
});
const version = z.string().min(1).max(64);

/**
 * The fields a user edits on a prospect, each with its rule and message (spec §5), written once:
 * create, save and patch below are this plus what each operation adds.
 */
const editableFields = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  tag: optionalText(100),
  nominator: optionalText(200),
  motivationText: optionalText(5000),
  noteType: z.preprocess(blankToUndefined, noteType.optional()),
  phoneNumber: phone,
  email,
  clubId: requiredId,
  followUpDate: optionalDay,
};
const sellStatusField = z.preprocess(blankToNull, sellStatus.nullable().optional());
/** Admins only: lock or unlock the row. */
const disabledField = z.boolean().optional();

/** POST /api/prospects (spec §5 create). Sell status is always null on create. */
export const prospectCreateSchema = z.object({
  customerId: optionalId,
  ...editableFields,
  marketProjectId: requiredId,
  /** Assign at once (the add row's Assign button): the caller's e-mail. */
  assignId: z.preprocess(blankToNull, z.string().trim().max(254).nullable().optional()),
  /** Create even when a live prospect of the project has the same phone or e-mail. */
  allowDuplicate: z.boolean().optional(),
});
export type ProspectCreate = z.output<typeof prospectCreateSchema>;

/** PUT /api/prospects/{id}: the whole editable row plus its version (spec §5 save). */
export const prospectSaveSchema = z.object({
  ...editableFields,
  marketProjectId: requiredId,
  sellStatus: sellStatusField,
  disabled: disabledField,
  version: z.string({ error: "validation.required" }).min(1, "validation.required").max(64),
});
export type ProspectSave = z.output<typeof prospectSaveSchema>;

/** PATCH /api/prospects/{id}: any subset of the editable fields (e.g. motivationText + noteType). */
export const prospectPatchSchema = z.object(editableFields).partial().extend({
  // A blank club leaves the club as it is (rather than "required").
  clubId: optionalId,
  sellStatus: sellStatusField,
  disabled: disabledField,
  version: version.optional(),
});
export type ProspectPatch = z.output<typeof prospectPatchSchema>;

/** PATCH /api/prospects/{id}/assign: assignId = the caller's e-mail to assign, null to clear. */
export const prospectAssignSchema = z.object({
  assignId: z.preprocess(blankToNull, z.string().trim().max(254).nullable()),
  assignName: z.string().max(100).nullable().optional(),
  version: version.optional(),
});
export type ProspectAssign = z.output<typeof prospectAssignSchema>;

const flag = z.preprocess(
  (v) => (v === undefined ? undefined : v === true || v === "true" || v === "1"),
  z.boolean().optional(),
);
const idList = z.preprocess(
  (v) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(","));
    return parts.map((s) => s.trim()).filter(Boolean);
  },
  z.array(z.coerce.number({ error: "validation.notANumber" }).int("validation.notANumber"))
    .max(200, "validation.invalidValue").optional(),
);
const statusList = z.preprocess(
  (v) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(","));
    return parts.map((s) => s.trim()).filter(Boolean);
  },
  z.array(sellStatus).max(SELL_STATUSES.length).optional(),
);

/** GET /api/prospects (spec §7); marketProjectId is checked by the service (its own message). */
export const prospectSearchSchema = z.object({
  page: z.coerce.number().int().min(1, "validation.invalidValue").default(1),
  size: z.coerce.number().int().min(1, "validation.invalidValue").max(
    100,
    "validation.invalidValue",
  ).default(10),
  sortFollowUpDate: z.enum(["asc", "desc"], { error: "validation.invalidValue" }).default("asc"),
  /** "urgency" (issue #6): most urgent activity first (weight), then follow-up date. */
  sort: z.enum(["followUpDate", "urgency"], { error: "validation.invalidValue" }).default(
    "followUpDate",
  ),
  search: z.string().trim().max(100).optional(),
  customerId: z.coerce.number({ error: "validation.notANumber" }).int("validation.notANumber")
    .optional(),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  marketProjectId: z.coerce.number({ error: "validation.notANumber" }).int(
    "validation.notANumber",
  ).optional(),
  sellStatus: statusList,
  clubId: idList,
  registerDate: day.optional(),
  registerEndDate: day.optional(),
  showCompleted: flag,
  myAssigned: flag,
  /** Admins: list soft-deleted prospects of the project instead. */
  deleted: flag,
  /** csv: every matching row (not a page) as a UTF-8 CSV download. */
  format: z.enum(["json", "csv"], { error: "validation.invalidValue" }).optional(),
});
export type ProspectSearchQuery = z.output<typeof prospectSearchSchema>;

export const noteCreateSchema = z.object({
  text: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(
    20000,
    "validation.maxLength",
  ),
  noteType: z.preprocess(blankToUndefined, noteType),
  /** The path's prospect id wins; accepted for spec §7 compatibility. */
  prospectId: z.string().optional(),
});
export type NoteCreate = z.output<typeof noteCreateSchema>;

export const noteUpdateSchema = z.object({
  text: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(
    20000,
    "validation.maxLength",
  ),
  noteType: z.preprocess(blankToUndefined, noteType.optional()),
  version: version.optional(),
});
export type NoteUpdate = z.output<typeof noteUpdateSchema>;

/** POST /api/prospects/import: the project, a club for rows without one, and a dry run. */
export const prospectImportQuerySchema = z.object({
  marketProjectId: requiredId,
  clubId: optionalId,
  dryRun: flag,
});

/** The import's body: CSV text (the export's columns; "," or ";"). */
export const prospectImportBodySchema = z.string().describe(
  "text/csv: a header line (the export's column names in Swedish or English, or the field names) and one prospect per line",
);

/** How many origins one form key may allow, and how many keys a project may have. */
export const MAX_FORM_KEY_ORIGINS = 10;
export const MAX_FORM_KEYS = 20;

/** An origin a web form may post from: scheme, host and port only (https, or http on localhost). */
const origin = z.string().trim().max(200).refine((v) => {
  try {
    const u = new URL(v);
    const local = u.hostname === "localhost" || u.hostname === "127.0.0.1";
    return (u.protocol === "https:" || (u.protocol === "http:" && local)) && u.origin === v;
  } catch {
    return false;
  }
}, "intake.errors.BAD_ORIGIN");

/** POST /api/marketprojects/{id}/form-keys. */
export const formKeyCreateSchema = z.object({
  allowedOrigins: z.array(origin).max(MAX_FORM_KEY_ORIGINS, "intake.errors.TOO_MANY_ORIGINS"),
});

/** POST /api/intake/{key}: what a campaign's web form sends (JSON or form-encoded). */
export const webLeadSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  phoneNumber: phone,
  email,
  clubId: requiredId,
  tag: optionalText(100),
  /** The honeypot: hidden from people, filled in by bots; a filled one makes the request a no-op. */
  website: z.string().max(1000).optional(),
  /** A plain HTML form's thank-you page: answered with 303 to it (only on an allowed origin). */
  redirect: z.string().max(1000).optional(),
});
export type WebLead = z.output<typeof webLeadSchema>;
