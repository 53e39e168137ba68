/**
 * The sign-in of AUTH_PROVIDER=firebase in the browser, with the modular Firebase SDK
 * (firebase/app + firebase/auth only). Loaded by the sign-in form alone, on demand, so no other page
 * carries it. The spec's login flow: e-mail + password, the e-mail-verified check, SMS MFA
 * enrolment or resolution with an invisible reCAPTCHA, then the ID token is exchanged for our
 * session cookies (POST /api/auth/firebase-session), so pages and CSRF rules stay as they are.
 */
import { type FirebaseApp, getApps, initializeApp } from "firebase/app";
import {
  type Auth,
  connectAuthEmulator,
  getAuth,
  getMultiFactorResolver,
  multiFactor,
  type MultiFactorError,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  type PhoneMultiFactorInfo,
  RecaptchaVerifier,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from "firebase/auth";

export interface FirebaseClientConfig {
  apiKey: string;
  projectId: string;
  /** The Auth emulator's URL (tests); unset in production. */
  emulatorUrl?: string;
  /** Whether the second factor is asked for (off on local hosts, spec §4 step 4). */
  mfa: boolean;
}

/** The next step of a sign-in, or its end (the ID token to exchange). */
export type FirebaseStep =
  | { kind: "done"; idToken: string }
  | { kind: "enroll"; start: (phone: string) => Promise<FirebaseCodeStep> }
  | FirebaseCodeStep;
export interface FirebaseCodeStep {
  kind: "code";
  phoneHint: string | null;
  enrolling: boolean;
  finish: (code: string) => Promise<string>;
}

/** Firebase error codes → the spec's message keys (§8). */
const MESSAGES: Record<string, string> = {
  "auth/user-not-found": "login.errors.userNotFound",
  "auth/wrong-password": "login.errors.wrongPassword",
  "auth/invalid-credential": "login.errors.wrongPassword",
  "auth/invalid-login-credentials": "login.errors.wrongPassword",
  "auth/invalid-email": "validation.email",
  "auth/user-disabled": "login.errors.userDisabled",
  "auth/too-many-requests": "login.errors.tooManyRequests",
  "auth/invalid-verification-code": "mfa.errors.wrongCode",
  "auth/missing-verification-code": "mfa.errors.missingCode",
  "auth/code-expired": "mfa.errors.codeExpired",
  "auth/invalid-phone-number": "validation.mobile",
  "auth/quota-exceeded": "mfa.errors.tooManySms",
  "auth/network-request-failed": "common.networkError",
  "auth/invalid-action-code": "common.invalidActionCode",
  "auth/email-not-verified": "login.errors.emailNotVerified",
};

/** The message key for a Firebase error (or null for one we do not know). */
export function firebaseMessageKey(e: unknown): string | null {
  const code = (e as { code?: string })?.code;
  return code ? MESSAGES[code] ?? null : null;
}

let auth: Auth | null = null;

function authOf(cfg: FirebaseClientConfig): Auth {
  if (auth) return auth;
  const app: FirebaseApp = getApps()[0] ??
    initializeApp({ apiKey: cfg.apiKey, projectId: cfg.projectId, authDomain: location.host });
  auth = getAuth(app);
  auth.languageCode = document.documentElement.lang || "sv";
  if (cfg.emulatorUrl) {
    connectAuthEmulator(auth, cfg.emulatorUrl, { disableWarnings: true });
    // The emulator has no reCAPTCHA: the verifier is a stand-in there (never in production).
    auth.settings.appVerificationDisabledForTesting = true;
  }
  return auth;
}

/** The invisible reCAPTCHA the SMS steps need, in the form's container. */
function recaptcha(a: Auth, container: HTMLElement): RecaptchaVerifier {
  return new RecaptchaVerifier(a, container, { size: "invisible" });
}

/** "+46701234567" → "+46•••••••67"; a hint Firebase already masked is shown as it is. */
const mask = (phone: string | undefined) =>
  !phone
    ? null
    : phone.includes("*")
    ? phone
    : phone.slice(0, 3) + phone.slice(3, -2).replace(/\d/g, "•") + phone.slice(-2);

class Failure extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Step 1–6 of the spec's login flow at Firebase. */
export async function firebaseSignIn(
  cfg: FirebaseClientConfig,
  email: string,
  password: string,
  container: HTMLElement,
): Promise<FirebaseStep> {
  const a = authOf(cfg);
  let user: User;
  try {
    user = (await signInWithEmailAndPassword(a, email, password)).user;
  } catch (e) {
    if ((e as { code?: string }).code !== "auth/multi-factor-auth-required") throw e;
    // Enrolled: resolve the second factor (a code by SMS to the enrolled phone).
    const resolver = getMultiFactorResolver(a, e as MultiFactorError);
    const hint = resolver.hints[0] as PhoneMultiFactorInfo;
    const provider = new PhoneAuthProvider(a);
    const verificationId = await provider.verifyPhoneNumber(
      { multiFactorHint: hint, session: resolver.session },
      recaptcha(a, container),
    );
    return {
      kind: "code",
      phoneHint: mask(hint.phoneNumber),
      enrolling: false,
      finish: async (code) => {
        const cred = PhoneAuthProvider.credential(verificationId, code);
        const done = await resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(cred));
        return await done.user.getIdToken();
      },
    };
  }
  if (!user.emailVerified) {
    await signOut(a);
    throw new Failure("auth/email-not-verified");
  }
  if (!cfg.mfa || multiFactor(user).enrolledFactors.length) {
    return { kind: "done", idToken: await user.getIdToken() };
  }
  // Not enrolled yet: a phone, a code by SMS, then the factor is enrolled.
  return {
    kind: "enroll",
    start: async (phone) => {
      const session = await multiFactor(user).getSession();
      const verificationId = await new PhoneAuthProvider(a).verifyPhoneNumber(
        { phoneNumber: phone, session },
        recaptcha(a, container),
      );
      return {
        kind: "code",
        phoneHint: mask(phone),
        enrolling: true,
        finish: async (code) => {
          const cred = PhoneAuthProvider.credential(verificationId, code);
          await multiFactor(user).enroll(PhoneMultiFactorGenerator.assertion(cred), "SMS");
          return await user.getIdToken(true);
        },
      };
    },
  };
}

/** The ID token → our session cookies; then Firebase's own session is not needed any more. */
export async function exchangeIdToken(idToken: string): Promise<Response> {
  const res = await fetch("/api/auth/firebase-session", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-UI-Language": document.documentElement.lang || "sv",
    },
    body: JSON.stringify({ idToken }),
    credentials: "same-origin",
  });
  if (auth) await signOut(auth).catch(() => {});
  return res;
}
