/**
 * Reference data shapes (spec §3). Prospects refer to clubs and market projects by their numeric
 * business ids (clubId, marketProjectId); REST paths use the record id. A club's districtId is the
 * district's numeric districtId. The records' shapes are the zod schemas of reference_rules.ts
 * (also the API's response schemas); their types are here, type-only, so islands bundle no zod.
 */
import type { z } from "zod";
import type {
  adminSettingsSchema,
  clubSchema,
  districtSchema,
  marketProjectSchema,
  timeSettingSchema,
} from "@/lib/domain/reference_rules.ts";

export type District = z.output<typeof districtSchema>;
export type Club = z.output<typeof clubSchema>;
export type MarketProject = z.output<typeof marketProjectSchema>;
export type SellStatusTimeSetting = z.output<typeof timeSettingSchema>;
/** Stored settings of older installs may lack retentionDays (the default applies). */
export type AdminSettings =
  & Omit<z.output<typeof adminSettingsSchema>, "retentionDays">
  & { retentionDays?: number };

export interface SellStatusInfo {
  id: string;
  name: string;
  weight: number;
}

export interface NotificationCategory {
  id: "all" | "escalationsOnly" | "none";
  name: string;
}

/** Retention when none is set: a year without a change by a person (GDPR Art. 5(1)(e)). */
export const DEFAULT_RETENTION_DAYS = 365;
/** Soft-deleted prospects are erased this many days after deletion (when retention is on). */
export const DELETED_RETENTION_DAYS = 30;

export const DEFAULT_WORKTIME = { worktimeFrom: "08:00", worktimeTo: "17:00" } as const;
