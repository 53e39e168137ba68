/** The embedded identity provider: accounts, codes and MFA in Deno KV (see provider.ts). */
import type {
  IdentityMessenger,
  IdentityProvider,
  SignInContext,
  SignInResult,
} from "@/lib/auth/provider.ts";
import { hashPassword, verifyPassword } from "@/lib/auth/password.ts";
import {
  attemptSucceeded,
  clearAccountFailures,
  LIMITS,
  takeAttempt,
  takeResetMail,
  takeSms,
} from "@/lib/db/brute_force.ts";
import {
  type ActionMode,
  consumeActionCode,
  createActionCode,
  peekActionCode,
} from "@/lib/auth/oob.ts";
import {
  issueMfaCode,
  maskPhone,
  type MfaFailure,
  openMfaSession,
  readMfaSession,
  verifyMfaCode,
} from "@/lib/auth/mfa.ts";
import { revokeAllSessions } from "@/lib/auth/session.ts";
import { getUserByEmail, getUserEntry, updateUser } from "@/lib/db/users.ts";
import { userKey } from "@/lib/db/keys.ts";
import { put } from "@/lib/db/records.ts";
import { DomainError, type ErrorKind, tooMany } from "@/lib/domain/errors.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

export interface EmbeddedOptions {
  kv: Deno.Kv;
  mfaMode: "required" | "off";
  messenger: IdentityMessenger;
}

const loginError = (kind: ErrorKind, code: string, key: string) =>
  new DomainError(kind, code, key, { email: key });

export const LOGIN_ERRORS = {
  tooMany: () =>
    tooMany("TOO_MANY_ATTEMPTS", "login.errors.tooManyRequests", LIMITS.account.windowMs / 1000, {
      email: "login.errors.tooManyRequests",
    }),
  userNotFound: () => loginError("unauthorized", "USER_NOT_FOUND", "login.errors.userNotFound"),
  wrongPassword: () => loginError("unauthorized", "WRONG_PASSWORD", "login.errors.wrongPassword"),
  notVerified: () => loginError("forbidden", "EMAIL_NOT_VERIFIED", "login.errors.emailNotVerified"),
  disabled: () => loginError("forbidden", "USER_DISABLED", "login.errors.userDisabled"),
};

const MFA_ERRORS: Record<MfaFailure | "smsFailed", () => DomainError> = {
  tooManySms: () =>
    tooMany("MFA_TOO_MANY_CODES", "mfa.errors.tooManySms", LIMITS.smsUser.windowMs / 1000),
  invalidSession: () =>
    new DomainError("unauthorized", "MFA_INVALID_SESSION", "mfa.errors.invalidSession"),
  missingCode: () =>
    new DomainError("validation", "MFA_MISSING_CODE", "mfa.errors.missingCode", {
      code: "mfa.errors.missingCode",
    }),
  wrongCode: () =>
    new DomainError("validation", "MFA_WRONG_CODE", "mfa.errors.wrongCode", {
      code: "mfa.errors.wrongCode",
    }),
  codeExpired: () =>
    new DomainError("validation", "MFA_CODE_EXPIRED", "mfa.errors.codeExpired", {
      code: "mfa.errors.codeExpired",
    }),
  // The MFA session is spent: signing in again may start at once.
  tooMany: () => tooMany("MFA_TOO_MANY_ATTEMPTS", "mfa.errors.tooManyAttempts", 1),
  smsFailed: () => new DomainError("upstream", "MFA_SMS_FAILED", "mfa.errors.smsFailed"),
};

export const mfaError = (reason: MfaFailure | "smsFailed") => MFA_ERRORS[reason]();

const invalidActionCode = () =>
  new DomainError("validation", "INVALID_ACTION_CODE", "common.invalidActionCode", {
    oobCode: "common.invalidActionCode",
  });

export function embeddedProvider(o: EmbeddedOptions): IdentityProvider {
  return { name: "embedded", ...signInMethods(o), ...emailMethods(o) };
}

/** The checks around a sign-in: password and counters, SMS limits and sending, the user. */
function signInSteps({ kv, messenger }: EmbeddedOptions) {
  /** Password check with the brute-force counters; the §8 errors in the spec's order. */
  async function authenticate(
    email: string,
    password: string,
    ctx: SignInContext,
  ): Promise<UserRecord> {
    const who = { account: email, address: ctx.address };
    // Counted before the password is checked: parallel guesses cannot outrun the limit.
    if (!(await takeAttempt(kv, who, ctx.now))) throw LOGIN_ERRORS.tooMany();
    const user = await getUserByEmail(kv, email);
    if (!user) throw LOGIN_ERRORS.userNotFound();
    if (!(await verifyPassword(user.passwordHash, password))) throw LOGIN_ERRORS.wrongPassword();
    await attemptSucceeded(kv, who, ctx.now);
    if (!user.enabled) throw LOGIN_ERRORS.disabled();
    if (!user.verified) throw LOGIN_ERRORS.notVerified();
    return user;
  }

  /** Every SMS code counts toward the user's and the address's hourly limits (toll fraud). */
  async function smsAllowed(user: UserRecord, address: string | undefined, now: Date) {
    if (!(await takeSms(kv, user.id, address ?? "unknown", now))) throw mfaError("tooManySms");
  }

  async function sendCode(user: UserRecord, phone: string, code: string) {
    if (!(await messenger.mfaCode(user, phone, code))) throw mfaError("smsFailed");
  }

  /** An enrolment opened before the phone was confirmed elsewhere never replaces that phone. */
  function enrollable(user: UserRecord) {
    if (user.mfaEnrolled && user.mfaPhone) throw mfaError("invalidSession");
  }

  async function userOf(userId: string): Promise<UserRecord> {
    const e = await getUserEntry(kv, userId);
    if (!e.value || !e.value.enabled) throw mfaError("invalidSession");
    return e.value;
  }

  return { authenticate, smsAllowed, sendCode, enrollable, userOf };
}

/** Sign-in with password and SMS (spec §4), all in KV. */
function signInMethods(
  o: EmbeddedOptions,
): Pick<
  IdentityProvider,
  "signIn" | "enrollMfa" | "resendMfaCode" | "verifyMfa" | "checkPassword"
> {
  const { kv } = o;
  const { authenticate, smsAllowed, sendCode, enrollable, userOf } = signInSteps(o);
  return {
    async signIn(email, password, ctx): Promise<SignInResult> {
      const user = await authenticate(email, password, ctx);
      if (o.mfaMode === "off") return { kind: "signedIn", user };
      if (user.mfaEnrolled && user.mfaPhone) {
        await smsAllowed(user, ctx.address, ctx.now);
        const { token, code } = await openMfaSession(
          kv,
          user.id,
          "challenge",
          user.mfaPhone,
          ctx.now,
          ctx.address,
        );
        await sendCode(user, user.mfaPhone, code!);
        return {
          kind: "mfa",
          stage: "challenge",
          mfaSession: token,
          phoneHint: maskPhone(user.mfaPhone),
        };
      }
      const { token } = await openMfaSession(kv, user.id, "enroll", null, ctx.now, ctx.address);
      return { kind: "mfa", stage: "enroll", mfaSession: token, phoneHint: null };
    },

    async enrollMfa(mfaSession, phone, now) {
      const s = await readMfaSession(kv, mfaSession, now);
      if (!s) throw mfaError("invalidSession");
      if (s.stage !== "enroll") throw mfaError("invalidSession");
      const user = await userOf(s.userId);
      enrollable(user);
      await smsAllowed(user, s.address, now);
      const out = await issueMfaCode(kv, mfaSession, phone, now);
      if (!out.ok) throw mfaError(out.reason);
      await sendCode(user, out.phone, out.code);
      return { phoneHint: maskPhone(out.phone) };
    },

    async resendMfaCode(mfaSession, now) {
      const s = await readMfaSession(kv, mfaSession, now);
      if (!s || !s.phone) throw mfaError("invalidSession");
      const user = await userOf(s.userId);
      if (s.stage === "enroll") enrollable(user);
      await smsAllowed(user, s.address, now);
      const out = await issueMfaCode(kv, mfaSession, null, now);
      if (!out.ok) throw mfaError(out.reason);
      await sendCode(user, out.phone, out.code);
      return { phoneHint: maskPhone(out.phone) };
    },

    async verifyMfa(mfaSession, code, now) {
      const pending = await readMfaSession(kv, mfaSession, now);
      if (!pending) throw mfaError("invalidSession");
      const entry = await getUserEntry(kv, pending.userId);
      if (!entry.value || !entry.value.enabled) throw mfaError("invalidSession");
      let user = entry.value;
      if (pending.stage === "enroll") enrollable(user);
      const out = await verifyMfaCode(kv, mfaSession, code, (s) => {
        if (!(s.stage === "enroll" && s.phone)) return { unchanged: [], writes: [] };
        user = { ...user, mfaEnrolled: true, mfaPhone: s.phone };
        return { unchanged: [entry], writes: [put(userKey(user.id), user)] };
      }, now);
      if (!out.ok) throw mfaError(out.reason);
      return user;
    },

    async checkPassword(email, password, ctx) {
      return await authenticate(email, password, ctx);
    },
  };
}

/** The e-mail links (verify the address, reset the password) with one-time codes in KV. */
function emailMethods(
  { kv, messenger }: EmbeddedOptions,
): Omit<
  IdentityProvider,
  "name" | "signIn" | "enrollMfa" | "resendMfaCode" | "verifyMfa" | "checkPassword"
> {
  /** A one-time code for the user's e-mail link (verify the address, reset the password). */
  const codeFor = (user: UserRecord, mode: ActionMode, now: Date) =>
    createActionCode(kv, { mode, userId: user.id, email: user.email }, now);
  return {
    async sendEmailVerification(user, now) {
      await messenger.verificationEmail(user, await codeFor(user, "verifyEmail", now));
    },

    async applyEmailVerification(oobCode, now) {
      const out = await consumeActionCode(kv, oobCode, "verifyEmail", async (rec) => {
        const e = await getUserEntry(kv, rec.userId);
        if (!e.value || e.value.email.toLowerCase() !== rec.email) return null;
        const next = { ...e.value, verified: true };
        return { result: next, unchanged: [e], writes: [put(userKey(next.id), next)] };
      }, now);
      if (!out) throw invalidActionCode();
      return out;
    },

    async sendPasswordReset(email, { address, now }) {
      const who = { account: email, address };
      const refused = () =>
        tooMany("TOO_MANY_ATTEMPTS", "errors.tooManyRequests", LIMITS.account.windowMs / 1000, {
          email: "errors.tooManyRequests",
        });
      // The answer never tells whether an address has an account: an unknown (or disabled) one
      // and a 4th mail within the hour answer 200 like a sent mail, without a mail. Every request
      // counts as a sign-in attempt on the account and the address alike (known or not), so
      // probing at speed is locked out (429) the same way for every address.
      if (!(await takeAttempt(kv, who, now))) throw refused();
      const user = await getUserByEmail(kv, email);
      if (!user || !user.enabled) return;
      if (!(await takeResetMail(kv, user.email, now))) return;
      await messenger.passwordResetEmail(user, await codeFor(user, "resetPassword", now));
    },

    async verifyPasswordResetCode(oobCode, now) {
      const rec = await peekActionCode(kv, oobCode, "resetPassword", now);
      if (!rec) throw invalidActionCode();
      return { email: rec.email };
    },

    async confirmPasswordReset(oobCode, newPassword, now) {
      // Hash before taking the code, so the atomic stays short.
      const hash = await hashPassword(newPassword);
      const out = await consumeActionCode(kv, oobCode, "resetPassword", async (rec) => {
        const e = await getUserEntry(kv, rec.userId);
        if (!e.value || !e.value.enabled || e.value.email.toLowerCase() !== rec.email) return null;
        // Following the mailed link proves the address, so the account counts as verified.
        const next = { ...e.value, passwordHash: hash, verified: true };
        return { result: next, unchanged: [e], writes: [put(userKey(next.id), next)] };
      }, now);
      if (!out) throw invalidActionCode();
      await revokeAllSessions(kv, out.id);
      await clearAccountFailures(kv, out.email);
      return out;
    },

    async setPassword(userId, newPassword) {
      const hash = await hashPassword(newPassword);
      return await updateUser(kv, userId, (u) => ({ ...u, passwordHash: hash }));
    },
  };
}
