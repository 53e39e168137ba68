/**
 * The notification centre's use cases: a user's notifications rendered in their language (a
 * prospect is named only while the reader may see it and it is not erased), marking them read, the
 * unread count, and writing the in-app notifications the deliveries decide on.
 */
import { maySee } from "@/lib/auth/permissions.ts";
import {
  countUnread,
  getInbox,
  type InboxDelivery,
  insertInbox,
  listInbox,
  markInboxRead,
  unreadIds,
} from "@/lib/db/notifications.ts";
import { getRecords } from "@/lib/db/prospect_record.ts";
import type { InboxNotification } from "@/lib/domain/notifications.ts";
import type { InboxCategory, SessionUser } from "@/lib/domain/user.ts";
import { type Lang, translate } from "@/lib/i18n/mod.ts";

/** A notification as the API answers it. */
export interface NotificationView {
  id: string;
  category: InboxCategory;
  text: string;
  prospectId?: string;
  /** The grid link that opens the prospect (with prospectId). */
  href?: string;
  createdAt: string;
  readAt: string | null;
}

/** The grid link that opens one prospect. */
const linkOf = (p: { marketProjectId: number; customerId: number; clubId: number }) =>
  `/prospects?marketProjectId=${p.marketProjectId}&customerId=${p.customerId}` +
  `&clubId=${p.clubId}&showCompleted=true`;

/** Renders notifications for a reader: the prospect named only while the reader may see it. */
async function render(
  kv: Deno.Kv,
  user: SessionUser,
  lang: Lang,
  list: InboxNotification[],
): Promise<NotificationView[]> {
  const ids = [...new Set(list.map((n) => n.prospectId).filter((id): id is string => !!id))];
  const records = new Map(
    (await getRecords(kv, ids)).flatMap((e) => e.value ? [[e.value.id, e.value]] : []),
  );
  return list.map((n) => {
    const p = n.prospectId ? records.get(n.prospectId) : undefined;
    const visible = p && p.activityStatus !== "CustomerCleaned" &&
      maySee(user, { b2b: !!p.b2b, deleted: !!p.deleted });
    const base = {
      id: n.id,
      category: n.category,
      createdAt: n.createdAt,
      readAt: n.readAt,
    };
    if (!n.prospectId) return { ...base, text: translate(lang, n.messageKey, n.params) };
    if (!visible || !p) {
      return { ...base, text: translate(lang, `notifications.anonymous.${n.category}`, n.params) };
    }
    const name = `${p.firstName} ${p.lastName}`.trim();
    return {
      ...base,
      text: translate(lang, n.messageKey, { ...n.params, name, club: p.clubName }),
      prospectId: p.id,
      href: linkOf(p),
    };
  });
}

/** GET /api/notifications: the caller's notifications, newest first. */
export async function listNotifications(
  kv: Deno.Kv,
  user: SessionUser,
  lang: Lang,
  o: { unread: boolean; limit: number; before?: string | null },
): Promise<NotificationView[]> {
  return await render(kv, user, lang, await listInbox(kv, user.id, o));
}

/** One of the caller's notifications, rendered (null: none of theirs has this id). */
export async function notificationOf(
  kv: Deno.Kv,
  user: SessionUser,
  lang: Lang,
  id: string,
): Promise<NotificationView | null> {
  const n = await getInbox(kv, user.id, id);
  return n ? (await render(kv, user, lang, [n]))[0] : null;
}

/** The caller's unread count (the bell), counted up to UNREAD_COUNT_MAX. */
export function unreadCount(kv: Deno.Kv, user: SessionUser): Promise<number> {
  return countUnread(kv, user.id);
}

/** How many unread ones "mark all" marks per call (the rest on the next). */
const MARK_ALL_MAX = 1000;

/**
 * POST /api/notifications/read: marks the caller's notifications with these ids read, or all of
 * them; another user's ids are not the caller's keys, so they change nothing. Answers the unread
 * count after.
 */
export async function markNotificationsRead(
  kv: Deno.Kv,
  user: SessionUser,
  body: { ids: string[] } | { all: true },
  now: Date,
): Promise<{ marked: number; unread: number }> {
  const ids = "all" in body ? await unreadIds(kv, user.id, MARK_ALL_MAX) : body.ids;
  const marked = await markInboxRead(kv, user.id, ids, now.toISOString());
  return { marked, unread: await countUnread(kv, user.id) };
}

/** Writes in-app notifications (each once, however often its delivery runs). */
export function deliverInbox(kv: Deno.Kv, deliveries: InboxDelivery[]): Promise<number> {
  return insertInbox(kv, deliveries);
}
