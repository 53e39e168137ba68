/**
 * Failed sign-in counters per account (lower-cased e-mail) and per client address, in KV with an
 * expiry. Every attempt is counted atomically before its password is checked, so parallel
 * guesses cannot outrun the limit; a success gives the attempt back. Past the limit the answer is
 * 429 without a password check. The password reset request and the current-password check of a
 * password change share them; the reset request also caps the reset mails one account gets.
 */
import { loginFailuresKey } from "@/lib/db/keys.ts";

/** The attempts each failure counter allows per window, by scope. */
export const LIMITS = {
  account: { max: 5, windowMs: 15 * 60 * 1000 },
  address: { max: 20, windowMs: 15 * 60 * 1000 },
  /** Password reset mails to one account (no mail bombing through the reset form). */
  resetMail: { max: 3, windowMs: 60 * 60 * 1000 },
  /** Verification mails an admin sends one user again (no mail bombing through the users screen). */
  verificationMail: { max: 3, windowMs: 60 * 60 * 1000 },
  /** SMS codes (sign-in, enrolment, resend) to one user and asked for from one address. */
  smsUser: { max: 5, windowMs: 60 * 60 * 1000 },
  smsAddress: { max: 20, windowMs: 60 * 60 * 1000 },
  /** Web-form leads (POST /api/intake/{key}) from one address and to one form key. */
  intakeAddress: { max: 10, windowMs: 60 * 1000 },
  intakeKey: { max: 600, windowMs: 60 * 60 * 1000 },
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

const MAX_TRIES = 60;
const pause = () => new Promise((r) => setTimeout(r, Math.random() * 4));

function nextCounter(cur: Counter | null, scope: Scope, now: Date): Counter {
  return cur ? { ...cur, count: cur.count + 1 } : {
    count: 1,
    firstAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIMITS[scope].windowMs).toISOString(),
  };
}

const ttl = (c: Counter, now: Date) => Math.max(Date.parse(c.expiresAt) - now.getTime(), 1000);

/**
 * Counts one use on every given counter in one atomic, checked on all their versionstamps, unless
 * one of them is at its limit: then false and nothing is counted. Parallel callers cannot outrun
 * a limit; heavy contention fails closed.
 */
export async function takeQuota(
  kv: Deno.Kv,
  counters: { scope: Scope; id: string }[],
  now = new Date(),
): Promise<boolean> {
  const keys = counters.map((c) => loginFailuresKey(c.scope, c.id));
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const entries = await kv.getMany<Counter[]>(keys);
    const current = entries.map((e) => live(e.value, now));
    if (current.some((c, i) => (c?.count ?? 0) >= LIMITS[counters[i].scope].max)) return false;
    const op = kv.atomic();
    entries.forEach((e, i) => {
      const next = nextCounter(current[i], counters[i].scope, now);
      op.check(e).set(keys[i], next, { expireIn: ttl(next, now) });
    });
    if ((await op.commit()).ok) return true;
    await pause();
  }
  return false;
}

/**
 * Takes one sign-in attempt on the account and the address counters before any password is
 * verified; false (nothing counted) when either is at its limit — the caller answers 429 without
 * checking the password. Many parallel attempts thus check at most `max` passwords.
 */
export const takeAttempt = (
  kv: Deno.Kv,
  who: { account: string; address: string },
  now = new Date(),
) =>
  takeQuota(kv, [
    { scope: "account", id: who.account.trim().toLowerCase() },
    { scope: "address", id: who.address },
  ], now);

/** Counts one SMS code for a user and the address that asked; false past either limit. */
export const takeSms = (kv: Deno.Kv, userId: string, address: string, now = new Date()) =>
  takeQuota(kv, [{ scope: "smsUser", id: userId }, { scope: "smsAddress", id: address }], now);

/** Adds `delta` to one counter, retried on its versionstamp; a count of 0 removes the key. */
async function adjust(kv: Deno.Kv, scope: Scope, id: string, delta: number, now: Date) {
  const key = loginFailuresKey(scope, id);
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const e = await kv.get<Counter>(key);
    const cur = live(e.value, now);
    if (!cur && delta < 0) return;
    const next = delta > 0 ? nextCounter(cur, scope, now) : { ...cur!, count: cur!.count + delta };
    const op = kv.atomic().check(e);
    if (next.count <= 0) op.delete(key);
    else op.set(key, next, { expireIn: ttl(next, now) });
    if ((await op.commit()).ok) return;
    await pause();
  }
}

/**
 * A sign-in that passed the password: the account's failures are forgotten and the address gets
 * its attempt back (staff behind one office address are not locked out by their own sign-ins).
 */
export async function attemptSucceeded(
  kv: Deno.Kv,
  who: { account: string; address: string },
  now = new Date(),
): Promise<void> {
  await clearAccountFailures(kv, who.account);
  await adjust(kv, "address", who.address, -1, now);
}

/** Forgets the account's failures (after a sign-in or a password reset). */
export async function clearAccountFailures(kv: Deno.Kv, account: string): Promise<void> {
  await kv.delete(loginFailuresKey("account", account.trim().toLowerCase()));
}

/**
 * Counts one password reset mail to an account; false (and nothing counted) when the account has
 * had its share for the current window.
 */
export async function takeResetMail(kv: Deno.Kv, account: string, now = new Date()) {
  const id = account.trim().toLowerCase();
  const cur = live((await kv.get<Counter>(loginFailuresKey("resetMail", id))).value, now);
  if ((cur?.count ?? 0) >= LIMITS.resetMail.max) return false;
  await adjust(kv, "resetMail", id, 1, now);
  return true;
}

/** Counts one verification mail sent again to a user; false (nothing counted) past the limit. */
export const takeVerificationMail = (kv: Deno.Kv, userId: string, now = new Date()) =>
  takeQuota(kv, [{ scope: "verificationMail", id: userId }], now);
