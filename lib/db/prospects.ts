/**
 * Prospects in KV: the record ["prospects", id], its index entries and counters (from
 * prospect_indexes.ts) written in one versionstamp-checked atomic, and the search that reads only
 * what it returns plus its count. docs/prospects.md explains the key design and its costs.
 */
import {
  getRecord,
  getRecords,
  recordEntry,
  type StoredProspect,
} from "@/lib/db/prospect_record.ts";
import {
  clubByNumberKey,
  customerIdSeqKey,
  noteKey,
  prospectByCustomerIdKey,
  prospectByEmailKey,
  prospectByPhoneKey,
  prospectEventsPrefix,
  prospectHistoryKey,
  prospectKey,
  prospectsAwaitingContactPrefix,
  prospectsByAssigneePrefix,
  prospectsByFirstNamePrefix,
  prospectsByLastNamePrefix,
  prospectsByProjectClubPrefix,
  prospectsByProjectClubStatusPrefix,
  prospectsByProjectClubUrgencyPrefix,
  prospectsByProjectPrefix,
  prospectsByProjectStatusPrefix,
  prospectsDeletedPrefix,
  prospectTotalKey,
} from "@/lib/db/keys.ts";
import {
  addToCounter,
  CounterSums,
  counterValue,
  getManyChunked,
  listAll,
  type Prefetched,
  ulid,
} from "@/lib/db/kv.ts";
import {
  applyProspectWrite,
  assigneePart,
  diffProspectKeys,
  doneFlag,
  eventsOfEntry,
  type Facets,
  historyEntries,
  keyId,
  NAME_COUNT_LEN,
  NAME_FIRST,
  NAME_LAST,
  nameCountKeys,
  namePrefixTotalKey,
  phoneKeyPart,
  type ProjectNames,
  type ProspectDiff,
  type ProspectEvent,
  prospectEvents,
  statusPart,
  type StoredHistory,
  urgencySortKey,
} from "@/lib/db/prospect_indexes.ts";
import {
  foldName,
  followUpSortKey,
  NO_FOLLOW_UP_SORT,
  type Prospect,
} from "@/lib/domain/prospect.ts";
import { type ClubDistricts, movesStatusBucket, withReportMarks } from "@/lib/db/report_keys.ts";
import { districtsForWrite } from "@/lib/db/reference.ts";
import { pendingProjects, PendingReports } from "@/lib/db/report_pending.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { prospectWebhookEvents, type WebhookEvent } from "@/lib/domain/webhooks.ts";
import { enqueueEvents, type Subscribers, webhooksOn } from "@/lib/db/webhooks.ts";

export type { StoredProspect };
/**
 * A record as read before a write. `history` is its history value when read in the same snapshot
 * (getProspectsForWrite); without it the write engine reads the history at commit time.
 */
export type ProspectEntry = Deno.KvEntry<StoredProspect> & { history?: StoredHistory };

export function withVersion(e: Deno.KvEntry<StoredProspect>): Prospect {
  return { ...e.value, version: e.versionstamp };
}

export async function getProspectEntry(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<StoredProspect>> {
  return await getRecord(kv, id);
}

/**
 * Records read to be written, each with its history value in the same snapshot (one getMany holds
 * both keys): the write engine then commits without reading the history first. That history is
 * current exactly as long as the record's versionstamp is, which the write checks: everything that
 * writes a history value writes its record in the same atomic (docs/architecture.md, "Decisions").
 * Two keys per prospect, so the same number of read calls as the records alone.
 */
export async function getProspectsForWrite(
  kv: Deno.Kv,
  ids: string[],
  prefetched?: Prefetched | null,
): Promise<(Deno.KvEntryMaybe<StoredProspect> & { history?: StoredHistory })[]> {
  const keys = ids.flatMap((id) => [prospectKey(id), prospectHistoryKey(id)]);
  // Read with the caller's session when the route asked for them (define.ts, `prefetch`).
  const got = prefetched?.take<unknown>(keys) ?? await getManyChunked<unknown>(kv, keys);
  return ids.map((_, i) => {
    const entry = recordEntry(got[2 * i]);
    return entry.value === null
      ? entry
      : { ...entry, history: (got[2 * i + 1].value ?? "") as StoredHistory };
  });
}

/** A prospect with the same contact was created meanwhile: the caller checks duplicates again. */
export class GuardMoved extends Error {}

/**
 * The contact guards of a project's phone and e-mail (`prospect_contact_guards`), read before a
 * creation; `insertProspect` checks them, so a person created meanwhile makes it GuardMoved.
 */
export function readGuards(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<Deno.KvEntryMaybe<unknown>[]> {
  return kv.getMany(keys);
}

export const customerIdTaken = () =>
  new DomainError("conflict", "CUSTOMER_ID_EXISTS", "prospects.errors.CUSTOMER_ID_EXISTS", {
    customerId: "errors.duplicateField.customerId",
  });

/**
 * Inserts a new prospect with its indexes, counters and events in one atomic. Without a
 * customerId (0 or negative) the next number of the sequence is taken; a taken explicit one
 * answers 409 CUSTOMER_ID_EXISTS.
 */
export async function insertProspect(
  kv: Deno.Kv,
  p: StoredProspect,
  meta: {
    userId: string | null;
    at: string;
    /** The zone of the report days (the configured TZ_NAME). */
    timeZone: string;
    /** Entries written in the same atomic (e.g. the web lead's notification); `id` is the new prospect's. */
    also?: (rec: StoredProspect) => { key: Deno.KvKey; value: unknown }[];
  },
  /** Entries read with the duplicate check: checked and set in the insert's atomic. */
  guards: Deno.KvEntryMaybe<unknown>[] = [],
): Promise<Prospect> {
  p = withReportMarks(null, p, meta.at);
  const [districts, hooksOn] = await Promise.all([
    districtsForWrite(kv, [p.clubId]),
    webhooksOn(kv),
  ]);
  const explicit = p.customerId > 0;
  let skip = 0;
  // Parallel creates contend for the sequence: each round one wins, so retry (with a little
  // jitter) until every one has its number — 50 parallel creates all answer 201.
  for (let attempt = 0; attempt < 200; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(attempt, 10)));
    const seq = explicit ? null : await kv.get<number>(customerIdSeqKey());
    const customerId = explicit ? p.customerId : (seq!.value ?? 0) + 1 + skip;
    const rec: StoredProspect = { ...p, customerId };
    const op = kv.atomic()
      .check({ key: prospectKey(rec.id), versionstamp: null })
      .check({ key: prospectByCustomerIdKey(customerId), versionstamp: null });
    if (seq) op.check(seq).set(customerIdSeqKey(), customerId);
    for (const g of guards) op.check(g).set(g.key, rec.id);
    for (const e of meta.also?.(rec) ?? []) op.set(e.key, e.value);
    const events = prospectEvents(null, rec, { ...meta, newId: () => ulid() });
    const diff = diffProspectKeys(null, rec, meta.at, meta.timeZone, districts);
    applyProspectWrite(op, rec, diff, historyEntries(rec.id, "", events, ulid));
    new PendingReports().add(diff.report).write(op, kv);
    if (hooksOn) enqueueEvents(op, webhookEventsOf(null, rec, meta.at), hooksOn);
    const res = await op.commit();
    if (res.ok) return { ...rec, version: res.versionstamp };
    if (guards.length) {
      const now = await kv.getMany(guards.map((g) => g.key));
      if (now.some((e, i) => e.versionstamp !== guards[i].versionstamp)) throw new GuardMoved();
    }
    const taken = (await kv.get(prospectByCustomerIdKey(customerId))).value !== null;
    if (explicit && taken) throw customerIdTaken();
    if (taken) skip++;
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}

/**
 * Inserts new prospects with server-assigned customer ids in one atomic (the CSV import's write).
 * The sequence, each new id's index entry and each duplicate guard are checked, so a concurrent
 * create makes the batch answer null and the caller falls back to insertProspect row by row.
 * Throws when the batch is over KV's atomic limits (the caller makes it smaller).
 */
export async function insertProspectBatch(
  kv: Deno.Kv,
  items: { record: StoredProspect; guards: Deno.KvEntryMaybe<unknown>[] }[],
  meta: { userId: string | null; at: string; timeZone: string },
): Promise<Prospect[] | null> {
  const [seq, districts, hooksOn] = await Promise.all([
    kv.get<number>(customerIdSeqKey()),
    districtsForWrite(kv, [...new Set(items.map((i) => i.record.clubId))]),
    webhooksOn(kv),
  ]);
  let customerId = seq.value ?? 0;
  const op = kv.atomic().check(seq);
  const written: StoredProspect[] = [];
  // New rows of one project share most counters: one sum per counter key for the whole batch, and
  // one pending entry per project for the report counters.
  const counters = new CounterSums();
  const pending = new PendingReports();
  for (const { record, guards } of items) {
    const rec = withReportMarks(null, { ...record, customerId: ++customerId }, meta.at);
    op.check({ key: prospectByCustomerIdKey(rec.customerId), versionstamp: null });
    for (const g of guards) op.check(g).set(g.key, rec.id);
    const events = prospectEvents(null, rec, { ...meta, newId: () => ulid() });
    const diff = diffProspectKeys(null, rec, meta.at, meta.timeZone, districts);
    for (const c of diff.counters) counters.add(c.key, c.delta);
    pending.add(diff.report);
    applyProspectWrite(
      op,
      rec,
      { ...diff, counters: [] },
      historyEntries(rec.id, "", events, ulid),
    );
    if (hooksOn) enqueueEvents(op, webhookEventsOf(null, rec, meta.at), hooksOn);
    written.push(rec);
  }
  for (const c of counters.take()) addToCounter(op, c.key, c.delta);
  pending.write(op, kv);
  op.set(customerIdSeqKey(), customerId);
  const res = await op.commit();
  return res.ok ? written.map((r) => ({ ...r, version: res.versionstamp })) : null;
}

/**
 * One prospect write: the entry read before, the record after, its index diff and events, and the
 * webhook events it emits (enqueued in its atomic when an endpoint is enabled).
 */
export interface ProspectWrite {
  before: ProspectEntry;
  after: StoredProspect;
  events: ProspectEvent[];
  diff: ProspectDiff;
  hooks: Omit<WebhookEvent, "id">[];
}

/**
 * The webhook events of a write: the prospect's (prospectWebhookEvents) and a note.created for a
 * note written with it (`also` holding a note record: a first contact, a Motivation note).
 */
function webhookEventsOf(
  before: StoredProspect | null,
  after: StoredProspect,
  at: string,
  also: { key: Deno.KvKey; value: unknown }[] = [],
): Omit<WebhookEvent, "id">[] {
  const out: Omit<WebhookEvent, "id">[] = prospectWebhookEvents(before, after)
    .map((e) => ({ ...e, occurredAt: at }));
  for (const a of also) {
    if (a.key[0] === noteKey("")[0] && a.key.length === 2) {
      out.push({
        type: "note.created",
        occurredAt: at,
        prospectId: after.id,
        marketProjectId: after.marketProjectId,
        noteId: a.key[1] as string,
      });
    }
  }
  return out;
}

/** Who writes, when, the zone of the report days, and entries set in the same atomic. */
export interface WriteMeta {
  userId: string | null;
  at: string;
  timeZone: string;
  also?: { key: Deno.KvKey; value: unknown }[];
}

/**
 * The write of `after` over the entry read before: escalation mark, events, index and counter
 * diff, plus `also` — entries set in the same atomic (a Motivation note, a queued notification).
 * `reportAt` dates the report buckets (default: the record's updatedAt); `districts` are the clubs'
 * districts when the write moves a status bucket (districtsOf).
 */
export function prospectWrite(
  before: ProspectEntry,
  after: StoredProspect,
  meta: WriteMeta & { reportAt?: string; districts: ClubDistricts },
): ProspectWrite {
  after = withReportMarks(before.value, after, meta.at);
  const events = prospectEvents(before.value, after, {
    at: meta.at,
    userId: meta.userId,
    newId: () => ulid(),
  });
  const diff = diffProspectKeys(
    before.value,
    after,
    meta.reportAt ?? after.updatedAt ?? meta.at,
    meta.timeZone,
    meta.districts,
  );
  if (meta.also) diff.sets.push(...meta.also);
  const hooks = webhookEventsOf(before.value, after, meta.at, meta.also);
  return { before, after, events, diff, hooks };
}

/** For writes that move no status bucket (the activity clock's). */
export const NO_DISTRICTS: ClubDistricts = new Map();

/**
 * The clubs' districts a write of `after` over `before` needs: only when it moves a status bucket
 * (a creation, a deletion, a status or club change); most writes need none. Were an empty map ever
 * used for a write that does need them, the mapping marks the district buckets untrusted instead of
 * writing wrong ones (report_keys.ts).
 */
function districtsOf(
  kv: Deno.Kv,
  before: StoredProspect | null,
  after: StoredProspect,
): Promise<ClubDistricts> | ClubDistricts {
  if (!movesStatusBucket(before, after)) return NO_DISTRICTS;
  return districtsForWrite(kv, before ? [before.clubId, after.clubId] : [after.clubId]);
}

/** How many mutations a write adds to an atomic (KV allows 1000, and 100 checks). */
export const writeSize = (w: ProspectWrite) =>
  1 + w.diff.deletes.length + w.diff.sets.length + w.diff.counters.length +
  pendingProjects(w.diff.report) + (w.events.length ? 1 : 0);

/** Each write's history value as last read or written (prospect id → packs). */
type Histories = Map<string, StoredHistory>;

/**
 * The history values of the writes that add events and were read without one (a new record has
 * none), in one read.
 */
async function readHistories(kv: Deno.Kv, writes: ProspectWrite[]): Promise<Histories> {
  const ids = [
    ...new Set(
      writes.filter((w) => w.events.length && !w.before.history).map((w) => w.after.id),
    ),
  ];
  const got = await getManyChunked<StoredHistory>(kv, ids.map((id) => prospectHistoryKey(id)));
  return new Map(ids.map((id, i) => [id, got[i].value ?? ""]));
}

function writeOp(kv: Deno.Kv, ws: ProspectWrite[], histories: Histories, hooksOn: Subscribers) {
  const op = kv.atomic();
  const next: [string, StoredHistory][] = [];
  const pending = new PendingReports();
  for (const w of ws) {
    op.check(w.before);
    pending.add(w.diff.report);
    const id = w.after.id;
    // The history read with this write's record is current while its check holds; else the one
    // read at commit, or left by an earlier write of the record in this call.
    const prior = w.before.history ?? histories.get(id) ?? "";
    const history = historyEntries(id, prior, w.events, ulid);
    applyProspectWrite(op, w.after, w.diff, history);
    // Committed with the change or not at all: a crash right after the commit still delivers.
    if (hooksOn) enqueueEvents(op, w.hooks, hooksOn);
    if (history.length) next.push([id, history[history.length - 1].value as StoredHistory]);
  }
  pending.write(op, kv);
  return {
    commit: async () => {
      const res = await op.commit();
      // A later write of the same record in this call (chained by its caller) appends to these.
      if (res.ok) { for (const [id, packs] of next) histories.set(id, packs); }
      return res;
    },
  };
}

/** Per atomic: KV's limits with a margin (mutations 1000, checks 100). */
const MAX_MUTATIONS = 990;
const MAX_WRITES = 99;

/**
 * The one write engine of prospects (the API, the activity job, erase): commits writes in as few
 * atomics as the limits allow, each checked on its own versionstamp. When a pack fails (one of its
 * records moved, or it is over a size limit), its writes are committed one by one, so only a stale
 * write loses. Answers, per write, its versionstamp, null when its record had moved, or the error
 * its own commit threw.
 */
export async function commitWrites(
  kv: Deno.Kv,
  writes: ProspectWrite[],
  limits: { mutations: number; writes: number } = { mutations: MAX_MUTATIONS, writes: MAX_WRITES },
): Promise<(string | null | Error)[]> {
  const out: (string | null | Error)[] = [];
  const [histories, hooksOn] = await Promise.all([readHistories(kv, writes), webhooksOn(kv)]);
  let i = 0;
  while (i < writes.length) {
    // The next pack: as many writes as fit, never the same record twice.
    const pack: ProspectWrite[] = [];
    const ids = new Set<string>();
    let mutations = 0;
    while (i + pack.length < writes.length && pack.length < limits.writes) {
      const w = writes[i + pack.length];
      // Its webhook deliveries: two enqueues per event and enabled endpoint.
      const n = writeSize(w) + 2 * w.hooks.length * (hooksOn?.length ?? 0);
      if (pack.length && (mutations + n > limits.mutations || ids.has(w.after.id))) break;
      pack.push(w);
      ids.add(w.after.id);
      mutations += n;
    }
    i += pack.length;
    if (pack.length > 1) {
      try {
        const res = await writeOp(kv, pack, histories, hooksOn).commit();
        if (res.ok) {
          for (const _ of pack) out.push(res.versionstamp);
          continue;
        }
      } catch { /* e.g. a size limit: one by one below */ }
    }
    for (const w of pack) {
      try {
        const res = await writeOp(kv, [w], histories, hooksOn).commit();
        out.push(res.ok ? res.versionstamp : null);
      } catch (e) {
        out.push(e instanceof Error ? e : new Error(String(e)));
      }
    }
  }
  return out;
}

/**
 * Writes `after` over the entry read before, with its index diff, counters and events, checked
 * against the entry's versionstamp. Answers null when someone else wrote in between.
 *
 * Group commit: the KV commits one atomic at a time (each synced to disk), so writes that arrive
 * while a commit is in flight are committed together in the next atomic through commitWrites, which
 * is prepared while the one before commits (PIPELINE). A lone write commits at once.
 */
export async function commitProspect(
  kv: Deno.Kv,
  before: ProspectEntry,
  after: StoredProspect,
  meta: WriteMeta,
): Promise<{ prospect: Prospect; events: ProspectEvent[] } | null> {
  const districts = await districtsOf(kv, before.value, after);
  const w = prospectWrite(before, after, { ...meta, districts });
  const versionstamp = await enqueue(kv, w);
  if (versionstamp === null) return null;
  return { prospect: { ...w.after, version: versionstamp }, events: w.events };
}

interface Waiting {
  write: ProspectWrite;
  resolve: (versionstamp: string | null) => void;
  reject: (e: unknown) => void;
}

/** A request waits for at most this much in one group (latency over throughput). */
const GROUP_LIMITS = { mutations: 600, writes: 50 };
/**
 * Groups in flight at once: while one commits, the next reads its history values and queues its
 * atomic behind it, so the committing connection does not wait for JavaScript between commits
 * (+14 % updates with 8 clients at 1M, docs/performance.md). A record in both groups is refused by
 * its check in one of them.
 */
const PIPELINE = 2;
const queues = new WeakMap<Deno.Kv, { items: Waiting[]; running: number }>();

function enqueue(kv: Deno.Kv, write: ProspectWrite): Promise<string | null> {
  let q = queues.get(kv);
  if (!q) queues.set(kv, q = { items: [], running: 0 });
  const done = new Promise<string | null>((resolve, reject) => {
    q.items.push({ write, resolve, reject });
  });
  if (q.running < PIPELINE) drain(kv, q);
  return done;
}

async function drain(kv: Deno.Kv, q: { items: Waiting[]; running: number }) {
  q.running++;
  try {
    while (q.items.length) {
      const group = q.items.splice(0, GROUP_LIMITS.writes);
      // commitWrites packs within the group's limits and keeps one record per atomic.
      const out = await commitWrites(kv, group.map((g) => g.write), GROUP_LIMITS);
      group.forEach((g, i) => {
        const r = out[i];
        if (r instanceof Error) g.reject(r);
        else g.resolve(r);
      });
    }
  } finally {
    q.running--;
  }
}

/**
 * The name-prefix counters of these names in the record's project that are 0 now, deleted (each
 * checked, so a count added meanwhile stays): after an erase no key holds the start of the name.
 */
export async function dropEmptyNameCounts(kv: Deno.Kv, p: Prospect): Promise<void> {
  const keys = [0, 1].flatMap((d) => nameCountKeys(p, d));
  for (const e of await getManyChunked(kv, keys)) {
    if (e.versionstamp && counterValue(e.value) === 0) {
      await kv.atomic().check(e).delete(e.key).commit();
    }
  }
}

/** A prospect's events, oldest first: the archived packs (older), then the history value. */
export async function listProspectEvents(kv: Deno.Kv, id: string): Promise<ProspectEvent[]> {
  const [archived, history] = await Promise.all([
    listAll(kv, prospectEventsPrefix(id)),
    kv.get(prospectHistoryKey(id)),
  ]);
  const entries = history.value === null ? archived : [...archived, history];
  return entries.flatMap(eventsOfEntry);
}

// ── search ──────────────────────────────────────────────────────────────────

export interface SearchSpec {
  marketProjectId: number;
  /** Only these clubs (undefined: every club of the project). */
  clubIds?: number[];
  sellStatuses?: string[];
  showCompleted: boolean;
  /** Lower-cased e-mail of the assignee (myAssigned). */
  assignee?: string;
  customerId?: number;
  firstName?: string;
  lastName?: string;
  tag?: string;
  email?: string;
  search?: string;
  /** Registration instants, from inclusive, to exclusive (ISO). */
  registerFrom?: string;
  registerTo?: string;
  order: "asc" | "desc";
  /** "urgency": activity weight, then follow-up date; default the follow-up date. */
  sort?: "followUpDate" | "urgency";
  offset: number;
  limit: number;
}

export interface SearchResult {
  items: Prospect[];
  total: number;
  /** The total is a lower bound: the scan stopped at its cap (docs/prospects.md). */
  approximate?: boolean;
}

/** How many index entries a post-filtered scan may walk before it stops counting. */
export const SCAN_CAP = 100_000;
/** Candidates taken from a global lookup (e-mail or phone prefix) at most. */
export const LOOKUP_CAP = 5_000;

type SearchKind = { kind: "digits"; value: string; phone: string } | {
  kind: "email";
  value: string;
} | {
  kind: "name";
  words: string[];
};

export function searchKind(raw: string): SearchKind | null {
  const s = raw.trim();
  if (!s) return null;
  if (/^[+\d][\d\s-]*$/.test(s)) {
    return { kind: "digits", value: s.replace(/\D/g, ""), phone: phoneKeyPart(s) };
  }
  if (s.includes("@")) return { kind: "email", value: s.toLowerCase() };
  const words = foldName(s).split(" ").filter(Boolean);
  return words.length ? { kind: "name", words } : null;
}

function matchesSearch(p: Prospect, raw: string): boolean {
  const k = searchKind(raw);
  if (!k) return true;
  if (k.kind === "digits") {
    return String(p.customerId) === k.value ||
      (k.phone.length > 0 && phoneKeyPart(p.phoneNumber).startsWith(k.phone));
  }
  if (k.kind === "email") return (p.email ?? "").toLowerCase().startsWith(k.value);
  const first = foldName(p.firstName);
  const last = foldName(p.lastName);
  if (k.words.length === 1) return first.startsWith(k.words[0]) || last.startsWith(k.words[0]);
  return first.startsWith(k.words[0]) && last.startsWith(k.words[k.words.length - 1]);
}

/** Every filter of the spec checked on a record (used where no index covers a filter). */
export function matchesSpec(p: Prospect, s: SearchSpec): boolean {
  if (p.deleted || p.marketProjectId !== s.marketProjectId) return false;
  if (s.clubIds && !s.clubIds.includes(p.clubId)) return false;
  if (s.sellStatuses && !s.sellStatuses.includes(statusPart(p))) return false;
  if (!s.showCompleted && doneFlag(p) === 1) return false;
  if (s.assignee && assigneePart(p) !== s.assignee) return false;
  if (s.customerId !== undefined && p.customerId !== s.customerId) return false;
  if (s.firstName && !foldName(p.firstName).startsWith(foldName(s.firstName))) return false;
  if (s.lastName && !foldName(p.lastName).startsWith(foldName(s.lastName))) return false;
  if (s.tag && !foldName(p.tag ?? "").startsWith(foldName(s.tag))) return false;
  if (s.email && !(p.email ?? "").toLowerCase().startsWith(s.email.toLowerCase())) return false;
  if (s.registerFrom && p.registerDate < s.registerFrom) return false;
  if (s.registerTo && p.registerDate >= s.registerTo) return false;
  if (s.search && !matchesSearch(p, s.search)) return false;
  return true;
}

interface Candidate {
  id: string;
  d: number;
  f: string;
}

function compareCandidates(order: "asc" | "desc") {
  const dir = order === "asc" ? 1 : -1;
  return (a: Candidate, b: Candidate) => {
    if (a.d !== b.d) return a.d - b.d;
    if (a.f !== b.f) {
      // Rows without a follow-up date come last in both directions.
      if (a.f === NO_FOLLOW_UP_SORT) return 1;
      if (b.f === NO_FOLLOW_UP_SORT) return -1;
      return a.f < b.f ? -dir : dir;
    }
    return a.id < b.id ? -dir : a.id > b.id ? dir : 0;
  };
}

async function loadProspects(kv: Deno.Kv, ids: string[]): Promise<Prospect[]> {
  const entries = await getRecords(kv, ids);
  return entries.filter((e) => e.value !== null).map((e) => withVersion(e as ProspectEntry));
}

/** Finds one page of prospects and the total (spec §7 GET /api/prospects). */
export async function searchProspects(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult> {
  const kind = spec.search ? searchKind(spec.search) : null;
  if (spec.customerId !== undefined) {
    const idx = await kv.get<string>(prospectByCustomerIdKey(spec.customerId));
    return await fromRecords(kv, spec, idx.value ? [idx.value] : []);
  }
  if (kind?.kind === "digits") {
    const ids = new Set<string>();
    const n = Number(kind.value);
    if (kind.value && kind.value.length <= 15 && Number.isSafeInteger(n)) {
      const idx = await kv.get<string>(prospectByCustomerIdKey(n));
      if (idx.value) ids.add(idx.value);
    }
    const phone = kind.phone;
    if (phone.length >= 3) {
      const family = prospectByPhoneKey("", "").slice(0, 1);
      for (const id of await prefixIds(kv, family, phone)) ids.add(id);
    }
    return await fromRecords(kv, spec, [...ids]);
  }
  const emailPrefix = kind?.kind === "email"
    ? kind.value
    : (spec.email && spec.email.length >= 3 ? spec.email.toLowerCase() : null);
  if (emailPrefix) {
    const family = prospectByEmailKey("", "").slice(0, 1);
    return await fromRecords(kv, spec, await prefixIds(kv, family, emailPrefix));
  }
  const nameWords = kind?.kind === "name" ? kind.words : null;
  if (spec.lastName || spec.firstName || nameWords) return await byName(kv, spec, nameWords);
  return await ordered(kv, spec);
}

/** Ids under [family, prefix…] for a string prefix (phone digits, lower-cased e-mail). */
async function prefixIds(kv: Deno.Kv, family: Deno.KvKey, prefix: string): Promise<string[]> {
  const out: string[] = [];
  const iter = kv.list({
    start: [...family, prefix],
    end: [...family, prefix + "\uffff"],
  }, { limit: LOOKUP_CAP, batchSize: 500 });
  for await (const e of iter) out.push(e.key[e.key.length - 1] as string);
  return out;
}

/** Filters loaded records in memory: for the small candidate sets of exact lookups. */
async function fromRecords(kv: Deno.Kv, spec: SearchSpec, ids: string[]): Promise<SearchResult> {
  const recs = (await loadProspects(kv, ids)).filter((p) => matchesSpec(p, spec));
  const cmp = compareCandidates(spec.order);
  const sortKey = spec.sort === "urgency" ? urgencySortKey : followUpSortKey;
  const cand = (p: Prospect): Candidate => ({ id: p.id, d: doneFlag(p), f: sortKey(p) });
  recs.sort((a, b) => cmp(cand(a), cand(b)));
  return {
    items: recs.slice(spec.offset, spec.offset + spec.limit),
    total: recs.length,
    approximate: ids.length >= LOOKUP_CAP || undefined,
  };
}

const segmentsOf = (spec: SearchSpec) => (spec.showCompleted ? [0, 1] : [0]);

function facetsMatch(f: Facets, spec: SearchSpec): boolean {
  if (spec.clubIds && !spec.clubIds.includes(f.c)) return false;
  if (spec.sellStatuses && !spec.sellStatuses.includes(f.s)) return false;
  if (spec.assignee && f.a !== spec.assignee) return false;
  return true;
}

/** Every numeric club id (for a name search over a whole project). */
async function allClubIds(kv: Deno.Kv): Promise<number[]> {
  const out: number[] = [];
  for await (const e of kv.list({ prefix: clubByNumberKey(0).slice(0, 1) })) {
    out.push(e.key[1] as number);
  }
  return out;
}

type NameRange = { family: (...p: Deno.KvKeyPart[]) => Deno.KvKey; prefix: string };

/** The candidates of name prefix ranges of these clubs and segments (values carry facets). */
async function nameCandidates(
  kv: Deno.Kv,
  spec: SearchSpec,
  ranges: NameRange[],
  clubs: number[],
  segments: number[],
): Promise<{ cands: Candidate[]; capped: boolean }> {
  const mp = spec.marketProjectId;
  const seen = new Set<string>();
  const cands: Candidate[] = [];
  let scanned = 0;
  let capped = false;
  for (const d of segments) {
    for (const r of ranges) {
      const lists = await Promise.all(clubs.map(async (club) => {
        const out: Deno.KvEntry<Facets>[] = [];
        const iter = kv.list<Facets>({
          start: r.family(mp, club, d, r.prefix),
          end: r.family(mp, club, d, r.prefix + "\uffff"),
        }, { batchSize: 200 });
        for await (const e of iter) {
          out.push(e);
          if (out.length > SCAN_CAP) break;
        }
        return out;
      }));
      for (const e of lists.flat()) {
        if (++scanned > SCAN_CAP) {
          capped = true;
          break;
        }
        const id = e.key[e.key.length - 1] as string;
        if (seen.has(id) || !facetsMatch(e.value, spec)) continue;
        seen.add(id);
        cands.push({ id, d, f: e.value.f });
      }
    }
  }
  return { cands, capped };
}

/** Name prefix search over the per-project-and-club folded name indexes (values carry facets). */
async function byName(
  kv: Deno.Kv,
  spec: SearchSpec,
  words: string[] | null,
): Promise<SearchResult> {
  const walked = await byNameOverProject(kv, spec);
  if (walked) return walked;
  const ranges: NameRange[] = [];
  if (spec.lastName) {
    ranges.push({ family: prospectsByLastNamePrefix, prefix: foldName(spec.lastName) });
  } else if (spec.firstName) {
    ranges.push({ family: prospectsByFirstNamePrefix, prefix: foldName(spec.firstName) });
  } else if (words && words.length > 1) {
    ranges.push({ family: prospectsByLastNamePrefix, prefix: words[words.length - 1] });
  } else if (words) {
    ranges.push({ family: prospectsByFirstNamePrefix, prefix: words[0] });
    ranges.push({ family: prospectsByLastNamePrefix, prefix: words[0] });
  }
  // The name indexes are per club: read the ranges of the clubs asked for (the grid always sends
  // the user's clubs), or of every club when the search covers the whole project.
  const clubs = spec.clubIds ?? await allClubIds(kv);
  const { cands, capped } = await nameCandidates(kv, spec, ranges, clubs, segmentsOf(spec));
  // Filters the name index does not cover need the records.
  const needsRecords = !!(spec.tag || spec.email || spec.registerFrom || spec.registerTo ||
    (spec.firstName && spec.lastName) || (words && words.length > 1) ||
    ((spec.firstName || spec.lastName) && spec.search) || spec.sort === "urgency");
  if (needsRecords) return await fromRecords(kv, spec, cands.map((c) => c.id));
  cands.sort(compareCandidates(spec.order));
  const page = cands.slice(spec.offset, spec.offset + spec.limit);
  return {
    items: await loadProspects(kv, page.map((c) => c.id)),
    total: cands.length,
    approximate: capped || undefined,
  };
}

/**
 * The cost model of a name prefix over a whole project, in name index entries read (~3.2 µs each
 * at 1M, the clubs' ranges read in parallel): the per-club ranges cost this much more per segment
 * (200 ranges ≈ 4.6 ms), and an entry of the walk along the one project range ~1.2 entries
 * (docs/performance.md).
 */
const NAME_SCAN_OVERHEAD = 1_400;
const WALK_ENTRY_COST = 1.2;

/**
 * One name prefix (first or last name, up to NAME_COUNT_LEN letters) over a whole project and no
 * other filter: the total and each segment's matches from the project's name-prefix
 * counters, so only the segment(s) the page falls in are read — along the project index in
 * follow-up order (its values carry the folded names) when the page is near its start for the
 * prefix's density, else from the per-club name ranges. Answers null (the per-club ranges answer
 * the whole search) when other filters need them, or past the scan cap.
 */
async function byNameOverProject(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult | null> {
  if (
    spec.clubIds || spec.sellStatuses || spec.assignee || spec.tag || spec.email ||
    spec.registerFrom || spec.registerTo || spec.search || spec.sort === "urgency" ||
    !spec.firstName === !spec.lastName
  ) return null;
  const field = spec.firstName ? NAME_FIRST : NAME_LAST;
  const prefix = foldName(spec.firstName ?? spec.lastName ?? "");
  if (!prefix || [...prefix].length > NAME_COUNT_LEN) return null;
  const mp = spec.marketProjectId;
  const segs = segmentsOf(spec);
  const counts = (await getManyChunked(
    kv,
    segs.flatMap((d) => [namePrefixTotalKey(mp, field, prefix, d), prospectTotalKey("p", mp, d)]),
  )).map((e) => counterValue(e.value));
  const total = segs.reduce((n, _, i) => n + counts[2 * i], 0);
  const ids: string[] = [];
  let skip = spec.offset;
  for (let i = 0; i < segs.length && ids.length < spec.limit; i++) {
    const [matches, size] = [counts[2 * i], counts[2 * i + 1]];
    if (skip >= matches) {
      skip -= matches; // the page starts after this segment's matches: nothing to read here
      continue;
    }
    const want = Math.min(skip + spec.limit - ids.length, matches);
    const walk = Math.min(size, Math.ceil(want * size / matches));
    const names: SegmentNames = { spec, d: segs[i], field, prefix };
    const found = walk * WALK_ENTRY_COST <= matches + NAME_SCAN_OVERHEAD
      ? await walkNames(kv, names, want, walk)
      : await scanNames(kv, names);
    if (!found) return null;
    ids.push(...found.slice(skip, want));
    skip = 0;
  }
  return { items: await loadProspects(kv, ids), total };
}

/** The prospects of one segment of a project whose first or last name starts with a prefix. */
interface SegmentNames {
  spec: SearchSpec;
  d: number;
  field: number;
  prefix: string;
}

/** The first `want` ids of the segment along the project index (`estimate` entries to read). */
async function walkNames(
  kv: Deno.Kv,
  { spec, d, field, prefix }: SegmentNames,
  want: number,
  estimate: number,
): Promise<string[]> {
  const batchSize = Math.min(Math.max(Math.ceil(estimate * 1.2), 20), 500);
  const range = prospectsByProjectPrefix(spec.marketProjectId, d);
  const iter = spec.order === "desc"
    ? listDescUndatedLast(kv, range, undefined, batchSize)
    : kv.list<ProjectNames>({ prefix: range }, { batchSize });
  const ids: string[] = [];
  for await (const e of iter) {
    if (!(e.value as ProjectNames)[field].startsWith(prefix)) continue;
    ids.push(keyId(e.key));
    if (ids.length >= want) break;
  }
  return ids;
}

/**
 * Every id of a segment whose name starts with the prefix, in page order (per-club ranges); null
 * past SCAN_CAP matches (the whole search then answers with an approximate total).
 */
async function scanNames(
  kv: Deno.Kv,
  { spec, d, field, prefix }: SegmentNames,
): Promise<string[] | null> {
  const family = field === NAME_FIRST ? prospectsByFirstNamePrefix : prospectsByLastNamePrefix;
  const clubs = await allClubIds(kv);
  const { cands, capped } = await nameCandidates(kv, spec, [{ family, prefix }], clubs, [d]);
  return capped ? null : cands.sort(compareCandidates(spec.order)).map((c) => c.id);
}

/** The ordered index ranges (one per club × status combination) for the filters given. */
function orderedRanges(spec: SearchSpec, d: number): { prefix: Deno.KvKey; facets: boolean }[] {
  const mp = spec.marketProjectId;
  if (spec.sort === "urgency") {
    // Urgency indexes are per club (a whole project: every club, resolved by the caller);
    // urgencyInMemory handles the other filters.
    return (spec.clubIds ?? []).map((c) => ({
      prefix: prospectsByProjectClubUrgencyPrefix(mp, c, d),
      facets: false,
    }));
  }
  if (spec.assignee) {
    return [{ prefix: prospectsByAssigneePrefix(spec.assignee, mp, d), facets: true }];
  }
  const clubs = spec.clubIds;
  const statuses = spec.sellStatuses;
  if (clubs && statuses) {
    return clubs.flatMap((c) =>
      statuses.map((s) => ({
        prefix: prospectsByProjectClubStatusPrefix(mp, c, s, d),
        facets: false,
      }))
    );
  }
  if (clubs) {
    return clubs.map((c) => ({ prefix: prospectsByProjectClubPrefix(mp, c, d), facets: false }));
  }
  if (statuses) {
    return statuses.map((s) => ({
      prefix: prospectsByProjectStatusPrefix(mp, s, d),
      facets: false,
    }));
  }
  return [{ prefix: prospectsByProjectPrefix(mp, d), facets: false }];
}

/** The counters that hold the total of an unfiltered ordered range. */
function totalKeys(spec: SearchSpec, d: number): Deno.KvKey[] {
  const mp = spec.marketProjectId;
  if (spec.assignee) return [prospectTotalKey("ap", spec.assignee, mp, d)];
  const clubs = spec.clubIds;
  const statuses = spec.sellStatuses;
  if (clubs && statuses) {
    return clubs.flatMap((c) => statuses.map((s) => prospectTotalKey("pcs", mp, c, s, d)));
  }
  if (clubs) return clubs.map((c) => prospectTotalKey("pc", mp, c, d));
  if (statuses) return statuses.map((s) => prospectTotalKey("ps", mp, s, d));
  return [prospectTotalKey("p", mp, d)];
}

/**
 * Merges several ordered ranges (each sorted by followUpSortKey, id at the key's tail) into one
 * stream in that order: a filter over 5–20 clubs reads at most `limit` keys of each.
 */
async function* mergeRanges(
  kv: Deno.Kv,
  prefixes: Deno.KvKey[],
  reverse: boolean,
  limit: number | undefined,
  undatedLast = false,
): AsyncGenerator<Deno.KvEntry<unknown>> {
  const batchSize = limit ? Math.min(Math.max(limit, 10), 500) : 500;
  const iters = prefixes.map((prefix) =>
    reverse && undatedLast
      ? listDescUndatedLast(kv, prefix, limit, batchSize)
      : kv.list({ prefix }, { reverse, limit, batchSize })
  );
  if (iters.length === 1) {
    yield* iters[0];
    return;
  }
  const heads = await Promise.all(iters.map((it) => it.next()));
  const tail = (k: Deno.KvKey) => [k[k.length - 2] as string, k[k.length - 1] as string];
  const before = (a: Deno.KvKey, b: Deno.KvKey) => {
    const [fa, ia] = tail(a);
    const [fb, ib] = tail(b);
    if (undatedLast && reverse && fa !== fb) {
      if (fa === NO_FOLLOW_UP_SORT) return false;
      if (fb === NO_FOLLOW_UP_SORT) return true;
    }
    const lt = fa < fb || (fa === fb && ia < ib);
    return reverse ? !lt : lt;
  };
  while (true) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h.done) continue;
      if (best < 0 || before(h.value.key, (heads[best].value as Deno.KvEntry<unknown>).key)) {
        best = i;
      }
    }
    if (best < 0) return;
    yield heads[best].value as Deno.KvEntry<unknown>;
    heads[best] = await iters[best].next();
  }
}

/** A follow-up range latest date first, then the rows without a date (last, as ascending). */
async function* listDescUndatedLast(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  limit: number | undefined,
  batchSize: number,
): AsyncGenerator<Deno.KvEntry<unknown>> {
  let n = 0;
  const dated = kv.list({ start: prefix, end: [...prefix, NO_FOLLOW_UP_SORT] }, {
    reverse: true,
    limit,
    batchSize,
  });
  for await (const e of dated) {
    n++;
    yield e;
  }
  if (limit !== undefined && n >= limit) return;
  yield* kv.list({ prefix: [...prefix, NO_FOLLOW_UP_SORT] }, {
    reverse: true,
    limit: limit === undefined ? undefined : limit - n,
    batchSize,
  });
}

/** The follow-up ordered indexes: reads offset + size keys when no other filter applies. */
async function ordered(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult> {
  const facetFilter = !!spec.assignee && !!(spec.clubIds || spec.sellStatuses);
  const recordFilter = !!(spec.tag || spec.email || spec.registerFrom || spec.registerTo ||
    spec.search);
  const want = spec.offset + spec.limit;
  const reverse = spec.order === "desc";
  if (spec.sort === "urgency" && (recordFilter || spec.assignee || spec.sellStatuses)) {
    return await urgencyInMemory(kv, spec);
  }

  if (!facetFilter && !recordFilter) {
    const segs = segmentsOf(spec);
    // Urgency over a whole project merges every club's urgency range (the totals stay per project).
    const rangeSpec = spec.sort === "urgency" && !spec.clubIds
      ? { ...spec, clubIds: await allClubIds(kv) }
      : spec;
    const [counts, ids] = await Promise.all([
      getManyChunked(kv, segs.flatMap((d) => totalKeys(spec, d))),
      (async () => {
        const out: string[] = [];
        for (const d of segs) {
          const ranges = orderedRanges(rangeSpec, d).map((r) => r.prefix);
          const undatedLast = spec.sort !== "urgency";
          for await (const e of mergeRanges(kv, ranges, reverse, want, undatedLast)) {
            out.push(e.key[e.key.length - 1] as string);
            if (out.length >= want) break;
          }
          if (out.length >= want) break;
        }
        return out;
      })(),
    ]);
    const total = counts.reduce((n, e) => n + counterValue(e.value), 0);
    return { items: await loadProspects(kv, ids.slice(spec.offset, want)), total };
  }

  // Post-filtered scan: walks the narrowest range to the end to count (docs/prospects.md).
  let total = 0;
  let scanned = 0;
  let capped = false;
  const page: Prospect[] = [];
  const pageIds: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    for (const p of await loadProspects(kv, batch)) {
      if (!matchesSpec(p, spec)) continue;
      if (total >= spec.offset && total < want) page.push(p);
      total++;
    }
    batch = [];
  };
  outer: for (const d of segmentsOf(spec)) {
    const ranges = orderedRanges(spec, d);
    const prefixes = ranges.map((r) => r.prefix);
    for await (const e of mergeRanges(kv, prefixes, reverse, undefined, spec.sort !== "urgency")) {
      if (++scanned > SCAN_CAP) {
        capped = true;
        break outer;
      }
      const id = e.key[e.key.length - 1] as string;
      if (ranges[0].facets && !facetsMatch(e.value as Facets, spec)) continue;
      if (recordFilter) {
        batch.push(id);
        if (batch.length >= 200) await flush();
      } else {
        if (total >= spec.offset && total < want) pageIds.push(id);
        total++;
      }
    }
  }
  await flush();
  const items = recordFilter ? page : await loadProspects(kv, pageIds);
  return { items, total, approximate: capped || undefined };
}

/**
 * Urgency order under filters the urgency indexes do not cover (sell status, assignee, record
 * filters): the candidates of the narrowest follow-up range (at most LOOKUP_CAP), filtered and
 * sorted in memory (docs/activity.md).
 */
async function urgencyInMemory(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult> {
  const byFollowUp: SearchSpec = { ...spec, sort: "followUpDate" };
  const ids: string[] = [];
  outer: for (const d of segmentsOf(spec)) {
    const ranges = orderedRanges(byFollowUp, d);
    for await (const e of mergeRanges(kv, ranges.map((r) => r.prefix), false, undefined)) {
      if (ranges[0].facets && !facetsMatch(e.value as Facets, spec)) continue;
      ids.push(e.key[e.key.length - 1] as string);
      if (ids.length >= LOOKUP_CAP) break outer;
    }
  }
  return await fromRecords(kv, spec, ids);
}

/**
 * The candidates of today's list for these clubs: their web leads awaiting a first contact (any
 * project) and, in these projects, the open prospects whose activity is Escalated, Notified or
 * ToDo (the urgency index's weights 0–2), at most LOOKUP_CAP ids per range. The caller checks
 * each record (project, visibility) and orders them.
 */
export async function listTodayCandidates(
  kv: Deno.Kv,
  clubIds: number[],
  marketProjectIds: number[],
): Promise<Prospect[]> {
  const ids = new Set<string>();
  const take = async (sel: Deno.KvListSelector) => {
    for await (const e of kv.list(sel, { limit: LOOKUP_CAP, batchSize: 500 })) {
      ids.add(keyId(e.key));
    }
  };
  const ranges: Deno.KvListSelector[] = [];
  for (const c of clubIds) {
    ranges.push({ prefix: prospectsAwaitingContactPrefix(c) });
    for (const mp of marketProjectIds) {
      // Weights 0–2, and every web lead awaiting contact ("!…", urgencySortKey).
      ranges.push({
        start: prospectsByProjectClubUrgencyPrefix(mp, c, 0, "!"),
        end: prospectsByProjectClubUrgencyPrefix(mp, c, 0, "3|"),
      });
    }
  }
  for (let i = 0; i < ranges.length; i += 16) await Promise.all(ranges.slice(i, i + 16).map(take));
  return await loadProspects(kv, [...ids]);
}

/**
 * Every live prospect of a project that matches a spec, in follow-up order (open ones first, then
 * the completed when asked), read along the project index in batches: an export of 100,000 rows
 * starts at once and never holds them all.
 */
export async function* walkProspects(kv: Deno.Kv, spec: SearchSpec): AsyncGenerator<Prospect> {
  for (const d of spec.showCompleted ? [0, 1] : [0]) {
    let ids: string[] = [];
    const flush = async function* () {
      for (const p of await loadProspects(kv, ids)) if (matchesSpec(p, spec)) yield p;
      ids = [];
    };
    const iter = kv.list({ prefix: prospectsByProjectPrefix(spec.marketProjectId, d) }, {
      batchSize: 500,
    });
    for await (const e of iter) {
      ids.push(keyId(e.key));
      if (ids.length >= 200) yield* flush();
    }
    yield* flush();
  }
}

/** Soft-deleted prospects of a project, newest deletion first (admins). */
export async function listDeletedProspects(
  kv: Deno.Kv,
  marketProjectId: number,
  offset: number,
  limit: number,
): Promise<SearchResult> {
  const keys = await listAll<string>(kv, prospectsDeletedPrefix(marketProjectId), {
    reverse: true,
  });
  const ids = keys.map((e) => keyId(e.key));
  return { items: await loadProspects(kv, ids.slice(offset, offset + limit)), total: ids.length };
}
