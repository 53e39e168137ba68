/**
 * Who is told about an activity transition (DESIGN §7 "Notifications"), as pure rules.
 *
 * - Entering Notified tells the assignee; an unassigned prospect (or one whose assignee no longer
 *   exists or is disabled) tells the club's subscribers instead.
 * - Entering Escalated tells the club's subscribers.
 * - A new web-form lead (or a known person sending the form again) is mailed to its assignee
 *   only (the club's automatic assignment); the club's staff see it in the notification centre,
 *   and those who opted in get a summary of the unassigned ones per 15 minutes.
 * - An assignment by someone else is mailed only to an assignee who chose e-mail for it.
 * - Each person's notification category filters: "all" gets both, "escalationsOnly" only
 *   Escalated, "none" nothing. No category chosen (null) counts as "all": a reminder nobody asked
 *   to silence should arrive.
 * - Disabled users never get mail; a B2B user only hears about b2b prospects (what they may see);
 *   nobody gets the same notification twice.
 */
import { type InboxCategory, isB2B } from "@/lib/domain/user.ts";
import { ACTIVITY_WEIGHT, type ActivityStatus } from "@/lib/domain/statuses.ts";

/**
 * notified / escalated: activity transitions; webLead: a new lead from a web form; webLeadAgain:
 * a person already in the project sent the form again; assigned: someone else assigned the
 * prospect to its assignee (mailed only to an assignee who chose e-mail for it).
 */
export type NotificationKind = "notified" | "escalated" | "webLead" | "webLeadAgain" | "assigned";

/** A notification waiting in the queue: what happened, and the prospect as it was then. */
export interface QueuedNotification {
  id: string;
  kind: NotificationKind;
  /** "<activityStatus>:<clockStart>", the idempotency key of the transition. */
  transitionKey: string;
  /** ISO instant of the transition. */
  at: string;
  prospect: {
    id: string;
    customerId: number;
    firstName: string;
    lastName: string;
    /** Staff call from the mail (absent on entries queued before it was added). */
    phoneNumber?: string;
    marketProjectId: number;
    marketProjectName: string;
    clubId: number;
    clubName: string;
    sellStatus: string | null;
    assignId: string | null;
    assignName: string | null;
    assignUserId: string | null;
    b2b: boolean;
  };
}

/** The activity statuses whose entry is announced, and the kind of message for each. */
export const NOTIFYING_STATUSES: Readonly<Record<string, NotificationKind>> = {
  Notified: "notified",
  Escalated: "escalated",
};

/**
 * The notification kind a transition `from → to` sends, or null when it sends nothing. Only a move
 * towards more urgency announces: a prospect that falls back (an admin raised a limit, so
 * Escalated becomes Notified or ToDo) is quiet.
 */
export function notificationKindFor(
  from: string | null | undefined,
  to: string | null | undefined,
): NotificationKind | null {
  if (!to || from === to) return null;
  const kind = NOTIFYING_STATUSES[to];
  if (!kind) return null;
  const wFrom = from ? ACTIVITY_WEIGHT[from as ActivityStatus] : undefined;
  const wTo = ACTIVITY_WEIGHT[to as ActivityStatus];
  if (wFrom !== undefined && wTo !== undefined && wTo >= wFrom) return null;
  return kind;
}

/** What the rules need to know about a person. */
export interface Recipient {
  id: string;
  email: string;
  enabled: boolean;
  roles: readonly string[];
  notificationCategoryId: string | null;
}

/** Whether a notification category lets a kind of message through. */
export function categoryAllows(category: string | null | undefined, kind: NotificationKind) {
  switch (category ?? "all") {
    case "all":
      return true;
    case "escalationsOnly":
      return kind === "escalated";
    case "none":
      return false;
    default:
      // An unknown category (a future one, or a typo in data) behaves like "all".
      return true;
  }
}

function reachable(u: Recipient, kind: NotificationKind, prospectB2b: boolean): boolean {
  if (!u.enabled) return false;
  if (isB2B(u) && !prospectB2b) return false;
  return categoryAllows(u.notificationCategoryId, kind);
}

/** Whether a person hears of a prospect in the app at all: enabled, and may see it (B2B). */
export function mayHear(u: Pick<Recipient, "enabled" | "roles">, prospectB2b: boolean): boolean {
  return u.enabled && (!isB2B(u) || prospectB2b);
}

/**
 * The people to mail about a transition. `assignee` is the user the prospect's assignId names
 * (null when unassigned or unknown); `subscribers` are the users subscribing to its club.
 */
export function recipientsFor<T extends Recipient>(
  kind: NotificationKind,
  prospect: { b2b: boolean },
  assignee: T | null,
  subscribers: readonly T[],
): T[] {
  const audience = kind === "notified" && assignee && assignee.enabled
    ? [assignee]
    : kind === "webLead" || kind === "webLeadAgain" || kind === "assigned"
    ? (assignee ? [assignee] : [])
    : subscribers;
  const seen = new Set<string>();
  const out: T[] = [];
  for (const u of audience) {
    if (seen.has(u.id) || !reachable(u, kind, prospect.b2b)) continue;
    seen.add(u.id);
    out.push(u);
  }
  return out;
}

/**
 * The link to a prospect in the grid (the prospects page filters by project and customer id).
 * It also names the prospect's club and shows completed rows: without a club the grid filters by
 * the reader's own clubs (an assignee outside the prospect's club would see nothing), and a
 * colleague may have closed the prospect (e.g. Member) before the mail is opened.
 */
export function prospectLink(
  appUrl: string,
  p: { marketProjectId: number; customerId: number; clubId: number },
): string {
  const base = appUrl.replace(/\/$/, "");
  return `${base}/prospects?marketProjectId=${p.marketProjectId}&customerId=${p.customerId}` +
    `&clubId=${p.clubId}&showCompleted=true`;
}

/** What every mail about a prospect says of it (`sellStatus`: the status as the reader reads it). */
export function prospectMailVars(
  p: {
    firstName: string;
    lastName: string;
    phoneNumber?: string;
    clubName: string;
    marketProjectName: string;
    marketProjectId: number;
    customerId: number;
    clubId: number;
  },
  appUrl: string,
  sellStatus: string,
) {
  return {
    customerName: `${p.firstName} ${p.lastName}`.trim(),
    phone: p.phoneNumber || "–",
    club: p.clubName,
    marketProject: p.marketProjectName,
    sellStatus,
    url: prospectLink(appUrl, p),
  };
}

// ── the notification centre ─────────────────────────────────────────────────

/** The length of a web-lead summary's window: at most one summary per user per window. */
export const DIGEST_WINDOW_MS = 15 * 60_000;

/** The summary window an instant falls in. */
export const digestWindow = (ms: number) => Math.floor(ms / DIGEST_WINDOW_MS);

/** The in-app category of a queued notification's kind (null: it has no in-app notification). */
export function inboxCategoryOf(kind: NotificationKind | "assigned"): InboxCategory | null {
  switch (kind) {
    case "webLead":
    case "webLeadAgain":
      return "webLead";
    case "escalated":
      return "escalation";
    case "assigned":
      return "assigned";
    default:
      return null;
  }
}

/**
 * An in-app notification as stored: the message key and its parameters, not a text (it is
 * rendered in the reader's language, and a prospect's name is read from the prospect when read,
 * so an erasure or a move out of the reader's sight removes it).
 */
export interface InboxNotification {
  id: string;
  category: InboxCategory;
  /** The i18n key of the text (`notifications.text.*`). */
  messageKey: string;
  params: Record<string, string | number>;
  prospectId: string | null;
  createdAt: string;
  readAt: string | null;
}

/** The queued notification of a prospect as it is now (`id` a new ULID). */
export function queuedOf(
  id: string,
  kind: NotificationKind,
  p: QueuedNotification["prospect"],
  at: string,
  transitionKey: string,
): QueuedNotification {
  return {
    id,
    kind,
    transitionKey,
    at,
    prospect: {
      id: p.id,
      customerId: p.customerId,
      firstName: p.firstName,
      lastName: p.lastName,
      phoneNumber: p.phoneNumber,
      marketProjectId: p.marketProjectId,
      marketProjectName: p.marketProjectName,
      clubId: p.clubId,
      clubName: p.clubName,
      sellStatus: p.sellStatus,
      assignId: p.assignId,
      assignName: p.assignName,
      assignUserId: p.assignUserId,
      b2b: p.b2b,
    },
  };
}

/**
 * Whether a write assigns the prospect to a user other than the writer (who is told in-app): a
 * new assignee with a user id, on a live record.
 */
export function assignedToOther(
  before: { assignUserId: string | null } | null,
  after: { assignUserId: string | null; deleted?: boolean },
  writerId: string | null,
): string | null {
  const to = after.assignUserId;
  if (!to || after.deleted || to === (before?.assignUserId ?? null) || to === writerId) return null;
  return to;
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * The id of one user's in-app copy of a queued notification: the queue id's time part and a hash
 * of the pair, so a delivery run again finds the copy it wrote, and no two users share an id.
 */
export function inboxIdFor(queueId: string, userId: string): string {
  let tail = "";
  for (let seed = 0; tail.length < 16; seed++) {
    let h = 0x811c9dc5 ^ seed;
    for (const ch of `${queueId}|${userId}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
    for (let i = 0; i < 6; i++) {
      tail += CROCKFORD[(h >>> (i * 5)) & 31];
    }
  }
  return queueId.slice(0, 10) + tail.slice(0, 16);
}
