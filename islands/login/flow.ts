/**
 * The sign-in flow of LoginForm (spec §4): credentials, then the SMS step when MFA is required
 * (enrol a phone, or enter the code), then the redirect — against our API, or with Firebase
 * configured through its SDK (loaded on demand). Each step is a function of the form's state.
 */
import type { FirebaseClientConfig, FirebaseStep } from "@/lib/client/firebase_auth.ts";
import type { TFunction } from "@/lib/i18n/core.ts";
import { ApiError, post } from "@/lib/client/api.ts";
import { MFA_MIN_CODE_LENGTH } from "@/lib/domain/auth_rules.ts";
import { EMAIL_RE } from "@/lib/domain/formats.ts";
import { MOBILE_RE } from "@/lib/domain/user.ts";

export type Step =
  | { kind: "credentials" }
  | { kind: "enroll"; mfaSession: string }
  | { kind: "code"; mfaSession: string; phoneHint: string | null; enrolling: boolean };

/** What the flow reads and sets of the form. */
export interface LoginFlow {
  t: TFunction;
  redirect: string;
  firebase?: FirebaseClientConfig;
  step: Step;
  setStep: (s: Step) => void;
  setErrors: (e: Record<string, string>) => void;
  setBusy: (b: boolean) => void;
  setCode: (c: string) => void;
  setPassword: (p: string) => void;
  /** The pending Firebase step (its functions cannot live in state). */
  fb: { current: FirebaseStep | null };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Firebase SDK module, fetched only when the form is submitted with Firebase configured. */
const firebaseModule = () => import("@/lib/client/firebase_auth.ts");

const NO_RETRY = { noAuthRetry: true };

/** The errors' entry that says the address awaits verification (not a field). */
export const UNVERIFIED_MARK = "unverified";

async function fail(f: LoginFlow, e: unknown, field: string) {
  if (f.firebase && !(e instanceof ApiError)) {
    const key = (await firebaseModule()).firebaseMessageKey(e);
    return f.setErrors({ [field]: f.t(key ?? "login.errors.wrongCredentials") });
  }
  if (e instanceof ApiError) {
    const message = e.fields[field] ?? e.message ?? f.t("login.errors.wrongCredentials");
    // An unverified address: the sign-in card offers a new link (UNVERIFIED_MARK).
    f.setErrors(
      e.code === "EMAIL_NOT_VERIFIED"
        ? { [field]: message, [UNVERIFIED_MARK]: "1" }
        : { [field]: message },
    );
  } else f.setErrors({ [field]: f.t("common.networkError") });
}

async function done(f: LoginFlow, afterEnrolment: boolean) {
  // Spec §4: the page reloads 0.6 s after an enrolment.
  if (afterEnrolment) await wait(600);
  location.href = f.redirect;
}

/** Runs a step with the form busy; a failure goes to `failed`. */
async function busyWhile(f: LoginFlow, run: () => Promise<unknown>, failed: (e: unknown) => void) {
  f.setBusy(true);
  try {
    await run();
  } catch (e) {
    await failed(e);
  } finally {
    f.setBusy(false);
  }
}

/** The ID token → our session cookies → the page the user asked for. */
async function finishFirebase(f: LoginFlow, idToken: string, afterEnrolment: boolean) {
  const res = await (await firebaseModule()).exchangeIdToken(idToken);
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new ApiError(res.status, body.error ?? "", body.message ?? "", body.fields ?? {});
  }
  await done(f, afterEnrolment);
}

/** Shows the next Firebase step (a phone to enrol, or a code), or finishes. */
async function showFirebase(f: LoginFlow, next: FirebaseStep) {
  f.fb.current = next;
  if (next.kind === "done") return await finishFirebase(f, next.idToken, false);
  if (next.kind === "enroll") f.setStep({ kind: "enroll", mfaSession: "" });
  else {
    f.setStep({
      kind: "code",
      mfaSession: "",
      phoneHint: next.phoneHint,
      enrolling: next.enrolling,
    });
  }
  f.setCode("");
  f.setErrors({});
}

export function backToStart(f: LoginFlow, message: string) {
  f.fb.current = null;
  f.setStep({ kind: "credentials" });
  f.setPassword("");
  f.setErrors({ email: message });
}

function mfaFailed(f: LoginFlow, e: unknown) {
  if (e instanceof ApiError && (e.code === "MFA_INVALID_SESSION" || e.status === 429)) {
    backToStart(f, e.message);
  } else fail(f, e, f.step.kind === "enroll" ? "phone" : "code");
}

interface SignInAnswer {
  user?: unknown;
  mfa?: "enroll" | "challenge";
  mfaSession: string;
  phoneHint: string | null;
}

export async function submitCredentials(f: LoginFlow, email: string, password: string) {
  const errs: Record<string, string> = {};
  if (!EMAIL_RE.test(email.trim())) errs.email = f.t("validation.email");
  if (!password) errs.password = f.t("validation.required");
  f.setErrors(errs);
  if (Object.keys(errs).length) return;
  await busyWhile(f, async () => {
    if (f.firebase) {
      const m = await firebaseModule();
      const container = document.getElementById("recaptcha-container")!;
      return await showFirebase(
        f,
        await m.firebaseSignIn(f.firebase, email.trim(), password, container),
      );
    }
    const { data } = await post<SignInAnswer>(
      "/api/auth/sign-in",
      { email: email.trim(), password },
      NO_RETRY,
    );
    if (data.user) return await done(f, false);
    if (data.mfa === "enroll") f.setStep({ kind: "enroll", mfaSession: data.mfaSession });
    else {
      f.setStep({
        kind: "code",
        mfaSession: data.mfaSession,
        phoneHint: data.phoneHint,
        enrolling: false,
      });
    }
    f.setCode("");
  }, (e) => fail(f, e, "email"));
}

export async function submitPhone(f: LoginFlow, phone: string) {
  const step = f.step;
  if (step.kind !== "enroll") return;
  if (!MOBILE_RE.test(phone)) return f.setErrors({ phone: f.t("validation.mobile") });
  const pending = f.fb.current;
  if (pending?.kind === "enroll") {
    return await busyWhile(
      f,
      async () => await showFirebase(f, await pending.start(phone.replace(/\s/g, ""))),
      (e) => fail(f, e, "phone"),
    );
  }
  await busyWhile(f, async () => {
    const { data } = await post<{ phoneHint: string }>(
      "/api/auth/mfa/enroll",
      { mfaSession: step.mfaSession, phone },
      NO_RETRY,
    );
    f.setErrors({});
    f.setStep({
      kind: "code",
      mfaSession: step.mfaSession,
      phoneHint: data.phoneHint,
      enrolling: true,
    });
  }, (e) => mfaFailed(f, e));
}

export async function submitCode(f: LoginFlow, code: string) {
  const step = f.step;
  if (step.kind !== "code") return;
  const trimmed = code.replace(/\s+/g, "");
  // Spec §8: an empty code or one under 4 characters is a wrong code.
  if (trimmed.length < MFA_MIN_CODE_LENGTH) {
    return f.setErrors({ code: f.t("mfa.errors.wrongCode") });
  }
  f.setBusy(true);
  const pending = f.fb.current;
  try {
    // Success leaves the form busy: the page is going away.
    if (pending?.kind === "code") {
      return await finishFirebase(f, await pending.finish(trimmed), pending.enrolling);
    }
    await post("/api/auth/mfa/verify", { mfaSession: step.mfaSession, code: trimmed }, NO_RETRY);
    await done(f, step.enrolling);
  } catch (e) {
    if (pending?.kind === "code") await fail(f, e, "code");
    else mfaFailed(f, e);
    f.setBusy(false);
  }
}

export async function resendCode(f: LoginFlow) {
  const step = f.step;
  if (step.kind !== "code") return;
  if (f.fb.current) return backToStart(f, ""); // Firebase: a new sign-in sends a new code
  await busyWhile(f, async () => {
    const { data } = await post<{ phoneHint: string }>("/api/auth/mfa/resend", {
      mfaSession: step.mfaSession,
    }, NO_RETRY);
    f.setErrors({});
    f.setCode("");
    f.setStep({ ...step, phoneHint: data.phoneHint });
  }, (e) => mfaFailed(f, e));
}
