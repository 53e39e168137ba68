/**
 * Who is told about an activity transition (DESIGN §7 "Notifications"), as pure rules.
 *
 * - Entering Notified tells the assignee; an unassigned prospect (or one whose assignee no longer
 *   exists or is disabled) tells the club's subscribers instead.
 * - Entering Escalated tells the club's subscribers.
 * - A new web-form lead tells the club's subscribers at once (speed to lead), its assignee (the
 *   club's automatic assignment) first; a known person sending the form again tells the
 *   subscribers.
 * - Each person's notification category filters: "all" gets both, "escalationsOnly" only
 *   Escalated, "none" nothing. No category chosen (null) counts as "all": a reminder nobody asked
 *   to silence should arrive.
 * - Disabled users never get mail; a B2B user only hears about b2b prospects (what they may see);
 *   nobody gets the same notification twice.
 */
import { isB2B } from "@/lib/domain/user.ts";
import { ACTIVITY_WEIGHT, type ActivityStatus } from "@/lib/domain/statuses.ts";

/**
 * notified / escalated: activity transitions; webLead: a new lead from a web form; webLeadAgain:
 * a person already in the project sent the form again.
 */
export type NotificationKind = "notified" | "escalated" | "webLead" | "webLeadAgain";

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
    : kind === "webLead" && assignee
    ? [assignee, ...subscribers]
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
