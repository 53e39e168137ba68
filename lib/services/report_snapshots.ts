/**
 * Nightly: once the local date has changed, keep every project's report values of each midnight
 * since the last kept one (keepMidnights: yesterday's, and any night missed), so a report of a past
 * date reads them, and prune the day buckets and stints only those midnights read; drop the per-hour
 * change buckets and change-time entries older than two days that no report reads
 * (docs/reports.md). Once per date, under a lease.
 */
import { readValue, writeValue } from "@/lib/db/records.ts";
import { reportSnapshotRunKey } from "@/lib/db/keys.ts";
import { listMarketProjects } from "@/lib/db/reference.ts";
import { addDays, localDate, startOfLocalDay } from "@/lib/domain/prospect.ts";
import { keepEveryProject, pruneChangeHours, pruneChangeTimes } from "@/lib/db/report_keep.ts";
import { SNAPSHOT_SETTLE_MS } from "@/lib/db/report_store.ts";
import { CHANGE_HOURS_KEPT_MS } from "@/lib/db/report_keys.ts";
import { withLease } from "@/lib/db/leases.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

const RUN_TTL_MS = 40 * 24 * 3600 * 1000;

/** Keeps yesterday's midnight of every project and prunes behind it, once per local date. */
export async function runReportSnapshots(
  deps: ServiceDeps,
): Promise<{ day: string; projects: number } | null> {
  const { kv, config } = deps;
  const now = deps.now();
  const today = localDate(now, config.timeZone);
  const day = addDays(today, -1);
  // Not in the first minutes after midnight: writes stamped before it may still be committing.
  const midnight = startOfLocalDay(today, config.timeZone).getTime();
  if (now.getTime() - midnight < SNAPSHOT_SETTLE_MS) return null;
  if (await readValue(kv, reportSnapshotRunKey(day)) !== null) return null;
  const projects = (await listMarketProjects(kv)).map((p) => p.marketProjectId);
  await keepEveryProject(kv, projects, config.timeZone, now);
  // Per-hour change buckets and the change-time index serve today's 24 h window (and the index
  // the days around a clock change): older ones go.
  const keepFrom = new Date(now.getTime() - CHANGE_HOURS_KEPT_MS);
  for (const mp of projects) {
    await pruneChangeHours(kv, mp, keepFrom);
    await pruneChangeTimes(kv, mp, keepFrom, config.timeZone);
  }
  await writeValue(
    kv,
    reportSnapshotRunKey(day),
    { at: now.toISOString(), projects: projects.length },
    RUN_TTL_MS,
  );
  return { day, projects: projects.length };
}

/** runReportSnapshots under the job's lease (once across instances). */
export async function runReportSnapshotsJob(deps: ServiceDeps) {
  return await withLease(
    deps.kv,
    "report-snapshots",
    30 * 60_000,
    () => runReportSnapshots(deps),
    deps.now().getTime(),
  );
}
