/**
 * The identity provider seam (DESIGN §5): everything sign-in, MFA, e-mail verification and
 * password reset need. The embedded implementation (lib/auth/embedded.ts) keeps accounts in KV; a
 * hosted provider — Firebase Authentication (lib/auth/firebase.ts, AUTH_PROVIDER=firebase) —
 * implements the same interface over its REST API and adds the account methods below. Failures are DomainErrors with the spec §8 message keys.
 */
import type { UserRecord } from "@/lib/domain/user.ts";

/** The stored "hash" of a user whose password a hosted provider (Firebase) holds. */
export const HOSTED_PASSWORD = "hosted-by-identity-provider";

export interface SignInContext {
  /** The client address, for the per-address brute-force counter. */
  address: string;
  now: Date;
}

export type SignInResult =
  | { kind: "signedIn"; user: UserRecord }
  | {
    kind: "mfa";
    stage: "enroll" | "challenge";
    /** Opaque token of the pending sign-in, sent back with the phone or the code. */
    mfaSession: string;
    /** The masked phone the code went to (challenge only). */
    phoneHint: string | null;
  };

/** How the provider reaches people; built by lib/services/auth.ts on top of lib/notify. */
export interface IdentityMessenger {
  verificationEmail(user: UserRecord, oobCode: string): Promise<void>;
  passwordResetEmail(user: UserRecord, oobCode: string): Promise<void>;
  /** Resolves false when the SMS could not be handed to anyone. */
  mfaCode(user: UserRecord, phone: string, code: string): Promise<boolean>;
}

export interface IdentityProvider {
  readonly name: string;
  /** Step 1–4 of the spec's login flow; MFA (steps 5–6) continues with the methods below. */
  signIn(email: string, password: string, ctx: SignInContext): Promise<SignInResult>;
  /** Enrolment: sets the phone of a pending sign-in and texts it a code. */
  enrollMfa(mfaSession: string, phone: string, now: Date): Promise<{ phoneHint: string }>;
  /** Texts a new code to the pending sign-in's phone. */
  resendMfaCode(mfaSession: string, now: Date): Promise<{ phoneHint: string }>;
  /** Checks the code; on success the pending sign-in is over (and enrolment recorded). */
  verifyMfa(mfaSession: string, code: string, now: Date): Promise<UserRecord>;
  /** Re-checks a signed-in user's password (lock screen, password-recovery confirmation). */
  checkPassword(email: string, password: string, ctx: SignInContext): Promise<UserRecord>;
  sendEmailVerification(user: UserRecord, now: Date): Promise<void>;
  applyEmailVerification(oobCode: string, now: Date): Promise<UserRecord>;
  /**
   * Mails a reset link. Unknown addresses count as failed sign-ins (per account and address);
   * past those limits, or past the reset mails one account may get, it answers 429.
   */
  sendPasswordReset(email: string, ctx: SignInContext): Promise<void>;
  /** Answers the e-mail a reset code belongs to, without using it up. */
  verifyPasswordResetCode(oobCode: string, now: Date): Promise<{ email: string }>;
  confirmPasswordReset(oobCode: string, newPassword: string, now: Date): Promise<UserRecord>;
  setPassword(userId: string, newPassword: string): Promise<UserRecord>;

  // ── accounts held by a hosted provider (Firebase); the embedded one keeps them in KV ──
  /** Creates the provider's account for a new user, with our user id as its uid. */
  createAccount?(user: UserRecord, password: string, opts?: { verified?: boolean }): Promise<void>;
  /** Disables (user deleted) or enables (restored) the account at the provider. */
  setAccountDisabled?(userId: string, disabled: boolean): Promise<void>;
  /** A changed e-mail address (unverified until the new address is confirmed). */
  updateAccountEmail?(userId: string, email: string): Promise<void>;
  /** A custom token the provider's signInWithCustomToken accepts (POST /api/auth-token). */
  customToken?(userId: string, now: Date): Promise<string>;
}
