/**
 * The live district-wide report of a project: the last kept midnight's club values summed by each
 * club's district now, plus the district day buckets (`sdd`, `dcd`) written since, and today's
 * 24 h of changes by district. Decoded kept values and district sums are kept per process while
 * the keys' versionstamps say they are unchanged.
 */
import { reportCounterKey, reportDistrictsFromKey, reportKeptKey } from "@/lib/db/keys.ts";
import { counterValue } from "@/lib/db/kv.ts";
import { bucketsMovedKey, type ClubDistricts, reportDay } from "@/lib/db/report_keys.ts";
import { addCounts, type AsOf, type StatusCounts } from "@/lib/domain/reports.ts";
import { entries, keptPerProcess, OPEN_END, SNAPSHOT_SETTLE_MS } from "@/lib/db/report_store.ts";
import { addBuckets, countsOf, readClubSnapshot, withoutZeros } from "@/lib/db/report_status.ts";
import { type ChangeCounts, changeWindow, clubChanges } from "@/lib/db/report_changes.ts";

/** What the district-wide report of today reads per district. */
export interface DistrictsToday {
  status: Map<number, StatusCounts>;
  changes: Map<number, ChangeCounts>;
}

/**
 * The live district-wide report of one project from the district buckets: the last kept
 * midnight's club values (status counts, changes up to it) summed by each club's district now
 * (`districts`), plus the district day buckets written since (`sdd`, `dcd`, by the club's district
 * when written) — a few hundred entries where the clubs' buckets are thousands. The 24 h of
 * changes are the clubs' (today's window, as for a club report) summed by district. Null when the
 * district buckets cannot be trusted back to that midnight (no midnight kept yet; a club moved,
 * was renumbered or removed, or the store predates them, less than SNAPSHOT_SETTLE_MS before it:
 * ["report_districts", "from"]); the caller then sums the clubs.
 */
export async function districtsToday(
  kv: Deno.Kv,
  mp: number,
  asOf: AsOf,
  districts: ClubDistricts,
): Promise<DistrictsToday | null> {
  const [k, from, moved] = await kv.getMany<[string, string, unknown]>([
    reportKeptKey(mp),
    reportDistrictsFromKey(),
    bucketsMovedKey(mp),
  ]);
  if (!asOf.live || k.value === null || from.value === null) return null;
  if (Date.parse(from.value) + SNAPSHOT_SETTLE_MS > Date.parse(k.value)) return null;
  const [kept, since, window] = await Promise.all([
    keptClubValues(kv, mp, k as Deno.KvEntry<string>, asOf.timeZone),
    districtBucketsSince(kv, mp, k as Deno.KvEntry<string>, moved.versionstamp, asOf.timeZone),
    changeWindow(kv, mp, asOf, { districts, keptVersion: k.versionstamp }),
  ]);
  if (!kept) return null;
  const status = new Map<number, StatusCounts>();
  const changes = new Map<number, ChangeCounts>();
  const row = (d: number) => {
    let r = changes.get(d);
    if (!r) changes.set(d, r = { total: 0, last24h: 0 });
    return r;
  };
  const keptSums = keptByDistrict(kept.status, districts);
  if (!keptSums) return null; // a club removed since: the marker is set too
  for (const [d, counts] of keptSums) addCounts(countsOf(status, d), counts);
  for (const [c, r] of kept.changes) {
    const d = districts.get(c);
    if (d === undefined) return null;
    row(d).total += r.total;
  }
  for (const [d, counts] of since.status) addCounts(countsOf(status, d), counts);
  for (const [d, n] of since.changes) row(d).total += n;
  // Today's window by district (a club gone counts nowhere, as per club).
  for (const [d, n] of window) row(d).last24h += n;
  return { status: withoutZeros(status), changes };
}

/** The district day buckets since a kept midnight, summed (shared: callers only read them). */
interface DistrictBuckets {
  /** Net status moves per district (sdd). */
  status: ReadonlyMap<number, StatusCounts>;
  /** Sell-status changes per district (dcd). */
  changes: ReadonlyMap<number, number>;
}

/** By store, then project, kept version and the versionstamp of its bucketsMovedKey. */
const districtBucketCache = new WeakMap<Deno.Kv, Map<string, DistrictBuckets>>();

/**
 * A project's district day buckets (`sdd`, `dcd`) from its last kept midnight's local date on,
 * summed by district: at 1M most of what the live district report reads (~250 entries a project
 * after a day of status changes). Kept per process while neither the kept midnight (`kept`, the
 * ["report_kept", mp] entry) nor the project's count of bucket moves (`moved`: its versionstamp,
 * read before the buckets, so what is kept is at least that new) changes; a store whose count does
 * not exist yet reads them every time.
 */
async function districtBucketsSince(
  kv: Deno.Kv,
  mp: number,
  kept: Deno.KvEntry<string>,
  moved: string | null,
  timeZone: string,
): Promise<DistrictBuckets> {
  const since = (scope: string) => ({
    start: reportCounterKey(scope, mp, reportDay(kept.value, timeZone)),
    end: reportCounterKey(scope, mp, OPEN_END),
  });
  const id = moved === null ? null : `${mp}|${kept.versionstamp}|${moved}`;
  return (await keptPerProcess(districtBucketCache, kv, id, async () => {
    const [statusBuckets, changeBuckets] = await Promise.all([
      entries(kv, since("sdd")),
      entries(kv, since("dcd")),
    ]);
    const status = new Map<number, StatusCounts>();
    addBuckets(status, statusBuckets);
    const changes = new Map<number, number>();
    for (const e of changeBuckets) {
      const d = e.key[4] as number;
      changes.set(d, (changes.get(d) ?? 0) + counterValue(e.value));
    }
    return { status, changes };
  }))!;
}

/** The club values a project's last kept midnight holds (shared: callers only read them). */
interface KeptClubValues {
  status: ReadonlyMap<number, StatusCounts>;
  changes: ReadonlyMap<number, ChangeCounts>;
}

/** By store, then project and the versionstamp of its ["report_kept", mp] entry. */
const keptClubCache = new WeakMap<Deno.Kv, Map<string, KeptClubValues>>();

/**
 * The club status counts and changes kept at a project's last kept midnight (`kept`: its
 * ["report_kept", mp] entry), read from KV once per process for each version of that entry: values
 * kept at a midnight never change, and what deletes them (the report backfill) deletes that entry
 * too, so a new one has a new versionstamp. Spares the live district report of 10 projects 20 KV
 * calls a request. Null when the kept status counts are not whole.
 */
async function keptClubValues(
  kv: Deno.Kv,
  mp: number,
  kept: Deno.KvEntry<string>,
  timeZone: string,
): Promise<KeptClubValues | null> {
  const m = kept.value;
  return await keptPerProcess(keptClubCache, kv, `${mp}|${kept.versionstamp}`, async () => {
    const [status, changes] = await Promise.all([
      readClubSnapshot(kv, mp, m),
      clubChanges(kv, mp, { at: new Date(m), live: false, timeZone }),
    ]);
    return status ? { status, changes } : null;
  });
}

/** Kept club counts summed by district, per decoded kept value and districts map (both shared). */
const keptSums = new WeakMap<
  ReadonlyMap<number, StatusCounts>,
  WeakMap<ClubDistricts, Map<number, StatusCounts> | null>
>();

/**
 * A kept midnight's club counts summed by each club's district; null when a club has no district
 * now. Kept per process for the decoded kept value (shared while its marker stands) and the
 * districts map (shared while the stored map is unchanged): a district report of 10 projects adds
 * ~2,000 clubs' counts otherwise, per request. Callers add from it, never into it.
 */
function keptByDistrict(
  kept: ReadonlyMap<number, StatusCounts>,
  districts: ClubDistricts,
): ReadonlyMap<number, StatusCounts> | null {
  let byMap = keptSums.get(kept);
  if (!byMap) keptSums.set(kept, byMap = new WeakMap());
  const hit = byMap.get(districts);
  if (hit !== undefined) return hit;
  let sums: Map<number, StatusCounts> | null = new Map();
  for (const [c, counts] of kept) {
    const d = districts.get(c);
    if (d === undefined) {
      sums = null;
      break;
    }
    addCounts(countsOf(sums, d), counts);
  }
  byMap.set(districts, sums);
  return sums;
}
