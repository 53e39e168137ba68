/**
 * The background work the cron handlers and the report folder run (lib/jobs): each a use case
 * that takes its KV lease where only one instance may run it at a time.
 */
import { withLease } from "@/lib/db/leases.ts";
import { foldAll, foldPending, takeDirty } from "@/lib/db/report_pending.ts";
import { retryFailedMail } from "@/lib/notify/retry.ts";
import { runRetention } from "@/lib/services/privacy.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

/** How long the nightly retention run holds its lease. */
export const RETENTION_LEASE_MS = 30 * 60_000;

/**
 * The nightly retention run (GDPR Art. 5(1)(e)): under a KV lease, erases prospects unchanged for
 * the admin settings' retentionDays and soft-deleted ones 30 days after deletion.
 */
export function runRetentionJob(deps: ServiceDeps) {
  return withLease(
    deps.kv,
    "retention",
    RETENTION_LEASE_MS,
    () => runRetention(deps.kv, deps.now(), deps.config.timeZone),
  );
}

/** E-mails the SMTP server refused whose next attempt is due, sent by one instance at a time. */
export function runMailRetryJob(deps: ServiceDeps) {
  return withLease(deps.kv, "mail-retry", 55_000, () => retryFailedMail(deps));
}

/**
 * Folds the pending report deltas of the projects this instance wrote since the last call, one
 * project at a time (the saves' commits go between the folds').
 */
export async function foldWrittenProjects(kv: Deno.Kv): Promise<void> {
  for (const mp of takeDirty(kv)) await foldPending(kv, mp);
}

/** Folds every project's pending report deltas (also those an instance left when it stopped). */
export async function foldEveryProject(kv: Deno.Kv): Promise<void> {
  takeDirty(kv);
  await foldAll(kv);
}
