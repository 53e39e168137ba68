/**
 * Prospect changes (spec §4, §5, §7; DESIGN §4, §6): save (PUT), patch, notes' motivation and
 * first contact, assign, a bulk row's change, soft delete. Each reads the record once, applies
 * the rules, recomputes the activity clock and commits record + indexes + counters + events in
 * one versionstamp-checked atomic (update, through lib/db/prospects.ts commitProspect).
 */
import {
  type Assignee,
  assigneeFor,
  clubFor,
  notFound,
  plainValues,
  projectFor,
  prospectError,
  rowInvalid,
  stale,
  withMay,
} from "@/lib/services/prospect_checks.ts";
import { clockSettings, computeActivity, withClock } from "@/lib/services/prospect_clock.ts";
import { erasedError, isErased } from "@/lib/services/privacy.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { can, maySee } from "@/lib/auth/permissions.ts";
import { prospectHistoryKey, prospectKey, settingsVersionKey } from "@/lib/db/keys.ts";
import {
  commitProspect,
  getProspectsForWrite,
  type ProspectEntry,
  type StoredProspect,
  withVersion,
  type WriteMeta,
} from "@/lib/db/prospects.ts";
import {
  firstContactOf,
  firstContactPending,
  followUpFor,
  motivationMissing,
  type Prospect,
  sellStatusLocked,
  validateRow,
} from "@/lib/domain/prospect.ts";
import {
  GRID_FIELDS,
  type ProspectAssign,
  type ProspectPatch,
  type ProspectSave,
} from "@/lib/domain/prospect_schemas.ts";
import { isAdmin } from "@/lib/domain/user.ts";

/**
 * What a change of one prospect reads before its commit (update below): its record, its history
 * value and the clock settings' version. A route that declares them (`prefetch`) has them read
 * with the caller's session, in the same KV call.
 */
export const keysReadToWrite = (id: string): Deno.KvKey[] => [
  prospectKey(id),
  prospectHistoryKey(id),
  settingsVersionKey(),
];

/** Reads a live prospect the caller may change (403 for disabled rows unless admin). */
async function editable(
  ctx: ProspectCtx,
  id: string,
  action: "prospect.update" | "prospect.delete" | "prospect.assign" = "prospect.update",
): Promise<ProspectEntry> {
  // With its history value, so the write commits without reading it first; read with the
  // session when the route asked for it (a retry after a conflict reads afresh).
  const [e] = await getProspectsForWrite(ctx.kv, [id], ctx.prefetched);
  if (!e.value || e.value.deleted) throw notFound();
  const p = e.value;
  if (!maySee(ctx.user, p)) throw prospectError("forbidden", "B2B_ONLY");
  // Erased is final: no edit (not even a stale one retried) may write personal data back.
  if (isErased(p)) throw erasedError();
  if (!can(ctx.user, action, { b2b: p.b2b, disabled: p.disabled })) {
    throw prospectError("forbidden", "PROSPECT_DISABLED");
  }
  return e as ProspectEntry;
}

/**
 * A change of the stored record; `paused()`: whether the prospect is Paused as of the request's
 * instant (the activity clock, not the stored field, which the activity pass may not have moved).
 */
type Change = (
  before: StoredProspect,
  version: string,
  paused: () => boolean,
) => Promise<StoredProspect> | StoredProspect;

/**
 * How long a change without a version keeps reading, changing and committing while other writers
 * of the record win, and the most rounds it takes; past either it answers 409 WRITE_CONTENTION.
 * Between rounds it waits a random time up to a bound that doubles each round (to 32 ms), so
 * writers that met do not meet again. With a version, the first commit that loses answers 409
 * with the current record.
 */
const UPDATE_RETRY_MS = 5_000;
const UPDATE_ATTEMPTS = 400;
const UPDATE_PAUSE_CAP_MS = 32;

/**
 * Applies a change with the versionstamp check. With `version` (the client's copy) a stale copy
 * answers 409 with the current record; without it, a concurrent write re-reads and re-applies.
 */
async function update(
  ctx: ProspectCtx,
  id: string,
  version: string | undefined,
  change: Change,
  action: "prospect.update" | "prospect.delete" | "prospect.assign" = "prospect.update",
  also?: { key: Deno.KvKey; value: unknown }[],
  events?: WriteMeta["events"],
): Promise<Prospect> {
  const started = performance.now();
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    // Writers of one record without a version: each round one of them commits, and the others
    // read again after a jittered pause.
    if (attempt > 0) {
      if (performance.now() - started > UPDATE_RETRY_MS) break;
      const bound = Math.min(2 ** attempt, UPDATE_PAUSE_CAP_MS);
      await new Promise((r) => setTimeout(r, Math.random() * bound));
    }
    // The record and the clock settings' version key: read with the session (the route's
    // prefetch), else in parallel; a retry reads both afresh.
    const [entry, settings] = await Promise.all([
      editable(ctx, id, action),
      clockSettings(ctx.kv, ctx.config.timeZone, ctx.prefetched),
    ]);
    if (version !== undefined && version !== entry.versionstamp) {
      throw stale(withMay(ctx.user, withVersion(entry)));
    }
    const paused = () => sellStatusLocked(computeActivity(entry.value, settings, ctx.now));
    const changed = await change(entry.value, entry.versionstamp, paused);
    const at = ctx.now.toISOString();
    const next = await withClock(ctx, {
      ...changed,
      firstContactAt: changed.firstContactAt ?? firstContactOf(entry.value, changed, at),
      updatedAt: at,
    }, settings);
    const out = await commitProspect(ctx.kv, entry, next, {
      userId: ctx.user.id,
      at: ctx.now.toISOString(),
      timeZone: ctx.config.timeZone,
      also,
      events,
    });
    if (out) return out.prospect;
  }
  throw prospectError("conflict", "WRITE_CONTENTION");
}

/** The §4/§5 rules for a row's editable fields; `explicit` = fields the request actually sent. */
async function applyRow(
  ctx: ProspectCtx,
  before: StoredProspect,
  row: Partial<ProspectSave> & { version?: string },
  explicit: Set<string>,
  wholeRow: boolean,
  paused: () => boolean,
): Promise<StoredProspect> {
  const next: StoredProspect = { ...before };
  const at = ctx.now.toISOString();
  Object.assign(next, plainValues(row, explicit));
  if (explicit.has("noteType") && row.noteType) next.noteType = row.noteType;
  if (explicit.has("motivationText")) {
    const text = row.motivationText ?? null;
    if (text !== before.motivationText) {
      next.motivationText = text;
      next.motivationTextLastChange = at;
    }
  }
  // PATCH: sending noteType/motivationText asks for the rule; PUT (whole rows): only a change does.
  const touched = wholeRow
    ? next.noteType !== before.noteType || next.motivationText !== before.motivationText
    : explicit.has("noteType") || explicit.has("motivationText");
  if (touched && motivationMissing(next.noteType, next.motivationText)) {
    throw prospectError("validation", "MOTIVATION_TEXT_REQUIRED", {
      motivationText: "prospects.errors.MOTIVATION_TEXT_REQUIRED",
    });
  }
  if (explicit.has("sellStatus")) {
    const s = row.sellStatus ?? null;
    if (s !== before.sellStatus) {
      // The grid's status select is locked while Paused; the server holds the same line.
      if (paused()) throw prospectError("forbidden", "SELL_STATUS_PAUSED");
      next.sellStatus = s;
      next.lastSellStatusChange = at;
    }
  }
  if (explicit.has("followUpDate") || explicit.has("sellStatus")) {
    const wanted = explicit.has("followUpDate") ? row.followUpDate ?? null : before.followUpDate;
    next.followUpDate = followUpFor(next.sellStatus, wanted);
  }
  if (explicit.has("clubId") && row.clubId !== undefined && row.clubId !== before.clubId) {
    const club = await clubFor(ctx, row.clubId);
    next.clubId = club.clubId;
    next.clubName = club.name;
  }
  if (
    explicit.has("marketProjectId") && row.marketProjectId !== undefined &&
    row.marketProjectId !== before.marketProjectId
  ) {
    const project = await projectFor(ctx, row.marketProjectId);
    next.marketProjectId = project.marketProjectId;
    next.marketProjectName = project.name;
    next.b2b = project.b2b;
  }
  if (explicit.has("disabled") && row.disabled !== undefined && isAdmin(ctx.user)) {
    next.disabled = row.disabled;
  }
  const unchangedDate = next.sellStatus === before.sellStatus ? before.followUpDate : undefined;
  const errors = validateRow(next, {
    now: ctx.now,
    timeZone: ctx.config.timeZone,
    previousFollowUpDate: unchangedDate,
  });
  if (Object.keys(errors).length) throw rowInvalid(errors);
  return next;
}

/** PUT /api/prospects/{id}: the whole row (spec §5 save rules); `version` is required. */
export async function saveProspect(
  ctx: ProspectCtx,
  id: string,
  input: ProspectSave,
): Promise<Prospect> {
  const explicit = new Set(Object.keys(input).filter((k) => k !== "version"));
  // The grid's fields: a missing one means empty. Fields the grid does not show (nominator,
  // motivationText) change only when sent.
  for (const k of GRID_FIELDS) explicit.add(k);
  return await update(
    ctx,
    id,
    input.version,
    (before, _v, paused) => applyRow(ctx, before, input, explicit, true, paused),
  );
}

/** PATCH /api/prospects/{id}: only the fields sent (e.g. motivationText + noteType). */
export async function patchProspect(
  ctx: ProspectCtx,
  id: string,
  input: ProspectPatch,
  sentKeys: string[],
): Promise<Prospect> {
  const explicit = new Set(sentKeys.filter((k) => k !== "version" && k in input));
  return await update(
    ctx,
    id,
    input.version,
    (before, _v, paused) => applyRow(ctx, before, input, explicit, false, paused),
  );
}

/**
 * A Motivation note (spec §2/§3): the prospect's motivationText becomes the note's text
 * and motivationTextLastChange now, through the same checked write as PATCH; `also` (the note's
 * entries) is committed in the same atomic.
 */
export async function setMotivationFromNote(
  ctx: ProspectCtx,
  id: string,
  text: string,
  also: { key: Deno.KvKey; value: unknown }[],
): Promise<Prospect> {
  const explicit = new Set(["motivationText"]);
  return await update(
    ctx,
    id,
    undefined,
    async (before) => ({
      ...await applyRow(ctx, before, { motivationText: text }, explicit, false, () => false),
      motivationTextLastChange: ctx.now.toISOString(),
      firstContactAt: firstContactPending(before) ? ctx.now.toISOString() : before.firstContactAt,
    }),
    "prospect.update",
    also,
  );
}

/**
 * A note that is a prospect's first contact: the note's entries (`also`) and the prospect's
 * firstContactAt in one atomic, on the prospect's write path.
 */
export async function addFirstContactNote(
  ctx: ProspectCtx,
  id: string,
  also: { key: Deno.KvKey; value: unknown }[],
): Promise<Prospect> {
  return await update(
    ctx,
    id,
    undefined,
    (before) => ({
      ...before,
      firstContactAt: before.firstContactAt ?? ctx.now.toISOString(),
    }),
    "prospect.update",
    also,
  );
}

/**
 * The assignment part of a change: `null` clears it (the assignee or an admin), a user sets it
 * (over another assignee: admins only, else 409 ALREADY_ASSIGNED).
 */
function assignChange(ctx: ProspectCtx, assignee: Assignee | null): Change {
  if (assignee === null) {
    return (before) => {
      if (!before.assignId) return before;
      const mayClear = can(ctx.user, "prospect.unassign", {
        b2b: before.b2b,
        disabled: before.disabled,
        assigneeId: before.assignUserId,
        assigneeEmail: before.assignId,
      });
      if (!mayClear) throw prospectError("forbidden", "NOT_ASSIGNEE");
      return { ...before, assignId: null, assignName: null, assignUserId: null };
    };
  }
  return (before, version) => {
    const current = before.assignId?.toLowerCase() ?? null;
    if (current === assignee.assignId.toLowerCase()) return before;
    if (current && !isAdmin(ctx.user)) {
      throw prospectError("conflict", "ALREADY_ASSIGNED", undefined, {
        current: { ...before, version },
      });
    }
    return { ...before, ...assignee };
  };
}

/** PATCH /api/prospects/{id}/assign: assign the caller (admins: anyone) or clear (assignee/admin). */
export async function assignProspect(
  ctx: ProspectCtx,
  id: string,
  input: ProspectAssign,
): Promise<Prospect> {
  const assignee = input.assignId === null ? null : await assigneeFor(ctx, input.assignId);
  return await update(ctx, id, input.version, assignChange(ctx, assignee), "prospect.assign");
}

/**
 * Some fields and the assignee of one prospect in one change (a bulk row): the rules of PATCH for
 * the fields (`sentKeys`), of PATCH …/assign for the assignee (`undefined`: left as it is), one
 * history entry. A sell status change of a Paused prospect is refused (403 SELL_STATUS_PAUSED),
 * as in every save (applyRow).
 */
export async function changeProspect(
  ctx: ProspectCtx,
  id: string,
  o: {
    patch: ProspectPatch;
    sentKeys: string[];
    assignee?: Assignee | null;
    version?: string;
    /** Entries set in the same atomic, and history entries the fields do not show (a merge). */
    also?: { key: Deno.KvKey; value: unknown }[];
    events?: WriteMeta["events"];
  },
): Promise<Prospect> {
  const explicit = new Set(o.sentKeys.filter((k) => k !== "version" && k in o.patch));
  const assign = o.assignee === undefined ? null : assignChange(ctx, o.assignee);
  const action = explicit.size ? "prospect.update" : "prospect.assign";
  return await update(
    ctx,
    id,
    o.version,
    async (before, version, paused) => {
      const fields = explicit.size
        ? await applyRow(ctx, before, o.patch, explicit, false, paused)
        : before;
      return assign ? await assign(fields, version, paused) : fields;
    },
    action,
    o.also,
    o.events,
  );
}

/**
 * DELETE /api/prospects/{id}: soft delete; the record and its history stay (admins list them).
 * With `version`, a prospect changed since answers 409.
 */
export async function deleteProspect(
  ctx: ProspectCtx,
  id: string,
  version?: string,
  /** Deleted by a merge into this prospect. */
  mergedInto?: string,
): Promise<Prospect> {
  return await update(ctx, id, version, (before) => ({
    ...before,
    deleted: true,
    deletedAt: ctx.now.toISOString(),
    deletedBy: ctx.user.id,
    ...(mergedInto ? { mergedInto } : {}),
  }), "prospect.delete");
}
