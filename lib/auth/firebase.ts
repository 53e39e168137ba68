/**
 * The Firebase identity provider: accounts, passwords, e-mail verification, reset codes
 * and SMS MFA live in Firebase Authentication, reached over its REST API (the Identity Toolkit) —
 * the real service, or the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set. Roles, clubs and
 * settings stay in our KV user, whose id is the Firebase uid. The sign-in and MFA screens work as
 * with the embedded provider (the server drives the steps); the brute-force counters still count
 * every attempt before Firebase is asked. Mails with action codes are ours (Swedish templates,
 * links to /email-redirect): the code comes from the admin API's returnOobLink.
 */
import { firebaseMfaKey } from "@/lib/db/keys.ts";
import type { IdentityMessenger, IdentityProvider, SignInResult } from "@/lib/auth/provider.ts";
import {
  attemptSucceeded,
  LIMITS,
  takeAttempt,
  takeResetMail,
  takeSms,
} from "@/lib/db/brute_force.ts";
import { maskPhone } from "@/lib/auth/mfa.ts";
import { LOGIN_ERRORS, mfaError } from "@/lib/auth/embedded.ts";
import { customToken, serviceAccessToken, type ServiceAccount } from "@/lib/auth/firebase_token.ts";
import { revokeAllSessions } from "@/lib/auth/session.ts";
import { getUser, getUserByEmail, getUserEntry, updateUser } from "@/lib/db/users.ts";
import { DomainError, tooMany } from "@/lib/domain/errors.ts";
import { commitIfUnchanged, put, readEntry, removeKey, writeValue } from "@/lib/db/records.ts";
import type { FirebaseConfig } from "@/lib/config.ts";

export interface FirebaseOptions {
  kv: Deno.Kv;
  mfaMode: "required" | "off";
  messenger: IdentityMessenger;
  firebase: FirebaseConfig;
}

/** A Firebase REST error, by its message code (e.g. INVALID_PASSWORD, INVALID_OOB_CODE). */
export class FirebaseError extends Error {
  constructor(readonly code: string, readonly status: number) {
    super(code);
  }
}

const invalidActionCode = () =>
  new DomainError("validation", "INVALID_ACTION_CODE", "common.invalidActionCode", {
    oobCode: "common.invalidActionCode",
  });

/** The Identity Toolkit REST client: public calls with the API key, admin calls authorised. */
export function toolkit(cfg: FirebaseConfig) {
  const base = cfg.emulatorHost
    ? `http://${cfg.emulatorHost}/identitytoolkit.googleapis.com`
    : "https://identitytoolkit.googleapis.com";
  let account: Promise<ServiceAccount | null> | null = null;
  const serviceAccount = () =>
    account ??= cfg.credentialsFile
      ? Deno.readTextFile(cfg.credentialsFile).then((t) => JSON.parse(t) as ServiceAccount)
      : Promise.resolve(null);

  async function call<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    admin = false,
  ): Promise<T> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    let url = `${base}${path}`;
    if (admin) {
      const sa = cfg.emulatorHost ? null : await serviceAccount();
      headers.Authorization = cfg.emulatorHost || !sa
        ? "Bearer owner"
        : `Bearer ${await serviceAccessToken(sa)}`;
    } else url += `${path.includes("?") ? "&" : "?"}key=${encodeURIComponent(cfg.apiKey)}`;
    let res: Response;
    try {
      res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    } catch (e) {
      throw new DomainError(
        "upstream",
        "IDENTITY_PROVIDER_UNREACHABLE",
        "errors.identityProvider",
        undefined,
        {
          reason: String(e),
        },
      );
    }
    const json = await res.json().catch(() => ({}));
    if (!res.ok) {
      const message = String(json?.error?.message ?? res.status);
      throw new FirebaseError(message.split(/[ :]/)[0], res.status);
    }
    return json as T;
  }

  const project = `/v1/projects/${cfg.projectId}`;
  return {
    call,
    serviceAccount,
    signInWithPassword: (email: string, password: string) =>
      call<SignInAnswer>("/v1/accounts:signInWithPassword", {
        email,
        password,
        returnSecureToken: true,
      }),
    /** Admin: create an account with our user id as its uid. */
    createAccount: (
      u: { id: string; email: string; password: string; name: string; verified: boolean },
    ) =>
      call(`${project}/accounts`, {
        localId: u.id,
        email: u.email,
        password: u.password,
        displayName: u.name,
        emailVerified: u.verified,
      }, true),
    update: (body: Record<string, unknown>) => call(`${project}/accounts:update`, body, true),
    deleteAccount: (uid: string) => call(`${project}/accounts:delete`, { localId: uid }, true),
    /** Admin: an action code (VERIFY_EMAIL or PASSWORD_RESET) without Firebase's own mail. */
    oobCode: async (
      requestType: "VERIFY_EMAIL" | "PASSWORD_RESET",
      email: string,
    ) => (await call<{ oobCode?: string; oobLink?: string }>(`${project}/accounts:sendOobCode`, {
      requestType,
      email,
      returnOobLink: true,
    }, true)),
  };
}

interface SignInAnswer {
  idToken?: string;
  localId?: string;
  mfaPendingCredential?: string;
  mfaInfo?: { mfaEnrollmentId: string; phoneInfo?: string }[];
}

/** A pending MFA step, kept in KV for 10 minutes under an unguessable token. */
interface PendingMfa {
  userId: string;
  stage: "enroll" | "challenge";
  address: string;
  idToken?: string;
  mfaPendingCredential?: string;
  enrollmentId?: string;
  phone?: string;
  sessionInfo?: string;
  attempts: number;
}
const PENDING_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

function oobCodeOf(answer: { oobCode?: string; oobLink?: string }): string {
  if (answer.oobCode) return answer.oobCode;
  const code = answer.oobLink ? new URL(answer.oobLink).searchParams.get("oobCode") : null;
  if (!code) throw new Error("the identity provider answered no action code");
  return code;
}

/** Sign-in failures in the spec's order (§8 texts), from Firebase's codes. */
function loginFailure(e: unknown): never {
  if (!(e instanceof FirebaseError)) throw e;
  switch (e.code) {
    case "EMAIL_NOT_FOUND":
      throw LOGIN_ERRORS.userNotFound();
    case "INVALID_PASSWORD":
    case "INVALID_LOGIN_CREDENTIALS":
      throw LOGIN_ERRORS.wrongPassword();
    case "USER_DISABLED":
      throw LOGIN_ERRORS.disabled();
    case "TOO_MANY_ATTEMPTS_TRY_LATER":
      throw LOGIN_ERRORS.tooMany();
    default:
      throw new DomainError(
        "upstream",
        "IDENTITY_PROVIDER_ERROR",
        "errors.identityProvider",
        undefined,
        {
          reason: e.code,
        },
      );
  }
}

/** MFA failures from Firebase's codes. */
function mfaFailure(e: unknown): never {
  if (!(e instanceof FirebaseError)) throw e;
  if (e.code === "INVALID_CODE") throw mfaError("wrongCode");
  if (e.code === "SESSION_EXPIRED" || e.code === "CODE_EXPIRED") throw mfaError("codeExpired");
  if (e.code === "TOO_MANY_ATTEMPTS_TRY_LATER" || e.code === "QUOTA_EXCEEDED") {
    throw mfaError("tooManySms");
  }
  if (e.code === "INVALID_PHONE_NUMBER") {
    throw new DomainError("validation", "VALIDATION", "errors.validation", {
      phone: "validation.mobile",
    });
  }
  throw mfaError("invalidSession");
}

/** What the Firebase provider's parts share: the options, the store and the REST toolkit. */
interface Fb {
  o: FirebaseOptions;
  kv: Deno.Kv;
  messenger: FirebaseOptions["messenger"];
  api: ReturnType<typeof toolkit>;
}

export function firebaseProvider(o: FirebaseOptions): IdentityProvider {
  const fb: Fb = { o, kv: o.kv, messenger: o.messenger, api: toolkit(o.firebase) };
  return { name: "firebase", ...signInMethods(fb), ...emailMethods(fb), ...accountMethods(fb) };
}

/** The pending MFA step of a sign-in, kept in KV, and the password check behind our counters. */
function mfaSteps({ kv, api }: Fb) {
  /** Password check at Firebase behind our counters; our user must exist and be enabled. */
  async function authenticate(email: string, password: string, address: string, now: Date) {
    const who = { account: email, address };
    if (!(await takeAttempt(kv, who, now))) throw LOGIN_ERRORS.tooMany();
    const answer = await api.signInWithPassword(email, password).catch(loginFailure);
    await attemptSucceeded(kv, who, now);
    const user = await getUser(kv, answer.localId ?? "");
    if (!user) throw LOGIN_ERRORS.userNotFound();
    if (!user.enabled) throw LOGIN_ERRORS.disabled();
    return { user, answer };
  }

  async function open(p: Omit<PendingMfa, "attempts">): Promise<string> {
    const token = crypto.randomUUID() + crypto.randomUUID().replace(/-/g, "");
    await writeValue(kv, firebaseMfaKey(token), { ...p, attempts: 0 }, PENDING_TTL_MS);
    return token;
  }

  async function pending(token: string) {
    const e = await readEntry<PendingMfa>(kv, firebaseMfaKey(token));
    if (!e.value) throw mfaError("invalidSession");
    return e as Deno.KvEntry<PendingMfa>;
  }

  async function smsAllowed(p: PendingMfa, now: Date) {
    if (!(await takeSms(kv, p.userId, p.address, now))) throw mfaError("tooManySms");
  }

  /** Asks Firebase to text a code for the pending step; remembers its sessionInfo. */
  async function textCode(e: Deno.KvEntry<PendingMfa>, phone: string | undefined, now: Date) {
    const p = e.value;
    await smsAllowed(p, now);
    let sessionInfo: string | undefined;
    if (p.stage === "enroll") {
      const r = await api.call<{ phoneSessionInfo?: { sessionInfo: string } }>(
        "/v2/accounts/mfaEnrollment:start",
        { idToken: p.idToken, phoneEnrollmentInfo: { phoneNumber: phone } },
      ).catch(mfaFailure);
      sessionInfo = r.phoneSessionInfo?.sessionInfo;
    } else {
      const r = await api.call<{ phoneResponseInfo?: { sessionInfo: string } }>(
        "/v2/accounts/mfaSignIn:start",
        {
          mfaPendingCredential: p.mfaPendingCredential,
          mfaEnrollmentId: p.enrollmentId,
          phoneSignInInfo: {},
        },
      ).catch(mfaFailure);
      sessionInfo = r.phoneResponseInfo?.sessionInfo;
    }
    if (!sessionInfo) throw mfaError("smsFailed");
    const next = { ...p, phone, sessionInfo, attempts: 0 };
    await writeValue(kv, e.key, next, PENDING_TTL_MS);
    return { phoneHint: maskPhone(phone ?? "") };
  }

  return { authenticate, open, pending, textCode };
}

/** Sign-in with password and SMS (spec §4): Firebase checks, our counters and records decide. */
function signInMethods(
  fb: Fb,
): Pick<
  IdentityProvider,
  "signIn" | "enrollMfa" | "resendMfaCode" | "verifyMfa" | "checkPassword"
> {
  const { o, kv, api } = fb;
  const { authenticate, open, pending, textCode } = mfaSteps(fb);
  return {
    async signIn(email, password, ctx): Promise<SignInResult> {
      const { user, answer } = await authenticate(email, password, ctx.address, ctx.now);
      if (answer.mfaPendingCredential) {
        // Enrolled at Firebase: the password was right, the second factor decides.
        if (o.mfaMode === "off") {
          // Firebase insists on the factor; without MFA here the user cannot finish (documented).
          throw mfaError("invalidSession");
        }
        const factor = answer.mfaInfo?.[0];
        const token = await open({
          userId: user.id,
          stage: "challenge",
          address: ctx.address,
          mfaPendingCredential: answer.mfaPendingCredential,
          enrollmentId: factor?.mfaEnrollmentId,
        });
        const phone = factor?.phoneInfo ?? user.mfaPhone ?? "";
        const e = await pending(token);
        await textCode(e, phone, ctx.now);
        return { kind: "mfa", stage: "challenge", mfaSession: token, phoneHint: maskPhone(phone) };
      }
      const info = await api.call<{ users?: { emailVerified?: boolean }[] }>(
        "/v1/accounts:lookup",
        { idToken: answer.idToken },
      ).catch(loginFailure);
      if (!info.users?.[0]?.emailVerified) throw LOGIN_ERRORS.notVerified();
      if (!user.verified) await updateUser(kv, user.id, (u) => ({ ...u, verified: true }));
      if (o.mfaMode === "off") return { kind: "signedIn", user };
      const token = await open({
        userId: user.id,
        stage: "enroll",
        address: ctx.address,
        idToken: answer.idToken,
      });
      return { kind: "mfa", stage: "enroll", mfaSession: token, phoneHint: null };
    },

    async enrollMfa(mfaSession, phone, now) {
      const e = await pending(mfaSession);
      if (e.value.stage !== "enroll") throw mfaError("invalidSession");
      return await textCode(e, phone, now);
    },

    async resendMfaCode(mfaSession, now) {
      const e = await pending(mfaSession);
      if (!e.value.sessionInfo) throw mfaError("invalidSession");
      return await textCode(e, e.value.phone, now);
    },

    async verifyMfa(mfaSession, code) {
      const e = await pending(mfaSession);
      const p = e.value;
      if (!p.sessionInfo) throw mfaError("invalidSession");
      if (!code?.trim()) throw mfaError("missingCode");
      // Count the attempt first (atomically): parallel guesses cannot exceed the limit.
      if (p.attempts >= MAX_CODE_ATTEMPTS) throw mfaError("tooMany");
      const counted = await commitIfUnchanged(kv, [e], [
        put(e.key, { ...p, attempts: p.attempts + 1 }, PENDING_TTL_MS),
      ]);
      if (!counted) throw mfaError("tooMany");
      const verification = { sessionInfo: p.sessionInfo, code: code.trim() };
      if (p.stage === "enroll") {
        await api.call("/v2/accounts/mfaEnrollment:finalize", {
          idToken: p.idToken,
          phoneVerificationInfo: verification,
          displayName: "SMS",
        }).catch(mfaFailure);
      } else {
        await api.call("/v2/accounts/mfaSignIn:finalize", {
          mfaPendingCredential: p.mfaPendingCredential,
          phoneVerificationInfo: verification,
        }).catch(mfaFailure);
      }
      await removeKey(kv, e.key);
      const entry = await getUserEntry(kv, p.userId);
      if (!entry.value || !entry.value.enabled) throw mfaError("invalidSession");
      if (p.stage === "enroll") {
        return await updateUser(kv, p.userId, (u) => ({
          ...u,
          mfaEnrolled: true,
          mfaPhone: p.phone ?? u.mfaPhone,
        }));
      }
      return entry.value;
    },

    async checkPassword(email, password, ctx) {
      const { user, answer } = await authenticate(email, password, ctx.address, ctx.now);
      if (!answer.mfaPendingCredential && !user.verified) {
        const info = await api.call<{ users?: { emailVerified?: boolean }[] }>(
          "/v1/accounts:lookup",
          { idToken: answer.idToken },
        ).catch(loginFailure);
        if (!info.users?.[0]?.emailVerified) throw LOGIN_ERRORS.notVerified();
      }
      return user;
    },
  };
}

/** The e-mail links: verify the address, reset the password (Firebase's oob codes, our mail). */
function emailMethods(
  { kv, api, messenger }: Fb,
): Pick<
  IdentityProvider,
  | "sendEmailVerification"
  | "applyEmailVerification"
  | "sendPasswordReset"
  | "verifyPasswordResetCode"
  | "confirmPasswordReset"
> {
  return {
    async sendEmailVerification(user) {
      const code = oobCodeOf(await api.oobCode("VERIFY_EMAIL", user.email));
      await messenger.verificationEmail(user, code);
    },

    async applyEmailVerification(oobCode) {
      const r = await api.call<{ localId?: string; email?: string }>("/v1/accounts:update", {
        oobCode,
      }).catch((e) => {
        if (e instanceof FirebaseError) throw invalidActionCode();
        throw e;
      });
      const user = r.localId
        ? await getUser(kv, r.localId)
        : await getUserByEmail(kv, r.email ?? "");
      if (!user) throw invalidActionCode();
      return await updateUser(kv, user.id, (u) => ({ ...u, verified: true }));
    },

    async sendPasswordReset(email, { address, now }) {
      // As the embedded provider: every request counts, and the answer never tells whether the
      // address has an account.
      const who = { account: email, address };
      if (!(await takeAttempt(kv, who, now))) {
        throw tooMany(
          "TOO_MANY_ATTEMPTS",
          "errors.tooManyRequests",
          LIMITS.account.windowMs / 1000,
          {
            email: "errors.tooManyRequests",
          },
        );
      }
      const user = await getUserByEmail(kv, email);
      if (!user || !user.enabled) return;
      if (!(await takeResetMail(kv, user.email, now))) return;
      const code = oobCodeOf(await api.oobCode("PASSWORD_RESET", user.email));
      await messenger.passwordResetEmail(user, code);
    },

    async verifyPasswordResetCode(oobCode) {
      const r = await api.call<{ email?: string }>("/v1/accounts:resetPassword", { oobCode })
        .catch((e) => {
          if (e instanceof FirebaseError) throw invalidActionCode();
          throw e;
        });
      return { email: r.email ?? "" };
    },

    async confirmPasswordReset(oobCode, newPassword) {
      const r = await api.call<{ email?: string }>("/v1/accounts:resetPassword", {
        oobCode,
        newPassword,
      }).catch((e) => {
        if (e instanceof FirebaseError) throw invalidActionCode();
        throw e;
      });
      const user = await getUserByEmail(kv, r.email ?? "");
      if (!user) throw invalidActionCode();
      await revokeAllSessions(kv, user.id);
      return user;
    },
  };
}

/** The accounts Firebase holds for our users (uid = our user id). */
function accountMethods(
  { o, kv, api }: Fb,
): Pick<
  IdentityProvider,
  "setPassword" | "createAccount" | "setAccountDisabled" | "updateAccountEmail" | "customToken"
> {
  return {
    async setPassword(userId, newPassword) {
      await api.update({ localId: userId, password: newPassword });
      const user = await getUser(kv, userId);
      if (!user) throw new DomainError("not_found", "NOT_FOUND", "errors.notFound");
      return user;
    },

    async createAccount(user, password, opts) {
      await api.createAccount({
        id: user.id,
        email: user.email,
        password,
        name: `${user.firstName} ${user.lastName}`.trim(),
        verified: opts?.verified ?? false,
      }).catch((e) => {
        if (e instanceof FirebaseError && e.code === "EMAIL_EXISTS") {
          throw new DomainError("conflict", "EMAIL_EXISTS", "errors.duplicateField.email", {
            email: "errors.duplicateField.email",
          });
        }
        throw e;
      });
    },

    async setAccountDisabled(userId, disabled) {
      await api.update({ localId: userId, disableUser: disabled });
    },

    async updateAccountEmail(userId, email) {
      await api.update({ localId: userId, email, emailVerified: false });
    },

    async customToken(userId, now) {
      const sa = o.firebase.emulatorHost ? null : await api.serviceAccount();
      return await customToken(userId, o.firebase, sa, now);
    },
  };
}
