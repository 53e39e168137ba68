/**
 * What changed, for the live desk's event streams: every prospect write adds, in its own atomic, a
 * short-lived change entry per club (["club_changes", clubId, ulid], expiring after CHANGE_TTL_MS)
 * and sets the club's latest-change key, which a stream watches (KV `watch`, across instances on
 * Deno Deploy and KV Connect) and polls (other processes on one local KV file, which `watch` does
 * not see). The streams' per-user slots live here too. docs/api.md describes `/api/events`.
 */
import {
  clubChangeKey,
  clubChangesPrefix,
  clubLatestChangeKey,
  eventStreamsKey,
} from "@/lib/db/keys.ts";
import { getManyChunked, ulid } from "@/lib/db/kv.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";

/** How long a change entry is kept: a stream that reconnects within it misses nothing. */
export const CHANGE_TTL_MS = 5 * 60_000;

export type ChangeType = "created" | "changed" | "deleted";

/**
 * One change of one prospect, as stored; the stream sends all but `changeId` (its event id), `b2b`
 * and `deleted` (what maySee decides on).
 */
export interface LiveChange {
  /** The change's id (a ULID): the order of changes and the stream's event id. */
  changeId: string;
  type: ChangeType;
  id: string;
  marketProjectId: number;
  clubId: number;
  source: string;
  b2b: boolean;
  deleted: boolean;
}

/**
 * The changes a write of `after` over `before` leaves: one for the record's club, and one for the
 * club it left when it moved (so that club's desk drops it).
 */
export function liveChanges(before: Prospect | null, after: Prospect | null): LiveChange[] {
  const p = after ?? before;
  if (!p) return [];
  const type: ChangeType = !before
    ? "created"
    : !after || (after.deleted && !before.deleted)
    ? "deleted"
    : "changed";
  const one = (clubId: number): LiveChange => ({
    changeId: ulid(),
    type,
    id: p.id,
    marketProjectId: p.marketProjectId,
    clubId,
    source: p.source ?? "staff",
    b2b: !!p.b2b,
    // A deletion is seen by whoever saw the record before it (so their desk drops it).
    deleted: type === "deleted" ? !!before?.deleted : !!p.deleted,
  });
  const out = [one(p.clubId)];
  if (before && after && before.clubId !== after.clubId) out.push(one(before.clubId));
  return out;
}

/** Mutations the changes add to an atomic (for the write engine's size limits). */
export const liveChangeMutations = (changes: LiveChange[]) => 2 * changes.length;

/**
 * A change as its entry stores it, its id and club in the key: [type, id, marketProjectId, source,
 * b2b, deleted] (half the bytes of the object with its field names).
 */
type StoredChange = [ChangeType, string, number, string, 0 | 1, 0 | 1];

/** A change entry's value as a LiveChange (entries written as the whole object read as they are). */
function changeOf(key: Deno.KvKey, v: StoredChange | LiveChange): LiveChange {
  if (!Array.isArray(v)) return v;
  const [type, id, marketProjectId, source, b2b, deleted] = v;
  const clubId = key[1] as number, changeId = key[2] as string;
  return { changeId, type, id, marketProjectId, clubId, source, b2b: !!b2b, deleted: !!deleted };
}

/**
 * Adds the changes to a write's atomic: the entries and each club's latest-change key, whose
 * versionstamp is what the streams watch (its value is never read).
 */
export function addLiveChanges(op: Deno.AtomicOperation, changes: LiveChange[]): void {
  for (const c of changes) {
    const v: StoredChange = [
      c.type,
      c.id,
      c.marketProjectId,
      c.source,
      c.b2b ? 1 : 0,
      c.deleted ? 1 : 0,
    ];
    op.set(clubChangeKey(c.clubId, c.changeId), v, { expireIn: CHANGE_TTL_MS });
    op.set(clubLatestChangeKey(c.clubId), 1);
  }
}

/** The clubs' latest-change keys' versionstamps (null: no change yet), in the clubs' order. */
export async function latestChangeStamps(
  kv: Deno.Kv,
  clubIds: number[],
): Promise<(string | null)[]> {
  const got = await getManyChunked<string>(kv, clubIds.map(clubLatestChangeKey));
  return got.map((e) => e.versionstamp);
}

/** KV allows this many keys per watch. */
const WATCH_MAX = 10;

/**
 * Wakes `onChange` whenever one of the clubs' latest-change keys changes as the store reports it,
 * until `signal` aborts (one KV watch per ten clubs).
 */
export function watchLatestChanges(
  kv: Deno.Kv,
  clubIds: number[],
  signal: AbortSignal,
  onChange: () => void,
): void {
  for (let i = 0; i < clubIds.length; i += WATCH_MAX) {
    const keys = clubIds.slice(i, i + WATCH_MAX).map(clubLatestChangeKey);
    const stream = kv.watch(keys);
    const reader = stream.getReader();
    signal.addEventListener("abort", () => reader.cancel().catch(() => {}), { once: true });
    (async () => {
      try {
        while (!signal.aborted) {
          const { done } = await reader.read();
          if (done) return;
          onChange();
        }
      } catch {
        // the store closed or the stream was cancelled: the poll (if any) still runs
      }
    })();
  }
}

/** A club's changes with ids after `afterId` (all kept ones when null), oldest first. */
export async function listClubChanges(
  kv: Deno.Kv,
  clubId: number,
  afterId: string | null,
): Promise<LiveChange[]> {
  const prefix = clubChangesPrefix(clubId);
  const selector = afterId
    ? { start: [...prefix, afterId + "\u0000"], end: [...prefix, "\uffff"] }
    : { prefix };
  const out: LiveChange[] = [];
  for await (const e of kv.list<StoredChange | LiveChange>(selector, { limit: 500 })) {
    out.push(changeOf(e.key, e.value));
  }
  return out;
}

/** Open streams older than this since their last beat are gone (a crashed instance's). */
export const STREAM_STALE_MS = 90_000;

type Streams = Record<string, number>;

/**
 * Claims a stream slot for the user: answers false when `max` live streams are open already.
 * Checked on the slots' versionstamp and retried, so parallel opens cannot pass the limit.
 */
export async function claimStream(
  kv: Deno.Kv,
  userId: string,
  streamId: string,
  nowMs: number,
  max: number,
): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await kv.get<Streams>(eventStreamsKey(userId));
    const live = Object.entries(entry.value ?? {}).filter(([, at]) => nowMs - at < STREAM_STALE_MS);
    if (live.length >= max) return false;
    const next = Object.fromEntries([...live, [streamId, nowMs]]);
    const res = await kv.atomic().check(entry).set(eventStreamsKey(userId), next, {
      expireIn: STREAM_STALE_MS,
    }).commit();
    if (res.ok) return true;
  }
  return false;
}

/** Marks the stream as alive now (heartbeat), or removes it (`nowMs` null) when it closes. */
export async function touchStream(
  kv: Deno.Kv,
  userId: string,
  streamId: string,
  nowMs: number | null,
): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await kv.get<Streams>(eventStreamsKey(userId));
    const next: Streams = { ...(entry.value ?? {}) };
    if (nowMs === null) delete next[streamId];
    else next[streamId] = nowMs;
    const op = kv.atomic().check(entry);
    if (Object.keys(next).length) {
      op.set(eventStreamsKey(userId), next, { expireIn: STREAM_STALE_MS });
    } else op.delete(eventStreamsKey(userId));
    if ((await op.commit()).ok) return;
  }
}
