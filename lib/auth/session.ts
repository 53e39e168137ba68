/**
 * Sessions: a short-lived access JWT (HS256, jose) plus a rotating refresh token stored hashed in
 * KV. A session record ["sessions", sid] must exist for either to work, so logging out or
 * disabling a user revokes at once. Reusing a rotated refresh token revokes the whole session,
 * except within a short grace after its rotation (two tabs refreshing at once).
 */
import { jwtVerify, SignJWT } from "jose";
import {
  refreshTokenKey,
  sessionKey,
  sessionsByUserKey,
  sessionsByUserPrefix,
  userKey,
  userSettingsKey,
} from "@/lib/db/keys.ts";
import { settingsOrDefaults } from "@/lib/db/users.ts";
import { GET_MANY_MAX, Prefetched, ulid } from "@/lib/db/kv.ts";
import {
  commitIfUnchanged,
  listEntries,
  put,
  readEntries,
  readEntry,
  readValue,
  remove,
} from "@/lib/db/records.ts";
import { randomToken, seal, sha256, unseal } from "@/lib/auth/crypto.ts";
import type { SessionUser, UserRecord, UserSettings } from "@/lib/domain/user.ts";

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 30 * 24 * 3600;

export interface SessionRecord {
  sid: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  /** "cookie" for the browser, "oauth" for /oauth/v2/token. */
  kind: "cookie" | "oauth";
}

interface RefreshRecord {
  sid: string;
  userId: string;
  used: boolean;
  expiresAt: string;
  /** When it was rotated, and its successor sealed with this token (the grace of two tabs). */
  usedAt?: string;
  successor?: string;
}

/** A rotated refresh token presented again this soon gets the same successor (two tabs). */
export const REFRESH_GRACE_MS = 30_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sid: string;
}

const keyCache = new Map<string, Uint8Array>();
function secretOf(secret: string): Uint8Array {
  let k = keyCache.get(secret);
  if (!k) keyCache.set(secret, k = new TextEncoder().encode(secret));
  return k;
}

export async function signAccessToken(
  secret: string,
  userId: string,
  sid: string,
  now = new Date(),
) {
  const iat = Math.floor(now.getTime() / 1000);
  return await new SignJWT({ sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TTL_S)
    .setIssuer("klubbleads")
    .sign(secretOf(secret));
}

/**
 * Verified tokens by their text: a signature is checked once per token, not on every request (a
 * verification costs more than the rest of the session check). Expiry is still checked every time, and the session record is
 * read on every request, so logout and disabling a user still revoke at once. A token that fails
 * verification is never cached. The map is bounded: cleared when full.
 */
const verified = new Map<string, { secret: string; userId: string; sid: string; exp: number }>();
const VERIFIED_MAX = 10_000;

/** Verifies signature and expiry; returns {sub, sid} or null. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<{ userId: string; sid: string } | null> {
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    return hit.exp * 1000 > now.getTime() ? { userId: hit.userId, sid: hit.sid } : null;
  }
  try {
    const { payload } = await jwtVerify(token, secretOf(secret), {
      issuer: "klubbleads",
      algorithms: ["HS256"],
      currentDate: now,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    if (typeof payload.exp === "number") {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, { secret, userId: payload.sub, sid: payload.sid, exp: payload.exp });
    }
    return { userId: payload.sub, sid: payload.sid };
  } catch {
    return null;
  }
}

/** Creates a session for a user and issues its first token pair. */
export async function createSession(
  kv: Deno.Kv,
  secret: string,
  userId: string,
  kind: SessionRecord["kind"] = "cookie",
  now = new Date(),
): Promise<IssuedTokens> {
  const sid = ulid(now.getTime());
  const expiresAt = new Date(now.getTime() + REFRESH_TTL_S * 1000).toISOString();
  const session: SessionRecord = { sid, userId, createdAt: now.toISOString(), expiresAt, kind };
  const refreshToken = randomToken();
  const refresh: RefreshRecord = { sid, userId, used: false, expiresAt };
  const expireIn = REFRESH_TTL_S * 1000;
  const ok = await commitIfUnchanged(kv, [], [
    put(sessionKey(sid), session, expireIn),
    put(sessionsByUserKey(userId, sid), sid, expireIn),
    put(refreshTokenKey(await sha256(refreshToken)), refresh, expireIn),
  ]);
  if (!ok) throw new Error("createSession: commit failed");
  return {
    accessToken: await signAccessToken(secret, userId, sid, now),
    refreshToken,
    expiresIn: ACCESS_TTL_S,
    sid,
  };
}

export type RefreshOutcome =
  | { ok: true; tokens: IssuedTokens }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "revoked" };

/**
 * Rotates a refresh token. Two tabs refreshing at once both go on: a token presented again within
 * REFRESH_GRACE_MS of its rotation answers the same successor (sealed with the old token, so only
 * its holder can read it). Any later reuse revokes the whole session (theft).
 */
export async function rotateRefreshToken(
  kv: Deno.Kv,
  secret: string,
  refreshToken: string,
  now = new Date(),
): Promise<RefreshOutcome> {
  const key = refreshTokenKey(await sha256(refreshToken));
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await readEntry<RefreshRecord>(kv, key);
    const rec = entry.value;
    if (!rec) return { ok: false, reason: "unknown" };
    let next: string | null = null;
    if (rec.used) {
      const inGrace = rec.usedAt && rec.successor &&
        now.getTime() - Date.parse(rec.usedAt) <= REFRESH_GRACE_MS;
      next = inGrace ? await unseal(rec.successor!, refreshToken) : null;
      if (!next) {
        await revokeSession(kv, rec.sid);
        return { ok: false, reason: "reused" };
      }
    }
    if (Date.parse(rec.expiresAt) <= now.getTime()) return { ok: false, reason: "expired" };
    const [session, user] = await readEntries<[SessionRecord, UserRecord]>(kv, [
      sessionKey(rec.sid),
      userKey(rec.userId),
    ]);
    if (!session.value || !user.value || !user.value.enabled) {
      return { ok: false, reason: "revoked" };
    }
    if (!next) {
      next = randomToken();
      const remaining = Date.parse(rec.expiresAt) - now.getTime();
      const used: RefreshRecord = {
        ...rec,
        used: true,
        usedAt: now.toISOString(),
        successor: await seal(next, refreshToken),
      };
      const ok = await commitIfUnchanged(kv, [entry], [
        put(key, used, remaining),
        put(refreshTokenKey(await sha256(next)), { ...rec, used: false }, remaining),
      ]);
      // Another tab rotated it at the same moment: read again and take its successor.
      if (!ok) continue;
    }
    return {
      ok: true,
      tokens: {
        accessToken: await signAccessToken(secret, rec.userId, rec.sid, now),
        refreshToken: next,
        expiresIn: ACCESS_TTL_S,
        sid: rec.sid,
      },
    };
  }
  return { ok: false, reason: "revoked" };
}

export async function revokeSession(kv: Deno.Kv, sid: string): Promise<void> {
  const s = await readValue<SessionRecord>(kv, sessionKey(sid));
  await commitIfUnchanged(kv, [], [
    remove(sessionKey(sid)),
    ...(s ? [remove(sessionsByUserKey(s.userId, sid))] : []),
  ]);
}

/** Sign-out by the refresh cookie alone (the access token may have expired already). */
export async function revokeByRefreshToken(kv: Deno.Kv, refreshToken: string): Promise<void> {
  const rec = await readValue<RefreshRecord>(kv, refreshTokenKey(await sha256(refreshToken)));
  if (rec) await revokeSession(kv, rec.sid);
}

/** Revokes every session of a user (disable, password reset). */
export async function revokeAllSessions(kv: Deno.Kv, userId: string): Promise<number> {
  let n = 0;
  for await (const e of listEntries<string>(kv, sessionsByUserPrefix(userId))) {
    await commitIfUnchanged(kv, [], [remove(sessionKey(e.value)), remove(e.key)]);
    n++;
  }
  return n;
}

/** Keys a request may have read with its session (GET_MANY_MAX less the session's own three). */
export const PREFETCH_MAX = GET_MANY_MAX - 3;

/**
 * Resolves an access token to the signed-in user (valid JWT + live session + enabled user) and
 * their settings, in one KV read: every request needs the language, most need the rest. `prefetch`
 * (at most PREFETCH_MAX keys: the route's own, define.ts) is read in the same call and answered
 * only to a caller who is signed in.
 */
export async function resolveAccessSession(
  kv: Deno.Kv,
  secret: string,
  token: string,
  now = new Date(),
  prefetch: Deno.KvKey[] = [],
): Promise<{ user: SessionUser; settings: UserSettings; prefetched: Prefetched | null } | null> {
  const claims = await verifyAccessToken(secret, token, now);
  if (!claims) return null;
  const own = [sessionKey(claims.sid), userKey(claims.userId), userSettingsKey(claims.userId)];
  const extra = prefetch.length <= PREFETCH_MAX ? prefetch : [];
  let got: Deno.KvEntryMaybe<unknown>[];
  try {
    got = await readEntries<unknown[]>(kv, [...own, ...extra]);
  } catch (e) {
    if (!extra.length) throw e;
    // A key KV refuses (e.g. too long) is the route's to answer: the session alone.
    got = await readEntries<unknown[]>(kv, own);
  }
  const [session, user, settings] = got as [
    Deno.KvEntryMaybe<SessionRecord>,
    Deno.KvEntryMaybe<UserRecord>,
    Deno.KvEntryMaybe<UserSettings>,
  ];
  if (!session.value || session.value.userId !== claims.userId) return null;
  if (Date.parse(session.value.expiresAt) <= now.getTime()) return null;
  if (!user.value || !user.value.enabled) return null;
  return {
    user: toSessionUser(user.value, claims.sid),
    settings: settingsOrDefaults(settings.value),
    prefetched: got.length > own.length ? new Prefetched(got.slice(own.length)) : null,
  };
}

export function toSessionUser(u: UserRecord, sid: string | null): SessionUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: u.roles,
    sid,
  };
}
