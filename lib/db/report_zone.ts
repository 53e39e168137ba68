/**
 * The report counters' days are local dates in one time zone (issue #17): a past report instant is
 * a local midnight, so day buckets alone answer it. ["report_zone"] records the zone they are kept
 * in. Migration 81 turns the UTC hour and day buckets written before into local-day buckets (every
 * UTC hour lies in one local day for whole-hour zones); a start with another TZ_NAME rebuilds the
 * report keys from the event history.
 */
import { migrationKey, reportCounterKey, reportZoneKey } from "@/lib/db/keys.ts";
import { foldAll } from "@/lib/db/report_pending.ts";
import { CounterSums, counterValue, deletePrefix } from "@/lib/db/kv.ts";
import { backfillReportKeys } from "@/lib/db/report_backfill.ts";
import { backfillEscalationsAndFirstIn } from "@/lib/db/report_escalations.ts";
import { CHANGE_HOURS_KEPT_MS, hourOf, reportDay } from "@/lib/db/report_keys.ts";

/**
 * The hour scopes written before migration 81 and the day scope each folds into. "cch" is still
 * written (today's 24 h window): its hours of the last two days stay.
 */
const HOUR_TO_DAY: [string, string][] = [
  ["sh", "sd"],
  ["sch", "scd"],
  ["ch", "cd"],
  ["cch", "ccd"],
  ["eh", "ed"],
];
/** A scope whose day buckets are rewritten: only its hour buckets are left to delete. */
const progressKey = (scope: string) => ["_migration_81", scope];

/** Deletes a scope's hour buckets older than CHANGE_HOURS_KEPT_MS ([scope, mp, hour, …]). */
async function pruneOldHours(kv: Deno.Kv, scope: string) {
  const keepFrom = hourOf(new Date(Date.now() - CHANGE_HOURS_KEPT_MS).toISOString());
  let op = kv.atomic();
  let n = 0;
  for await (const e of kv.list({ prefix: reportCounterKey(scope) })) {
    if ((e.key[3] as string) >= keepFrom) continue;
    op.delete(e.key);
    if (++n % 500 === 0) {
      await op.commit();
      op = kv.atomic();
    }
  }
  await op.commit();
}

/**
 * Migration 81: each scope's day buckets become the sums of its hour buckets by local date, then
 * the hour buckets go. Resumable: a scope is recomputed from its hour buckets until its day buckets
 * are written (recorded), then only the deletion of its hour buckets is left.
 */
export async function localDayCounters(kv: Deno.Kv, timeZone: string): Promise<void> {
  await foldAll(kv); // pending deltas carry hour buckets too (lib/db/report_pending.ts)
  for (const [hourScope, dayScope] of HOUR_TO_DAY) {
    if ((await kv.get(progressKey(hourScope))).value === null) {
      const sums = new CounterSums();
      const hours = kv.list({ prefix: reportCounterKey(hourScope) }, { batchSize: 1000 });
      for await (const e of hours) {
        // [report_counters, scope, mp, "yyyy-MM-ddTHH", …rest]
        const [, , mp, hour, ...rest] = e.key;
        const day = reportDay(`${String(hour)}:00:00.000Z`, timeZone);
        sums.add(reportCounterKey(dayScope, mp, day, ...rest), counterValue(e.value));
      }
      await deletePrefix(kv, reportCounterKey(dayScope));
      await sums.commit(kv);
      await kv.set(progressKey(hourScope), true);
    }
    if (hourScope === "cch") await pruneOldHours(kv, hourScope);
    else await deletePrefix(kv, reportCounterKey(hourScope));
  }
  // Values kept for past instants were read from the UTC buckets: equal, but keep them honest.
  await deletePrefix(kv, ["report_snapshots"]);
  await deletePrefix(kv, ["_migration_81"]);
  await kv.set(reportZoneKey(), timeZone);
}

/**
 * At start: the counters are kept in `timeZone`, or rebuilt in it from the event history (a
 * TZ_NAME change; club moves, which leave no event, are dated at their last write). Answers whether
 * it rebuilt. A store that never ran migration 81 is left to it.
 */
export async function ensureReportZone(kv: Deno.Kv, timeZone: string): Promise<boolean> {
  const kept = await kv.get<string>(reportZoneKey());
  if (kept.value === timeZone) return false;
  if (kept.value === null && (await kv.get(migrationKey(81))).value === null) return false;
  await backfillReportKeys(kv, timeZone, { force: true });
  await backfillEscalationsAndFirstIn(kv, timeZone);
  await kv.set(reportZoneKey(), timeZone);
  return true;
}
