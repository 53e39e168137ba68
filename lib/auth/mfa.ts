/**
 * SMS second factor: a pending sign-in ("MFA session", a bearer token stored hashed) that holds a
 * 6-digit code valid 5 minutes with at most 5 tries. Enrolment (first sign-in) sets the phone
 * first; later sign-ins challenge the enrolled phone. Storage only: the provider sends the SMS.
 */
import { mfaSessionKey } from "@/lib/db/keys.ts";
import {
  commitIfUnchanged,
  put,
  readEntry,
  readValue,
  remove,
  type Write,
  writeValue,
} from "@/lib/db/records.ts";
import { randomDigits, randomToken, sha256, timingSafeEqual } from "@/lib/auth/crypto.ts";

export const MFA_CODE_LENGTH = 6;
export const MFA_CODE_TTL_MS = 5 * 60 * 1000;
export const MFA_MAX_TRIES = 5;
export const MFA_MAX_SENDS = 5;
/** The whole pending sign-in must finish within this time. */
export const MFA_SESSION_TTL_MS = 15 * 60 * 1000;

export interface MfaSession {
  userId: string;
  stage: "enroll" | "challenge";
  phone: string | null;
  codeHash: string | null;
  codeExpiresAt: string | null;
  tries: number;
  sends: number;
  createdAt: string;
  expiresAt: string;
  /** The address that signed in (SMS codes are limited per address too). */
  address?: string;
}

export type MfaFailure =
  | "invalidSession"
  | "missingCode"
  | "wrongCode"
  | "codeExpired"
  | "tooMany"
  | "tooManySms";

const keyOf = async (token: string) => mfaSessionKey(await sha256(token));
const codeHashOf = (token: string, code: string) => sha256(`${token}:${code}`);

function alive(s: MfaSession | null, now: Date): s is MfaSession {
  return !!s && Date.parse(s.expiresAt) > now.getTime();
}

/** Opens a pending sign-in. For a challenge, the enrolled phone is set and a code is issued. */
export async function openMfaSession(
  kv: Deno.Kv,
  userId: string,
  stage: MfaSession["stage"],
  phone: string | null,
  now = new Date(),
  address?: string,
): Promise<{ token: string; code: string | null }> {
  const token = randomToken(32);
  const session: MfaSession = {
    userId,
    stage,
    phone,
    codeHash: null,
    codeExpiresAt: null,
    tries: 0,
    sends: 0,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + MFA_SESSION_TTL_MS).toISOString(),
    address,
  };
  let code: string | null = null;
  if (stage === "challenge" && phone) {
    code = randomDigits(MFA_CODE_LENGTH);
    session.codeHash = await codeHashOf(token, code);
    session.codeExpiresAt = new Date(now.getTime() + MFA_CODE_TTL_MS).toISOString();
    session.sends = 1;
  }
  await writeValue(kv, await keyOf(token), session, MFA_SESSION_TTL_MS);
  return { token, code };
}

export async function readMfaSession(
  kv: Deno.Kv,
  token: string,
  now = new Date(),
): Promise<MfaSession | null> {
  if (!token || token.length > 200) return null;
  const s = await readValue<MfaSession>(kv, await keyOf(token));
  return alive(s, now) ? s : null;
}

/**
 * Issues a new code (enrolment with a phone, or a resend). Each code resets the tries; at most
 * MFA_MAX_SENDS codes per pending sign-in.
 */
export async function issueMfaCode(
  kv: Deno.Kv,
  token: string,
  phone: string | null,
  now = new Date(),
): Promise<{ ok: true; code: string; phone: string } | { ok: false; reason: MfaFailure }> {
  if (!token || token.length > 200) return { ok: false, reason: "invalidSession" };
  const key = await keyOf(token);
  for (let attempt = 0; attempt < 3; attempt++) {
    const e = await readEntry<MfaSession>(kv, key);
    const s = e.value;
    if (!alive(s, now)) return { ok: false, reason: "invalidSession" };
    if (s.sends >= MFA_MAX_SENDS) return { ok: false, reason: "tooMany" };
    const target = s.stage === "enroll" ? (phone ?? s.phone) : s.phone;
    if (!target) return { ok: false, reason: "invalidSession" };
    const code = randomDigits(MFA_CODE_LENGTH);
    const next: MfaSession = {
      ...s,
      phone: target,
      codeHash: await codeHashOf(token, code),
      codeExpiresAt: new Date(now.getTime() + MFA_CODE_TTL_MS).toISOString(),
      tries: 0,
      sends: s.sends + 1,
    };
    const left = Date.parse(s.expiresAt) - now.getTime();
    if (await commitIfUnchanged(kv, [e], [put(key, next, left)])) {
      return { ok: true, code, phone: target };
    }
  }
  return { ok: false, reason: "invalidSession" };
}

/**
 * Checks a code. A wrong code uses a try; the 5th wrong try ends the pending sign-in. On success
 * `apply` returns the writes (enrolment, ...) that commit with the deletion of the session.
 */
export async function verifyMfaCode(
  kv: Deno.Kv,
  token: string,
  code: string,
  apply: (s: MfaSession) => { unchanged: Parameters<typeof commitIfUnchanged>[1]; writes: Write[] },
  now = new Date(),
): Promise<{ ok: true; session: MfaSession } | { ok: false; reason: MfaFailure }> {
  if (!token || token.length > 200) return { ok: false, reason: "invalidSession" };
  const trimmed = (code ?? "").replace(/\s+/g, "");
  if (!trimmed) return { ok: false, reason: "missingCode" };
  const key = await keyOf(token);
  for (let attempt = 0; attempt < 3; attempt++) {
    const e = await readEntry<MfaSession>(kv, key);
    const s = e.value;
    if (!alive(s, now)) return { ok: false, reason: "invalidSession" };
    if (s.tries >= MFA_MAX_TRIES) return { ok: false, reason: "tooMany" };
    if (!s.codeHash || !s.codeExpiresAt) return { ok: false, reason: "invalidSession" };
    if (Date.parse(s.codeExpiresAt) <= now.getTime()) return { ok: false, reason: "codeExpired" };
    const right = /^\d{6}$/.test(trimmed) &&
      timingSafeEqual(await codeHashOf(token, trimmed), s.codeHash);
    if (!right) {
      const left = Date.parse(s.expiresAt) - now.getTime();
      if (await commitIfUnchanged(kv, [e], [put(key, { ...s, tries: s.tries + 1 }, left)])) {
        return { ok: false, reason: "wrongCode" };
      }
      continue;
    }
    const also = apply(s);
    if (await commitIfUnchanged(kv, [e, ...also.unchanged], [remove(key), ...also.writes])) {
      return { ok: true, session: s };
    }
  }
  return { ok: false, reason: "invalidSession" };
}

/** "+46701234567" → "+46 70••••567" for the prompt (never the whole number before MFA). */
export function maskPhone(phone: string): string {
  const p = phone.replace(/\s+/g, "");
  if (p.length < 7) return "••••";
  return `${p.slice(0, 3)} ${p.slice(3, 5)}${"•".repeat(Math.max(p.length - 8, 2))}${p.slice(-3)}`;
}
