/**
 * The report counters' days are local dates in one time zone: a past report instant is a local
 * midnight, so day buckets alone answer it. ["report_zone"] records the zone they are kept in; a
 * start with another TZ_NAME rebuilds the report keys from the event history.
 */
import { reportZoneKey } from "@/lib/db/keys.ts";
import { backfillReportKeys } from "@/lib/db/report_backfill.ts";
import { backfillEscalationsAndFirstIn } from "@/lib/db/report_escalations.ts";

/** Records the zone of a new store's counters (left alone when one is recorded). */
export async function keepReportZone(kv: Deno.Kv, timeZone: string): Promise<void> {
  await kv.atomic().check({ key: reportZoneKey(), versionstamp: null })
    .set(reportZoneKey(), timeZone).commit();
}

/**
 * At start: the counters are kept in `timeZone`, or rebuilt in it from the event history (a
 * TZ_NAME change; club moves, which leave no event, are dated at their last write). Answers whether
 * it rebuilt.
 */
export async function ensureReportZone(kv: Deno.Kv, timeZone: string): Promise<boolean> {
  const kept = await kv.get<string>(reportZoneKey());
  if (kept.value === timeZone) return false;
  if (kept.value === null) {
    await keepReportZone(kv, timeZone);
    return false;
  }
  await backfillReportKeys(kv, timeZone, { force: true });
  await backfillEscalationsAndFirstIn(kv, timeZone);
  await kv.set(reportZoneKey(), timeZone);
  return true;
}
