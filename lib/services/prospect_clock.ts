/**
 * The activity fields every prospect write recomputes: activityStatus, activityStatusWeigth and
 * nextTransitionAt (indexed for the cron job of the activity engine, lib/services/activity_pass.ts).
 */
import type { ActivityStatus } from "@/lib/domain/statuses.ts";
import { activityAt, type ActivityResult } from "@/lib/domain/activity.ts";
import type { TimeLimits } from "@/lib/domain/reference_rules.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";

export interface ClockSettings {
  limits: Record<string, TimeLimits>;
  worktime: { worktimeFrom: string; worktimeTo: string; timeZone: string };
}

export interface ActivityFields {
  activityStatus: ActivityStatus;
  activityStatusWeigth: number;
  nextTransitionAt: string | null;
}

type ClockInput = Pick<
  Prospect,
  "sellStatus" | "lastSellStatusChange" | "registerDate" | "followUpDate" | "activityStatus"
>;

/** The whole clock result (with clockStart, which names a transition for idempotency). */
export function clockOf(p: ClockInput, settings: ClockSettings, now: Date): ActivityResult {
  return activityAt(p, settings.limits, settings.worktime, now);
}

/** The activity fields of a prospect now, from the activity clock (lib/domain/activity.ts). */
export function computeActivity(
  p: ClockInput,
  settings: ClockSettings,
  now: Date,
): ActivityFields {
  const r = clockOf(p, settings, now);
  return {
    activityStatus: r.activityStatus,
    activityStatusWeigth: r.activityStatusWeigth,
    nextTransitionAt: r.nextTransitionAt,
  };
}
