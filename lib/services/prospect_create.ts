/**
 * Prospect creation (spec §5 create, §9 defaults): the new record, the create rules, the duplicate
 * check with the contact guards and the club's automatic assignment, then one insert through the
 * write engine.
 */
import {
  assigneeFor,
  clubFor,
  type PlainValues,
  plainValues,
  projectForCreate,
  prospectError,
  rowInvalid,
} from "@/lib/services/prospect_checks.ts";
import { withClock } from "@/lib/services/prospect_clock.ts";
import {
  contactMatches,
  contactOf,
  type DuplicateView,
  duplicateView,
  duplicateWarning,
  guardKeys,
} from "@/lib/services/duplicates.ts";
import { takeAutoAssignee } from "@/lib/services/assignment.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { maySee } from "@/lib/auth/permissions.ts";
import { ulid } from "@/lib/db/kv.ts";
import { GuardMoved, insertProspect, readGuards, type StoredProspect } from "@/lib/db/prospects.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import {
  type FieldErrors,
  motivationMissing,
  type Prospect,
  validateRow,
} from "@/lib/domain/prospect.ts";
import type { ProspectSource } from "@/lib/domain/statuses.ts";
import { BLANK_PROSPECT, type ProspectCreate } from "@/lib/domain/prospect_schemas.ts";
import type { MarketProject } from "@/lib/domain/reference.ts";

/** A new prospect's record from checked input (spec §9 defaults), before its activity clock. */
export function newProspect(
  ctx: ProspectCtx,
  input: Omit<ProspectCreate, "marketProjectId" | "allowDuplicate" | "assignId">,
  project: MarketProject,
  club: { clubId: number; name: string },
  assignee: { assignId: string; assignName: string; assignUserId: string } | null,
  source: ProspectSource = "staff",
): StoredProspect {
  const at = ctx.now.toISOString();
  return {
    ...BLANK_PROSPECT,
    id: ulid(ctx.now.getTime()),
    customerId: input.customerId ?? 0,
    // Create: the schema requires the required ones, so every plain field is there.
    ...(plainValues(input) as PlainValues),
    motivationText: input.motivationText ?? null,
    motivationTextLastChange: input.motivationText ? at : null,
    noteType: input.noteType ?? BLANK_PROSPECT.noteType,
    marketProjectId: project.marketProjectId,
    marketProjectName: project.name,
    clubId: club.clubId,
    clubName: club.name,
    followUpDate: input.followUpDate ?? null,
    registerDate: at,
    assignName: assignee?.assignName ?? null,
    assignId: assignee?.assignId ?? null,
    assignUserId: assignee?.assignUserId ?? null,
    b2b: project.b2b,
    createdBy: ctx.user.id,
    updatedAt: at,
    source,
    firstContactAt: null,
  };
}

/** The §5 create rules that need the clock (follow-up date) or several fields (Motivation text). */
export function createErrors(
  ctx: ProspectCtx,
  input: Omit<ProspectCreate, "marketProjectId" | "clubId"> & {
    marketProjectId?: number;
    clubId?: number;
  },
): FieldErrors {
  const tz = ctx.config.timeZone;
  const errors = validateRow({ ...input, sellStatus: null }, { now: ctx.now, timeZone: tz });
  if (input.noteType && motivationMissing(input.noteType, input.motivationText)) {
    errors.motivationText = "prospects.errors.MOTIVATION_TEXT_REQUIRED";
  }
  return errors;
}

/** POST /api/prospects (spec §5 create, §9 defaults). */
export async function createProspect(
  ctx: ProspectCtx,
  input: ProspectCreate,
): Promise<Prospect & { possibleDuplicates?: DuplicateView[]; registeredElsewhere?: boolean }> {
  const errors = createErrors(ctx, input);
  if (Object.keys(errors).length) throw rowInvalid(errors);
  const [project, club] = await Promise.all([
    projectForCreate(ctx, input.marketProjectId),
    clubFor(ctx, input.clubId),
  ]);
  const assignee = input.assignId ? await assigneeFor(ctx, input.assignId) : null;
  const at = ctx.now.toISOString();
  let record = await withClock(ctx, newProspect(ctx, input, project, club, assignee));
  const contact = contactOf(input.phoneNumber, input.email);
  // Left unassigned: the club's automatic assignment takes a turn once, after the duplicate check.
  let auto: "pending" | "taken" | "none" = assignee ? "none" : "pending";
  for (let attempt = 0; attempt < 5; attempt++) {
    const guards = await readGuards(ctx.kv, guardKeys(project.marketProjectId, contact));
    const matches = await contactMatches(ctx.kv, contact);
    const same = matches.filter((m) => m.marketProjectId === project.marketProjectId);
    if (same.length && !input.allowDuplicate) {
      throw prospectError("conflict", "DUPLICATE_PROSPECT", undefined, {
        duplicates: same.filter((m) => maySee(ctx.user, m)).map(duplicateView),
      });
    }
    if (auto === "pending") {
      const chosen = await takeAutoAssignee(ctx.kv, club.clubId, project.b2b);
      auto = chosen ? "taken" : "none";
      if (chosen) record = { ...record, ...chosen };
    }
    try {
      const created = await insertProspect(ctx.kv, record, {
        userId: ctx.user.id,
        at,
        timeZone: ctx.config.timeZone,
        autoAssigned: auto === "taken",
      }, guards);
      const others = matches.filter((m) => m.marketProjectId !== project.marketProjectId);
      return { ...created, ...duplicateWarning(ctx.user, others) };
    } catch (e) {
      if (!(e instanceof GuardMoved)) throw e; // the same person was just created: check again
    }
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}
