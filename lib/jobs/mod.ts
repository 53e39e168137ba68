/**
 * The scheduled jobs and their schedules. main.ts registers them with Deno.cron at top level
 * (Deno Deploy requires that); each runner takes its own KV lease, so several instances run a
 * job once, and logs one JSON line per run instead of throwing into the cron loop.
 */
import { runActivityJob } from "@/lib/services/activity_pass.ts";
import { runDailyReportJob } from "@/lib/services/daily_report.ts";
import { runReportSnapshotsJob } from "@/lib/services/report_snapshots.ts";
import {
  foldEveryProject,
  foldWrittenProjects,
  runMailRetryJob,
  runRetentionJob,
} from "@/lib/services/background.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

/** Every minute: due activity transitions, a slice of any re-schedule, the notification queue. */
export const ACTIVITY_SCHEDULE = "* * * * *";
/**
 * Every 5 minutes: cron is UTC and 07:00 local moves with daylight saving, so the job itself
 * checks whether 07:00 local has passed and today's report is still unsent.
 */
export const DAILY_REPORT_SCHEDULE = "*/5 * * * *";
/** Every 15 minutes: the job keeps yesterday's report values once the local date has changed. */
export const REPORT_SNAPSHOT_SCHEDULE = "*/15 * * * *";
/** Nightly at 02:30 UTC: erase what the retention rule says is due. */
export const RETENTION_SCHEDULE = "30 2 * * *";
/** Every minute: e-mails the SMTP server refused, when their next attempt is due. */
export const MAIL_RETRY_SCHEDULE = "* * * * *";

/** Whether a run did anything worth a log line (any non-zero count in its result). */
function didWork(result: unknown): boolean {
  if (typeof result === "number") return result > 0;
  if (result && typeof result === "object") return Object.values(result).some(didWork);
  return false;
}

function log(job: string, t0: number, result: unknown) {
  // null: the lease is held elsewhere, or nothing is due; quiet minutes stay quiet.
  if (!didWork(result)) return;
  console.log(JSON.stringify({ level: "info", job, ms: Date.now() - t0, result }));
}

function guarded(job: string, run: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    const t0 = Date.now();
    try {
      log(job, t0, await run());
    } catch (e) {
      console.error(JSON.stringify({ level: "error", job, error: String(e) }));
    }
  };
}

/** The cron handlers, bound to the app's store and configuration. */
export function jobRunners(deps: ServiceDeps) {
  return {
    activity: guarded("activity", () => runActivityJob(deps)),
    dailyReport: guarded("daily-report", () => runDailyReportJob(deps)),
    reportSnapshots: guarded("report-snapshots", () => runReportSnapshotsJob(deps)),
    retention: guarded("retention", () => runRetentionJob(deps)),
    mailRetry: guarded("mail-retry", () => runMailRetryJob(deps)),
  };
}

/** How often an instance folds the report deltas it wrote (lib/db/report_pending.ts). */
export const FOLD_INTERVAL_MS = 1_000;
/** How often it folds every project's, left by an instance that stopped before its fold. */
export const FOLD_ALL_INTERVAL_MS = 60_000;

/**
 * Folds the pending report deltas this instance wrote, a second after the first: a second's
 * changes of a project share their counter keys, so the fold writes each once. Every
 * minute it folds every project's. Reports fold what they read themselves, so this only keeps the
 * pending entries few. Not a cron job: it runs on every instance that writes, without a lease (a
 * fold is checked on its project's key, so two instances never add an entry twice).
 */
export function startReportFolder(kv: Deno.Kv): { stop: () => Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastAll = Date.now();
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      if (Date.now() - lastAll >= FOLD_ALL_INTERVAL_MS) {
        lastAll = Date.now();
        await foldEveryProject(kv);
      } else {
        await foldWrittenProjects(kv);
      }
    } catch (e) {
      lastAll = 0; // the projects taken and not folded: the next run folds every project's
      console.error(JSON.stringify({ level: "error", job: "report-fold", error: String(e) }));
    }
    if (!stopped) timer = setTimeout(() => running = run(), FOLD_INTERVAL_MS);
  };
  timer = setTimeout(() => running = run(), FOLD_INTERVAL_MS);
  return {
    /** Stops the timer and waits for a fold under way (before the store closes). */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
