/**
 * What the prospect use cases share: the answer's `may` (withMay), the prospect errors (codes are
 * the keys prospects.errors.<CODE>, spec §8), the reference checks (project, club), the assignee
 * lookups and the plain fields of checked input.
 */
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { can, maySee, prospectMay } from "@/lib/auth/permissions.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { getClubByNumber, getMarketProjectByNumber } from "@/lib/db/reference.ts";
import { getUser, getUserByEmail } from "@/lib/db/users.ts";
import { DomainError, type ErrorKind } from "@/lib/domain/errors.ts";
import { errorCodeOf, type FieldErrors, type Prospect, sourceOf } from "@/lib/domain/prospect.ts";
import { NULLABLE_PLAIN_FIELDS, PLAIN_FIELDS } from "@/lib/domain/prospect_schemas.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";
import type { MarketProject } from "@/lib/domain/reference.ts";

/**
 * The prospect as answered to this user: with what they may do with it (the grid obeys it) and its
 * source (records from before the field read as "staff").
 */
export function withMay<P extends Prospect>(user: SessionUser, p: P): P {
  return { ...p, source: sourceOf(p), may: prospectMay(user, p) };
}

// ── errors (codes are the keys prospects.errors.<CODE>, spec §8) ────────────

/** A DomainError whose message key is prospects.errors.<code>. */
export const prospectError = (
  kind: ErrorKind,
  code: string,
  fields?: FieldErrors,
  data?: unknown,
) => new DomainError(kind, code, `prospects.errors.${code}`, fields, data);

/** 404 NOT_FOUND. */
export const notFound = () => new DomainError("not_found", "NOT_FOUND", "errors.notFound");
/** 409 VERSION_CONFLICT carrying the current record. */
export const stale = (current: Prospect) =>
  prospectError("conflict", "VERSION_CONFLICT", undefined, { current });

/** 400 for a row's field errors, under the §5 code they map to (errorCodeOf) or VALIDATION. */
export function rowInvalid(errors: FieldErrors): DomainError {
  const code = errorCodeOf(errors);
  return code === "VALIDATION"
    ? new DomainError("validation", "VALIDATION", "errors.validation", errors)
    : prospectError("validation", code, errors);
}

// ── reference checks ────────────────────────────────────────────────────────

/** A market project by number the caller may see (400 when missing, 403 B2B_ONLY). */
export async function projectFor(
  ctx: ProspectCtx,
  marketProjectId: number,
): Promise<MarketProject> {
  const project = await getMarketProjectByNumber(ctx.kv, marketProjectId);
  if (!project) {
    throw prospectError("validation", "MARKET_PROJECT_NOT_FOUND", {
      marketProjectId: "prospects.errors.MARKET_PROJECT_NOT_FOUND",
    });
  }
  if (!maySee(ctx.user, { b2b: project.b2b })) throw prospectError("forbidden", "B2B_ONLY");
  return project;
}

/** A project the caller may add prospects to: it exists, is active and is visible (B2B). */
export async function projectForCreate(
  ctx: ProspectCtx,
  marketProjectId: number,
): Promise<MarketProject> {
  const project = await projectFor(ctx, marketProjectId);
  if (!project.active) {
    throw prospectError("validation", "MARKET_PROJECT_INACTIVE", {
      marketProjectId: "prospects.errors.MARKET_PROJECT_INACTIVE",
    });
  }
  if (!can(ctx.user, "prospect.create", { b2b: project.b2b })) {
    throw prospectError("forbidden", "B2B_ONLY");
  }
  return project;
}

/** A club by number (400 CLUB_NOT_FOUND when missing). */
export async function clubFor(ctx: ProspectCtx, clubId: number) {
  const club = await getClubByNumber(ctx.kv, clubId);
  if (!club) {
    throw prospectError("validation", "CLUB_NOT_FOUND", {
      clubId: "prospects.errors.CLUB_NOT_FOUND",
    });
  }
  return club;
}

// ── assignees and plain fields ──────────────────────────────────────────────

/** The assignee for an e-mail: the caller themself, or (admins only, else 403 NOT_ASSIGNEE) an enabled user. */
export async function assigneeFor(
  ctx: ProspectCtx,
  email: string,
): Promise<{ assignId: string; assignName: string; assignUserId: string }> {
  const u = ctx.user;
  if (email.toLowerCase() === u.email.toLowerCase()) {
    return { assignId: u.email, assignName: u.firstName, assignUserId: u.id };
  }
  if (!isAdmin(u)) throw prospectError("forbidden", "NOT_ASSIGNEE");
  const target = await getUserByEmail(ctx.kv, email);
  if (!target || !target.enabled) {
    throw new DomainError("validation", "VALIDATION", "errors.validation", {
      assignId: "validation.invalidValue",
    });
  }
  return { assignId: target.email, assignName: target.firstName, assignUserId: target.id };
}

export type Assignee = { assignId: string; assignName: string; assignUserId: string };

/**
 * The assignee for a user id: the caller themself, or (admins only, else 403 NOT_ASSIGNEE) an
 * enabled user (else 400 on `field`).
 */
export async function assigneeById(
  ctx: ProspectCtx,
  userId: string,
  field: string,
): Promise<Assignee> {
  const u = ctx.user;
  if (userId === u.id) return { assignId: u.email, assignName: u.firstName, assignUserId: u.id };
  if (!isAdmin(u)) throw prospectError("forbidden", "NOT_ASSIGNEE");
  const target = await getUser(ctx.kv, userId);
  if (!target || !target.enabled) {
    throw new DomainError("validation", "VALIDATION", "errors.validation", {
      [field]: "validation.invalidValue",
    });
  }
  return { assignId: target.email, assignName: target.firstName, assignUserId: target.id };
}

export type PlainValues = Pick<StoredProspect, (typeof PLAIN_FIELDS)[number]>;

/**
 * The plain fields (prospect_schemas.ts) of checked input — only those in `sent` when given (save,
 * patch): a blank one becomes null, or is left out when the field is required (it keeps its value).
 */
export function plainValues(input: Partial<PlainValues>, sent?: Set<string>): Partial<PlainValues> {
  const out: Record<string, unknown> = {};
  for (const k of PLAIN_FIELDS) {
    if (sent && !sent.has(k)) continue;
    if (input[k] != null && input[k] !== "") out[k] = input[k];
    else if (NULLABLE_PLAIN_FIELDS.has(k)) out[k] = null;
  }
  return out;
}
