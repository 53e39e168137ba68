/** The user as the app sees it, and the zod rules of spec §5 for user input. */
import { z } from "zod";
import { LANGUAGES, type Role, ROLES } from "@/lib/domain/statuses.ts";
import { NOTIFICATION_CATEGORY_IDS } from "@/lib/domain/reference_rules.ts";

/** The categories of in-app notifications, each with its own e-mail and SMS choice. */
export const INBOX_CATEGORIES = ["webLead", "escalation", "assigned", "dailyReport"] as const;
export type InboxCategory = (typeof INBOX_CATEGORIES)[number];

/** Whether a category also goes by e-mail and by SMS. */
export interface ChannelChoice {
  email: boolean;
  sms: boolean;
}

/** A user's channel choice per category. */
export type NotificationChannels = Record<InboxCategory, ChannelChoice>;

/**
 * The defaults: a web lead is in-app for the club's staff (its assignee is mailed regardless;
 * `webLead` opts in to a summary of the unassigned ones), escalations and the daily report keep
 * their e-mails, an assignment is in-app only.
 */
export const DEFAULT_CHANNELS: NotificationChannels = {
  webLead: { email: false, sms: false },
  escalation: { email: true, sms: false },
  assigned: { email: false, sms: false },
  dailyReport: { email: true, sms: false },
};

/** The user's choices over the defaults (a category or channel not stored keeps its default). */
export function channelsOf(stored: Partial<Record<string, Partial<ChannelChoice>>> | undefined) {
  const out = {} as NotificationChannels;
  for (const c of INBOX_CATEGORIES) out[c] = { ...DEFAULT_CHANNELS[c], ...(stored?.[c] ?? {}) };
  return out;
}

export interface UserSettings {
  selectedMarketProjectId: string | null;
  showSelectMarketProjectMessage: boolean;
  /** 0 hidden, 1 full, 2 short. */
  menu: number;
  language: "sv" | "en";
  /** Away (borta): automatic assignment passes the user by. */
  away: boolean;
  /** E-mail and SMS per notification category (channelsOf fills in the defaults). */
  notifications?: Partial<Record<InboxCategory, Partial<ChannelChoice>>>;
}

export const DEFAULT_USER_SETTINGS: UserSettings = {
  selectedMarketProjectId: null,
  showSelectMarketProjectMessage: true,
  menu: 2,
  language: "sv",
  away: false,
};

/** The user stored in KV (never sent as is: see publicUser). */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  roles: Role[];
  passwordHash: string;
  verified: boolean;
  enabled: boolean;
  dateCreated: string;
  mfaEnrolled: boolean;
  mfaPhone: string | null;
  notificationCategoryId: string | null;
  dailyReportSubscription: boolean;
}

/** The user as sent to clients (spec §3 field names); no password hash, ever. */
/** A user as the API answers it (never the password hash, MFA secrets or sessions). */
export const publicUserSchema = z.object({
  id: z.string(),
  uid: z.string().describe("the same as id (spec §3)"),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  mobile: z.string(),
  role: z.enum(ROLES).describe("the highest of roles"),
  roles: z.array(z.enum(ROLES)),
  notificationCategoryId: z.string().nullable(),
  dailyReportSubscription: z.boolean(),
  enabled: z.boolean(),
  isDeleted: z.boolean().describe("= !enabled"),
  deleted: z.boolean().describe("= !enabled"),
  dateCreated: z.string(),
  mfaEnrolled: z.boolean(),
  verified: z.boolean(),
  emailVerified: z.boolean().describe(
    "the user has verified their e-mail address (until then they cannot sign in)",
  ),
}).meta({ id: "UserSummary" });
export type PublicUser = z.output<typeof publicUserSchema>;

/** GET/PUT /api/users/{uid}: the user with its version and followed clubs. */
export const userViewSchema = publicUserSchema.extend({
  version: z.string().describe("send back on PUT; a stale one answers 409"),
  clubs: z.array(z.number().int()).describe("the clubIds the user follows"),
}).meta({ id: "User" });
export type UserView = z.output<typeof userViewSchema>;

/** The signed-in principal a request carries. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  /** The session id (cookie or OAuth sessions) or null for API tokens. */
  sid: string | null;
}

export function primaryRole(roles: Role[]): Role {
  if (roles.includes("ROLE_ADMIN")) return "ROLE_ADMIN";
  if (roles.includes("ROLE_B2B_USER")) return "ROLE_B2B_USER";
  return "ROLE_USER";
}

export function publicUser(u: UserRecord): PublicUser {
  return {
    id: u.id,
    uid: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: `${u.firstName} ${u.lastName}`.trim(),
    mobile: u.mobile,
    role: primaryRole(u.roles),
    roles: u.roles,
    notificationCategoryId: u.notificationCategoryId,
    dailyReportSubscription: u.dailyReportSubscription,
    enabled: u.enabled,
    isDeleted: !u.enabled,
    deleted: !u.enabled,
    dateCreated: u.dateCreated,
    mfaEnrolled: u.mfaEnrolled,
    verified: u.verified,
    emailVerified: u.verified,
  };
}

export const isAdmin = (u: { roles: readonly string[] } | null | undefined) =>
  !!u && u.roles.includes("ROLE_ADMIN");
export const isB2B = (u: { roles: readonly string[] } | null | undefined) =>
  !!u && !u.roles.includes("ROLE_ADMIN") && u.roles.includes("ROLE_B2B_USER");

// ── validation (spec §5); messages are i18n keys ─────────────────────────────
export const emailSchema = z.string().trim().min(1, "validation.required").email("validation.email")
  .max(254, "validation.email");
/**
 * At least 6 characters with a lowercase letter, an uppercase letter and a digit (spec §5); any
 * printable characters otherwise (spaces, symbols, å ä ö), so passphrases work. Control and
 * format characters are refused: they cannot be typed and hide in a pasted value.
 */
export const passwordSchema = z.string().min(6, "validation.password").max(
  128,
  "validation.password",
)
  .regex(/^[^\p{C}]+$/u, "validation.password")
  .regex(/\p{Ll}/u, "validation.password")
  .regex(/\p{Lu}/u, "validation.password")
  .regex(/\p{Nd}/u, "validation.password");
/** +46 followed by 7 to 12 digits, an optional space after the country code. */
export const MOBILE_RE = /^\+46 ?\d{7,12}$/;
export const mobileSchema = z.string().trim().min(1, "validation.required").regex(
  MOBILE_RE,
  "validation.mobile",
);

/** The register form's mobile input rule: auto-prefix +46, strip non-digits, cap at 12 digits. */
export function normalizeMobileInput(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.startsWith("46")) digits = digits.slice(2);
  if (digits.startsWith("0")) digits = digits.slice(1);
  return "+46" + digits.slice(0, 12);
}

export const nameSchema = z.string().trim().min(1, "validation.required").max(
  100,
  "validation.maxLength",
);

/** A role as the API takes it: "ROLE_USER", or the labels "USER", "ADMIN", "B2B USER". */
export const roleSchema = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const up = v.trim().toUpperCase().replace(/[\s-]+/g, "_");
    return up.startsWith("ROLE_") ? up : `ROLE_${up}`;
  },
  z.enum(ROLES, { message: "validation.selectRequired" }),
);

const required = z.string({ message: "validation.required" }).min(1, "validation.required");

/** One of the seeded notification categories (GET /api/notification-categories); "" or null: none chosen. */
export const notificationCategoryIdSchema = z.preprocess(
  (v) => (v === "" ? null : v),
  z.enum(NOTIFICATION_CATEGORY_IDS, { message: "validation.invalidValue" }).nullable(),
);

/** A new user's fields: names, e-mail, mobile and the password twice. */
const newUserFields = {
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  mobile: mobileSchema,
  password: passwordSchema,
  repeatPassword: required,
};
const samePasswords = (d: { password: string; repeatPassword: string }) =>
  d.password === d.repeatPassword;
const samePasswordsIssue = {
  path: ["repeatPassword"],
  message: "validation.passwordsDoNotMatch",
};

/** POST /api/user and the register form (spec §5 "Register user"). */
export const registerUserSchema = z.object({
  ...newUserFields,
  role: roleSchema,
  displayName: z.string().max(200).optional(),
  clubs: z.array(z.coerce.number().int().nonnegative()).max(1000).optional(),
  notificationCategoryId: notificationCategoryIdSchema.optional(),
}).refine(samePasswords, samePasswordsIssue);
export type RegisterUserInput = z.output<typeof registerUserSchema>;

/**
 * PUT /api/users/{uid}: profile fields for everyone; e-mail, mobile and role only for admins;
 * a new password with its repeat (and the current one when changing one's own).
 */
export const profileUpdateSchema = z.object({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  email: emailSchema.optional(),
  mobile: mobileSchema.optional(),
  role: roleSchema.optional(),
  notificationCategoryId: notificationCategoryIdSchema.optional(),
  dailyReportSubscription: z.boolean().optional(),
  password: passwordSchema.optional(),
  repeatPassword: z.string().optional(),
  currentPassword: z.string().max(128).optional(),
  /** The versionstamp read with the user; a stale one answers 409. */
  version: z.string().max(64).optional(),
}).refine((d) => !d.password || d.password === d.repeatPassword, {
  path: ["repeatPassword"],
  message: "validation.passwordsNotEqual",
});
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

/** The first admin (setup page) and create-admin: the register rules without the role. */
export const adminSetupSchema = z.object(newUserFields).refine(
  samePasswords,
  samePasswordsIssue,
);

/** A mobile as stored: "+46" and the digits, without the optional space. */
export const compactMobile = (m: string) => m.replace(/\s+/g, "");

/** What an API token may do: read (GET only), write (no admin operation), admin (all its user may). */
export const API_TOKEN_SCOPES = ["read", "write", "admin"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** POST /api/admin/users/{id}/api-tokens. */
export const apiTokenIssueSchema = z.object({
  name: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(
    100,
    "validation.maxLength",
  ),
  scope: z.enum(API_TOKEN_SCOPES, { error: "validation.invalidValue" }).optional().describe(
    "default write",
  ),
  expiresAt: z.union([
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalidDate"),
    z.iso.datetime({ offset: true, error: "validation.invalidDate" }),
  ], { error: "validation.invalidDate" }).nullable().optional().describe(
    "a date (valid through its end, UTC) or an instant; absent or null: no expiry",
  ),
});

/** An API token as an admin sees it (never the token itself). */
export const apiTokenSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable().describe("the last request made with it (to the minute)"),
}).meta({ id: "ApiToken" });

/** One entry of the audit trail of admin actions on a user. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string().describe('e.g. "user.create", "user.update", "apiToken.issue"'),
  targetId: z.string(),
  fields: z.array(z.string()).optional().describe("names of the fields changed, never values"),
}).meta({ id: "AuditEntry" });

const channelChoiceSchema = z.object({ email: z.boolean(), sms: z.boolean() });

/** The channels per category as answered. */
export const notificationChannelsSchema = z.object(
  Object.fromEntries(INBOX_CATEGORIES.map((c) => [c, channelChoiceSchema])) as Record<
    InboxCategory,
    typeof channelChoiceSchema
  >,
).meta({ id: "NotificationChannels" });

const channelPatchSchema = z.strictObject({
  email: z.boolean({ error: "validation.invalidValue" }).optional(),
  sms: z.boolean({ error: "validation.invalidValue" }).optional(),
});

/** PATCH …/settings/notifications: some categories' channels (the rest stay). */
export const notificationChannelsPatchSchema = z.strictObject(
  Object.fromEntries(INBOX_CATEGORIES.map((c) => [c, channelPatchSchema.optional()])) as Record<
    InboxCategory,
    z.ZodOptional<typeof channelPatchSchema>
  >,
);

/** A user's own settings (GET /api/users/{id}/settings). */
export const userSettingsSchema = z.object({
  selectedMarketProjectId: z.string().nullable(),
  showSelectMarketProjectMessage: z.boolean(),
  menu: z.number().int(),
  language: z.enum(LANGUAGES),
  away: z.boolean().describe("away (borta): automatic assignment passes the user by"),
  notifications: notificationChannelsSchema.optional().describe(
    "per notification category whether it also goes by e-mail and SMS (the defaults filled in)",
  ),
}).meta({ id: "UserSettings" });
