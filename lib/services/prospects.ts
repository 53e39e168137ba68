/**
 * Prospect use cases (spec §4, §5, §7; DESIGN §4, §6): search, create, save (PUT), patch, assign,
 * soft delete. Each write reads the record once, applies the rules, recomputes the activity clock
 * and commits record + indexes + counters + events in one versionstamp-checked atomic.
 */
import { readEntry } from "@/lib/db/records.ts";
import {
  contactMatches,
  contactOf,
  type DuplicateView,
  duplicateView,
  duplicateWarning,
  guardKeys,
} from "@/lib/services/duplicates.ts";
import { erasedError, isErased } from "@/lib/services/privacy.ts";
import { takeAutoAssignee } from "@/lib/services/assignment.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { can, maySee, prospectMay } from "@/lib/auth/permissions.ts";
import { type Prefetched, ulid } from "@/lib/db/kv.ts";
import { prospectHistoryKey, prospectKey, settingsVersionKey } from "@/lib/db/keys.ts";
import {
  commitProspect,
  getProspectEntry,
  getProspectsForWrite,
  GuardMoved,
  insertProspect,
  type ProspectEntry,
  readGuards,
  type StoredProspect,
  withVersion,
  type WriteMeta,
} from "@/lib/db/prospects.ts";
import {
  listDeletedProspects,
  searchProspects,
  type SearchResult,
  type SearchSpec,
  walkProspects,
} from "@/lib/db/prospect_search.ts";
import {
  getClubByNumber,
  getMarketProjectByNumber,
  listMarketProjects,
} from "@/lib/db/reference.ts";
import { getAdminSettings, getTimeLimitsByStatus } from "@/lib/db/settings.ts";
import { getUser, getUserByEmail } from "@/lib/db/users.ts";
import { DomainError, type ErrorKind } from "@/lib/domain/errors.ts";
import {
  addDays,
  errorCodeOf,
  type FieldErrors,
  firstContactOf,
  firstContactPending,
  followUpFor,
  motivationMissing,
  type Prospect,
  sellStatusLocked,
  sourceOf,
  startOfLocalDay,
  validateRow,
} from "@/lib/domain/prospect.ts";
import type { ProspectSource } from "@/lib/domain/statuses.ts";
import {
  BLANK_PROSPECT,
  GRID_FIELDS,
  NULLABLE_PLAIN_FIELDS,
  PLAIN_FIELDS,
  type ProspectAssign,
  type ProspectCreate,
  type ProspectPatch,
  type ProspectSave,
  type ProspectSearchQuery,
} from "@/lib/domain/prospect_schemas.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";
import type { MarketProject } from "@/lib/domain/reference.ts";
import { type ClockSettings, computeActivity } from "@/lib/services/prospect_clock.ts";

export type { ProspectCtx };

/**
 * The prospect as answered to this user: with what they may do with it (the grid obeys it) and its
 * source (records from before the field read as "staff").
 */
export function withMay<P extends Prospect>(user: SessionUser, p: P): P {
  return { ...p, source: sourceOf(p), may: prospectMay(user, p) };
}

// ── errors (codes are the keys prospects.errors.<CODE>, spec §8) ────────────

const prospectError = (kind: ErrorKind, code: string, fields?: FieldErrors, data?: unknown) =>
  new DomainError(kind, code, `prospects.errors.${code}`, fields, data);

const notFound = () => new DomainError("not_found", "NOT_FOUND", "errors.notFound");
const stale = (current: Prospect) =>
  prospectError("conflict", "VERSION_CONFLICT", undefined, { current });

function rowInvalid(errors: FieldErrors): DomainError {
  const code = errorCodeOf(errors);
  return code === "VALIDATION"
    ? new DomainError("validation", "VALIDATION", "errors.validation", errors)
    : prospectError("validation", code, errors);
}

// ── clock settings (cached per store; one key read per write checks they are current) ──

const settingsCache = new WeakMap<Deno.Kv, { version: string; value: Promise<ClockSettings> }>();

/**
 * Work time and time limits for the activity clock. Read once and kept while the settings version
 * key (set in the same atomic as every change to them, lib/db/reference.ts) is unchanged, so an
 * admin's change reaches every instance on the store at its next write, not after a timeout.
 */
export async function clockSettings(
  kv: Deno.Kv,
  timeZone: string,
  prefetched?: Prefetched | null,
): Promise<ClockSettings> {
  const key = settingsVersionKey();
  const entry = prefetched?.take([key])?.[0] ?? await readEntry(kv, key);
  const version = entry.versionstamp ?? "seeded";
  const hit = settingsCache.get(kv);
  if (hit && hit.version === version) return await hit.value;
  const value = Promise.all([getTimeLimitsByStatus(kv), getAdminSettings(kv)]).then((
    [limits, admin],
  ) => ({
    limits,
    worktime: { worktimeFrom: admin.worktimeFrom, worktimeTo: admin.worktimeTo, timeZone },
  }));
  settingsCache.set(kv, { version, value });
  value.catch(() => settingsCache.delete(kv));
  return await value;
}

export async function withClock(
  ctx: ProspectCtx,
  p: StoredProspect,
  settings?: ClockSettings,
): Promise<StoredProspect> {
  settings ??= await clockSettings(ctx.kv, ctx.config.timeZone);
  return { ...p, ...computeActivity(p, settings, ctx.now) };
}

// ── reference checks ────────────────────────────────────────────────────────

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

export async function clubFor(ctx: ProspectCtx, clubId: number) {
  const club = await getClubByNumber(ctx.kv, clubId);
  if (!club) {
    throw prospectError("validation", "CLUB_NOT_FOUND", {
      clubId: "prospects.errors.CLUB_NOT_FOUND",
    });
  }
  return club;
}

// ── search ──────────────────────────────────────────────────────────────────

/** GET /api/prospects: one page and the total, for a market project the caller may see. */
export async function searchForUser(
  ctx: ProspectCtx,
  q: ProspectSearchQuery,
): Promise<SearchResult> {
  if (q.marketProjectId === undefined && q.search?.trim() && !q.deleted) {
    return await searchEveryProject(ctx, q);
  }
  if (q.marketProjectId === undefined) {
    throw new DomainError(
      "validation",
      "MARKET_PROJECT_REQUIRED",
      "validation.selectMarketingProjectFirst",
      { marketProjectId: "validation.selectMarketingProjectFirst" },
    );
  }
  if (q.registerDate && q.registerEndDate && q.registerEndDate < q.registerDate) {
    // Not silently 0 rows: the user swapped the dates.
    throw new DomainError("validation", "DATE_RANGE_REVERSED", "ux.errors.dateRangeReversed", {
      registerEndDate: "ux.errors.dateRangeReversed",
    });
  }
  const project = await getMarketProjectByNumber(ctx.kv, q.marketProjectId);
  if (!project) return { items: [], total: 0 };
  if (!maySee(ctx.user, { b2b: project.b2b })) throw prospectError("forbidden", "B2B_ONLY");
  const offset = (q.page - 1) * q.size;
  if (q.deleted) {
    if (!can(ctx.user, "prospect.listDeleted")) {
      throw new DomainError("forbidden", "FORBIDDEN", "errors.forbidden");
    }
    return await listDeletedProspects(ctx.kv, q.marketProjectId, offset, q.size);
  }
  return await searchProspects(ctx.kv, { ...specOf(ctx, q), offset, limit: q.size });
}

/** At most this many projects are searched at once by a search without a project. */
const PROJECTS_AT_ONCE = 8;

/**
 * A person searched for without a project ("find the caller"): every market project the user may
 * see, active ones first, each hit naming its project (`marketProjectName`); the page is cut from
 * the hits in that order, and the total is their sum.
 */
async function searchEveryProject(ctx: ProspectCtx, q: ProspectSearchQuery): Promise<SearchResult> {
  const projects = (await listMarketProjects(ctx.kv))
    .filter((p) => maySee(ctx.user, { b2b: p.b2b }))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, "sv"));
  const offset = (q.page - 1) * q.size;
  const results: SearchResult[] = [];
  for (let i = 0; i < projects.length; i += PROJECTS_AT_ONCE) {
    results.push(
      ...await Promise.all(
        projects.slice(i, i + PROJECTS_AT_ONCE).map((p) =>
          searchProspects(ctx.kv, {
            ...specOf(ctx, { ...q, marketProjectId: p.marketProjectId }),
            offset: 0,
            limit: offset + q.size,
          })
        ),
      ),
    );
  }
  return {
    items: results.flatMap((r) => r.items).filter((p) => maySee(ctx.user, p))
      .slice(offset, offset + q.size),
    total: results.reduce((n, r) => n + r.total, 0),
    approximate: results.some((r) => r.approximate) || undefined,
  };
}

/** The store's search spec for a checked query (filters only; the caller adds the page). */
function specOf(ctx: ProspectCtx, q: ProspectSearchQuery): Omit<SearchSpec, "offset" | "limit"> {
  const tz = ctx.config.timeZone;
  return {
    marketProjectId: q.marketProjectId!,
    clubIds: q.clubId?.length ? [...new Set(q.clubId)] : undefined,
    sellStatuses: q.sellStatus?.length ? [...new Set(q.sellStatus)] : undefined,
    showCompleted: q.showCompleted ?? false,
    assignee: q.myAssigned ? ctx.user.email.toLowerCase() : undefined,
    customerId: q.customerId,
    firstName: q.firstName || undefined,
    lastName: q.lastName || undefined,
    tag: q.tag || undefined,
    email: q.email || undefined,
    search: q.search || undefined,
    registerFrom: q.registerDate ? startOfLocalDay(q.registerDate, tz).toISOString() : undefined,
    registerTo: q.registerEndDate
      ? startOfLocalDay(addDays(q.registerEndDate, 1), tz).toISOString()
      : undefined,
    order: q.sortFollowUpDate,
    sort: q.sort,
  };
}

/**
 * GET /api/prospects/ids: the ids of every prospect matching the filters, in the grid's order, at
 * most `max` (the grid's "select all matching"), with the total.
 */
export async function idsForUser(
  ctx: ProspectCtx,
  q: ProspectSearchQuery,
  max: number,
): Promise<{ ids: string[]; total: number }> {
  await searchForUser(ctx, { ...q, page: 1, size: 1, deleted: false });
  const out = await searchProspects(ctx.kv, { ...specOf(ctx, q), offset: 0, limit: max });
  return { ids: out.items.map((p) => p.id), total: out.total };
}

/**
 * GET /api/prospects?format=csv: every prospect matching the filters (not one page), in follow-up
 * order, as rows streamed while the project's index is walked (the first bytes go out at once).
 */
export async function exportForUser(
  ctx: ProspectCtx,
  q: ProspectSearchQuery,
): Promise<AsyncIterable<Prospect>> {
  // The same checks as a search (project required, B2B, date range), answered before streaming.
  await searchForUser(ctx, { ...q, page: 1, size: 1, deleted: false });
  const spec = { ...specOf(ctx, q), offset: 0, limit: Number.MAX_SAFE_INTEGER };
  return walkProspects(ctx.kv, spec);
}

/** GET /api/prospects/{id}. Deleted prospects are visible to admins only. */
export async function getForUser(ctx: ProspectCtx, id: string): Promise<Prospect> {
  const e = await getProspectEntry(ctx.kv, id);
  if (!e.value || (e.value.deleted && !isAdmin(ctx.user))) throw notFound();
  if (!maySee(ctx.user, e.value)) throw prospectError("forbidden", "B2B_ONLY");
  return withVersion(e as ProspectEntry);
}

// ── create ──────────────────────────────────────────────────────────────────

async function assigneeFor(
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

type PlainValues = Pick<StoredProspect, (typeof PLAIN_FIELDS)[number]>;

/**
 * The plain fields (prospect_schemas.ts) of checked input — only those in `sent` when given (save,
 * patch): a blank one becomes null, or is left out when the field is required (it keeps its value).
 */
function plainValues(input: Partial<PlainValues>, sent?: Set<string>): Partial<PlainValues> {
  const out: Record<string, unknown> = {};
  for (const k of PLAIN_FIELDS) {
    if (sent && !sent.has(k)) continue;
    if (input[k] != null && input[k] !== "") out[k] = input[k];
    else if (NULLABLE_PLAIN_FIELDS.has(k)) out[k] = null;
  }
  return out;
}

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

// ── updates ─────────────────────────────────────────────────────────────────

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

type Change = (before: StoredProspect, version: string) => Promise<StoredProspect> | StoredProspect;

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
    const changed = await change(entry.value, entry.versionstamp);
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
    (before) => applyRow(ctx, before, input, explicit, true),
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
    (before) => applyRow(ctx, before, input, explicit, false),
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
      ...await applyRow(ctx, before, { motivationText: text }, explicit, false),
      motivationTextLastChange: ctx.now.toISOString(),
      firstContactAt: firstContactPending(before) ? ctx.now.toISOString() : before.firstContactAt,
    }),
    "prospect.update",
    also,
  );
}

/**
 * A note that is a web lead's first contact: the note's entries (`also`) and the prospect's
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

type Assignee = { assignId: string; assignName: string; assignUserId: string };

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

/**
 * Some fields and the assignee of one prospect in one change (a bulk row): the rules of PATCH for
 * the fields (`sentKeys`), of PATCH …/assign for the assignee (`undefined`: left as it is), one
 * history entry. A sell status change of a Paused prospect is refused (403 SELL_STATUS_PAUSED),
 * as the grid's status select is locked while Paused.
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
    async (before, version) => {
      if (
        explicit.has("sellStatus") && (o.patch.sellStatus ?? null) !== before.sellStatus &&
        sellStatusLocked(before)
      ) {
        throw prospectError("forbidden", "SELL_STATUS_PAUSED");
      }
      const fields = explicit.size ? await applyRow(ctx, before, o.patch, explicit, false) : before;
      return assign ? await assign(fields, version) : fields;
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
