/** Sell statuses, activity statuses and the sets the rules of DESIGN §7 are built on. */

/**
 * Every sell status in one table: the grid's order (= the seeded weight), whether the
 * grid offers it, whether it ends the work (activity Done) or needs a follow-up date on save, where
 * the conversion funnel counts it (`booked`: the prospect had a booked visit; `member`: it became
 * a member; null: neither), where the reports put its column, and the work-hour limits a fresh install seeds (Paused, Notified,
 * Escalated; docs/reference-data.md). Labels are `sellStatus.<id>` and the report column's
 * `reports.columns.<camelId>` in lib/i18n. Adding a status is a row here and those texts: every
 * start writes a new status's reference rows into an existing store (lib/db/migrations.ts
 * startStore).
 */
export const SELL_STATUS_TABLE = [
  {
    id: "AlreadyInBRP",
    grid: true,
    done: true,
    followUp: false,
    funnel: null,
    reportOrder: 0,
    limits: [0, 0, 0],
  },
  {
    id: "Prospect",
    grid: true,
    done: false,
    followUp: false,
    funnel: null,
    reportOrder: 1,
    limits: [0, 4, 4],
  },
  {
    id: "NoAnswer1",
    grid: true,
    done: false,
    followUp: false,
    funnel: null,
    reportOrder: 2,
    limits: [4, 4, 8],
  },
  {
    id: "NoAnswer2",
    grid: true,
    done: false,
    followUp: false,
    funnel: null,
    reportOrder: 3,
    limits: [8, 4, 8],
  },
  {
    id: "NoAnswer3",
    grid: true,
    done: false,
    followUp: false,
    funnel: null,
    reportOrder: 4,
    limits: [16, 4, 8],
  },
  {
    id: "NoAnswer4",
    grid: true,
    done: false,
    followUp: false,
    funnel: null,
    reportOrder: 5,
    limits: [24, 4, 8],
  },
  {
    id: "NoAnswer",
    grid: true,
    done: false,
    followUp: false,
    funnel: null,
    reportOrder: 6,
    limits: [40, 8, 16],
  },
  {
    id: "WaitingCustomerCall",
    grid: true,
    done: false,
    followUp: true,
    funnel: null,
    reportOrder: 7,
    limits: [0, 4, 4],
  },
  {
    id: "WaitingCustomer",
    grid: true,
    done: false,
    followUp: true,
    funnel: null,
    reportOrder: 8,
    limits: [0, 4, 8],
  },
  {
    id: "NoThanks",
    grid: true,
    done: true,
    followUp: false,
    funnel: null,
    reportOrder: 9,
    limits: [0, 0, 0],
  },
  {
    id: "Booked",
    grid: true,
    done: false,
    followUp: true,
    funnel: "booked",
    reportOrder: 10,
    limits: [0, 4, 4],
  },
  {
    id: "Member",
    grid: true,
    done: true,
    followUp: false,
    funnel: "member",
    reportOrder: 11,
    limits: [0, 0, 0],
  },
  {
    id: "NoMember",
    grid: true,
    done: true,
    followUp: false,
    funnel: "booked",
    reportOrder: 12,
    limits: [0, 0, 0],
  },
  {
    id: "AlreadyMember",
    grid: true,
    done: true,
    followUp: false,
    funnel: null,
    reportOrder: 13,
    limits: [0, 0, 0],
  },
  {
    id: "RegretMeeting",
    grid: true,
    done: false,
    followUp: false,
    funnel: "booked",
    reportOrder: 14,
    limits: [0, 4, 8],
  },
  {
    id: "DidNotShowUp",
    grid: true,
    done: false,
    followUp: false,
    funnel: "booked",
    reportOrder: 15,
    limits: [0, 4, 8],
  },
  {
    id: "GuestMember",
    grid: true,
    done: false,
    followUp: true,
    funnel: "booked",
    reportOrder: 16,
    limits: [0, 4, 8],
  },
  {
    id: "ProjectMember",
    grid: true,
    done: false,
    followUp: true,
    funnel: "booked",
    reportOrder: 17,
    limits: [0, 4, 8],
  },
  {
    id: "LowPrio",
    grid: true,
    done: false,
    followUp: false,
    funnel: null,
    reportOrder: 19,
    limits: [40, 16, 24],
  },
  // Shown by reports (and ends the work) but not offered in the grid's select.
  {
    id: "JumpedOff",
    grid: false,
    done: true,
    followUp: false,
    funnel: null,
    reportOrder: 18,
    limits: null,
  },
] as const;

type Row = (typeof SELL_STATUS_TABLE)[number];
type GridRow = Extract<Row, { grid: true }>;

/** The 19 sell statuses a prospect can have, in the order the spec lists them. */
export const SELL_STATUSES = SELL_STATUS_TABLE.filter((r): r is GridRow => r.grid).map((r) =>
  r.id
) as GridRow["id"][];
export type SellStatus = GridRow["id"];

/** Every status a report counts (the grid's and JumpedOff). */
export const REPORT_SELL_STATUSES = SELL_STATUS_TABLE.map((r) => r.id);
export type ReportSellStatus = Row["id"];

/** The report columns' order (spec §2: JumpedOff before LowPrio, LowPrio last). */
export const REPORT_STATUS_ORDER: ReportSellStatus[] = [...SELL_STATUS_TABLE]
  .sort((a, b) => a.reportOrder - b.reportOrder)
  .map((r) => r.id);

/** Sell statuses that end the work: the prospect's activity status becomes Done. */
export const DONE_SELL_STATUSES: ReadonlySet<string> = new Set(
  SELL_STATUS_TABLE.filter((r) => r.done).map((r) => r.id),
);

/** Sell statuses that need a follow-up date on save (spec §4, §5). */
export const FOLLOW_UP_SELL_STATUSES: ReadonlySet<string> = new Set(
  SELL_STATUS_TABLE.filter((r) => r.followUp).map((r) => r.id),
);

/** The conversion funnel's stages a sell status reaches (a member has had its visit too). */
export type FunnelStage = "booked" | "member";

/** Sell statuses that mean the prospect had a booked visit (the member ones included). */
export const BOOKED_SELL_STATUSES: ReadonlySet<string> = new Set(
  SELL_STATUS_TABLE.filter((r) => r.funnel !== null).map((r) => r.id),
);

/** Sell statuses that mean the prospect became a member. */
export const MEMBER_SELL_STATUSES: ReadonlySet<string> = new Set(
  SELL_STATUS_TABLE.filter((r) => r.funnel === "member").map((r) => r.id),
);

/** Work-hour limits [Paused, Notified, Escalated] seeded per status (null: no clock). */
export const SEEDED_LIMITS: Readonly<Record<string, readonly [number, number, number]>> = Object
  .fromEntries(
    SELL_STATUS_TABLE.filter((r) => r.limits).map((r) => [r.id, r.limits!]),
  );

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

/**
 * Where a prospect came from, recorded when it is created: a campaign's web form, a CSV import or
 * staff in the grid (records from before the field read as "staff").
 */
export const PROSPECT_SOURCES = ["web", "import", "staff"] as const;
export type ProspectSource = (typeof PROSPECT_SOURCES)[number];

export const NOTE_TYPES = ["Note", "Motivation"] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/** The interface languages (texts in lib/i18n/<lang>.json; date formats in lib/i18n/dates.ts). */
export const LANGUAGES = ["sv", "en"] as const;

export const ROLES = ["ROLE_ADMIN", "ROLE_USER", "ROLE_B2B_USER"] as const;
export type Role = (typeof ROLES)[number];

/** Spec §9 constants. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const REPORT_PROJECT_LIMIT = 10;
export const APP_VERSION = "1.0.0";
/** The side menu: hidden, full (icons and labels) or short (icons only); body[data-menu]. */
export const MENU_STATES = { hidden: 0, full: 1, short: 2 } as const;
export const DEFAULT_MENU_STATE = MENU_STATES.short;
