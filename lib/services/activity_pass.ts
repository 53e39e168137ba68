/**
 * The activity transition job (DESIGN §7 "The activity clock"). Every minute, under a KV
 * lease, it reads only the prospects whose `nextTransitionAt` has passed (the
 * prospects_by_next_transition index), recomputes them with the activity clock and commits, per
 * prospect atomically and checked against the record's versionstamp: the new activity fields, the
 * moved index entries (diffProspectKeys, so keys match the write path), an activity event and, for
 * an entry into Notified or Escalated not announced before on this clock, a queued notification
 * (the record remembers what it announced).
 *
 * Prospects are committed in groups (one atomic for as many as KV's limits allow) so a pass over 10 000
 * due prospects costs a few hundred commits; a group whose check fails (a user saved one of them
 * meanwhile) is retried prospect by prospect from a fresh read, so the user's edit wins and the job
 * re-evaluates the saved record. The same machinery re-schedules every open prospect, in batches
 * across runs, after an admin changes work time or a time limit (see rescheduleStep).
 */
import {
  commitIfUnchanged,
  listEntries,
  listRange,
  readEntry,
  remove,
  writeValue,
} from "@/lib/db/records.ts";
import { getRecord } from "@/lib/db/prospect_record.ts";
import { keyId } from "@/lib/db/prospect_indexes.ts";
import {
  activityClockStateKey,
  notificationQueueKey,
  prospectsByNextTransitionPrefix,
  prospectsByProjectPrefix,
} from "@/lib/db/keys.ts";
import { ulid } from "@/lib/db/kv.ts";
import {
  commitWrites,
  getProspectsForWrite,
  NO_DISTRICTS,
  type ProspectWrite,
  prospectWrite,
  type StoredProspect,
} from "@/lib/db/prospects.ts";
import { listMarketProjects } from "@/lib/db/reference.ts";
import { type NotificationKind, notificationKindFor } from "@/lib/domain/notifications.ts";
import { withLease } from "@/lib/db/leases.ts";
import {
  drainNotifications,
  type QueuedNotification,
} from "@/lib/services/notification_delivery.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";
import { sendLeadDigests } from "@/lib/services/lead_digest.ts";
import { clockOf, type ClockSettings } from "@/lib/services/prospect_clock.ts";
import { clockSettings } from "@/lib/services/prospect_clock.ts";

/** Due prospects read and planned together (then committed in as few atomics as fit). */
export const BATCH = 192;
/** Batches in flight (disjoint prospects): reading and planning overlap the previous commit. */
export const PARALLEL = 2;
/** Open prospects re-evaluated per run after a settings change. */
export const RESCHEDULE_BUDGET = 20_000;
/** The lease outlives one run comfortably; runs are skipped while it is held. */
export const ACTIVITY_LEASE_MS = 55_000;

export interface PassStats {
  /** Prospects read (due entries, or open ones re-scheduled). */
  scanned: number;
  /** Prospects whose activity fields were committed. */
  changed: number;
  /** Notifications queued. */
  queued: number;
  /** Group commits that failed and were redone one by one. */
  conflicts: number;
  /** Prospects whose data the clock rejects (logged, left as they are). */
  errors: number;
  /** Stray index entries removed. */
  repaired: number;
}

const emptyStats = (): PassStats => ({
  scanned: 0,
  changed: 0,
  queued: 0,
  conflicts: 0,
  errors: 0,
  repaired: 0,
});

interface Plan {
  entry: Deno.KvEntry<StoredProspect>;
  /** The record to write (its `announced` already lists the transition when it notifies). */
  after: StoredProspect;
  /** An entry into Notified or Escalated not announced before on this clock, else null. */
  notify: { kind: NotificationKind; transitionKey: string } | null;
}

function logClockError(id: string, err: unknown) {
  console.error(
    JSON.stringify({ level: "error", job: "activity", prospectId: id, error: String(err) }),
  );
}

/** The transition keys of one clock start (a transition key is "<status>:<clockStart>"). */
const onClock = (key: string, clockStart: string) => key.slice(key.indexOf(":") + 1) === clockStart;

/** The change a record needs now, or null when its stored activity fields are current. */
function planFor(
  entry: Deno.KvEntry<StoredProspect>,
  settings: ClockSettings,
  now: Date,
  stats: PassStats,
): Plan | null {
  const before = entry.value;
  if (before.deleted) return null;
  let r;
  try {
    r = clockOf(before, settings, now);
  } catch (e) {
    stats.errors++;
    logClockError(before.id, e);
    return null;
  }
  if (
    r.activityStatus === before.activityStatus &&
    r.activityStatusWeigth === before.activityStatusWeigth &&
    r.nextTransitionAt === before.nextTransitionAt
  ) return null;
  const after: StoredProspect = {
    ...before,
    activityStatus: r.activityStatus,
    activityStatusWeigth: r.activityStatusWeigth,
    nextTransitionAt: r.nextTransitionAt,
  };
  const kind = notificationKindFor(before.activityStatus, r.activityStatus);
  if (!kind) return { entry, after, notify: null };
  // A status is entered at most once per clock: the clock start names the transition. The record
  // remembers what it announced on its current clock, so a prospect that leaves Notified (an admin
  // raised a limit) and re-enters it on the same clock is not mailed twice. The record's own
  // versionstamp check makes this exactly once, also with two runners.
  const clockStart = r.clockStart ?? "";
  const transitionKey = `${r.activityStatus}:${clockStart}`;
  const announced = (before.announced ?? []).filter((k) => onClock(k, clockStart));
  if (announced.includes(transitionKey)) return { entry, after, notify: null };
  after.announced = [...announced, transitionKey];
  return { entry, after, notify: { kind, transitionKey } };
}

/** A plan's write on the one write engine, with the notification it queues in the same atomic. */
interface Writes {
  plan: Plan;
  write: ProspectWrite;
  queued: QueuedNotification | null;
}

function writesOf(plan: Plan, now: Date, timeZone: string): Writes {
  const at = now.toISOString();
  const n = plan.notify;
  const after = plan.after;
  const queued: QueuedNotification | null = n
    ? {
      id: ulid(now.getTime()),
      kind: n.kind,
      transitionKey: n.transitionKey,
      at,
      prospect: {
        id: after.id,
        customerId: after.customerId,
        firstName: after.firstName,
        lastName: after.lastName,
        phoneNumber: after.phoneNumber,
        marketProjectId: after.marketProjectId,
        marketProjectName: after.marketProjectName,
        clubId: after.clubId,
        clubName: after.clubName,
        sellStatus: after.sellStatus,
        assignId: after.assignId,
        assignName: after.assignName,
        assignUserId: after.assignUserId,
        b2b: after.b2b,
      },
    }
    : null;
  // `reportAt` dates the report buckets by this write; without it they use updatedAt.
  const write = prospectWrite(plan.entry, after, {
    userId: null,
    at,
    timeZone,
    reportAt: at,
    // The clock changes the activity status and its dates, never a status bucket.
    districts: NO_DISTRICTS,
    also: queued ? [{ key: notificationQueueKey(queued.id), value: queued }] : [],
  });
  plan.after = write.after;
  return { plan, write, queued };
}

/** Re-evaluates one prospect from a fresh read until its commit goes through (or nothing to do). */
async function settleOne(
  deps: ServiceDeps,
  id: string,
  settings: ClockSettings,
  now: Date,
  stats: PassStats,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getRecord(deps.kv, id);
    if (entry.value === null) return;
    const plan = planFor(entry as Deno.KvEntry<StoredProspect>, settings, now, stats);
    if (!plan) return;
    const w = writesOf(plan, now, deps.config.timeZone);
    const [res] = await commitWrites(deps.kv, [w.write]);
    if (res instanceof Error) throw res;
    if (res !== null) {
      stats.changed++;
      if (w.queued) stats.queued++;
      return;
    }
  }
  stats.errors++;
  logClockError(id, "gave up after repeated conflicts");
}

/**
 * Brings records up to date through the one write engine (commitWrites: as few atomics as KV's
 * limits allow — on a file-backed store a commit costs a sync, whatever its size); a write whose
 * record moved meanwhile is planned again from a fresh read.
 */
async function settle(
  deps: ServiceDeps,
  entries: Deno.KvEntryMaybe<StoredProspect>[],
  settings: ClockSettings,
  now: Date,
  stats: PassStats,
): Promise<void> {
  const writes: Writes[] = [];
  for (const e of entries) {
    if (e.value === null) continue;
    const plan = planFor(e as Deno.KvEntry<StoredProspect>, settings, now, stats);
    if (plan) writes.push(writesOf(plan, now, deps.config.timeZone));
  }
  if (!writes.length) return;
  const out = await commitWrites(deps.kv, writes.map((w) => w.write));
  for (let i = 0; i < writes.length; i++) {
    const r = out[i];
    if (typeof r === "string") {
      stats.changed++;
      if (writes[i].queued) stats.queued++;
    } else {
      stats.conflicts++;
      await settleOne(deps, writes[i].plan.after.id, settings, now, stats);
    }
  }
}

/**
 * getMany of 10 (KV's limit per call), the calls in parallel: for a batch of ~200 records this
 * reads in about half the time of as many single gets (measured on 100k and 1M stores,
 * docs/performance.md). Each record comes with its history value, read in the same snapshot, which
 * its write appends to (getProspectsForWrite).
 */
const readRecords = (kv: Deno.Kv, ids: string[]) => getProspectsForWrite(kv, ids);

/**
 * One pass over the due prospects (nextTransitionAt ≤ now). Reads only the due range of the index,
 * in batches; two batches are in flight so reading and planning overlap the previous commit.
 * Entries whose record moved on or vanished are removed (a consistent store has none).
 */
export async function runDuePass(
  deps: ServiceDeps,
  opts: { now?: Date; settings?: ClockSettings; batch?: number; parallel?: number } = {},
): Promise<PassStats> {
  const { kv } = deps;
  const batchSize = opts.batch ?? BATCH;
  const parallel = opts.parallel ?? PARALLEL;
  const now = opts.now ?? deps.now();
  const settings = opts.settings ?? await clockSettings(kv, deps.config.timeZone);
  const stats = emptyStats();
  const family = prospectsByNextTransitionPrefix();
  const iter = listRange(
    kv,
    { start: family, end: [...family, now.toISOString() + "\u0000"] },
    { batchSize: 500 },
  );
  type Due = { key: Deno.KvKey; at: string; id: string };
  const process = async (due: Due[]) => {
    stats.scanned += due.length;
    const records = await readRecords(kv, due.map((d) => d.id));
    const live: Deno.KvEntryMaybe<StoredProspect>[] = [];
    for (let i = 0; i < due.length; i++) {
      const rec = records[i];
      if (rec.value && !rec.value.deleted && rec.value.nextTransitionAt === due[i].at) {
        live.push(rec);
        continue;
      }
      // A stray entry: remove it unless the record changed under us (then it is not stray).
      if (await commitIfUnchanged(kv, [rec], [remove(due[i].key)])) stats.repaired++;
    }
    await settle(deps, live, settings, now, stats);
  };
  let batch: Due[] = [];
  const inFlight = new Set<Promise<void>>();
  const flush = async () => {
    if (!batch.length) return;
    const p = process(batch);
    batch = [];
    inFlight.add(p);
    const done = () => void inFlight.delete(p);
    p.then(done, done); // a failure surfaces through Promise.race / Promise.all below
    if (inFlight.size >= parallel) await Promise.race(inFlight);
  };
  for await (const e of iter) {
    batch.push({ key: e.key, at: e.key[1] as string, id: e.key[2] as string });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await Promise.all(inFlight);
  return stats;
}

// ── re-scheduling after a settings change ───────────────────────────────────

interface ClockState {
  /** The clock settings the stored activity fields were computed with. */
  fingerprint: string;
  /** A re-evaluation in progress: the projects to walk, where we are, the list cursor. */
  scan: { projects: number[]; index: number; cursor: string | null } | null;
}

/** A stable text of the settings the clock depends on. */
export function settingsFingerprint(s: ClockSettings): string {
  const limits = Object.keys(s.limits).sort().map((k) => {
    const l = s.limits[k];
    return [k, l.hoursLeftBeforePaused, l.hoursLeftBeforeNotified, l.hoursLeftBeforeEscalated];
  });
  const w = s.worktime;
  return JSON.stringify({ limits, worktime: [w.worktimeFrom, w.worktimeTo, w.timeZone] });
}

/**
 * Detects a change of work time or time limits (against the fingerprint stored in KV) and then
 * re-evaluates every open prospect, project by project over the follow-up index of open prospects, `budget` prospects
 * per run, resuming from a stored cursor. The first run on a store re-evaluates everything open
 * once too (a change made before it would otherwise never be applied).
 */
export async function rescheduleStep(
  deps: ServiceDeps,
  opts: { now?: Date; settings?: ClockSettings; budget?: number } = {},
): Promise<PassStats & { pending: boolean }> {
  const { kv } = deps;
  const now = opts.now ?? deps.now();
  const settings = opts.settings ?? await clockSettings(kv, deps.config.timeZone);
  const budget = opts.budget ?? RESCHEDULE_BUDGET;
  const stats = emptyStats();
  const fp = settingsFingerprint(settings);
  const stateEntry = await readEntry<ClockState>(kv, activityClockStateKey());
  // No state yet (the store's first pass): the stored fields may predate an admin's change of
  // work time or limits made before this pass, so everything open is re-evaluated once.
  let state: ClockState = stateEntry.value ?? { fingerprint: "", scan: null };
  if (state.fingerprint !== fp) {
    const projects = (await listMarketProjects(kv)).map((p) => p.marketProjectId);
    state = { fingerprint: fp, scan: { projects, index: 0, cursor: null } };
  }
  const scan = state.scan;
  if (!scan) return { ...stats, pending: false };
  let ids: string[] = [];
  while (scan.index < scan.projects.length && stats.scanned < budget) {
    const prefix = prospectsByProjectPrefix(scan.projects[scan.index], 0);
    const iter = listEntries(kv, prefix, {
      cursor: scan.cursor ?? undefined,
      limit: budget - stats.scanned,
      batchSize: 500,
    });
    let n = 0;
    for await (const e of iter) {
      n++;
      stats.scanned++;
      ids.push(keyId(e.key));
      if (ids.length >= BATCH) {
        await settle(deps, await readRecords(kv, ids), settings, now, stats);
        ids = [];
      }
    }
    if (ids.length) {
      await settle(deps, await readRecords(kv, ids), settings, now, stats);
      ids = [];
    }
    if (stats.scanned < budget || n === 0) {
      scan.index++;
      scan.cursor = null;
    } else {
      scan.cursor = iter.cursor;
    }
  }
  const pending = scan.index < scan.projects.length;
  const next: ClockState = { fingerprint: fp, scan: pending ? scan : null };
  // Only one runner holds the lease; a concurrent change of settings restarts on the next run.
  await writeValue(kv, activityClockStateKey(), next);
  return { ...stats, pending };
}

// ── the cron entry ──────────────────────────────────────────────────────────

export interface ActivityRunResult {
  due: PassStats;
  reschedule: PassStats & { pending: boolean };
  mailed: number;
}

/**
 * The whole minute's work under the "activity" lease: due transitions, a slice of any pending
 * re-schedule, then the notification queue. Answers null when another instance holds the lease.
 */
export async function runActivityJob(deps: ServiceDeps): Promise<ActivityRunResult | null> {
  return await withLease(deps.kv, "activity", ACTIVITY_LEASE_MS, async () => {
    const now = deps.now();
    const settings = await clockSettings(deps.kv, deps.config.timeZone);
    const reschedule = await rescheduleStep(deps, { now, settings });
    const due = await runDuePass(deps, { now, settings });
    const mailed = await drainNotifications(deps);
    const digests = await sendLeadDigests(deps);
    return { due, reschedule, mailed: mailed.sent + digests.sent };
  }, deps.now().getTime());
}
