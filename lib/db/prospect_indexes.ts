/**
 * The one mapping from a prospect record to its KV index entries, counters and events. The app's
 * write path, the bulk generator and the consistency test all use these pure functions, so their
 * keys are identical; the activity and report modules add their keys here, in one place.
 */
import { encodeRecord } from "@/lib/db/prospect_record.ts";
import * as K from "@/lib/db/keys.ts";
import { addDelta, addToCounter, sameKey } from "@/lib/db/kv.ts";
import { addLiveChanges, type LiveChange, liveChanges } from "@/lib/db/live_changes.ts";
import { type ClubDistricts, reportMutations } from "@/lib/db/report_keys.ts";
import {
  awaitingFirstContact,
  foldName,
  followUpSortKey,
  isCompleted,
  NO_SELL_STATUS,
  normalizePhone,
  type Prospect,
} from "@/lib/domain/prospect.ts";

export interface IndexEntry {
  key: Deno.KvKey;
  value: unknown;
}

/**
 * The value of an index entry whose key ends with the prospect id: readers take the id from the key
 * (`keyId`), so the value carries nothing.
 */
export const ID_IN_KEY = 0;
/** The prospect id an index entry's key ends with. */
export const keyId = (key: Deno.KvKey) => key[key.length - 1] as string;

/**
 * The value of name and assignee index entries: enough to filter by club, status and assignee and
 * to sort by follow-up date without reading the record (f = follow-up sort key, c = clubId,
 * s = sell status or "", a = assignee e-mail or "").
 */
export interface Facets {
  f: string;
  c: number;
  s: string;
  a: string;
}

/** 1 for a prospect whose work is done (a done sell status or cleaned), else 0: the keys' segment. */
export const doneFlag = (p: Prospect) => (isCompleted(p) ? 1 : 0);
/** The sell status as a key part (none: NO_SELL_STATUS). */
export const statusPart = (p: Pick<Prospect, "sellStatus">) => p.sellStatus ?? NO_SELL_STATUS;
/** The assignee's e-mail, lower-cased, as a key part ("" for nobody). */
export const assigneePart = (p: Pick<Prospect, "assignId">) => (p.assignId ?? "").toLowerCase();

/** Phone digits in one national form: +46 7…, 0046 7… and 07… index the same. */
export const phoneKeyPart = (phone: string): string => normalizePhone(phone);

/**
 * Urgency order in one key part: web leads awaiting their first contact first ("!" sorts before
 * every digit; "!weight|registerDate", oldest first), then activity weight (lower = more urgent),
 * then follow-up date ("weight|followUpSortKey").
 */
export const urgencySortKey = (
  p: Pick<
    Prospect,
    | "activityStatusWeigth"
    | "followUpDate"
    | "source"
    | "firstContactAt"
    | "deleted"
    | "sellStatus"
    | "activityStatus"
    | "registerDate"
  >,
) =>
  awaitingFirstContact(p)
    ? `!${p.activityStatusWeigth}|${p.registerDate}`
    : `${p.activityStatusWeigth}|${followUpSortKey(p)}`;

export function facetsOf(p: Prospect): Facets {
  return { f: followUpSortKey(p), c: p.clubId, s: statusPart(p), a: assigneePart(p) };
}

/**
 * The value of a project index entry: the folded first and last name, so a name prefix
 * over a whole project walks that index in follow-up order without reading records.
 */
export type ProjectNames = [first: string, last: string];
/** The places of the first and the last name in ProjectNames and the name counters. */
export const NAME_FIRST = 0;
export const NAME_LAST = 1;
/** Name prefixes of 1 to NAME_COUNT_LEN letters are counted per project (the walk's total). */
export const NAME_COUNT_LEN = 4;
/** The counted prefixes of a folded name: its first 1…NAME_COUNT_LEN letters. */
export function namePrefixes(folded: string): string[] {
  const letters = [...folded].slice(0, NAME_COUNT_LEN);
  return letters.map((_, i) => letters.slice(0, i + 1).join(""));
}
/** The counter of live prospects of a project and segment whose folded name starts with prefix. */
export const namePrefixTotalKey = (mp: number, field: number, prefix: string, d: number) =>
  K.prospectTotalKey("pn", mp, field, prefix, d);

/** Every index entry of a record (not the record itself). Deleted records keep only history keys. */
export function prospectIndexEntries(p: Prospect): IndexEntry[] {
  const id = p.id;
  const out: IndexEntry[] = [{ key: K.prospectByCustomerIdKey(p.customerId), value: id }];
  const mp = p.marketProjectId;
  if (p.deleted) {
    // Deleted and erased ones stay in the change feed: it says they were.
    out.push(changeFeedEntry(p));
    out.push({ key: K.prospectsDeletedPrefix(mp, p.deletedAt ?? "", id), value: ID_IN_KEY });
    return out;
  }
  const d = doneFlag(p);
  const fu = followUpSortKey(p);
  const s = statusPart(p);
  const facets = facetsOf(p);
  const names: ProjectNames = [foldName(p.firstName), foldName(p.lastName)];
  out.push(
    { key: K.prospectsByProjectPrefix(mp, d, fu, id), value: names },
    { key: K.prospectsByProjectClubPrefix(mp, p.clubId, d, fu, id), value: ID_IN_KEY },
    { key: K.prospectsByProjectStatusPrefix(mp, s, d, fu, id), value: ID_IN_KEY },
    { key: K.prospectsByProjectClubStatusPrefix(mp, p.clubId, s, d, fu, id), value: ID_IN_KEY },
    { key: K.prospectsByFirstNamePrefix(mp, p.clubId, d, names[NAME_FIRST], id), value: facets },
    { key: K.prospectsByLastNamePrefix(mp, p.clubId, d, names[NAME_LAST], id), value: facets },
  );
  const a = assigneePart(p);
  if (a) out.push({ key: K.prospectsByAssigneePrefix(a, mp, d, fu, id), value: facets });
  const phone = phoneKeyPart(p.phoneNumber);
  if (phone) out.push({ key: K.prospectByPhoneKey(phone, id), value: ID_IN_KEY });
  if (p.email) out.push({ key: K.prospectByEmailKey(p.email.toLowerCase(), id), value: ID_IN_KEY });
  if (awaitingFirstContact(p)) {
    out.push({
      key: K.prospectsAwaitingContactPrefix(p.clubId, p.registerDate, id),
      value: ID_IN_KEY,
    });
  }
  out.push(...clockIndexEntries(p, d));
  return out;
}

/** The change feed's entry: the prospect by its last change. */
const changeFeedEntry = (p: Prospect): IndexEntry => ({
  key: K.prospectsByUpdatedPrefix(p.updatedAt ?? p.registerDate, p.id),
  value: ID_IN_KEY,
});

/**
 * The index entries of a live record that the activity clock's fields move (next transition,
 * urgency order), `d` its done flag. (The daily report's new prospects per club come from the
 * reports' first-in keys.)
 */
function clockIndexEntries(p: Prospect, d: number): IndexEntry[] {
  // Every write moves updatedAt, and with it the change feed's entry.
  const out: IndexEntry[] = [changeFeedEntry(p)];
  if (p.nextTransitionAt && !isCompleted(p)) {
    out.push({
      key: K.prospectsByNextTransitionPrefix(p.nextTransitionAt, p.id),
      value: ID_IN_KEY,
    });
  }
  // Activity engine: urgency order.
  const u = urgencySortKey(p);
  out.push({
    key: K.prospectsByProjectClubUrgencyPrefix(p.marketProjectId, p.clubId, d, u, p.id),
    value: ID_IN_KEY,
  });
  return out;
}

/**
 * Whether two live records of one prospect have the same index entries but the clock's
 * (clockIndexEntries): equal in every other field prospectIndexEntries reads. Most writes of the
 * activity clock are such (tests/unit/prospect_model_test.ts compares the diff it gives with both
 * records' whole entries for random pairs).
 */
function sameEntriesButClock(a: Prospect, b: Prospect): boolean {
  return !a.deleted && !b.deleted && a.id === b.id && a.customerId === b.customerId &&
    a.marketProjectId === b.marketProjectId && a.clubId === b.clubId &&
    a.followUpDate === b.followUpDate && a.sellStatus === b.sellStatus &&
    a.assignId === b.assignId && a.firstName === b.firstName && a.lastName === b.lastName &&
    a.phoneNumber === b.phoneNumber && a.email === b.email && doneFlag(a) === doneFlag(b) &&
    awaitingFirstContact(a) === awaitingFirstContact(b);
}

/** The name-prefix counters a live record of segment d adds 1 to. */
export function nameCountKeys(
  p: Pick<Prospect, "marketProjectId" | "firstName" | "lastName">,
  d: number,
): Deno.KvKey[] {
  return [NAME_FIRST, NAME_LAST].flatMap((field) =>
    namePrefixes(foldName(field === NAME_FIRST ? p.firstName : p.lastName))
      .map((prefix) => namePrefixTotalKey(p.marketProjectId, field, prefix, d))
  );
}

/** The totals a live record adds 1 to (x-total-elements without scanning). */
export function prospectTotalKeys(p: Prospect): Deno.KvKey[] {
  if (p.deleted) return [];
  const d = doneFlag(p);
  const s = statusPart(p);
  const mp = p.marketProjectId;
  const keys: Deno.KvKey[] = [
    K.prospectTotalKey("p", mp, d),
    K.prospectTotalKey("pc", mp, p.clubId, d),
    K.prospectTotalKey("ps", mp, s, d),
    K.prospectTotalKey("pcs", mp, p.clubId, s, d),
  ];
  const a = assigneePart(p);
  if (a) keys.push(K.prospectTotalKey("ap", a, mp, d));
  keys.push(...nameCountKeys(p, d));
  return keys;
}

/** Counters the reference data guards read: every prospect, deleted ones included (history). */
export function referenceCounterKeys(p: Prospect): Deno.KvKey[] {
  return [K.prospectCountByClubKey(p.clubId), K.prospectCountByProjectKey(p.marketProjectId)];
}

/**
 * Every counter a record's state alone adds 1 to (its totals and the reference guards' counts). A
 * write moves these by the difference of two states, so a run of writes from nothing moves them
 * by the last record's alone (the generator relies on it).
 */
export function stateCounterKeys(p: Prospect): Deno.KvKey[] {
  return [...prospectTotalKeys(p), ...referenceCounterKeys(p)];
}

/**
 * Whether two records add 1 to the same state counters: equal in every field stateCounterKeys
 * reads (tests/unit/prospect_model_test.ts checks it against the keys of random pairs).
 */
export function sameStateCounters(a: Prospect, b: Prospect): boolean {
  if (a.marketProjectId !== b.marketProjectId || a.clubId !== b.clubId) return false;
  if (a.deleted || b.deleted) return !!a.deleted === !!b.deleted;
  return doneFlag(a) === doneFlag(b) && statusPart(a) === statusPart(b) &&
    assigneePart(a) === assigneePart(b) && a.firstName === b.firstName &&
    a.lastName === b.lastName;
}

export interface ProspectDiff {
  deletes: Deno.KvKey[];
  sets: IndexEntry[];
  /** The search totals and name counts, summed in the write's atomic. */
  counters: { key: Deno.KvKey; delta: number }[];
  /** The report counters' deltas, set as pending entries (lib/db/report_pending.ts). */
  report: { key: Deno.KvKey; delta: number }[];
  /** What the live desk's streams see of the write (lib/db/live_changes.ts). */
  live: LiveChange[];
}

/** Equal index values: the same primitives, or arrays and plain objects of equal parts. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!sameValue(x[k], y[k])) return false;
  return true;
}

/**
 * What one write changes: index keys to delete and set, counters to move (before/after may be null).
 * `at`: the write's instant, `timeZone` the zone of the report days, `districts` the clubs'
 * districts (the district buckets; lib/db/report_keys.ts).
 */
export function diffProspectKeys(
  before: Prospect | null,
  after: Prospect | null,
  at: string,
  timeZone: string,
  districts: ClubDistricts,
): ProspectDiff {
  // A write that moves only the clock's entries (most of the activity clock's) builds only those.
  const clockOnly = before && after && sameEntriesButClock(before, after);
  const entriesOf = (p: Prospect) =>
    clockOnly ? clockIndexEntries(p, doneFlag(p)) : prospectIndexEntries(p);
  const old = before ? entriesOf(before) : [];
  const next = after ? entriesOf(after) : [];
  const kept = new Array<boolean>(old.length).fill(false);
  const deletes: Deno.KvKey[] = [];
  const sets: IndexEntry[] = [];
  for (const e of next) {
    let i = 0;
    while (i < old.length && (kept[i] || !sameKey(old[i].key, e.key))) i++;
    if (i === old.length) sets.push(e);
    else {
      kept[i] = true;
      if (!sameValue(old[i].value, e.value)) sets.push(e);
    }
  }
  for (let i = 0; i < old.length; i++) if (!kept[i]) deletes.push(old[i].key);
  const deltas: { key: Deno.KvKey; delta: number }[] = [];
  const move = (keys: Deno.KvKey[], delta: number) => {
    for (const key of keys) addDelta(deltas, key, delta);
  };
  // Most writes (the activity clock's, a note) move none: the ~26 keys of each side would cancel.
  if (!(before && after && sameStateCounters(before, after))) {
    if (before) move(stateCounterKeys(before), -1);
    if (after) move(stateCounterKeys(after), 1);
  }
  const report = reportMutations(before, after, at, timeZone, districts);
  deletes.push(...report.deletes);
  sets.push(...report.sets);
  const counters = deltas.filter((c) => c.delta !== 0);
  return {
    deletes,
    sets,
    counters,
    report: report.counterDeltas.filter((c) => c.delta !== 0),
    live: liveChanges(before, after),
  };
}

export type ProspectEventType =
  | "create"
  | "delete"
  | "restore"
  | "sellStatus"
  | "activity"
  | "assign"
  | "autoAssign"
  | "followUp"
  | "merge";

/** One history entry (stored packed per write: EventPack); reports were backfilled from these. */
export interface ProspectEvent {
  id: string;
  prospectId: string;
  at: string;
  type: ProspectEventType;
  from: string | null;
  to: string | null;
  userId: string | null;
  marketProjectId: number;
  clubId: number;
}

/** The events a write produces (what changed between before and after). */
export function prospectEvents(
  before: Prospect | null,
  after: Prospect,
  meta: {
    at: string;
    userId: string | null;
    newId: () => string;
    /** A new prospect's assignee was chosen by the club's automatic assignment. */
    autoAssigned?: boolean;
  },
): ProspectEvent[] {
  const base = {
    prospectId: after.id,
    at: meta.at,
    userId: meta.userId,
    marketProjectId: after.marketProjectId,
    clubId: after.clubId,
  };
  const ev = (type: ProspectEventType, from: string | null, to: string | null): ProspectEvent => ({
    id: meta.newId(),
    ...base,
    type,
    from,
    to,
  });
  if (!before) {
    const out = [ev("create", null, after.sellStatus)];
    if (after.assignId) {
      out.push(ev(meta.autoAssigned ? "autoAssign" : "assign", null, after.assignId));
    }
    if (after.followUpDate) out.push(ev("followUp", null, after.followUpDate));
    if (after.activityStatus !== "Paused") out.push(ev("activity", "Paused", after.activityStatus));
    return out;
  }
  const out: ProspectEvent[] = [];
  if (!before.deleted && after.deleted) out.push(ev("delete", null, null));
  if (before.deleted && !after.deleted) out.push(ev("restore", null, null));
  if (before.sellStatus !== after.sellStatus) {
    out.push(ev("sellStatus", before.sellStatus, after.sellStatus));
  }
  if (before.activityStatus !== after.activityStatus) {
    out.push(ev("activity", before.activityStatus, after.activityStatus));
  }
  if ((before.assignId ?? null) !== (after.assignId ?? null)) {
    out.push(ev("assign", before.assignId, after.assignId));
  }
  if ((before.followUpDate ?? null) !== (after.followUpDate ?? null)) {
    out.push(ev("followUp", before.followUpDate, after.followUpDate));
  }
  return out;
}

/**
 * How the events of one write are stored: one pack, with what its events share written once. A
 * prospect's packs are one value, ["prospect_history", id]: each write appends its pack
 * in the atomic that sets the record, and every such atomic is checked on the record's versionstamp,
 * so the history read with (or after) the record is the one the write replaces.
 */
export interface EventPack {
  at: string;
  u: string | null;
  mp: number;
  c: number;
  /** [type, from, to] of each event, in the order prospectEvents produced them. */
  ch: [ProspectEventType, string | null, string | null][];
}

/**
 * A history value (or an archived part of one) as stored: the JSON text of its packs, each pack
 * written as [at, u, mp, c, ch] without the field names (a write appends its pack's text to the
 * value read, and KV copies a string where it would serialise every pack's arrays).
 */
export type StoredHistory = string;

type PackTuple = [at: string, u: string | null, mp: number, c: number, ch: EventPack["ch"]];

/** A pack as a history value's text holds it. */
const packText = (p: EventPack) => JSON.stringify([p.at, p.u, p.mp, p.c, p.ch]);

/** The text of these packs, as a history value or an archived part stores it. */
export const historyText = (packs: EventPack[]) => `[${packs.map(packText).join(",")}]`;

const storedText = (v: StoredHistory | null | undefined) => v ?? "";

/** The packs of a stored history value or archived part (none for a missing one). */
export function historyPacks(v: unknown): EventPack[] {
  if (v === null || v === undefined || v === "") return [];
  if (typeof v !== "string") throw new TypeError("a history is stored as its JSON text");
  return (JSON.parse(v) as PackTuple[]).map((p) => ({
    at: p[0],
    u: p[1],
    mp: p[2],
    c: p[3],
    ch: p[4],
  }));
}

/** One write's events as the pack its history entry stores (shared fields once). */
export function packEvents(events: ProspectEvent[]): EventPack {
  const e = events[0];
  return {
    at: e.at,
    u: e.userId,
    mp: e.marketProjectId,
    c: e.clubId,
    ch: events.map((x) => [x.type, x.from, x.to]),
  };
}

/**
 * Past this size the older packs leave the history value for an archive key. SQLite keeps
 * a row of Deno KV's table on its B-tree page only while key and value stay under ~1,000 bytes (the
 * local payload limit of a 4 KiB page); a larger row spills into an overflow page of its own, 4 KiB
 * however little of it is used, so a history a little over the limit leaves most of a page empty
 * (docs/performance.md). Measured in characters of the stored text (historyText),
 * which is what KV stores of it (a string of Latin-1 characters: a byte each, and a few bytes of
 * header); with the key and the row's columns a value of this size stays on its page.
 */
export const HISTORY_MAX_CHARS = 900;

/** The text length of a list of packs from the lengths of its packs' texts. */
const listChars = (lens: number[]) => lens.reduce((a, n) => a + n + 1, 1);

/**
 * A character past Latin-1 (in an assignee's e-mail, say) makes V8 store the whole text two bytes a
 * character: such a text may hold half as many characters.
 */
const WIDE = /[\u0100-\uffff]/;
const charLimit = (wide: boolean) => wide ? HISTORY_MAX_CHARS / 2 : HISTORY_MAX_CHARS;

/** Whether a stored history text is past the limit (and is split at its next write). */
export const historyTextTooLong = (text: string) => text.length > charLimit(WIDE.test(text));

/**
 * A history grown past HISTORY_MAX_CHARS (half as many characters when its text has one past
 * Latin-1): the newest packs that fit in half of it stay (at least the newest one), the older ones
 * leave in chunks of at most that (one, unless the history was written under an older, larger
 * limit). Null when it fits.
 */
export function splitHistory(
  packs: EventPack[],
): { archived: EventPack[][]; kept: EventPack[] } | null {
  const texts = packs.map(packText);
  const lens = texts.map((t) => t.length);
  const limit = charLimit(texts.some((t) => WIDE.test(t)));
  if (listChars(lens) <= limit) return null;
  let cut = packs.length - 1;
  let keptChars = lens[cut] + 2;
  while (cut > 0 && keptChars + lens[cut - 1] + 1 <= limit / 2) {
    keptChars += lens[--cut] + 1;
  }
  const archived: EventPack[][] = [];
  let chunk: EventPack[] = [];
  let chars = 1;
  for (let i = 0; i < cut; i++) {
    if (chunk.length && chars + lens[i] + 1 > limit) {
      archived.push(chunk);
      chunk = [];
      chars = 1;
    }
    chunk.push(packs[i]);
    chars += lens[i] + 1;
  }
  if (chunk.length) archived.push(chunk);
  return { archived, kept: packs.slice(cut) };
}

/**
 * The entries that store a history of these packs, as text: its archived chunks when it is past
 * HISTORY_MAX_CHARS (ids from `archiveId`, in time order), then the value.
 */
export function historyValue(
  prospectId: string,
  packs: EventPack[],
  archiveId: () => string,
): IndexEntry[] {
  const key = K.prospectHistoryKey(prospectId);
  const split = splitHistory(packs);
  if (!split) return [{ key, value: historyText(packs) }];
  return [
    ...split.archived.map((chunk) => ({
      key: K.prospectEventKey(prospectId, archiveId()),
      value: historyText(chunk),
    })),
    { key, value: historyText(split.kept) },
  ];
}

function unpack(prospectId: string, id: string, v: EventPack): ProspectEvent[] {
  return v.ch.map(([type, from, to], i) => ({
    id: i ? `${id}.${i}` : id,
    prospectId,
    at: v.at,
    type,
    from,
    to,
    userId: v.u,
    marketProjectId: v.mp,
    clubId: v.c,
  }));
}

/** The events of one stored entry, oldest first: a history value or an archived part of one. */
export function eventsOfEntry(e: { key: Deno.KvKey; value: unknown }): ProspectEvent[] {
  const prospectId = e.key[1] as string;
  const base = e.key[0] === K.prospectHistoryPrefix()[0] ? "h" : e.key[2] as string;
  return historyPacks(e.value as StoredHistory)
    .flatMap((p, j) => unpack(prospectId, `${base}.${j}`, p));
}

/**
 * What a write sets for its events: the history value with its pack appended (none when nothing
 * changed), as text: the prior value is not parsed unless the result is past HISTORY_MAX_CHARS.
 * Such a history keeps its newest packs; the older ones move to an archive key (time-ordered by
 * `archiveId`), read before it.
 */
export function historyEntries(
  prospectId: string,
  prior: StoredHistory,
  events: ProspectEvent[],
  archiveId: () => string,
): IndexEntry[] {
  if (!events.length) return [];
  const pack = packText(packEvents(events));
  const text = storedText(prior);
  // The text of the packs with this one appended, whose length splitHistory would measure.
  const next = text.length <= 2 ? `[${pack}]` : `${text.slice(0, -1)},${pack}]`;
  if (!historyTextTooLong(next)) return [{ key: K.prospectHistoryKey(prospectId), value: next }];
  return historyValue(prospectId, historyPacks(next), archiveId);
}

/**
 * Adds a write to an atomic: the record, its index diff, counters and history entries. Its report
 * deltas are the caller's to set (PendingReports, one entry per project for every write of the
 * atomic).
 */
export function applyProspectWrite(
  op: Deno.AtomicOperation,
  after: Prospect,
  diff: ProspectDiff,
  history: IndexEntry[],
): Deno.AtomicOperation {
  op.set(K.prospectKey(after.id), encodeRecord(after)); // without the API's version and may
  for (const k of diff.deletes) op.delete(k);
  for (const e of diff.sets) op.set(e.key, e.value);
  for (const c of diff.counters) addToCounter(op, c.key, c.delta);
  for (const e of history) op.set(e.key, e.value);
  addLiveChanges(op, diff.live);
  return op;
}
