/**
 * Failed sign-in counters per account (lower-cased e-mail) and per client address, in KV with an
 * expiry. Past the limit, sign-in answers 429 before the password is even checked. The password
 * reset request shares them (an unknown address counts as a failure) and also caps the reset mails
 * one account gets.
 */
import { loginFailuresKey } from "@/lib/db/keys.ts";

export const LIMITS = {
  account: { max: 5, windowMs: 15 * 60 * 1000 },
  address: { max: 20, windowMs: 15 * 60 * 1000 },
  /** Password reset mails to one account (no mail bombing through the reset form). */
  resetMail: { max: 3, windowMs: 60 * 60 * 1000 },
} as const;

interface Counter {
  count: number;
  firstAt: string;
  expiresAt: string;
}

type Scope = keyof typeof LIMITS;

function live(c: Counter | null, now: Date): Counter | null {
  return c && Date.parse(c.expiresAt) > now.getTime() ? c : null;
}

/** True when either counter has reached its limit. */
export async function isLocked(
  kv: Deno.Kv,
  who: { account: string; address: string },
  now = new Date(),
): Promise<boolean> {
  const [acc, addr] = await kv.getMany<[Counter, Counter]>([
    loginFailuresKey("account", who.account.trim().toLowerCase()),
    loginFailuresKey("address", who.address),
  ]);
  const a = live(acc.value, now);
  const b = live(addr.value, now);
  return (a?.count ?? 0) >= LIMITS.account.max || (b?.count ?? 0) >= LIMITS.address.max;
}

async function bump(kv: Deno.Kv, scope: Scope, id: string, now: Date) {
  const key = loginFailuresKey(scope, id);
  const { windowMs } = LIMITS[scope];
  for (let attempt = 0; attempt < 5; attempt++) {
    const e = await kv.get<Counter>(key);
    const cur = live(e.value, now);
    const next: Counter = cur ? { ...cur, count: cur.count + 1 } : {
      count: 1,
      firstAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + windowMs).toISOString(),
    };
    const remaining = Date.parse(next.expiresAt) - now.getTime();
    const res = await kv.atomic().check(e).set(key, next, { expireIn: Math.max(remaining, 1000) })
      .commit();
    if (res.ok) return;
  }
}

export async function recordFailure(
  kv: Deno.Kv,
  who: { account: string; address: string },
  now = new Date(),
): Promise<void> {
  await bump(kv, "account", who.account.trim().toLowerCase(), now);
  await bump(kv, "address", who.address, now);
}

/**
 * Counts one password reset mail to an account; false (and nothing counted) when the account has
 * had its share for the current window.
 */
export async function takeResetMail(kv: Deno.Kv, account: string, now = new Date()) {
  const id = account.trim().toLowerCase();
  const cur = live((await kv.get<Counter>(loginFailuresKey("resetMail", id))).value, now);
  if ((cur?.count ?? 0) >= LIMITS.resetMail.max) return false;
  await bump(kv, "resetMail", id, now);
  return true;
}

/** A successful sign-in forgets the account's failures (the address keeps its count). */
export async function clearAccountFailures(kv: Deno.Kv, account: string): Promise<void> {
  await kv.delete(loginFailuresKey("account", account.trim().toLowerCase()));
}
