/**
 * Sign-in, MFA, sessions, OAuth tokens, e-mail verification, password reset and the first-admin
 * setup: the identity provider plus sessions plus the mails and SMS (translated here).
 */
import { commitIfUnchanged, readEntry, remove, removeKey, writeValue } from "@/lib/db/records.ts";
import { embeddedProvider, LOGIN_ERRORS } from "@/lib/auth/embedded.ts";
import { verifyFirebaseIdToken } from "@/lib/auth/firebase_token.ts";
import type { FirebaseConfig } from "@/lib/config.ts";
import { firebaseProvider } from "@/lib/auth/firebase.ts";
import {
  HOSTED_PASSWORD,
  type IdentityMessenger,
  type IdentityProvider,
  type SignInResult,
} from "@/lib/auth/provider.ts";
import {
  createSession,
  type IssuedTokens,
  revokeByRefreshToken,
  revokeSession,
  rotateRefreshToken,
  toSessionUser,
} from "@/lib/auth/session.ts";
import { randomToken, sha256, timingSafeEqual } from "@/lib/auth/crypto.ts";
import { hashPassword } from "@/lib/auth/password.ts";
import { setupTokenKey, usersPrefix } from "@/lib/db/keys.ts";
import type { Role } from "@/lib/domain/statuses.ts";
import { createUser, getUser, getUserSettings } from "@/lib/db/users.ts";
import { writeAudit } from "@/lib/db/audit.ts";
import { isEmpty, ulid } from "@/lib/db/kv.ts";
import { sendMail, sendSms } from "@/lib/notify/mod.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { compactMobile, isAdmin, type SessionUser, type UserRecord } from "@/lib/domain/user.ts";
import { type Lang, translate } from "@/lib/i18n/mod.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

async function langOf(kv: Deno.Kv, userId: string): Promise<Lang> {
  return (await getUserSettings(kv, userId)).language;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A plain-text mail plus a small HTML version with one button. */
function mailWithLink(lang: Lang, base: string, vars: Record<string, string>) {
  const text = translate(lang, `${base}.body`, vars);
  const footer = translate(lang, "mail.footer");
  const paragraphs = text.split(/\n\n+/).map((p) =>
    p.trim() === vars.url
      ? `<p><a href="${escapeHtml(vars.url)}" style="display:inline-block;padding:10px 16px;` +
        `background:#1858c4;color:#fff;border-radius:6px;text-decoration:none">` +
        `${escapeHtml(translate(lang, `${base}.button`))}</a></p>` +
        `<p style="font-size:12px;color:#555">${escapeHtml(vars.url)}</p>`
      : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`
  ).join("");
  return {
    subject: translate(lang, `${base}.subject`, vars),
    text: `${text}\n\n--\n${footer}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#1b2230">${paragraphs}` +
      `<hr><p style="font-size:12px;color:#777">${escapeHtml(footer)}</p></body></html>`,
  };
}

export function messenger(deps: ServiceDeps): IdentityMessenger {
  const { kv, config } = deps;
  const link = (mode: string, code: string) =>
    `${config.appUrl}/email-redirect?mode=${mode}&oobCode=${encodeURIComponent(code)}`;
  return {
    async verificationEmail(user, oobCode) {
      const lang = await langOf(kv, user.id);
      const m = mailWithLink(lang, "mail.verifyEmail", {
        name: user.firstName,
        email: user.email,
        url: link("verifyEmail", oobCode),
      });
      await sendMail(deps, { to: user.email, ...m });
    },
    async passwordResetEmail(user, oobCode) {
      const lang = await langOf(kv, user.id);
      const m = mailWithLink(lang, "mail.resetPassword", {
        name: user.firstName,
        email: user.email,
        url: link("resetPassword", oobCode),
      });
      await sendMail(deps, { to: user.email, ...m });
    },
    async mfaCode(user, phone, code) {
      const lang = await langOf(kv, user.id);
      const r = await sendSms(deps, {
        to: phone,
        message: translate(lang, "mail.sms.mfaCode", { code }),
      });
      return r.delivery !== "failed";
    },
  };
}

/** The identity provider the configuration names: Firebase or the embedded one. */
export function identityProvider(deps: ServiceDeps): IdentityProvider {
  if (deps.config.authProvider === "firebase" && deps.config.firebase) {
    return firebaseProvider({
      kv: deps.kv,
      mfaMode: deps.config.mfaMode,
      messenger: messenger(deps),
      firebase: deps.config.firebase,
    });
  }
  return embeddedProvider({
    kv: deps.kv,
    mfaMode: deps.config.mfaMode,
    messenger: messenger(deps),
  });
}

export type SignInOutcome =
  | { kind: "signedIn"; user: UserRecord; tokens: IssuedTokens }
  | Extract<SignInResult, { kind: "mfa" }>;

/** POST /api/auth/sign-in: the session when no second factor is needed, else the MFA step. */
export async function signIn(
  deps: ServiceDeps,
  input: { email: string; password: string; address: string },
): Promise<SignInOutcome> {
  const now = deps.now();
  const r = await identityProvider(deps).signIn(input.email, input.password, {
    address: input.address,
    now,
  });
  if (r.kind === "mfa") return r;
  const tokens = await createSession(deps.kv, deps.config.secretKey, r.user.id, "cookie", now);
  return { kind: "signedIn", user: r.user, tokens };
}

export async function enrollMfa(deps: ServiceDeps, mfaSession: string, phone: string) {
  return await identityProvider(deps).enrollMfa(mfaSession, phone, deps.now());
}

export async function resendMfaCode(deps: ServiceDeps, mfaSession: string) {
  return await identityProvider(deps).resendMfaCode(mfaSession, deps.now());
}

export async function verifyMfa(deps: ServiceDeps, mfaSession: string, code: string) {
  const now = deps.now();
  const user = await identityProvider(deps).verifyMfa(mfaSession, code, now);
  const tokens = await createSession(deps.kv, deps.config.secretKey, user.id, "cookie", now);
  return { user, tokens };
}

/** Rotates a refresh token (cookie or OAuth); a reused token has revoked its session. */
export async function refresh(deps: ServiceDeps, refreshToken: string): Promise<IssuedTokens> {
  const out = await rotateRefreshToken(deps.kv, deps.config.secretKey, refreshToken, deps.now());
  if (!out.ok) {
    throw new DomainError("unauthorized", "INVALID_REFRESH_TOKEN", "errors.sessionExpired");
  }
  return out.tokens;
}

export async function signOut(
  deps: ServiceDeps,
  sid: string | null,
  refreshToken: string | undefined,
) {
  if (sid) await revokeSession(deps.kv, sid);
  if (refreshToken) await revokeByRefreshToken(deps.kv, refreshToken);
}

/** The OAuth password grant: no session for accounts that must pass MFA (they use API tokens). */
export async function oauthPasswordGrant(
  deps: ServiceDeps,
  input: { email: string; password: string; address: string },
): Promise<IssuedTokens> {
  const now = deps.now();
  const user = await identityProvider(deps).checkPassword(input.email, input.password, {
    address: input.address,
    now,
  });
  if (deps.config.mfaMode === "required") {
    throw new DomainError("forbidden", "mfa_required", "errors.mfaRequired");
  }
  return await createSession(deps.kv, deps.config.secretKey, user.id, "oauth", now);
}

export async function verifyEmail(deps: ServiceDeps, oobCode: string) {
  return await identityProvider(deps).applyEmailVerification(oobCode, deps.now());
}

export async function requestPasswordReset(
  deps: ServiceDeps,
  input: { email: string; address: string },
) {
  await identityProvider(deps).sendPasswordReset(input.email, {
    address: input.address,
    now: deps.now(),
  });
}

export async function checkPasswordResetCode(deps: ServiceDeps, oobCode: string) {
  return await identityProvider(deps).verifyPasswordResetCode(oobCode, deps.now());
}

export async function confirmPasswordReset(deps: ServiceDeps, oobCode: string, password: string) {
  const user = await identityProvider(deps).confirmPasswordReset(oobCode, password, deps.now());
  await writeAudit(deps.kv, {
    actorId: user.id,
    actorEmail: user.email,
    action: "user.passwordReset",
    targetId: user.id,
  }, deps.now());
  return user;
}

/**
 * POST /api/password-recovery-confirmation (spec §7): the client tells the backend a reset is
 * done. The pair must sign in (same brute-force counters); the event is audited. It never sets
 * a password: only a mailed oobCode can.
 */
export async function passwordRecoveryConfirmation(
  deps: ServiceDeps,
  input: { email: string; password: string; address: string },
) {
  const now = deps.now();
  const user = await identityProvider(deps).checkPassword(input.email, input.password, {
    address: input.address,
    now,
  });
  await writeAudit(deps.kv, {
    actorId: user.id,
    actorEmail: user.email,
    action: "user.passwordRecoveryConfirmed",
    targetId: user.id,
  }, now);
}

/** Lock screen: the signed-in user's password again. */
export async function unlock(
  deps: ServiceDeps,
  email: string,
  password: string,
  address: string,
): Promise<UserRecord> {
  return await identityProvider(deps).checkPassword(email, password, {
    address,
    now: deps.now(),
  });
}

// ── first admin ──────────────────────────────────────────────────────────────

export const SETUP_TTL_MS = 24 * 3600 * 1000;

interface SetupTokenRecord {
  hash: string;
  expiresAt: string;
}

/** Whether the store has any user (the setup token works only while it has none). */
export async function hasUsers(kv: Deno.Kv): Promise<boolean> {
  return !(await isEmpty(kv, usersPrefix()));
}

/**
 * On an empty database: a fresh one-time setup link (replacing any earlier one), else null.
 * main.ts prints it at start; `deno task create-admin` without arguments too.
 */
export async function createSetupLink(deps: ServiceDeps): Promise<string | null> {
  if (await hasUsers(deps.kv)) return null;
  const token = randomToken(32);
  const rec: SetupTokenRecord = {
    hash: await sha256(token),
    expiresAt: new Date(deps.now().getTime() + SETUP_TTL_MS).toISOString(),
  };
  await writeValue(deps.kv, setupTokenKey(), rec, SETUP_TTL_MS);
  return `${deps.config.appUrl}/setup?token=${token}`;
}

async function setupTokenEntry(deps: ServiceDeps, token: string) {
  const e = await readEntry<SetupTokenRecord>(deps.kv, setupTokenKey());
  if (!e.value || !token || token.length > 200) return null;
  if (Date.parse(e.value.expiresAt) <= deps.now().getTime()) return null;
  if (!timingSafeEqual(await sha256(token), e.value.hash)) return null;
  return e;
}

/** The setup page shows its form only for a live token on a still empty database. */
export async function isSetupTokenValid(deps: ServiceDeps, token: string): Promise<boolean> {
  return !!(await setupTokenEntry(deps, token)) && !(await hasUsers(deps.kv));
}

export interface AdminInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  mobile: string;
}

/**
 * A new user: the account at a hosted provider (uid = our id; it keeps the password, we keep no
 * hash) and our record. When our record cannot be made (e.g. the e-mail is taken here) the
 * hosted account is taken back.
 */
export async function createAccount(
  deps: ServiceDeps,
  input: AdminInput,
  o: { role: Role; verified: boolean; notificationCategoryId?: string | null },
): Promise<UserRecord> {
  const provider = identityProvider(deps);
  const id = ulid();
  if (provider.createAccount) {
    const account = {
      id,
      email: input.email.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
    } as UserRecord;
    await provider.createAccount(account, input.password, o.verified ? { verified: true } : {});
  }
  return await createUser(deps.kv, {
    id,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    mobile: compactMobile(input.mobile),
    roles: [o.role],
    passwordHash: provider.createAccount ? HOSTED_PASSWORD : await hashPassword(input.password),
    verified: o.verified,
    enabled: true,
    mfaEnrolled: false,
    mfaPhone: null,
    notificationCategoryId: o.notificationCategoryId ?? null,
    dailyReportSubscription: false,
    dateCreated: deps.now().toISOString(),
  }).catch(async (e) => {
    await provider.setAccountDisabled?.(id, true).catch(() => {});
    throw e;
  });
}

/** Creates a verified admin (no e-mail round trip: whoever holds the link or the shell is trusted). */
export async function createVerifiedAdmin(deps: ServiceDeps, input: AdminInput) {
  const user = await createAccount(deps, input, { role: "ROLE_ADMIN", verified: true });
  await removeKey(deps.kv, setupTokenKey());
  await writeAudit(deps.kv, {
    actorId: null,
    actorEmail: null,
    action: "user.createFirstAdmin",
    targetId: user.id,
  }, deps.now());
  return user;
}

/** POST /api/setup: uses the one-time token up and creates the first admin. */
export async function completeSetup(deps: ServiceDeps, token: string, input: AdminInput) {
  const e = await setupTokenEntry(deps, token);
  if (!e || (await hasUsers(deps.kv))) {
    throw new DomainError("validation", "INVALID_SETUP_TOKEN", "setup.invalidToken");
  }
  const used = await commitIfUnchanged(deps.kv, [e], [remove(setupTokenKey())]);
  if (!used) throw new DomainError("validation", "INVALID_SETUP_TOKEN", "setup.invalidToken");
  return await createVerifiedAdmin(deps, input);
}

/**
 * The signed-in user of a Firebase ID token (Bearer on /api, or exchanged for our session): the
 * token's uid is our user id. Null for anything that is not a valid token of this project or whose
 * user is gone or disabled; an unverified e-mail answers 403 with the spec's message.
 */
export async function resolveFirebaseToken(
  kv: Deno.Kv,
  cfg: FirebaseConfig,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  const claims = await verifyFirebaseIdToken(token, cfg, now);
  if (!claims) return null;
  const user = await getUser(kv, claims.uid);
  if (!user || !user.enabled) return null;
  if (!claims.emailVerified) throw LOGIN_ERRORS.notVerified();
  return toSessionUser(user, null);
}

/** POST /api/auth/firebase-session: the browser's Firebase ID token → our session cookies. */
export async function exchangeFirebaseToken(
  deps: ServiceDeps,
  idToken: string,
): Promise<IssuedTokens> {
  const cfg = deps.config.firebase;
  if (!cfg) throw new DomainError("not_found", "NOT_FOUND", "errors.notFound");
  const user = await resolveFirebaseToken(deps.kv, cfg, idToken, deps.now());
  if (!user) throw new DomainError("unauthorized", "UNAUTHORIZED", "errors.unauthorized");
  return await createSession(deps.kv, deps.config.secretKey, user.id);
}

/** POST /api/auth-token (spec §7): a custom token for a user (oneself; an admin for anyone). */
export async function authToken(
  deps: ServiceDeps,
  actor: SessionUser,
  userId: string,
): Promise<{ customToken: string }> {
  if (actor.id !== userId && !isAdmin(actor)) {
    throw new DomainError("forbidden", "FORBIDDEN", "errors.forbidden");
  }
  const user = await getUser(deps.kv, userId);
  if (!user || !user.enabled) throw new DomainError("not_found", "NOT_FOUND", "errors.notFound");
  const provider = identityProvider(deps);
  if (!provider.customToken) {
    throw new DomainError("validation", "NOT_SUPPORTED", "errors.notSupported");
  }
  return { customToken: await provider.customToken(user.id, deps.now()) };
}
