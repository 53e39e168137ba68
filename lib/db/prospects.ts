/**
 * Prospects in KV, the write engine: the record ["prospects", id], its index entries and counters
 * (from prospect_indexes.ts) written in one versionstamp-checked atomic, packed with concurrent
 * writes (group commit). Search is in prospect_search.ts. docs/prospects.md explains the keys.
 */
import { getRecord, recordEntry, type StoredProspect } from "@/lib/db/prospect_record.ts";
import {
  customerIdSeqKey,
  noteKey,
  prospectByCustomerIdKey,
  prospectEventKey,
  prospectEventsPrefix,
  prospectHistoryKey,
  prospectKey,
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
  diffProspectKeys,
  eventsOfEntry,
  historyEntries,
  nameCountKeys,
  type ProspectDiff,
  type ProspectEvent,
  prospectEvents,
  type StoredHistory,
} from "@/lib/db/prospect_indexes.ts";
import { type Prospect } from "@/lib/domain/prospect.ts";
import { type ClubDistricts, movesStatusBucket, withReportMarks } from "@/lib/db/report_keys.ts";
import { districtsForWrite } from "@/lib/db/reference.ts";
import { pendingProjects, PendingReports } from "@/lib/db/report_pending.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { prospectWebhookEvents, type WebhookEvent } from "@/lib/domain/webhooks.ts";
import { enqueueEvents, type Subscribers, webhooksOn } from "@/lib/db/webhooks.ts";
import { liveChangeMutations } from "@/lib/db/live_changes.ts";
import {
  addInbox,
  assignmentNotice,
  type InboxDelivery,
  inboxMutations,
} from "@/lib/db/notifications.ts";

export type { StoredProspect };
/**
 * A record as read before a write. `history` is its history value when read in the same snapshot
 * (getProspectsForWrite); without it the write engine reads the history at commit time.
 */
export type ProspectEntry = Deno.KvEntry<StoredProspect> & { history?: StoredHistory };

/** The prospect of a read entry, with its versionstamp as `version`. */
export function withVersion(e: Deno.KvEntry<StoredProspect>): Prospect {
  return { ...e.value, version: e.versionstamp };
}

/** A prospect's entry with its record decoded (value null when none). */
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
    /** The assignee was chosen by automatic assignment (its history says so). */
    autoAssigned?: boolean;
    /** The caller tells the assignee itself (a web lead's own notification). */
    quietAssign?: boolean;
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
    if (!meta.quietAssign) {
      const notice = assignmentNotice(null, rec, meta.userId, meta.at);
      addInbox(op, notice.inbox);
      for (const e of notice.queued) op.set(e.key, e.value);
    }
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
  items: {
    record: StoredProspect;
    guards: Deno.KvEntryMaybe<unknown>[];
    /** The assignee was chosen by automatic assignment. */
    autoAssigned?: boolean;
  }[],
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
  for (const { record, guards, autoAssigned } of items) {
    const rec = withReportMarks(null, { ...record, customerId: ++customerId }, meta.at);
    op.check({ key: prospectByCustomerIdKey(rec.customerId), versionstamp: null });
    for (const g of guards) op.check(g).set(g.key, rec.id);
    const events = prospectEvents(null, rec, { ...meta, autoAssigned, newId: () => ulid() });
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
    const notice = assignmentNotice(null, rec, meta.userId, meta.at);
    addInbox(op, notice.inbox);
    for (const e of notice.queued) op.set(e.key, e.value);
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
  /** The in-app notification of an assignment to someone other than the writer. */
  inbox: InboxDelivery[];
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

/**
 * Every write moves updatedAt to its instant (the change feed's order: an activity transition, a
 * note, an erasure too); a write whose caller dated it itself — a person's edit, a note, an
 * assignment — also moves editedAt, which retention reads.
 */
export function withChangeTime(
  before: StoredProspect | null,
  after: StoredProspect,
  at: string,
): StoredProspect {
  const dated = after.updatedAt !== (before?.updatedAt ?? null);
  const editedAt = dated ? after.updatedAt : (before?.editedAt ?? before?.updatedAt ?? null);
  return { ...after, editedAt, updatedAt: at };
}

/** Who writes, when, the zone of the report days, and entries set in the same atomic. */
export interface WriteMeta {
  userId: string | null;
  at: string;
  timeZone: string;
  also?: { key: Deno.KvKey; value: unknown }[];
  /** History entries the change of fields does not show (e.g. a merge), after its own. */
  events?: { type: "merge"; from: string | null; to: string | null }[];
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
  after = withReportMarks(before.value, withChangeTime(before.value, after, meta.at), meta.at);
  const events = prospectEvents(before.value, after, {
    at: meta.at,
    userId: meta.userId,
    newId: () => ulid(),
  });
  for (const e of meta.events ?? []) {
    events.push({
      id: ulid(),
      prospectId: after.id,
      at: meta.at,
      type: e.type,
      from: e.from,
      to: e.to,
      userId: meta.userId,
      marketProjectId: after.marketProjectId,
      clubId: after.clubId,
    });
  }
  const diff = diffProspectKeys(
    before.value,
    after,
    meta.reportAt ?? after.updatedAt ?? meta.at,
    meta.timeZone,
    meta.districts,
  );
  if (meta.also) diff.sets.push(...meta.also);
  const hooks = webhookEventsOf(before.value, after, meta.at, meta.also);
  const notice = assignmentNotice(before.value, after, meta.userId, meta.at);
  diff.sets.push(...notice.queued);
  return { before, after, events, diff, hooks, inbox: notice.inbox };
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
  pendingProjects(w.diff.report) + (w.events.length ? 1 : 0) + liveChangeMutations(w.diff.live) +
  inboxMutations(w.inbox);

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
    addInbox(op, w.inbox);
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
 * @example
 * const write = prospectWrite(entry, { ...entry.value, activityStatus: "Notified" }, {
 *   userId: null, at, timeZone, reportAt: at, districts: NO_DISTRICTS,
 * });
 * const [res] = await commitWrites(kv, [write]);
 * if (res instanceof Error) throw res;
 * if (res === null) {} // the record moved since `entry` was read: read it again and re-plan
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
 * (docs/performance.md has what it gains). A record in both groups is refused by
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

/**
 * The entries that copy one prospect's whole history (its archived parts and its history value,
 * as stored) to another as archived parts of its own, for a merge's atomic: the copied events read
 * as the other prospect's, each with its own time and user.
 */
export async function historyCopyEntries(
  kv: Deno.Kv,
  fromId: string,
  toId: string,
): Promise<{ key: Deno.KvKey; value: unknown }[]> {
  const [archived, history] = await Promise.all([
    listAll<StoredHistory>(kv, prospectEventsPrefix(fromId)),
    kv.get<StoredHistory>(prospectHistoryKey(fromId)),
  ]);
  const texts = [...archived.map((e) => e.value), history.value ?? ""].filter((t) => t.length > 2);
  return texts.map((value) => ({ key: prospectEventKey(toId, ulid()), value }));
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
