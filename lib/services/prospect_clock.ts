/**
 * The activity fields every prospect write recomputes: activityStatus, activityStatusWeigth and
 * nextTransitionAt (indexed for the cron job of the activity engine, lib/services/activity_pass.ts),
 * and the clock settings they are computed with (work time and time limits, cached per store).
 */
import { readEntry } from "@/lib/db/records.ts";
import type { Prefetched } from "@/lib/db/kv.ts";
import { settingsVersionKey } from "@/lib/db/keys.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { getAdminSettings, getTimeLimitsByStatus } from "@/lib/db/settings.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
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

// ── clock settings (cached per store; one key read per write checks they are current) ──

const settingsCache = new WeakMap<Deno.Kv, { version: string; value: Promise<ClockSettings> }>();

/**
 * Work time and time limits for the activity clock. Read once and kept while the settings version
 * key (set in the same atomic as every change to them, lib/db/reference.ts) is unchanged, so an
 * admin's change reaches every instance on the store at its next write, not after a timeout.
 */
export async function clockSettings(
  kv: Deno.Kv,
  timeZone: string,
  prefetched?: Prefetched | null,
): Promise<ClockSettings> {
  const key = settingsVersionKey();
  const entry = prefetched?.take([key])?.[0] ?? await readEntry(kv, key);
  const version = entry.versionstamp ?? "seeded";
  const hit = settingsCache.get(kv);
  if (hit && hit.version === version) return await hit.value;
  const value = Promise.all([getTimeLimitsByStatus(kv), getAdminSettings(kv)]).then((
    [limits, admin],
  ) => ({
    limits,
    worktime: { worktimeFrom: admin.worktimeFrom, worktimeTo: admin.worktimeTo, timeZone },
  }));
  settingsCache.set(kv, { version, value });
  value.catch(() => settingsCache.delete(kv));
  return await value;
}

/** The record with its activity fields recomputed as of the request's instant. */
export async function withClock(
  ctx: ProspectCtx,
  p: StoredProspect,
  settings?: ClockSettings,
): Promise<StoredProspect> {
  settings ??= await clockSettings(ctx.kv, ctx.config.timeZone);
  return { ...p, ...computeActivity(p, settings, ctx.now) };
}
