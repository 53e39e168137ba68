/**
 * The sign-in screen (spec §2 Login, §4 login flow): e-mail + password (Enter submits), every §8
 * login error under the e-mail field, the stored error of a forced logout as a floating message,
 * then the SMS step when MFA is required (enrol a phone, or enter the code), then the redirect.
 */
import { useEffect, useRef, useState } from "react";
import type { FirebaseClientConfig, FirebaseStep } from "@/lib/client/firebase_auth.ts";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, post, STORED_ERROR_KEY } from "@/lib/client/api.ts";
import { FormField } from "@/components/FormField.tsx";
import { AuthCard } from "@/components/AuthCard.tsx";
import { MFA_MIN_CODE_LENGTH } from "@/lib/domain/auth_rules.ts";
import { EMAIL_RE } from "@/lib/domain/formats.ts";
import { MOBILE_RE, normalizeMobileInput } from "@/lib/domain/user.ts";

export interface LoginFormProps {
  /** Where to go after sign-in (already checked by the server: a same-site path). */
  redirect: string;
  /** Where a server-side POST /login left off (the form works before it hydrates). */
  initial?: { step?: LoginStep; email?: string; errors?: Record<string, string> };
  /** AUTH_PROVIDER=firebase: the browser signs in with the Firebase SDK (loaded on demand). */
  firebase?: FirebaseClientConfig;
}

export type LoginStep = Step;

type Step =
  | { kind: "credentials" }
  | { kind: "enroll"; mfaSession: string }
  | { kind: "code"; mfaSession: string; phoneHint: string | null; enrolling: boolean };

interface StoredError {
  status: number;
  text: string;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Firebase SDK module, fetched only when the form is submitted with Firebase configured. */
const firebaseModule = () => import("@/lib/client/firebase_auth.ts");

export default function LoginForm({ redirect, initial, firebase }: LoginFormProps) {
  const t = useT();
  const [step, setStep] = useState<Step>(initial?.step ?? { kind: "credentials" });
  const [email, setEmail] = useState(initial?.email ?? "");
  const [password, setPassword] = useState("");
  const [phone, setPhone] = useState("+46");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [stored, setStored] = useState<StoredError | null>(null);
  /** The pending Firebase step (its functions cannot live in state). */
  const fb = useRef<FirebaseStep | null>(null);

  useEffect(() => {
    try {
      const raw = sessionStorage.getItem(STORED_ERROR_KEY);
      if (raw) {
        setStored(JSON.parse(raw));
        sessionStorage.removeItem(STORED_ERROR_KEY);
      }
    } catch { /* storage off or bad JSON */ }
  }, []);

  const fail = async (e: unknown, field: string) => {
    if (firebase && !(e instanceof ApiError)) {
      const key = (await firebaseModule()).firebaseMessageKey(e);
      return setErrors({ [field]: t(key ?? "login.errors.wrongCredentials") });
    }
    if (e instanceof ApiError) {
      setErrors({ [field]: e.fields[field] ?? e.message ?? t("login.errors.wrongCredentials") });
    } else setErrors({ [field]: t("common.networkError") });
  };

  const done = async (afterEnrolment: boolean) => {
    // Spec §4: the page reloads 0.6 s after an enrolment.
    if (afterEnrolment) await wait(600);
    location.href = redirect;
  };

  const submitCredentials = async (ev: Event) => {
    ev.preventDefault();
    const errs: Record<string, string> = {};
    if (!EMAIL_RE.test(email.trim())) errs.email = t("validation.email");
    if (!password) errs.password = t("validation.required");
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    if (firebase) return await firebaseCredentials();
    try {
      const { data } = await post<
        {
          user?: unknown;
          mfa?: "enroll" | "challenge";
          mfaSession: string;
          phoneHint: string | null;
        }
      >(
        "/api/auth/sign-in",
        { email: email.trim(), password },
        { noAuthRetry: true },
      );
      if (data.user) return await done(false);
      if (data.mfa === "enroll") setStep({ kind: "enroll", mfaSession: data.mfaSession });
      else {
        setStep({
          kind: "code",
          mfaSession: data.mfaSession,
          phoneHint: data.phoneHint,
          enrolling: false,
        });
      }
      setCode("");
    } catch (e) {
      fail(e, "email");
    } finally {
      setBusy(false);
    }
  };

  /** The ID token → our session cookies → the page the user asked for. */
  const finishFirebase = async (idToken: string, afterEnrolment: boolean) => {
    const res = await (await firebaseModule()).exchangeIdToken(idToken);
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      throw new ApiError(res.status, body.error ?? "", body.message ?? "", body.fields ?? {});
    }
    await done(afterEnrolment);
  };

  /** Shows the next Firebase step (a phone to enrol, or a code), or finishes. */
  const showFirebase = async (next: FirebaseStep) => {
    fb.current = next;
    if (next.kind === "done") return await finishFirebase(next.idToken, false);
    if (next.kind === "enroll") setStep({ kind: "enroll", mfaSession: "" });
    else {
      setStep({
        kind: "code",
        mfaSession: "",
        phoneHint: next.phoneHint,
        enrolling: next.enrolling,
      });
    }
    setCode("");
    setErrors({});
  };

  const firebaseCredentials = async () => {
    try {
      const m = await firebaseModule();
      const container = document.getElementById("recaptcha-container")!;
      await showFirebase(await m.firebaseSignIn(firebase!, email.trim(), password, container));
    } catch (e) {
      await fail(e, "email");
    } finally {
      setBusy(false);
    }
  };

  const backToStart = (message: string) => {
    fb.current = null;
    setStep({ kind: "credentials" });
    setPassword("");
    setErrors({ email: message });
  };

  const mfaFailed = (e: unknown) => {
    if (e instanceof ApiError && (e.code === "MFA_INVALID_SESSION" || e.status === 429)) {
      backToStart(e.message);
    } else fail(e, step.kind === "enroll" ? "phone" : "code");
  };

  const submitPhone = async (ev: Event) => {
    ev.preventDefault();
    if (step.kind !== "enroll") return;
    if (!MOBILE_RE.test(phone)) return setErrors({ phone: t("validation.mobile") });
    setBusy(true);
    const pending = fb.current;
    if (pending?.kind === "enroll") {
      try {
        await showFirebase(await pending.start(phone.replace(/\s/g, "")));
      } catch (e) {
        await fail(e, "phone");
      } finally {
        setBusy(false);
      }
      return;
    }
    try {
      const { data } = await post<{ phoneHint: string }>(
        "/api/auth/mfa/enroll",
        { mfaSession: step.mfaSession, phone },
        { noAuthRetry: true },
      );
      setErrors({});
      setStep({
        kind: "code",
        mfaSession: step.mfaSession,
        phoneHint: data.phoneHint,
        enrolling: true,
      });
    } catch (e) {
      mfaFailed(e);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (ev: Event) => {
    ev.preventDefault();
    if (step.kind !== "code") return;
    const trimmed = code.replace(/\s+/g, "");
    // Spec §8: an empty code or one under 4 characters is a wrong code.
    if (trimmed.length < MFA_MIN_CODE_LENGTH) {
      return setErrors({ code: t("mfa.errors.wrongCode") });
    }
    setBusy(true);
    const pending = fb.current;
    if (pending?.kind === "code") {
      try {
        await finishFirebase(await pending.finish(trimmed), pending.enrolling);
      } catch (e) {
        await fail(e, "code");
        setBusy(false);
      }
      return;
    }
    try {
      await post("/api/auth/mfa/verify", { mfaSession: step.mfaSession, code: trimmed }, {
        noAuthRetry: true,
      });
      await done(step.enrolling);
    } catch (e) {
      mfaFailed(e);
      setBusy(false);
    }
  };

  const resend = async (ev?: Event) => {
    ev?.preventDefault();
    if (step.kind !== "code") return;
    if (fb.current) return backToStart(""); // Firebase: a new sign-in sends a new code
    setBusy(true);
    try {
      const { data } = await post<{ phoneHint: string }>("/api/auth/mfa/resend", {
        mfaSession: step.mfaSession,
      }, { noAuthRetry: true });
      setErrors({});
      setCode("");
      setStep({ ...step, phoneHint: data.phoneHint });
    } catch (e) {
      mfaFailed(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {/* The invisible robot-check container of spec §2 (Firebase's reCAPTCHA uses it). */}
      <div id="recaptcha-container" aria-hidden="true" />
      {stored && (
        <div
          class="fixed left-1/2 top-4 z-50 flex w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 items-start gap-3 rounded-md border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg"
          role="alert"
          data-testid="stored-error"
        >
          <span class="flex-1">
            {t("login.storedError", { status: stored.status, text: stored.text })}
          </span>
          <button
            type="button"
            class="text-lg leading-none opacity-60 hover:opacity-100"
            aria-label={t("common.close")}
            onClick={() => setStored(null)}
          >
            ×
          </button>
        </div>
      )}

      {step.kind === "credentials" && (
        <AuthCard title={t("login.title")} testId="login-card">
          <form
            method="post"
            action="/login"
            onSubmit={submitCredentials}
            noValidate
            data-testid="login-form"
          >
            <input type="hidden" name="step" value="credentials" />
            <input type="hidden" name="redirect" value={redirect} />
            <FormField
              label={t("login.email")}
              name="email"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              error={errors.email}
              onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
            />
            <FormField
              label={t("login.password")}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
            />
            <button
              type="submit"
              class="btn btn-primary mt-2 w-full py-2"
              disabled={busy}
              data-testid="login-submit"
            >
              {busy ? t("login.signingIn") : t("login.submit")}
            </button>
          </form>
          <p class="mt-4 text-center text-sm">
            <a
              href="/reset-password-request"
              class="text-brand-600 hover:underline"
              data-testid="forgot-password"
            >
              {t("login.forgotPassword")}
            </a>
          </p>
        </AuthCard>
      )}

      {step.kind === "enroll" && (
        <AuthCard title={t("mfa.enrollTitle")} testId="mfa-enroll">
          <p class="mb-4 text-sm text-slate-600">{t("mfa.enrollText")}</p>
          <form method="post" action="/login" onSubmit={submitPhone} noValidate>
            <input type="hidden" name="step" value="enroll" />
            <input type="hidden" name="mfaSession" value={step.mfaSession} />
            <input type="hidden" name="redirect" value={redirect} />
            <FormField
              label={t("mfa.phone")}
              name="phone"
              type="tel"
              autoComplete="tel"
              autoFocus
              value={phone}
              error={errors.phone}
              onInput={(e) => setPhone(normalizeMobileInput((e.target as HTMLInputElement).value))}
            />
            <button
              type="submit"
              class="btn btn-primary mt-2 w-full py-2"
              disabled={busy}
              data-testid="mfa-send"
            >
              {t("mfa.sendCode")}
            </button>
          </form>
        </AuthCard>
      )}

      {step.kind === "code" && (
        <AuthCard title={t("mfa.title")} testId="mfa-code">
          <p class="mb-4 text-sm text-slate-600" data-testid="mfa-sent">
            {step.phoneHint ? t("mfa.codeSent", { phone: step.phoneHint }) : t("mfa.codePrompt")}
          </p>
          <form method="post" action="/login" onSubmit={submitCode} noValidate id="mfa-code-form">
            <input type="hidden" name="step" value="code" />
            <input type="hidden" name="mfaSession" value={step.mfaSession} />
            <input type="hidden" name="enrolling" value={String(step.enrolling)} />
            <input type="hidden" name="redirect" value={redirect} />
            <FormField
              label={t("mfa.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              value={code}
              error={errors.code}
              onInput={(e) => {
                setCode((e.target as HTMLInputElement).value.replace(/\D/g, ""));
                setErrors({});
              }}
            />
            <button
              type="submit"
              class="btn btn-primary mt-2 w-full py-2"
              disabled={busy}
              data-testid="mfa-verify"
            >
              {t("mfa.verify")}
            </button>
          </form>
          <div class="mt-4 flex justify-between text-sm">
            <button
              type="submit"
              form="mfa-code-form"
              name="action"
              value="resend"
              formNoValidate
              class="text-brand-600 hover:underline"
              onClick={resend}
              disabled={busy}
              data-testid="mfa-resend"
            >
              {t("mfa.resendCode")}
            </button>
            <a
              href={`/login?redirect=${encodeURIComponent(redirect)}`}
              class="text-slate-600 hover:underline"
              onClick={(e) => {
                e.preventDefault();
                backToStart("");
              }}
            >
              {t("common.back")}
            </a>
          </div>
        </AuthCard>
      )}
    </div>
  );
}
