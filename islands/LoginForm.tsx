/**
 * The sign-in screen (spec §2 Login, §4 login flow): e-mail + password (Enter submits), every §8
 * login error under the e-mail field, the stored error of a forced logout as a floating message,
 * then the SMS step when MFA is required (enrol a phone, or enter the code), then the redirect.
 */
import { useEffect, useRef, useState } from "react";
import type { FirebaseClientConfig, FirebaseStep } from "@/lib/client/firebase_auth.ts";
import { useT } from "@/lib/i18n/context.ts";
import { STORED_ERROR_KEY } from "@/lib/client/api.ts";
import {
  backToStart,
  type LoginFlow,
  resendCode,
  type Step,
  submitCode,
  submitCredentials,
  submitPhone,
} from "@/islands/login/flow.ts";
import {
  CodeStep,
  CredentialsStep,
  EnrollStep,
  StoredErrorBanner,
} from "@/islands/login/LoginSteps.tsx";

export interface LoginFormProps {
  /** Where to go after sign-in (already checked by the server: a same-site path). */
  redirect: string;
  /** Where a server-side POST /login left off (the form works before it hydrates). */
  initial?: {
    step?: LoginStep;
    email?: string;
    errors?: Record<string, string>;
    /** A message key shown at the top of the sign-in card, and its test id. */
    notice?: { key: string; testId: string };
  };
  /** AUTH_PROVIDER=firebase: the browser signs in with the Firebase SDK (loaded on demand). */
  firebase?: FirebaseClientConfig;
}

export type LoginStep = Step;

interface StoredError {
  status: number;
  text: string;
}

/** The error a forced logout stored before reloading to the sign-in page, read once. */
function useStoredError() {
  const [stored, setStored] = useState<StoredError | null>(null);
  useEffect(() => {
    try {
      const raw = sessionStorage.getItem(STORED_ERROR_KEY);
      if (raw) {
        setStored(JSON.parse(raw));
        sessionStorage.removeItem(STORED_ERROR_KEY);
      }
    } catch { /* storage off or bad JSON */ }
  }, []);
  return [stored, setStored] as const;
}

/** Prevents the form's plain POST (the island handles it) and runs `run`. */
const handled = (run: () => unknown) => (ev: Event) => {
  ev.preventDefault();
  run();
};

export default function LoginForm({ redirect, initial, firebase }: LoginFormProps) {
  const t = useT();
  const [step, setStep] = useState<Step>(initial?.step ?? { kind: "credentials" });
  const [email, setEmail] = useState(initial?.email ?? "");
  const [password, setPassword] = useState("");
  const [phone, setPhone] = useState("+46");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [stored, setStored] = useStoredError();
  const fb = useRef<FirebaseStep | null>(null);
  const flow: LoginFlow = {
    t,
    redirect,
    firebase,
    step,
    setStep,
    setErrors,
    setBusy,
    setCode,
    setPassword,
    fb,
  };
  const shared = { redirect, busy, errors };

  return (
    <div>
      {/* The invisible robot-check container of spec §2 (Firebase's reCAPTCHA uses it). */}
      <div id="recaptcha-container" aria-hidden="true" />
      {stored && <StoredErrorBanner {...stored} onClose={() => setStored(null)} />}
      {step.kind === "credentials" && (
        <CredentialsStep
          {...shared}
          email={email}
          password={password}
          notice={initial?.notice}
          setEmail={setEmail}
          setPassword={setPassword}
          onSubmit={handled(() => submitCredentials(flow, email, password))}
        />
      )}
      {step.kind === "enroll" && (
        <EnrollStep
          {...shared}
          mfaSession={step.mfaSession}
          phone={phone}
          setPhone={setPhone}
          onSubmit={handled(() => submitPhone(flow, phone))}
        />
      )}
      {step.kind === "code" && (
        <CodeStep
          {...shared}
          step={step}
          code={code}
          setCode={(v) => {
            setCode(v.replace(/\D/g, ""));
            setErrors({});
          }}
          onSubmit={handled(() => submitCode(flow, code))}
          onResend={handled(() => resendCode(flow))}
          onBack={() => backToStart(flow, "")}
        />
      )}
    </div>
  );
}
