/** Numbered migrations, each run once and recorded under ["_migrations", n] (DESIGN §4). */
import { listRecords } from "@/lib/db/prospect_record.ts";
import { migrationKey } from "@/lib/db/keys.ts";
import {
  listMarketProjects,
  restartDistrictTrust,
  seedReferenceData,
  startDistrictBuckets,
} from "@/lib/db/reference.ts";
import { CHANGE_HOURS_KEPT_MS } from "@/lib/db/report_keys.ts";
import { pruneChangeTimes } from "@/lib/db/reports.ts";
import { backfillReportKeys } from "@/lib/db/report_backfill.ts";
import { backfillEscalationsAndFirstIn } from "@/lib/db/report_escalations.ts";
import {
  prospectsByClubRegisteredPrefix,
  prospectsByProjectUrgencyPrefix,
  reportCounterKey,
} from "@/lib/db/keys.ts";
import { deletePrefix } from "@/lib/db/kv.ts";
import {
  changesIntoBucketsMoved,
  foldHistories,
  keepEveryMidnight,
  leanLayout,
  projectNames,
  splitLongHistories,
  storedRecords,
} from "@/lib/db/lean_migration.ts";
import { localDayCounters } from "@/lib/db/report_zone.ts";
import { DEFAULT_TIME_ZONE } from "@/lib/domain/worktime.ts";
import { prospectByPhoneKey } from "@/lib/db/keys.ts";
import { ID_IN_KEY, phoneKeyPart } from "@/lib/db/prospect_indexes.ts";
import { phoneDigits } from "@/lib/domain/prospect.ts";

/** The phone index's key part before migration 62 (0046… and +47… were kept as plain digits). */
function oldPhoneKeyPart(phone: string): string {
  const d = phoneDigits(phone);
  return d.startsWith("46") && d.length > 9 ? "0" + d.slice(2) : d;
}

/** Re-keys phone index entries whose normalised form changed (0046…, +47…); resumable. */
async function rekeyPhones(kv: Deno.Kv): Promise<void> {
  let op = kv.atomic();
  let n = 0;
  for await (const e of listRecords(kv)) {
    const p = e.value;
    if (p.deleted || !p.phoneNumber) continue;
    const before = oldPhoneKeyPart(p.phoneNumber);
    const after = phoneKeyPart(p.phoneNumber);
    if (before === after) continue;
    if (before) op.delete(prospectByPhoneKey(before, p.id));
    if (after) op.set(prospectByPhoneKey(after, p.id), ID_IN_KEY);
    if (++n % 400 === 0) {
      await op.commit();
      op = kv.atomic();
    }
  }
  await op.commit();
}

export interface Migration {
  n: number;
  name: string;
  /** `timeZone`: the configured TZ_NAME (report days are local dates in it). */
  up(kv: Deno.Kv, timeZone: string): Promise<void>;
}

/** Every migration of the app, in order. Feature modules register theirs here. */
export const MIGRATIONS: Migration[] = [
  {
    n: 1,
    name: "init",
    async up() {},
  },
  {
    n: 20,
    name: "reference data: sell statuses, notification categories, time settings, work time",
    up: seedReferenceData,
  },
  {
    n: 50,
    name: "reports: counters, stints and indexes for prospects written before them",
    up: async (kv, tz) => void await backfillReportKeys(kv, tz),
  },
  {
    n: 60,
    name: "drop the project-wide urgency index (urgency reads merge the per-club ranges)",
    up: async (kv) => void await deletePrefix(kv, prospectsByProjectUrgencyPrefix()),
  },
  {
    n: 61,
    name: "reports read current status counts from the search totals: drop the s/sc counters",
    up: async (kv) => {
      await deletePrefix(kv, reportCounterKey("s"));
      await deletePrefix(kv, reportCounterKey("sc"));
    },
  },
  {
    n: 62,
    name: "phone index: 0046… and +<country>… numbers in the one normalised form",
    up: rekeyPhones,
  },
  {
    n: 70,
    name: "reports: escalated prospects counted once (firstEscalatedAt) and firstProspectIn keys",
    up: async (kv, tz) => void await backfillEscalationsAndFirstIn(kv, tz),
  },
  {
    n: 80,
    name:
      "lean layout: events packed per write, no end key after a status change, no report_current",
    up: leanLayout,
  },
  {
    n: 81,
    name: "report counters by local day in TZ_NAME: hour buckets folded into day buckets",
    up: localDayCounters,
  },
  {
    n: 82,
    name: "one history value per prospect: the per-write event packs folded into it",
    up: async (kv) => void await foldHistories(kv),
  },
  {
    n: 83,
    name: "change-time index: only today's window and the days around a clock change are kept",
    up: async (kv, tz) => {
      const keepFrom = new Date(Date.now() - CHANGE_HOURS_KEPT_MS);
      for (const p of await listMarketProjects(kv)) {
        await pruneChangeTimes(kv, p.marketProjectId, keepFrom, tz);
      }
    },
  },
  {
    n: 84,
    name: "the daily report reads registrations from the first-in keys: drop the per-club index",
    up: async (kv) => void await deletePrefix(kv, prospectsByClubRegisteredPrefix()),
  },
  {
    n: 85,
    name:
      "reports: every past midnight kept per project, the day buckets and stints before it pruned",
    up: (kv, tz) => keepEveryMidnight(kv, tz, new Date()),
  },
  {
    n: 86,
    name: "reports: per-district day buckets, trusted from a settled midnight after this",
    up: async (kv) => await startDistrictBuckets(kv),
  },
  {
    n: 87,
    name: "name search over a project: the project index carries the names; name-prefix counts",
    up: async (kv) => void await projectNames(kv),
  },
  {
    n: 88,
    name: "history values past ~900 characters split, so each stays on its page (no overflow page)",
    up: async (kv) => void await splitLongHistories(kv),
  },
  {
    n: 89,
    name: "prospect records stored as their values without the field names",
    up: async (kv) => void await storedRecords(kv),
  },
  {
    n: 90,
    name: "reports: per-district hour change buckets, trusted from a settled midnight after this",
    up: async (kv) => await restartDistrictTrust(kv),
  },
  {
    n: 91,
    name: "reports: a project's sell-status changes kept in its bucket-moves key (one sum less)",
    up: async (kv) => void await changesIntoBucketsMoved(kv),
  },
  {
    n: 92,
    // Nothing to convert: the counters are as before, and writes add pending entries from now on.
    // Recorded so that `deno task db:migrate --undo 92` folds them all for the code before it.
    name: "reports: a write's counter deltas kept as pending entries, folded by their readers",
    up: async () => {},
  },
];

/** Runs the migrations not yet recorded; returns the numbers it ran. Safe with concurrent starters. */
export async function runMigrations(
  kv: Deno.Kv,
  migrations = MIGRATIONS,
  timeZone = DEFAULT_TIME_ZONE,
  /** Told each migration before it runs (deno task db:migrate prints them with their time). */
  onStart?: (m: Migration) => void,
): Promise<number[]> {
  const ran: number[] = [];
  const sorted = [...migrations].sort((a, b) => a.n - b.n);
  for (const m of sorted) {
    const done = await kv.get(migrationKey(m.n));
    if (done.value) continue;
    onStart?.(m);
    await m.up(kv, timeZone);
    const res = await kv.atomic()
      .check({ key: migrationKey(m.n), versionstamp: null })
      .set(migrationKey(m.n), { name: m.name, at: new Date().toISOString() })
      .commit();
    if (res.ok) ran.push(m.n);
  }
  return ran;
}
