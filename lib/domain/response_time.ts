/**
 * Speed to lead: how fast each club answers its web leads. A lead's response time is the work time
 * (the activity clock's daily window) from its registration to its first contact (the first note,
 * sell-status change or assignment by staff: the prospect's firstContactAt). Pure and clock-free.
 */
import { workMsBetween, type Worktime } from "@/lib/domain/worktime.ts";

/** A web lead as the report counts it. */
export interface LeadTimes {
  clubId: number;
  registerDate: string;
  firstContactAt: string | null;
}

export interface ResponseTimeRow {
  clubId: number;
  clubName: string;
  /** Web leads registered in the period. */
  leads: number;
  /** Of those, the ones contacted. */
  contacted: number;
  /** Median work minutes to the first contact of the contacted ones (null: none contacted). */
  medianMinutes: number | null;
  /** Contacted within 5 work minutes. */
  within5Minutes: number;
  /** Contacted within 60 work minutes. */
  within1Hour: number;
}

/** The CSV's and the page's columns, in order (labels: reports.responseTime.columns.<column>). */
export const RESPONSE_TIME_COLUMNS = [
  "clubName",
  "leads",
  "contacted",
  "medianMinutes",
  "within5Minutes",
  "within1Hour",
] as const;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Work minutes from registration to first contact (null when not contacted). */
export function responseMinutes(lead: LeadTimes, worktime: Worktime): number | null {
  if (!lead.firstContactAt) return null;
  return workMsBetween(lead.registerDate, lead.firstContactAt, worktime) / 60_000;
}

/** One row per club (in the order given), every club even without leads. */
export function responseTimeRows(
  clubs: { clubId: number; name: string }[],
  leads: LeadTimes[],
  worktime: Worktime,
): ResponseTimeRow[] {
  return clubs.map((club) => {
    const own = leads.filter((l) => l.clubId === club.clubId);
    const minutes = own.map((l) => responseMinutes(l, worktime)).filter((m) => m !== null);
    const med = median(minutes);
    return {
      clubId: club.clubId,
      clubName: club.name,
      leads: own.length,
      contacted: minutes.length,
      medianMinutes: med === null ? null : Math.round(med),
      within5Minutes: minutes.filter((m) => m <= 5).length,
      within1Hour: minutes.filter((m) => m <= 60).length,
    };
  });
}
