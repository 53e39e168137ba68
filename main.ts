/** Reads config, builds assets if stale (where it may write), opens KV, runs migrations, registers crons, serves. */
import { ConfigError, loadConfig } from "@/lib/config.ts";
import { openKv } from "@/lib/db/kv.ts";
import { startStore } from "@/lib/db/migrations.ts";
import { ensureReportZone } from "@/lib/db/report_zone.ts";
import { createSetupLink } from "@/lib/services/auth.ts";
import { completeErasures } from "@/lib/services/privacy.ts";
import { createApp } from "@/routes/mod.ts";
import { loadAssets } from "@/routes/assets.ts";
import { ensureAssets } from "@/lib/build.ts";
import {
  ACTIVITY_SCHEDULE,
  DAILY_REPORT_SCHEDULE,
  jobRunners,
  MAIL_RETRY_SCHEDULE,
  REPORT_SNAPSHOT_SCHEDULE,
  RETENTION_SCHEDULE,
  startReportFolder,
} from "@/lib/jobs/mod.ts";
import { startQueue } from "@/lib/jobs/queue.ts";

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    Deno.exit(1);
  }
  throw e;
}

if (!await ensureAssets()) Deno.exit(1);
const kv = await openKv(config);
const ran = await startStore(kv, config.timeZone);
if (ran.length) console.log(`migrations: ran ${ran.join(", ")}`);
if (await ensureReportZone(kv, config.timeZone)) {
  console.log(`reports: counters rebuilt for the time zone ${config.timeZone}`);
}

// Erase cleanups a stopped process left unfinished (lib/db/erase_pending.ts) complete first.
const resumed = await completeErasures(kv);
if (resumed) console.log(`privacy: completed ${resumed} unfinished erase cleanup(s)`);

// An empty database: print the one-time link that creates the first admin (DESIGN §3).
const setupLink = await createSetupLink({ kv, config, now: () => new Date() });
if (setupLink) {
  console.log(`No users yet. Create the first admin (link valid 24 h):\n  ${setupLink}`);
}

const app = createApp({ kv, config, assets: await loadAssets() });

// Scheduled jobs (lib/jobs): registered here, at module top level, as Deno Deploy requires.
if (config.cron) {
  const jobs = jobRunners({ kv, config, now: () => new Date() });
  Deno.cron("activity", ACTIVITY_SCHEDULE, jobs.activity);
  Deno.cron("daily-report", DAILY_REPORT_SCHEDULE, jobs.dailyReport);
  Deno.cron("mail-retry", MAIL_RETRY_SCHEDULE, jobs.mailRetry);
  Deno.cron("report-snapshots", REPORT_SNAPSHOT_SCHEDULE, jobs.reportSnapshots);
  Deno.cron("retention", RETENTION_SCHEDULE, jobs.retention);
}

// The report deltas this instance writes, folded into the counters a second later.
startReportFolder(kv);

// The one queue listener (webhook events and deliveries; lib/jobs/queue.ts routes by kind),
// registered at top level as Deno Deploy requires.
startQueue({ kv, config, now: () => new Date() });

Deno.serve({
  port: config.port,
  hostname: config.hostname,
  onListen: ({ hostname, port }) =>
    console.log(`Klubbleads listening on http://${hostname}:${port} (${config.env})`),
}, app.fetch);
