/**
 * The store's layout, versioned by numbered migrations recorded under ["_migrations", n]. A new
 * store is written in today's layout by the baseline (1); a change of layout adds the next number
 * here with an `up` that brings an older store to it. Concurrent starters may run a step at the
 * same time (the record is written after it), so every `up` is idempotent: it only writes what is
 * not there yet, checked in its atomics (tests/unit/migrations_test.ts).
 */
import { FAMILY_TAGS, migrationKey, migrationsPrefix } from "@/lib/db/keys.ts";
import { rekeyFamilies } from "@/lib/db/rekey.ts";
import { startDistrictBuckets } from "@/lib/db/reference.ts";
import { seedReferenceData } from "@/lib/db/settings.ts";
import { keepReportZone } from "@/lib/db/report_zone.ts";
import { backfillFunnel } from "@/lib/db/report_funnel.ts";
import { backfillChangeFeed } from "@/lib/db/change_feed.ts";
import { packFunnelCounters } from "@/lib/db/report_funnel_packs.ts";
import { DEFAULT_TIME_ZONE } from "@/lib/domain/worktime.ts";
import { absent, commitIfUnchanged, listEntries, put, readValue } from "@/lib/db/records.ts";

export interface Migration {
  n: number;
  name: string;
  /** `timeZone`: the configured TZ_NAME (report days are local dates in it). */
  up(kv: Deno.Kv, timeZone: string): Promise<void>;
  /**
   * Runs before every other step not yet recorded: a step that moves keys to new first parts, since
   * every other step's code reads and writes the keys of today's layout.
   */
  first?: boolean;
}

/** Every migration of the app, in order. */
export const MIGRATIONS: Migration[] = [
  {
    n: 1,
    name: "baseline: reference data (sell statuses, notification categories, time limits, " +
      "work time), the club→district map, the report time zone",
    async up(kv, timeZone) {
      await seedReferenceData(kv);
      await startDistrictBuckets(kv);
      await keepReportZone(kv, timeZone);
    },
  },
  {
    n: 2,
    name: "the conversion funnel: each prospect's bookedAt, memberAt and first contact from its " +
      "events, and the funnel counters",
    async up(kv, timeZone) {
      await backfillFunnel(kv, timeZone);
    },
  },
  {
    n: 3,
    name: "the change feed: every prospect under prospects_by_updated by its last change",
    async up(kv) {
      await backfillChangeFeed(kv);
    },
  },
  {
    n: 4,
    name: "the funnel's counters packed per scope, day or month and group chunk",
    async up(kv) {
      await packFunnelCounters(kv);
    },
  },
  {
    n: 5,
    name: "the families with a key per prospect or per write stored under short tags " +
      "(keys.ts FAMILY_TAGS) instead of their names",
    first: true,
    async up(kv) {
      await rekeyFamilies(kv, Object.entries(FAMILY_TAGS));
    },
  },
];

/** Runs the migrations not yet recorded; returns the numbers it ran. */
export async function runMigrations(
  kv: Deno.Kv,
  migrations = MIGRATIONS,
  timeZone = DEFAULT_TIME_ZONE,
  /** Told each migration before it runs (deno task db:migrate prints them with their time). */
  onStart?: (m: Migration) => void,
): Promise<number[]> {
  const ran: number[] = [];
  const sorted = [...migrations].sort((a, b) => Number(!!b.first) - Number(!!a.first) || a.n - b.n);
  for (const m of sorted) {
    if (await readValue(kv, migrationKey(m.n))) continue;
    onStart?.(m);
    await m.up(kv, timeZone);
    const recorded = await commitIfUnchanged(kv, [absent(migrationKey(m.n))], [
      put(migrationKey(m.n), { name: m.name, at: new Date().toISOString() }),
    ]);
    if (recorded) ran.push(m.n);
  }
  return ran;
}

/**
 * What every start does to the store: the migrations not yet run, then the reference rows of a
 * sell status added to SELL_STATUS_TABLE since the store was made (its list entry and time
 * limits); rows already there, edited or not, stay as they are. Answers the migrations run.
 */
export async function startStore(kv: Deno.Kv, timeZone = DEFAULT_TIME_ZONE): Promise<number[]> {
  const ran = await runMigrations(kv, MIGRATIONS, timeZone);
  await seedReferenceData(kv);
  return ran;
}

/**
 * Whether a store is in a layout this code knows: every migration it recorded is one of ours. A
 * store written by an older layout (migrations since folded into the baseline) is not.
 */
export async function isKnownLayout(kv: Deno.Kv, migrations = MIGRATIONS): Promise<boolean> {
  const known = new Set(migrations.map((m) => m.n));
  for await (const e of listEntries(kv, migrationsPrefix())) {
    if (!known.has(e.key[1] as number)) return false;
  }
  return true;
}
