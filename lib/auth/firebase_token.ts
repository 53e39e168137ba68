/**
 * Firebase ID tokens and custom tokens, with jose. Every claim is checked here — iss,
 * aud (= the project id), exp, iat, auth_time and sub — because the Auth emulator checks none of
 * them on tokens it is given. Real tokens are RS256, verified against Google's securetoken JWKS
 * (fetched on first use, never at start); an unsigned (alg none) token is accepted only while
 * FIREBASE_AUTH_EMULATOR_HOST is set, since that is what the emulator issues.
 */
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  importPKCS8,
  jwtVerify,
  SignJWT,
  UnsecuredJWT,
} from "jose";
import type { JWTPayload } from "jose";

export const SECURETOKEN_JWKS =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";
const CUSTOM_TOKEN_AUD =
  "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit";
/** Clock skew allowed on iat and auth_time. */
const SKEW_S = 60;

export interface FirebaseIdentityConfig {
  projectId: string;
  /** host:port of the Auth emulator; unset in production. */
  emulatorHost?: string;
}

export interface FirebaseClaims {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

/** The checked claims of a Firebase ID token, or null for any token that is not a valid one. */
export async function verifyFirebaseIdToken(
  token: string,
  cfg: FirebaseIdentityConfig,
  now = new Date(),
): Promise<FirebaseClaims | null> {
  let payload: JWTPayload;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg === "none") {
      if (!cfg.emulatorHost) return null;
      payload = decodeJwt(token);
    } else {
      if (header.alg !== "RS256") return null;
      jwks ??= createRemoteJWKSet(new URL(SECURETOKEN_JWKS));
      payload = (await jwtVerify(token, jwks, { algorithms: ["RS256"], currentDate: now })).payload;
    }
  } catch {
    return null;
  }
  const t = Math.floor(now.getTime() / 1000);
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const exp = num(payload.exp), iat = num(payload.iat), authTime = num(payload.auth_time);
  if (payload.iss !== `https://securetoken.google.com/${cfg.projectId}`) return null;
  if (payload.aud !== cfg.projectId) return null;
  if (exp === null || exp <= t) return null;
  if (iat === null || iat > t + SKEW_S) return null;
  if (authTime === null || authTime > t + SKEW_S) return null;
  if (typeof payload.sub !== "string" || !payload.sub || payload.sub.length > 128) return null;
  return {
    uid: payload.sub,
    email: typeof payload.email === "string" ? payload.email : null,
    emailVerified: payload.email_verified === true,
  };
}

/** A Google service account (GOOGLE_APPLICATION_CREDENTIALS). */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

/**
 * A custom token for `uid` that signInWithCustomToken accepts: signed RS256 with the service account
 * in production; unsigned for the emulator (which accepts those and nothing needs a key).
 */
export async function customToken(
  uid: string,
  cfg: FirebaseIdentityConfig,
  account: ServiceAccount | null,
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims = { uid };
  if (cfg.emulatorHost || !account) {
    return new UnsecuredJWT(claims)
      .setIssuer("firebase-auth-emulator@example.com")
      .setSubject("firebase-auth-emulator@example.com")
      .setAudience(CUSTOM_TOKEN_AUD)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .encode();
  }
  const key = await importPKCS8(account.private_key, "RS256");
  return await new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.client_email)
    .setSubject(account.client_email)
    .setAudience(CUSTOM_TOKEN_AUD)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(key);
}

let cachedAccess: { token: string; until: number } | null = null;

/** An OAuth access token of the service account for the Identity Toolkit admin API (cached). */
export async function serviceAccessToken(
  account: ServiceAccount,
  now = new Date(),
): Promise<string> {
  if (cachedAccess && cachedAccess.until > now.getTime()) return cachedAccess.token;
  const tokenUri = account.token_uri ?? "https://oauth2.googleapis.com/token";
  const iat = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({
    scope:
      "https://www.googleapis.com/auth/identitytoolkit https://www.googleapis.com/auth/cloud-platform",
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.client_email)
    .setAudience(tokenUri)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(await importPKCS8(account.private_key, "RS256"));
  const res = await fetch(tokenUri, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion,
    }),
  });
  const body = await res.json();
  if (!res.ok || typeof body.access_token !== "string") {
    throw new Error(`the service account could not get an access token (${res.status})`);
  }
  cachedAccess = {
    token: body.access_token,
    until: now.getTime() + (Number(body.expires_in ?? 3600) - 120) * 1000,
  };
  return cachedAccess.token;
}
