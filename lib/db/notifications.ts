/**
 * The notification centre's store: a user's in-app notifications (["notifications", userId, ulid],
 * expiring after NOTIFICATION_TTL_MS), an unread marker per unread one (the bell's count is a short
 * list of them), the user's latest-change key that the event stream watches and polls, and the
 * unassigned web leads waiting for an opted-in user's 15-minute summary.
 */
import {
  leadDigestKey,
  leadDigestPrefix,
  notificationQueueKey,
  userNotificationKey,
  userNotificationsLatestKey,
  userNotificationsPrefix,
  userUnreadKey,
  userUnreadPrefix,
} from "@/lib/db/keys.ts";
import { getManyChunked, ulid } from "@/lib/db/kv.ts";
import { assignedToOther, type InboxNotification, queuedOf } from "@/lib/domain/notifications.ts";
import type { StoredProspect } from "@/lib/db/prospect_record.ts";

/** How long a notification is kept. */
export const NOTIFICATION_TTL_MS = 30 * 24 * 3600 * 1000;
/** How long a waiting summary entry is kept (a summary job down for a day drops it). */
const DIGEST_TTL_MS = 24 * 3600 * 1000;
/** The bell counts up to this many unread notifications (more shows as "99+"). */
export const UNREAD_COUNT_MAX = 100;

/** One notification for one user. */
export interface InboxDelivery {
  userId: string;
  n: InboxNotification;
}

/** Mutations `addInbox` adds per delivery. */
export const inboxMutations = (d: InboxDelivery[]) => 3 * d.length;

/** Adds the notifications to an atomic: the record, its unread marker, the user's latest key. */
export function addInbox(op: Deno.AtomicOperation, deliveries: InboxDelivery[]): void {
  for (const { userId, n } of deliveries) {
    op.set(userNotificationKey(userId, n.id), n, { expireIn: NOTIFICATION_TTL_MS });
    if (!n.readAt) op.set(userUnreadKey(userId, n.id), true, { expireIn: NOTIFICATION_TTL_MS });
    op.set(userNotificationsLatestKey(userId), n.id);
  }
}

/**
 * What an assignment to a user other than the writer adds: their in-app notification (written with
 * the change) and a queued "assigned" notification (mailed or texted to them only when they chose
 * it, lib/services/notification_delivery.ts).
 */
export function assignmentNotice(
  before: StoredProspect | null,
  after: StoredProspect,
  writerId: string | null,
  at: string,
): { inbox: InboxDelivery[]; queued: { key: Deno.KvKey; value: unknown }[] } {
  const to = assignedToOther(before, after, writerId);
  if (!to) return { inbox: [], queued: [] };
  const id = ulid();
  return {
    inbox: [{
      userId: to,
      n: {
        id,
        category: "assigned",
        messageKey: "notifications.text.assigned",
        params: { project: after.marketProjectName },
        prospectId: after.id,
        createdAt: at,
        readAt: null,
      },
    }],
    queued: [{
      key: notificationQueueKey(id),
      value: queuedOf(id, "assigned", after, at, `assigned:${after.id}:${at}`),
    }],
  };
}

/**
 * Writes each notification unless one with its id is there already (a retried delivery writes
 * nothing twice and never marks a read one unread again).
 */
export async function insertInbox(kv: Deno.Kv, deliveries: InboxDelivery[]): Promise<number> {
  const done = await Promise.all(deliveries.map(async (d) => {
    const op = kv.atomic().check({
      key: userNotificationKey(d.userId, d.n.id),
      versionstamp: null,
    });
    addInbox(op, [d]);
    return (await op.commit()).ok;
  }));
  return done.filter(Boolean).length;
}

/**
 * A user's notifications, newest first: at most `limit`, older than the `before` id when given,
 * only unread ones with `unread`.
 */
export async function listInbox(
  kv: Deno.Kv,
  userId: string,
  o: { unread: boolean; limit: number; before?: string | null },
): Promise<InboxNotification[]> {
  const prefix = o.unread ? userUnreadPrefix(userId) : userNotificationsPrefix(userId);
  const selector = o.before ? { prefix, end: [...prefix, o.before] } : { prefix };
  const entries = [];
  for await (const e of kv.list(selector, { reverse: true, limit: o.limit })) entries.push(e);
  if (!o.unread) return entries.map((e) => e.value as InboxNotification);
  const ids = entries.map((e) => e.key[2] as string);
  const got = await getManyChunked<InboxNotification>(
    kv,
    ids.map((id) => userNotificationKey(userId, id)),
  );
  return got.map((e) => e.value).filter((n): n is InboxNotification => n !== null);
}

/** One of the user's notifications (null: none of theirs has this id). */
export async function getInbox(
  kv: Deno.Kv,
  userId: string,
  id: string,
): Promise<InboxNotification | null> {
  return (await kv.get<InboxNotification>(userNotificationKey(userId, id))).value;
}

/** How many unread notifications the user has, counted up to UNREAD_COUNT_MAX. */
export async function countUnread(kv: Deno.Kv, userId: string): Promise<number> {
  let n = 0;
  for await (
    const _ of kv.list({ prefix: userUnreadPrefix(userId) }, { limit: UNREAD_COUNT_MAX })
  ) n++;
  return n;
}

/**
 * Marks the user's notifications with these ids read (ids not theirs or already read change
 * nothing); each chunk is one atomic checked on the records read, retried when one moved.
 * Answers how many it marked.
 */
export async function markInboxRead(
  kv: Deno.Kv,
  userId: string,
  ids: string[],
  at: string,
): Promise<number> {
  let marked = 0;
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 10) {
    const chunk = unique.slice(i, i + 10);
    for (let attempt = 0; attempt < 10; attempt++) {
      const got = await kv.getMany<InboxNotification[]>(
        chunk.map((id) => userNotificationKey(userId, id)),
      );
      const op = kv.atomic();
      let n = 0;
      for (const e of got) {
        if (!e.value || e.value.readAt) continue;
        op.check(e)
          .set(e.key, { ...e.value, readAt: at }, { expireIn: NOTIFICATION_TTL_MS })
          .delete(userUnreadKey(userId, e.value.id));
        n++;
      }
      if (!n) break;
      op.set(userNotificationsLatestKey(userId), ulid());
      if ((await op.commit()).ok) {
        marked += n;
        break;
      }
    }
  }
  return marked;
}

/** The ids of the user's unread notifications (at most `limit`, newest first). */
export async function unreadIds(kv: Deno.Kv, userId: string, limit: number): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: userUnreadPrefix(userId) }, { reverse: true, limit })) {
    out.push(e.key[2] as string);
  }
  return out;
}

/** The versionstamp of the user's latest-notification key (null: none yet). */
export async function inboxStamp(kv: Deno.Kv, userId: string): Promise<string | null> {
  return (await kv.get(userNotificationsLatestKey(userId))).versionstamp;
}

/**
 * Calls `onStamp` with the versionstamp of the user's latest-notification key each time the store
 * reports it (first as it is, then on every change), until `signal` aborts.
 */
export function watchInbox(
  kv: Deno.Kv,
  userId: string,
  signal: AbortSignal,
  onStamp: (versionstamp: string | null) => void,
): void {
  const reader = kv.watch([userNotificationsLatestKey(userId)]).getReader();
  signal.addEventListener("abort", () => reader.cancel().catch(() => {}), { once: true });
  (async () => {
    try {
      while (!signal.aborted) {
        const { done, value } = await reader.read();
        if (done) return;
        onStamp(value[0].versionstamp);
      }
    } catch {
      // the store closed or the stream was cancelled
    }
  })();
}

// ── the web-lead summary ────────────────────────────────────────────────────

/** An unassigned web lead waiting for a user's summary of a window. */
export interface DigestEntry {
  window: number;
  userId: string;
  prospectId: string;
}

/** Puts web leads into their users' summaries (idempotent: a lead is in a summary once). */
export async function addDigestEntries(kv: Deno.Kv, entries: DigestEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 300) {
    const op = kv.atomic();
    for (const e of entries.slice(i, i + 300)) {
      op.set(leadDigestKey(e.window, e.userId, e.prospectId), true, { expireIn: DIGEST_TTL_MS });
    }
    await op.commit();
  }
}

/** The waiting summaries of windows before `window`, per (window, user), oldest first. */
export async function dueDigests(
  kv: Deno.Kv,
  window: number,
): Promise<{ window: number; userId: string; prospectIds: string[] }[]> {
  const out = new Map<string, { window: number; userId: string; prospectIds: string[] }>();
  const prefix = leadDigestPrefix();
  for await (const e of kv.list({ start: prefix, end: [...prefix, window] })) {
    const [, w, userId, prospectId] = e.key as [string, number, string, string];
    const k = `${w}|${userId}`;
    let d = out.get(k);
    if (!d) out.set(k, d = { window: w, userId, prospectIds: [] });
    d.prospectIds.push(prospectId);
  }
  return [...out.values()];
}

/** Removes a sent (or empty) summary's waiting entries. */
export async function dropDigest(
  kv: Deno.Kv,
  d: { window: number; userId: string; prospectIds: string[] },
): Promise<void> {
  for (let i = 0; i < d.prospectIds.length; i += 500) {
    const op = kv.atomic();
    for (const id of d.prospectIds.slice(i, i + 500)) {
      op.delete(leadDigestKey(d.window, d.userId, id));
    }
    await op.commit();
  }
}
