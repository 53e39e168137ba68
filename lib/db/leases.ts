/**
 * A KV lease so a job runs once even with several server instances (DESIGN §10): the holder
 * writes ["job_leases", name] with an expiry; others see it and skip until it lapses.
 */
import { jobLeaseKey } from "@/lib/db/keys.ts";

interface Lease {
  owner: string;
  expiresAt: number;
}

/** Takes the lease for ttlMs; returns a release function, or null when someone else holds it. */
export async function acquireLease(
  kv: Deno.Kv,
  name: string,
  ttlMs: number,
  now = Date.now(),
  owner: string = crypto.randomUUID(),
): Promise<(() => Promise<void>) | null> {
  const key = jobLeaseKey(name);
  const current = await kv.get<Lease>(key);
  // Expired keys may still be read for a while: trust our own expiresAt, not the KV expiry.
  if (current.value && current.value.expiresAt > now) return null;
  const res = await kv.atomic()
    .check(current)
    .set(key, { owner, expiresAt: now + ttlMs }, { expireIn: ttlMs })
    .commit();
  if (!res.ok) return null;
  return async () => {
    const mine = await kv.get<Lease>(key);
    if (mine.value?.owner === owner) await kv.atomic().check(mine).delete(key).commit();
  };
}

/** Runs fn under the lease; returns fn's result, or null when the lease was held elsewhere. */
export async function withLease<T>(
  kv: Deno.Kv,
  name: string,
  ttlMs: number,
  fn: () => Promise<T>,
  now = Date.now(),
): Promise<T | null> {
  const release = await acquireLease(kv, name, ttlMs, now);
  if (!release) return null;
  try {
    return await fn();
  } finally {
    await release();
  }
}
