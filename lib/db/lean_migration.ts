/**
 * Migrations 80, 82, 85, 87, 88, 89 and 91 (issue #17): bring a store written before the lean layout
 * to it.
 * Migration 80:
 * - prospect events: the events one write produced, stored one key each, become one EventPack;
 * - report stints: end keys a status change wrote are dropped (the next stint's start ends it);
 * - ["report_current"]: no longer read (today's age report reads the stints), deleted.
 * Each step only rewrites what is still in the old form, so an interrupted run resumes by running
 * again; writes of the app meanwhile are already in the new form and are left alone.
 */
import {
  prospectEventsFamily,
  prospectHistoryKey,
  prospectHistoryPrefix,
  prospectKey,
  prospectsByProjectPrefix,
  prospectsPrefix,
  reportCounterKey,
  reportCurrentKey,
  reportKeptKey,
  reportSnapshotKey,
  reportStintKey,
} from "@/lib/db/keys.ts";
import { listMarketProjects } from "@/lib/db/reference.ts";
import { keepEveryProject } from "@/lib/db/reports.ts";
import {
  addToCounter,
  CounterSums,
  counterValue,
  deletePrefix,
  getManyChunked,
  listAll,
  sameKey,
  ulid,
} from "@/lib/db/kv.ts";
import {
  doneFlag,
  type EventPack,
  historyPacks,
  historyText,
  historyTextTooLong,
  historyValue,
  nameCountKeys,
  packEvents,
  type ProspectEvent,
  prospectIndexEntries,
  splitHistory,
  type StoredHistory,
} from "@/lib/db/prospect_indexes.ts";
import {
  decodeRecord,
  encodeRecord,
  getRecords,
  isObjectForm,
  type StoredProspect,
} from "@/lib/db/prospect_record.ts";
import { bucketsMovedKey, STINT_END, stintFrom, type StintValue } from "@/lib/db/report_keys.ts";

const BATCH = 400;

class Batch {
  #op: Deno.AtomicOperation;
  #n = 0;
  constructor(private kv: Deno.Kv) {
    this.#op = kv.atomic();
  }
  async add(f: (op: Deno.AtomicOperation) => void, mutations: number) {
    if (this.#n + mutations > BATCH) await this.flush();
    f(this.#op);
    this.#n += mutations;
  }
  async flush() {
    if (this.#n) await this.#op.commit();
    this.#op = this.kv.atomic();
    this.#n = 0;
  }
}

const sameWrite = (a: ProspectEvent, b: ProspectEvent) =>
  a.prospectId === b.prospectId && a.at === b.at && a.userId === b.userId &&
  a.marketProjectId === b.marketProjectId && a.clubId === b.clubId;

/** Old single-event entries → one pack per write (same prospect, instant, user, place). */
export async function packOldEvents(kv: Deno.Kv): Promise<number> {
  const batch = new Batch(kv);
  let group: Deno.KvEntry<ProspectEvent>[] = [];
  let packed = 0;
  const flushGroup = async () => {
    if (!group.length) return;
    const g = group;
    group = [];
    await batch.add((op) => {
      for (const e of g.slice(1)) op.delete(e.key);
      op.set(g[0].key, packEvents(g.map((e) => e.value)));
    }, g.length);
    packed++;
  };
  for await (const e of kv.list<EventPack | ProspectEvent>({ prefix: prospectEventsFamily() })) {
    if ("ch" in e.value) {
      await flushGroup();
      continue;
    }
    const ev = e as Deno.KvEntry<ProspectEvent>;
    if (group.length && !sameWrite(group[0].value, ev.value)) await flushGroup();
    group.push(ev);
  }
  await flushGroup();
  await batch.flush();
  return packed;
}

/**
 * End keys that the next stint of the same prospect in the same project and club makes redundant:
 * it began at the end instant and was opened then (a status change), as reportMutations now writes.
 */
export async function dropImpliedStintEnds(kv: Deno.Kv): Promise<number> {
  const batch = new Batch(kv);
  let dropped = 0;
  let place = "";
  // Per prospect of the current (project, club): its stints' starts → from, and its end keys.
  let starts = new Map<string, Map<string, string>>();
  let ends: { id: string; key: Deno.KvKey; at: string }[] = [];
  const settle = async () => {
    for (const end of ends) {
      // (an end at its own stint's start is not a status change's: kept)
      if (end.key[3] === end.at || starts.get(end.id)?.get(end.at) !== end.at) continue;
      await batch.add((op) => op.delete(end.key), 1);
      dropped++;
    }
    starts = new Map();
    ends = [];
  };
  for await (const e of kv.list<StintValue | string>({ prefix: reportStintKey() })) {
    const here = `${String(e.key[1])}|${String(e.key[2])}`;
    if (here !== place) {
      await settle();
      place = here;
    }
    const id = e.key[4] as string;
    if (e.key.length === 5) {
      const mine = starts.get(id) ?? new Map<string, string>();
      mine.set(e.key[3] as string, stintFrom(e.key, e.value as StintValue));
      starts.set(id, mine);
    } else if (e.key[5] === STINT_END) {
      ends.push({ id, key: e.key, at: e.value as string });
    }
  }
  await settle();
  await batch.flush();
  return dropped;
}

export async function leanLayout(kv: Deno.Kv): Promise<void> {
  await packOldEvents(kv);
  await dropImpliedStintEnds(kv);
  await deletePrefix(kv, reportCurrentKey());
}

/**
 * Per atomic of migration 82: prospects (three checks each, KV allows 100) and mutations (1000).
 */
const FOLD_PROSPECTS = 32;
/**
 * Migration 82 folded only the packs that fit in half of the history limit of its time (24,000
 * characters); migration 88 then splits what is past today's HISTORY_MAX_CHARS.
 */
const FOLD_MAX_CHARS = 12_000;
const FOLD_MUTATIONS = 900;

/**
 * Prospects' packs folded into their history values in one atomic. Checked per prospect on its
 * history value (a save in between appended to it: read again) and on its first pack (another
 * instance's migration folded the group meanwhile — a group is folded, i.e. deleted, whole: it is
 * dropped here, so no pack is folded twice), and its record set again (touchRecords): a save that
 * read the history value before this commit fails its check on the record instead of writing over
 * the folded packs.
 */
async function foldBatch(
  kv: Deno.Kv,
  groups: Deno.KvEntry<EventPack>[][],
  afterRead?: () => Promise<void>,
): Promise<void> {
  while (groups.length) {
    const keys = groups.map((g) => prospectHistoryKey(g[0].key[1] as string));
    const [histories, firsts] = await Promise.all([
      getManyChunked<StoredHistory>(kv, keys),
      getManyChunked(kv, groups.map((g) => g[0].key)),
    ]);
    // Read after the history values: a save committed in between fails the history check.
    const records = await getManyChunked(kv, groups.map((g) => prospectKey(g[0].key[1] as string)));
    await afterRead?.();
    const left = groups.filter((_, i) => firsts[i].versionstamp === groups[i][0].versionstamp);
    const op = kv.atomic();
    groups.forEach((g, i) => {
      if (firsts[i].versionstamp !== g[0].versionstamp) return;
      op.check(histories[i]).check(firsts[i]);
      touchRecord(op, records[i]);
      // As text (migration 88 splits those past the limit); the app may have written some meanwhile.
      op.set(keys[i], historyText([...g.map((e) => e.value), ...historyPacks(histories[i].value)]));
      for (const e of g) op.delete(e.key);
    });
    if (!left.length || (await op.commit()).ok) return;
    groups = left;
  }
}

/**
 * Migration 82: the packs stored one key per write under ["prospect_events", id, ulid] become the
 * prospect's history value ["prospect_history", id] (older packs first, then what the app appended
 * since). A prospect whose history was already archived in part, or whose packs would not fit, is
 * left as it is (still read in order). Resumable: what is folded is gone from prospect_events.
 */
export async function foldHistories(
  kv: Deno.Kv,
  /** Called between reading a batch's history values and committing it (tests race it). */
  afterRead?: () => Promise<void>,
): Promise<number> {
  let folded = 0;
  let batch: Deno.KvEntry<EventPack>[][] = [];
  let mutations = 0;
  let group: Deno.KvEntry<EventPack | EventPack[]>[] = [];
  const endGroup = async () => {
    const g = group;
    group = [];
    const packs = g.every((e) => !Array.isArray(e.value) && "ch" in e.value);
    if (!g.length || !packs) return;
    if (JSON.stringify(g.map((e) => e.value)).length > FOLD_MAX_CHARS) return;
    if (batch.length >= FOLD_PROSPECTS || mutations + g.length + 2 > FOLD_MUTATIONS) {
      await foldBatch(kv, batch, afterRead);
      batch = [];
      mutations = 0;
    }
    batch.push(g as Deno.KvEntry<EventPack>[]);
    mutations += g.length + 2; // its packs deleted, the history value and the record set
    folded++;
  };
  const all = kv.list<EventPack | EventPack[]>({ prefix: prospectEventsFamily() }, {
    batchSize: 1000,
  });
  for await (const e of all) {
    if (group.length && group[0].key[1] !== e.key[1]) await endGroup();
    group.push(e);
  }
  await endGroup();
  if (batch.length) await foldBatch(kv, batch, afterRead);
  return folded;
}

/**
 * The kinds of kept report values written before migration 85 (some one key per club), and those
 * an interrupted run of it may have written.
 */
const OLD_SNAPSHOT_KINDS = ["ps", "pc", "pe", "pf", "cc", "cs", "csc", "ra", "ras", "cw", "cm"];

/**
 * Migration 85: every project's past midnights kept in the chunked form (one value per kind, not one
 * per club, and no TTL), then the day buckets and stints before them pruned (keepMidnights); the
 * project-wide day buckets (sd, cd), no longer read, dropped. Resumable: a project whose midnights
 * are recorded as kept is left alone (its values are the only record of its past now); one that is
 * not has its older values cleared and computed again.
 */
export async function keepEveryMidnight(kv: Deno.Kv, timeZone: string, now: Date): Promise<void> {
  await deletePrefix(kv, reportCounterKey("sd"));
  await deletePrefix(kv, reportCounterKey("cd"));
  const projects: number[] = [];
  for (const p of await listMarketProjects(kv)) {
    const mp = p.marketProjectId;
    if ((await kv.get(reportKeptKey(mp))).value !== null) continue;
    for (const kind of OLD_SNAPSHOT_KINDS) await deletePrefix(kv, reportSnapshotKey(kind, mp));
    projects.push(mp);
  }
  await keepEveryProject(kv, projects, timeZone, now);
}

/** Project index entries per atomic of migration 87 (one check each, KV allows 100). */
const NAMES_BATCH = 90;

/**
 * Migration 87: the project index entries carry the folded names (instead of nothing) and each
 * project has its name-prefix counters, for a name prefix over a whole project (issue #17). Walks
 * the project index; per entry still in the old form, one atomic sets its value and adds the record's
 * name-prefix counters, checked on the entry (an app write that moved or rewrote it meanwhile wrote
 * the new form and counted it). So a record is counted exactly when its entry is in the new form:
 * resumable, and safe beside another instance running it. A stray entry (its record gone, or
 * indexed elsewhere now) is removed. Answers the entries rewritten.
 */
export async function projectNames(
  kv: Deno.Kv,
  /** Called between reading a batch's records and committing it (tests race it). */
  afterRead?: () => Promise<void>,
): Promise<number> {
  let rewritten = 0;
  let batch: Deno.KvEntry<unknown>[] = [];
  const flush = async () => {
    let left = batch;
    batch = [];
    while (left.length) {
      const records = await getRecords(kv, left.map((e) => e.key[e.key.length - 1] as string));
      await afterRead?.();
      const op = kv.atomic();
      const counts = new CounterSums();
      let n = 0;
      left.forEach((e, i) => {
        const p = records[i].value;
        const now = p && !p.deleted
          ? prospectIndexEntries(p).find((x) => sameKey(x.key, e.key))
          : undefined;
        op.check(e);
        if (!now) return void op.delete(e.key);
        op.set(e.key, now.value);
        for (const key of nameCountKeys(p!, doneFlag(p!))) counts.add(key, 1);
        n++;
      });
      for (const c of counts.take()) addToCounter(op, c.key, c.delta);
      if ((await op.commit()).ok) {
        rewritten += n;
        return;
      }
      // An entry moved meanwhile: read them again, keep those still in the old form.
      const again = await getManyChunked(kv, left.map((e) => e.key));
      left = again.filter((e) => e.value !== null && !Array.isArray(e.value)) as typeof left;
    }
  };
  for await (const e of kv.list({ prefix: prospectsByProjectPrefix() }, { batchSize: 1000 })) {
    if (Array.isArray(e.value)) continue;
    batch.push(e);
    if (batch.length >= NAMES_BATCH) await flush();
  }
  await flush();
  return rewritten;
}

/** Entries rewritten per atomic by migrations 88 and 89 (one check each, two with their record). */
const REWRITE_BATCH = 90;

/**
 * Checks a record and sets it again as it is (a new versionstamp, the same value). A migration that
 * rewrites a history value does this in the same atomic: the app writes a history value checked on
 * its record alone, so a save that read the history value before the migration's commit must fail
 * its check (and read again) rather than write the old packs back over the migration's.
 */
function touchRecord(op: Deno.AtomicOperation, record: Deno.KvEntryMaybe<unknown>): void {
  op.check(record);
  if (record.value !== null) op.set(record.key, record.value);
}

/**
 * Rewrites every entry under `prefix` that `stale` picks: per atomic REWRITE_BATCH of them, each
 * checked on the versionstamp it was read with and replaced by `rewrite`'s entries. When one moved
 * meanwhile (an app write wrote the new form itself), the batch is read again and what is still
 * stale is rewritten: resumable, and two instances rewrite each entry once. Answers how many.
 */
async function rewriteChecked(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  stale: (value: unknown) => boolean,
  rewrite: (e: Deno.KvEntry<unknown>) => { key: Deno.KvKey; value: unknown }[],
  /** Called between reading a batch and committing it (tests race it). */
  afterRead?: () => Promise<void>,
  /** The record an entry's app writes are checked on, touched with it (touchRecord). */
  recordOf?: (e: Deno.KvEntry<unknown>) => Deno.KvKey,
): Promise<number> {
  let rewritten = 0;
  const commit = async (batch: Deno.KvEntry<unknown>[]) => {
    await afterRead?.();
    let left = batch;
    while (left.length) {
      // Read after the entries: a save committed in between fails the entry's own check.
      const records = recordOf ? await getManyChunked(kv, left.map(recordOf)) : [];
      const op = kv.atomic();
      for (const [i, e] of left.entries()) {
        op.check(e);
        if (recordOf) touchRecord(op, records[i]);
        for (const x of rewrite(e)) op.set(x.key, x.value);
      }
      if ((await op.commit()).ok) {
        rewritten += left.length;
        return;
      }
      const now = await getManyChunked(kv, left.map((e) => e.key));
      left = now.filter((e): e is Deno.KvEntry<unknown> => e.value !== null && stale(e.value));
    }
  };
  let batch: Deno.KvEntry<unknown>[] = [];
  for await (const e of kv.list({ prefix }, { batchSize: 1000 })) {
    if (!stale(e.value)) continue;
    batch.push(e);
    if (batch.length >= (recordOf ? REWRITE_BATCH / 2 : REWRITE_BATCH)) {
      await commit(batch);
      batch = [];
    }
  }
  if (batch.length) await commit(batch);
  return rewritten;
}

/** A history value past the limit (as text or as packs). */
const tooLong = (v: unknown) =>
  typeof v === "string"
    ? historyTextTooLong(v)
    : Array.isArray(v) && splitHistory(v as EventPack[]) !== null;

/**
 * Migration 88: every history value past HISTORY_MAX_CHARS is split as a write splits it now (its
 * older packs to an archive key, decision 12 in docs/architecture.md), so it stays on its B-tree page
 * instead of an overflow page of its own. Checked per value (rewriteChecked). Answers how many
 * values it split.
 */
export const splitLongHistories = (kv: Deno.Kv, afterRead?: () => Promise<void>) =>
  rewriteChecked(
    kv,
    prospectHistoryPrefix(),
    tooLong,
    (e) => historyValue(e.key[1] as string, historyPacks(e.value), ulid),
    afterRead,
    (e) => prospectKey(e.key[1] as string),
  );

/**
 * Migration 89: every record still stored as an object is rewritten in its stored form, the values
 * without the field names (decision 13 in docs/architecture.md, lib/db/prospect_record.ts). Checked
 * per record (rewriteChecked). Answers how many records it rewrote.
 */
export const storedRecords = (kv: Deno.Kv, afterRead?: () => Promise<void>) =>
  rewriteChecked(
    kv,
    prospectsPrefix(),
    isObjectForm,
    (e) => [{ key: e.key, value: encodeRecord(e.value as StoredProspect) }],
    afterRead,
  );

/**
 * Undoes migration 89 for a rollback to the code before it, which cannot read the stored form:
 * every record is written back as an object (checked per record, rewriteChecked). `deno task
 * db:migrate --undo 89` runs it with this code's instances stopped, then forgets migration 89, so a
 * later start of this code runs it again.
 */
export const objectRecords = (kv: Deno.Kv, afterRead?: () => Promise<void>) =>
  rewriteChecked(
    kv,
    prospectsPrefix(),
    (v) => Array.isArray(v),
    (e) => [{ key: e.key, value: decodeRecord(e.value) }],
    afterRead,
  );

/** The projects with any of these report counter scopes, from their keys. */
async function projectsWithCounters(kv: Deno.Kv, scopes: string[]): Promise<number[]> {
  const out = new Set<number>();
  for (const scope of scopes) {
    for await (const e of kv.list({ prefix: reportCounterKey(scope) }, { batchSize: 1000 })) {
      out.add(e.key[2] as number);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** Retries one project's read and checked commit until it goes through (a write came between). */
async function untilCommitted(attempt: () => Promise<Deno.KvCommitResult | Deno.KvCommitError>) {
  for (;;) if ((await attempt()).ok) return;
}

/**
 * Migration 91: a project's sell-status changes ever move from ["report_counters", "c", mp] into
 * the value of its bucketsMovedKey, whose versionstamp alone was read before: one counter sum less
 * per status change (docs/architecture.md, decision 19). The value is the sum of the project's
 * per-club counts ("cc"), which every status change has moved with "c" (also in a store whose
 * report keys migration 50 built with this code, which writes no "c"); each project's "c" and
 * count keys are checked, so a status change committed meanwhile makes it read again. Answers how
 * many projects it wrote.
 */
export async function changesIntoBucketsMoved(kv: Deno.Kv): Promise<number> {
  const projects = await projectsWithCounters(kv, ["c", "cc", "sv"]);
  for (const mp of projects) {
    await untilCommitted(async () => {
      const [old, count] = await kv.getMany([reportCounterKey("c", mp), bucketsMovedKey(mp)]);
      const clubs = await listAll(kv, reportCounterKey("cc", mp));
      const changes = clubs.reduce((n, e) => n + counterValue(e.value), 0);
      return await kv.atomic().check(old).check(count)
        .set(count.key, new Deno.KvU64(BigInt(changes)))
        .delete(old.key)
        .commit();
    });
  }
  return projects.length;
}

/**
 * Undoes migration 91 for a rollback to the code before it, which reads a project's changes from
 * ["report_counters", "c", mp]: each project's count is copied there (checked). `deno task
 * db:migrate --undo 91` runs it with this code's instances stopped.
 */
export async function changesOutOfBucketsMoved(kv: Deno.Kv): Promise<number> {
  const projects = await projectsWithCounters(kv, ["sv"]);
  for (const mp of projects) {
    await untilCommitted(async () => {
      const [count] = await kv.getMany([bucketsMovedKey(mp)]);
      return await kv.atomic().check(count)
        .set(reportCounterKey("c", mp), new Deno.KvU64(BigInt(counterValue(count.value))))
        .commit();
    });
  }
  return projects.length;
}
