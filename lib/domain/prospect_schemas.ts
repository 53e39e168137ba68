/**
 * The prospect model (spec §3, §5, §7): every prospect field once in PROSPECT_FIELDS — its stored
 * and answered type, its input rule, its CSV column and what erasing the person leaves in it — and
 * everything derived from that table: the record and response schemas (and so the OpenAPI
 * document and the `Prospect` type the services and islands use), the create/save/patch input
 * schemas, the web form's schema, the CSV columns, the grid's columns (which the save clears when
 * blank) and the erased record. Adding a plain field is one line here and its texts in
 * lib/i18n/sv.json and en.json (prospects.columns.<field>, prospectCsv.<field>). Messages are i18n keys. The rules that need the clock or the stored
 * row (follow-up date, Motivation text) are the pure functions of prospect.ts, applied by the
 * service after these shape checks. Islands import types from here only (`import type`), so zod
 * stays out of their bundles.
 */
import { z } from "zod";
import {
  ACTIVITY_STATUSES,
  ACTIVITY_WEIGHT,
  NOTE_TYPES,
  PROSPECT_SOURCES,
  SELL_STATUSES,
} from "@/lib/domain/statuses.ts";
import {
  DATE_RE,
  hasVisibleCharacter,
  isPhoneNumber,
  isValidDate,
  PHONE_RE,
} from "@/lib/domain/formats.ts";

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
/** Text a person reads as a name or a note: something visible, not only zero-width characters. */
const visible = <T extends z.ZodType<string | null | undefined>>(t: T) =>
  t.refine((v) => v == null || hasVisibleCharacter(v), "validation.noVisibleCharacters");
const noteText = visible(
  z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(
    20000,
    "validation.maxLength",
  ),
);
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
/** A date typed without dashes ("20261201") reads as "2026-12-01". */
const withDashes = (v: unknown) => {
  if (typeof v !== "string" || !/^\s*\d{8}\s*$/.test(v)) return v;
  const s = v.trim();
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`;
};
const day = z.preprocess(
  withDashes,
  z.string().regex(DATE_RE, "validation.invalidDate").refine(
    isValidDate,
    "validation.invalidDate",
  ),
);
const optionalDay = z.preprocess(blankToNull, day.nullable().optional());
const phone = z.preprocess(
  blankToUndefined,
  z.string({ error: "validation.required" }).trim().max(30, "validation.maxLength").regex(
    PHONE_RE,
    "validation.notANumber",
  ).refine(isPhoneNumber, "validation.phoneDigits"),
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

// ── the field table ─────────────────────────────────────────────────────────

/** What a field takes part in besides being stored and answered. */
interface FieldRole {
  /** Its rule where users set it (create, save, patch; messages are i18n keys). */
  input?: z.ZodType;
  /**
   * Copied from the checked input as given (create: blank → null; save and patch: when sent, a
   * blank required field keeps its value). Fields without it have a rule of their own in
   * lib/services/prospects.ts (noteType's default, motivationText's change time, the club, the
   * follow-up date).
   */
  plain?: true;
  /** A column of the CSV export ("export"), which the import reads too ("import"). */
  csv?: "export" | "import";
  /** Personal data: the value the field keeps when the person is erased (GDPR). */
  erase?: "" | null;
  /**
   * A column of the prospects grid: a plain text column drawn from this line, or "own" for a
   * column with code of its own in islands/prospects/ProspectRow.tsx. A grid save sends every
   * grid field, so a blank one clears the field.
   */
  grid?: GridText | "own";
  /** Taken from a campaign's web form (POST /api/intake/{key}), with its input rule. */
  web?: true;
}
/** How the grid draws a plain text column (no zod: the grid island receives these as props). */
export interface GridText {
  /** Its place among all the grid's columns (the own columns' places: islands/prospects/columns.ts). */
  order: number;
  /** The input's type; "tel" adds the tel: and SMS links on a phone. */
  kind?: "text" | "email" | "tel";
  /** The input's width in rem on a wide screen (the columns must fit 1280 px: tests/unit/grid_width_test.ts). */
  width: number;
  /** The cell's data-col (styles/app.css lays out a phone's card by it); the field name if absent. */
  col?: string;
  /** Its header text, prospects.columns.<label>; the field name if absent. */
  label?: string;
}

/** A plain text column of the grid as the island draws it. */
export interface GridColumn {
  field: string;
  order: number;
  kind: "text" | "email" | "tel";
  width: number;
  col: string;
  label: string;
}

const field = <T extends z.ZodType, const R extends FieldRole = Record<never, never>>(
  type: T,
  role?: R,
) => ({ type, ...role }) as { type: T } & R;

const nullableText = z.string().nullable();
const instant = z.string();

/**
 * Every field of a stored prospect, in the CSV's column order. The record stored in ["prospects", id]
 * holds exactly these (as their values in lib/db/prospect_record.ts STORED_FIELDS order); the API
 * answers them plus `version` and `may`.
 */
export const PROSPECT_FIELDS = {
  id: field(z.string()),
  customerId: field(z.number().int().describe("numeric business id, unique; given or assigned"), {
    csv: "export",
    grid: "own",
  }),
  firstName: field(z.string(), {
    input: visible(requiredText(100)),
    plain: true,
    csv: "import",
    erase: "",
    grid: { order: 10, width: 4.5, col: "first" },
    web: true,
  }),
  lastName: field(z.string(), {
    input: visible(requiredText(100)),
    plain: true,
    csv: "import",
    erase: "",
    grid: { order: 20, width: 4.5, col: "last" },
    web: true,
  }),
  phoneNumber: field(z.string(), {
    input: phone,
    plain: true,
    csv: "import",
    erase: "",
    grid: { order: 40, kind: "tel", width: 5.25, col: "phone", label: "phone" },
    web: true,
  }),
  email: field(nullableText, {
    input: email,
    plain: true,
    csv: "import",
    erase: null,
    grid: { order: 50, kind: "email", width: 6.5 },
    web: true,
  }),
  tag: field(nullableText, {
    input: visible(optionalText(100)),
    plain: true,
    csv: "import",
    erase: null,
    grid: { order: 30, width: 3.5 },
    web: true,
  }),
  nominator: field(nullableText, {
    input: optionalText(200),
    plain: true,
    csv: "import",
    erase: null,
  }),
  motivationText: field(nullableText, { input: optionalText(5000), csv: "import", erase: null }),
  motivationTextLastChange: field(instant.nullable()),
  noteType: field(z.enum(NOTE_TYPES), {
    input: z.preprocess(blankToUndefined, noteType.optional()),
  }),
  marketProjectId: field(z.number().int()),
  marketProjectName: field(z.string()),
  clubId: field(z.number().int(), { input: requiredId, csv: "import", grid: "own", web: true }),
  clubName: field(z.string(), { csv: "export" }),
  sellStatus: field(z.enum(SELL_STATUSES).nullable(), { csv: "export", grid: "own" }),
  lastSellStatusChange: field(instant.nullable().describe("set by the server only")),
  activityStatus: field(z.enum(ACTIVITY_STATUSES), { csv: "export" }),
  activityStatusWeigth: field(z.number().int()),
  nextTransitionAt: field(instant.nullable().describe("the next automatic activity transition")),
  announced: field(
    z.array(z.string()).optional().describe(
      "activity transitions already announced on the current clock (set by the server)",
    ),
  ),
  firstEscalatedAt: field(instant.nullable().optional().describe("first entered Escalated")),
  followUpDate: field(z.iso.date().nullable().describe("yyyy-MM-dd"), {
    input: optionalDay,
    csv: "import",
    grid: "own",
  }),
  registerDate: field(z.iso.datetime({ offset: true }), { csv: "export" }),
  assignName: field(nullableText.describe("the assignee's first name")),
  assignId: field(nullableText.describe("the assignee's e-mail"), { csv: "export" }),
  assignUserId: field(nullableText.describe("the assignee's user id")),
  b2b: field(z.boolean()),
  disabled: field(z.boolean()),
  deleted: field(z.boolean()),
  deletedAt: field(instant.nullable()),
  deletedBy: field(nullableText.optional().describe("the user id that deleted it")),
  createdBy: field(nullableText.describe("the user id that created it")),
  updatedAt: field(instant),
  source: field(
    z.enum(PROSPECT_SOURCES).optional().describe(
      "where it came from, recorded at creation (web form, CSV import, staff); absent reads as staff",
    ),
  ),
  firstContactAt: field(
    instant.nullable().optional().describe(
      "when staff first contacted it (first note, sell-status change or assignment)",
    ),
  ),
  bookedAt: field(
    instant.nullable().optional().describe(
      "when it first had a sell status of the funnel's booked stage (set by the server)",
    ),
  ),
  memberAt: field(
    instant.nullable().optional().describe(
      "when it first had a sell status of the funnel's member stage (set by the server)",
    ),
  ),
  mergedInto: field(
    nullableText.optional().describe(
      "deleted by a merge: the id of the prospect it was merged into (an admin may restore it)",
    ),
  ),
  editedAt: field(
    instant.nullable().optional().describe(
      "when a person last changed it (an edit, note or assignment; absent: updatedAt); updatedAt moves with every change, the activity clock's too (set by the server)",
    ),
  ),
};

type Fields = typeof PROSPECT_FIELDS;
type FieldName = keyof Fields;
type WithRole<Role extends keyof FieldRole> = {
  [K in FieldName]: Fields[K] extends Record<Role, unknown> ? K : never;
}[FieldName];
const FIELD_NAMES = Object.keys(PROSPECT_FIELDS) as FieldName[];
const withRole = <Role extends keyof FieldRole>(role: Role) =>
  FIELD_NAMES.filter((k) => role in PROSPECT_FIELDS[k]) as WithRole<Role>[];
const shape = <K extends FieldName, V>(keys: readonly K[], value: (k: K) => V) =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as { [P in K]: V };

/** A prospect as stored in ["prospects", id]. */
export const prospectRecordSchema = z.object(
  shape(FIELD_NAMES, (k) => PROSPECT_FIELDS[k].type) as { [K in FieldName]: Fields[K]["type"] },
);

/** What the signed-in user may do with a prospect (lib/auth/permissions.ts prospectMay). */
export const prospectMaySchema = z.object({
  edit: z.boolean(),
  assign: z.boolean(),
  unassign: z.boolean(),
  notes: z.boolean(),
  delete: z.boolean(),
  restore: z.boolean(),
  addNote: z.boolean().describe("add a note (the assignee, not on a locked row; admins always)"),
});

/** A prospect as the API answers it. */
export const prospectSchema = prospectRecordSchema.extend({
  source: z.enum(PROSPECT_SOURCES).describe("web, import or staff (recorded at creation)"),
  version: z.string().describe("send back on PUT/PATCH; a stale one answers 409"),
  may: prospectMaySchema.optional().describe(
    "what the caller may do with this prospect (the server enforces the same)",
  ),
}).meta({ id: "Prospect" });

export type ProspectMay = z.output<typeof prospectMaySchema>;
/** A stored prospect, with its versionstamp and the caller's rights where the API adds them. */
export type Prospect = z.output<typeof prospectRecordSchema> & {
  version?: string;
  may?: ProspectMay;
};

/** A matching prospect shown with a duplicate warning (409 data.duplicates, possibleDuplicates). */
export const duplicateSchema = prospectRecordSchema.pick({
  id: true,
  customerId: true,
  firstName: true,
  lastName: true,
  clubId: true,
  marketProjectId: true,
  sellStatus: true,
  assignName: true,
}).meta({ id: "DuplicateMatch" });
export type DuplicateView = z.output<typeof duplicateSchema>;

/** The CSV's columns, in order (header texts: prospectCsv.<column>). */
export const PROSPECT_CSV_COLUMNS = withRole("csv");
/** The columns an import reads; the export's others (ids, statuses, dates, assignee) are ignored. */
export const IMPORTED_CSV_COLUMNS = PROSPECT_CSV_COLUMNS.filter((k) =>
  PROSPECT_FIELDS[k].csv === "import"
) as { [K in WithRole<"csv">]: Fields[K]["csv"] extends "import" ? K : never }[WithRole<"csv">][];

/** The fields the grid shows and sends with every save: a blank or missing one clears the field. */
export const GRID_FIELDS = withRole("grid");
/** The grid's plain text columns, in their order (the prospects page passes them to the island). */
export const GRID_COLUMNS: GridColumn[] = GRID_FIELDS.flatMap((k) => {
  const g: GridText | "own" = PROSPECT_FIELDS[k].grid;
  return g === "own" ? [] : [{
    field: k,
    order: g.order,
    kind: g.kind ?? "text",
    width: g.width,
    col: g.col ?? k,
    label: g.label ?? k,
  }];
}).sort((a, b) => a.order - b.order);

/** The fields copied from checked input as given (see FieldRole.plain). */
export const PLAIN_FIELDS = withRole("plain");
/** Plain fields that may be empty (null); the others are required. */
export const NULLABLE_PLAIN_FIELDS = new Set<string>(
  PLAIN_FIELDS.filter((k) => PROSPECT_FIELDS[k].type.safeParse(null).success),
);

type NullablePlain = {
  [K in WithRole<"plain">]: null extends z.output<Fields[K]["type"]> ? K : never;
}[WithRole<"plain">];
/** The nullable plain fields, all null: where a record built by hand starts (generator, benches). */
export const EMPTY_PLAIN_VALUES = Object.fromEntries(
  [...NULLABLE_PLAIN_FIELDS].map((k) => [k, null]),
) as { [K in NullablePlain]: null };

/** What identifies a record and where it belongs: set whenever a record is built by hand. */
type OwnFields =
  | "id"
  | "customerId"
  | "firstName"
  | "lastName"
  | "phoneNumber"
  | "marketProjectId"
  | "marketProjectName"
  | "clubId"
  | "clubName"
  | "registerDate"
  | "updatedAt";

/**
 * A new record's other fields, before anything happened to it (spec §9 defaults): where a record
 * built by hand starts (the generator, the benches, tests), so a new field needs no edit there.
 */
export const BLANK_PROSPECT: Omit<z.output<typeof prospectRecordSchema>, OwnFields> = {
  ...EMPTY_PLAIN_VALUES,
  motivationText: null,
  motivationTextLastChange: null,
  noteType: "Motivation",
  sellStatus: null,
  lastSellStatusChange: null,
  activityStatus: "Paused",
  activityStatusWeigth: ACTIVITY_WEIGHT.Paused,
  nextTransitionAt: null,
  followUpDate: null,
  assignName: null,
  assignId: null,
  assignUserId: null,
  b2b: false,
  disabled: false,
  deleted: false,
  deletedAt: null,
  createdBy: null,
  source: "staff",
  firstContactAt: null,
};

/** The personal fields and what erasing the person leaves in each. */
export const ERASED_VALUES = shape(withRole("erase"), (k) => PROSPECT_FIELDS[k].erase) as {
  [K in WithRole<"erase">]: Fields[K]["erase"];
};

/**
 * The fields a user edits on a prospect, each with its rule and message (spec §5), written once:
 * create, save and patch below are this plus what each operation adds.
 */
const editableFields = shape(withRole("input"), (k) => PROSPECT_FIELDS[k].input) as {
  [K in WithRole<"input">]: Fields[K]["input"];
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
  /** "urgency": most urgent activity first (weight), then follow-up date. */
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
  /**
   * With format=csv: `human` (default) — the columns and labels of the user's language, as the
   * grid's export button gives them; `api` — API field names and values, for scripts.
   */
  columns: z.enum(["human", "api"], { error: "validation.invalidValue" }).optional(),
});
export type ProspectSearchQuery = z.output<typeof prospectSearchSchema>;

export const noteCreateSchema = z.object({
  text: noteText,
  noteType: z.preprocess(blankToUndefined, noteType),
  /** The path's prospect id wins; accepted for spec §7 compatibility. */
  prospectId: z.string().optional(),
});
export type NoteCreate = z.output<typeof noteCreateSchema>;

export const noteUpdateSchema = z.object({
  text: noteText,
  noteType: z.preprocess(blankToUndefined, noteType.optional()),
  version: version.optional(),
});
export type NoteUpdate = z.output<typeof noteUpdateSchema>;

/** A note as stored and answered (spec §3). */
export const noteSchema = z.object({
  noteId: z.string(),
  prospectId: z.string(),
  noteType: z.enum(NOTE_TYPES),
  text: z.string(),
  created: z.string().describe("ISO instant"),
  user: z.string().describe("the author's name"),
  userId: z.string(),
  updatedAt: z.string().nullable(),
  version: z.string(),
  may: z.object({ edit: z.boolean() }).optional().describe(
    "what the caller may do with the note (GET …/notes)",
  ),
}).meta({ id: "Note" });
export type Note = Omit<z.output<typeof noteSchema>, "version"> & { version?: string };

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

/** POST /api/intake/{key}: what a campaign's web form sends (JSON or form-encoded). */
export const webLeadSchema = z.object({
  ...shape(withRole("web"), (k) => PROSPECT_FIELDS[k].input) as {
    [K in WithRole<"web">]: Fields[K]["input"];
  },
  /** The honeypot: hidden from people, filled in by bots; a filled one makes the request a no-op. */
  website: z.string().max(1000).optional(),
  /** A plain HTML form's thank-you page: answered with 303 to it (only on an allowed origin). */
  redirect: z.string().max(1000).optional(),
});
export type WebLead = z.output<typeof webLeadSchema>;
