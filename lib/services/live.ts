/**
 * The live desk's event feed (`GET /api/events`): the changes of prospects in the caller's clubs
 * (every club for admins, the subscribed ones for everyone else) that the caller may see, found
 * through the change entries each prospect write leaves (lib/db/live_changes.ts). It wakes on a KV
 * watch of the clubs' latest-change keys and, on a local KV file shared by several processes, on a
 * poll of those keys; a heartbeat keeps the connection open. The user's own notification key is
 * watched and polled the same way: a new or read notification sends a `notification` event with
 * the unread count.
 */
import { maySee } from "@/lib/auth/permissions.ts";
import {
  claimStream,
  latestChangeStamps,
  listClubChanges,
  type LiveChange,
  touchStream,
  watchLatestChanges,
} from "@/lib/db/live_changes.ts";
import { ulid } from "@/lib/db/kv.ts";
import { countUnread, inboxStamp, watchInbox } from "@/lib/db/notifications.ts";
import { listClubs } from "@/lib/db/reference.ts";
import { subscribedClubIds } from "@/lib/db/settings.ts";
import { tooMany } from "@/lib/domain/errors.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";

/** What the stream sends: a change (its event id is the change's), or a heartbeat. */
export type LiveEvent =
  | {
    kind: "change";
    eventId: string;
    data: Pick<LiveChange, "type" | "id" | "marketProjectId" | "clubId" | "source">;
  }
  | { kind: "notification"; data: { unread: number } }
  | { kind: "heartbeat" };

export interface LiveFeedOptions {
  kv: Deno.Kv;
  user: SessionUser;
  /** The last event id the client saw (`Last-Event-ID`): changes after it are sent first. */
  lastEventId?: string | null;
  heartbeatMs: number;
  maxStreams: number;
  /** Also poll the latest-change keys (a local KV file other processes write to). */
  poll: boolean;
  signal: AbortSignal;
}

/** How often the poll reads the latest-change keys. */
export const POLL_MS = 500;
/**
 * Change ids come from each process's clock: a change listed late may carry an id a little before
 * one already sent, so each read looks back this far and skips what it sent.
 */
const LOOK_BACK_MS = 3_000;

const ULID_TIME = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The clubs whose changes the user's feed carries. */
async function feedClubs(kv: Deno.Kv, user: SessionUser): Promise<number[]> {
  if (isAdmin(user)) return (await listClubs(kv)).map((c) => c.clubId);
  return await subscribedClubIds(kv, user.id);
}

const ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The smallest ULID of an instant (its time part, then zeros): a lower bound for list ranges. */
function ulidAt(ms: number): string {
  let t = "";
  let time = Math.max(Math.floor(ms), 0);
  for (let i = 0; i < 10; i++) {
    t = ULID_ALPHABET[time % 32] + t;
    time = Math.floor(time / 32);
  }
  return t + "0".repeat(16);
}

/** The instant of a ULID (ms). */
function timeOf(id: string): number {
  let t = 0;
  for (const ch of id.slice(0, 10)) t = t * 32 + ULID_ALPHABET.indexOf(ch);
  return t;
}

/**
 * Opens the user's feed: claims a stream slot (429 when `maxStreams` are open) and answers the
 * events as they come, until `signal` aborts (then the slot is released).
 */
export async function openLiveFeed(o: LiveFeedOptions): Promise<AsyncGenerator<LiveEvent>> {
  const streamId = crypto.randomUUID();
  if (!await claimStream(o.kv, o.user.id, streamId, Date.now(), o.maxStreams)) {
    throw tooMany("TOO_MANY_STREAMS", "errors.tooManyStreams", 30);
  }
  try {
    const clubIds = await feedClubs(o.kv, o.user);
    return feed(o, streamId, clubIds);
  } catch (e) {
    await touchStream(o.kv, o.user.id, streamId, null);
    throw e;
  }
}

async function* feed(o: LiveFeedOptions, streamId: string, clubIds: number[]) {
  const { kv, user, signal } = o;
  let wake: () => void = () => {};
  let woken = true;
  const wakeUp = () => {
    woken = true;
    wake();
  };
  signal.addEventListener("abort", wakeUp, { once: true });
  // Changes after `floor` are sent: after the resumed id, else after the feed opened.
  const floor = o.lastEventId && ULID_TIME.test(o.lastEventId) ? o.lastEventId : ulid();
  // The newest id sent, and the ids sent within the look-back before it (never sent twice).
  let since = floor;
  const sent = new Set<string>();
  let stamps = await latestChangeStamps(kv, clubIds);
  let inbox = await inboxStamp(kv, user.id);
  let inboxMoved = false;
  // A stamp other than the last one seen (by the watch or the poll) is a change.
  const inboxSeen = (stamp: string | null) => {
    if (stamp === inbox) return;
    inbox = stamp;
    inboxMoved = true;
    wakeUp();
  };
  watchLatestChanges(kv, clubIds, signal, wakeUp);
  watchInbox(kv, user.id, signal, inboxSeen);
  const poll = o.poll
    ? setInterval(async () => {
      try {
        const now = await latestChangeStamps(kv, clubIds);
        if (now.some((s, i) => s !== stamps[i])) {
          stamps = now;
          wakeUp();
        }
        inboxSeen(await inboxStamp(kv, user.id));
      } catch { /* the store is closing */ }
    }, POLL_MS)
    : null;
  let lastBeat = Date.now();
  let heartbeat: ReturnType<typeof setTimeout> | null = null;
  try {
    while (!signal.aborted) {
      if (!woken) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          heartbeat = setTimeout(resolve, Math.max(0, lastBeat + o.heartbeatMs - Date.now()));
        });
        if (heartbeat) clearTimeout(heartbeat);
      }
      if (signal.aborted) break;
      if (woken) {
        woken = false;
        const from = ulidAt(timeOf(since) - LOOK_BACK_MS);
        const lists = await Promise.all(clubIds.map((c) => listClubChanges(kv, c, from)));
        const fresh = lists.flat()
          .filter((c) => c.changeId > floor && !sent.has(c.changeId))
          .sort((a, b) => a.changeId < b.changeId ? -1 : 1);
        for (const c of fresh) {
          sent.add(c.changeId);
          if (c.changeId > since) since = c.changeId;
          if (!maySee(user, { b2b: c.b2b, deleted: c.deleted })) continue;
          const { type, id, marketProjectId, clubId, source } = c;
          yield {
            kind: "change",
            eventId: c.changeId,
            data: { type, id, marketProjectId, clubId, source },
          } as LiveEvent;
        }
        const edge = ulidAt(timeOf(since) - LOOK_BACK_MS);
        for (const id of sent) if (id < edge) sent.delete(id);
      }
      if (inboxMoved) {
        inboxMoved = false;
        yield {
          kind: "notification",
          data: { unread: await countUnread(kv, user.id) },
        } as LiveEvent;
      }
      if (Date.now() - lastBeat >= o.heartbeatMs) {
        lastBeat = Date.now();
        await touchStream(kv, user.id, streamId, lastBeat);
        yield { kind: "heartbeat" } as LiveEvent;
      }
    }
  } finally {
    if (poll !== null) clearInterval(poll);
    if (heartbeat) clearTimeout(heartbeat);
    await touchStream(kv, user.id, streamId, null).catch(() => {});
  }
}
