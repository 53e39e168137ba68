/** Sell statuses, activity statuses and the sets the rules of DESIGN §7 are built on. */

/** The 19 sell statuses a prospect can have, in the order the spec lists them. */
export const SELL_STATUSES = [
  "AlreadyInBRP",
  "Prospect",
  "NoAnswer1",
  "NoAnswer2",
  "NoAnswer3",
  "NoAnswer4",
  "NoAnswer",
  "WaitingCustomerCall",
  "WaitingCustomer",
  "NoThanks",
  "Booked",
  "Member",
  "NoMember",
  "AlreadyMember",
  "RegretMeeting",
  "DidNotShowUp",
  "GuestMember",
  "ProjectMember",
  "LowPrio",
] as const;
export type SellStatus = (typeof SELL_STATUSES)[number];

/** JumpedOff is shown by reports (and ends the work) but is not offered in the grid's select. */
export const REPORT_SELL_STATUSES = [...SELL_STATUSES, "JumpedOff"] as const;
export type ReportSellStatus = (typeof REPORT_SELL_STATUSES)[number];

/** Sell statuses that end the work: the prospect's activity status becomes Done. */
export const DONE_SELL_STATUSES: ReadonlySet<string> = new Set([
  "AlreadyInBRP",
  "Member",
  "NoMember",
  "NoThanks",
  "AlreadyMember",
  "JumpedOff",
]);

/** Sell statuses that need a follow-up date on save (spec §4, §5). */
export const FOLLOW_UP_SELL_STATUSES: ReadonlySet<string> = new Set([
  "WaitingCustomer",
  "WaitingCustomerCall",
  "Booked",
  "GuestMember",
  "ProjectMember",
]);

export const ACTIVITY_STATUSES = [
  "ToDo",
  "Notified",
  "Paused",
  "Escalated",
  "Done",
  "CustomerCleaned",
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** Lower weight = more urgent (DESIGN §7). */
export const ACTIVITY_WEIGHT: Record<ActivityStatus, number> = {
  Escalated: 0,
  Notified: 1,
  ToDo: 2,
  Paused: 3,
  Done: 4,
  CustomerCleaned: 5,
};

/** The time-settings row used for a prospect without a sell status. */
export const DEFAULT_CLOCK_STATUS: SellStatus = "Prospect";

export function isDoneSellStatus(s: string | null | undefined): boolean {
  return s != null && DONE_SELL_STATUSES.has(s);
}

export function isFollowUpSellStatus(s: string | null | undefined): boolean {
  return s != null && FOLLOW_UP_SELL_STATUSES.has(s);
}

export const NOTE_TYPES = ["Note", "Motivation"] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

export const ROLES = ["ROLE_ADMIN", "ROLE_USER", "ROLE_B2B_USER"] as const;
export type Role = (typeof ROLES)[number];

/** Spec §9 constants. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const REPORT_PROJECT_LIMIT = 10;
export const APP_VERSION = "1.0.0";
export const MENU_STATES = { hidden: 0, full: 1, short: 2 } as const;
export const DEFAULT_MENU_STATE = 2;
export const MAX_TOASTS = 3;
