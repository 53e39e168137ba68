/**
 * Reference data shapes (spec §3). Prospects refer to clubs and market projects by their numeric
 * business ids (clubId, marketProjectId); REST paths use the record id. A club's districtId is the
 * district's numeric districtId.
 */

export interface District {
  id: string;
  districtId: number;
  name: string;
  version?: string;
}

export interface Club {
  id: string;
  clubId: number;
  name: string;
  districtId: number;
  version?: string;
  /** In GET /api/users/{id}/clubs only: the user subscribes to it. */
  checked?: boolean;
}

export interface MarketProject {
  id: string;
  marketProjectId: number;
  name: string;
  /** "yyyy-MM-dd" */
  startDate: string;
  active: boolean;
  b2b: boolean;
  version?: string;
}

export interface SellStatusInfo {
  id: string;
  name: string;
  weight: number;
}

export interface NotificationCategory {
  id: "all" | "escalationsOnly" | "none";
  name: string;
}

export interface SellStatusTimeSetting {
  id: string;
  sellStatus: string;
  hoursLeftBeforePaused: number;
  hoursLeftBeforeNotified: number;
  hoursLeftBeforeEscalated: number;
  version?: string;
}

export interface AdminSettings {
  id: string;
  /** "HH:mm" local time */
  worktimeFrom: string;
  worktimeTo: string;
  /** Prospects unchanged this many days are erased (0 = never); issue #14. Default 365. */
  retentionDays?: number;
  version?: string;
}

/** Retention when none is set: a year without a change by a person (GDPR Art. 5(1)(e)). */
export const DEFAULT_RETENTION_DAYS = 365;
/** Soft-deleted prospects are erased this many days after deletion (when retention is on). */
export const DELETED_RETENTION_DAYS = 30;

export const DEFAULT_WORKTIME = { worktimeFrom: "08:00", worktimeTo: "17:00" } as const;
