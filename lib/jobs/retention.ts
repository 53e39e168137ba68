/**
 * The nightly retention job (GDPR Art. 5(1)(e)): under a KV lease, erases prospects
 * unchanged for the admin settings' retentionDays and soft-deleted ones 30 days after deletion.
 */
import { withLease } from "@/lib/db/leases.ts";
import { runRetention } from "@/lib/services/privacy.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

export const RETENTION_LEASE_MS = 30 * 60_000;

export function runRetentionJob(deps: ServiceDeps) {
  return withLease(
    deps.kv,
    "retention",
    RETENTION_LEASE_MS,
    () => runRetention(deps.kv, deps.now(), deps.config.timeZone),
  );
}
