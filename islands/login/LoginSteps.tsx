/**
 * The cards of the sign-in screen, one per step (spec §2 Login, §4): each is a plain HTML form
 * posting to /login, so the flow works before the island hydrates.
 */
import { CloseButton } from "@/components/Buttons.tsx";
import type { ComponentChildren } from "preact";
import { useT } from "@/lib/i18n/context.ts";
import { AuthCard } from "@/components/AuthCard.tsx";
import { FormField, SubmitButton } from "@/components/FormField.tsx";
import { normalizeMobileInput } from "@/lib/domain/user.ts";
import type { Step } from "@/islands/login/flow.ts";

interface StepProps {
  redirect: string;
  busy: boolean;
  errors: Record<string, string>;
}

/** A step's form: posts to /login with the step's hidden fields. */
function StepForm(
  { step, hidden, onSubmit, children, id, testId }: {
    step: Step["kind"];
    hidden: Record<string, string>;
    onSubmit: (ev: Event) => void;
    children: ComponentChildren;
    id?: string;
    testId?: string;
  },
) {
  return (
    <form method="post" action="/login" onSubmit={onSubmit} noValidate id={id} data-testid={testId}>
      <input type="hidden" name="step" value={step} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/** The error of a forced logout, kept over the reload (spec §4). */
export function StoredErrorBanner(
  { status, text, onClose }: { status: number; text: string; onClose: () => void },
) {
  const t = useT();
  return (
    <div
      class="fixed left-1/2 top-4 z-50 flex w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 items-start gap-3 rounded-md border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg"
      role="alert"
      data-testid="stored-error"
    >
      <span class="flex-1">{t("login.storedError", { status, text })}</span>
      <CloseButton class="text-lg leading-none opacity-60 hover:opacity-100" onClose={onClose} />
    </div>
  );
}

/** A plain form (before hydration too): a new verification link to the address typed. */
function NewVerificationLink({ email, redirect }: { email: string; redirect: string }) {
  const t = useT();
  return (
    <form
      method="post"
      action="/login/verification-email"
      class="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="resend-verification"
    >
      <p>{t("login.unverifiedHint")}</p>
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="redirect" value={redirect} />
      <button
        type="submit"
        class="btn btn-secondary mt-2 min-h-10"
        data-testid="resend-verification-submit"
      >
        {t("login.resendVerification")}
      </button>
    </form>
  );
}

export function CredentialsStep(
  { redirect, busy, errors, email, password, notice, setEmail, setPassword, onSubmit }:
    & StepProps
    & {
      email: string;
      password: string;
      notice?: { key: string; testId: string };
      setEmail: (v: string) => void;
      setPassword: (v: string) => void;
      onSubmit: (ev: Event) => void;
    },
) {
  const t = useT();
  return (
    <AuthCard title={t("login.title")} testId="login-card">
      {notice && (
        <p
          class="mb-4 rounded-md bg-green-50 p-3 text-sm text-green-800"
          role="status"
          data-testid={notice.testId}
        >
          {t(notice.key)}
        </p>
      )}
      <StepForm step="credentials" hidden={{ redirect }} onSubmit={onSubmit} testId="login-form">
        <FormField
          label={t("login.email")}
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          error={errors.email}
          onValue={setEmail}
        />
        <FormField
          label={t("login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onValue={setPassword}
        />
        <SubmitButton busy={busy} testId="login-submit">
          {busy ? t("login.signingIn") : t("login.submit")}
        </SubmitButton>
      </StepForm>
      {errors.unverified && <NewVerificationLink email={email} redirect={redirect} />}
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
  );
}

export function EnrollStep(
  { redirect, busy, errors, mfaSession, phone, setPhone, onSubmit }: StepProps & {
    mfaSession: string;
    phone: string;
    setPhone: (v: string) => void;
    onSubmit: (ev: Event) => void;
  },
) {
  const t = useT();
  return (
    <AuthCard title={t("mfa.enrollTitle")} testId="mfa-enroll">
      <p class="mb-4 text-sm text-slate-600">{t("mfa.enrollText")}</p>
      <StepForm step="enroll" hidden={{ mfaSession, redirect }} onSubmit={onSubmit}>
        <FormField
          label={t("mfa.phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          autoFocus
          value={phone}
          error={errors.phone}
          onValue={(v) => setPhone(normalizeMobileInput(v))}
        />
        <SubmitButton busy={busy} testId="mfa-send">{t("mfa.sendCode")}</SubmitButton>
      </StepForm>
    </AuthCard>
  );
}

export function CodeStep(
  { redirect, busy, errors, step, code, setCode, onSubmit, onResend, onBack }: StepProps & {
    step: Extract<Step, { kind: "code" }>;
    code: string;
    setCode: (v: string) => void;
    onSubmit: (ev: Event) => void;
    onResend: (ev: Event) => void;
    onBack: () => void;
  },
) {
  const t = useT();
  const hidden = { mfaSession: step.mfaSession, enrolling: String(step.enrolling), redirect };
  return (
    <AuthCard title={t("mfa.title")} testId="mfa-code">
      <p class="mb-4 text-sm text-slate-600" data-testid="mfa-sent">
        {step.phoneHint ? t("mfa.codeSent", { phone: step.phoneHint }) : t("mfa.codePrompt")}
      </p>
      <StepForm step="code" hidden={hidden} onSubmit={onSubmit} id="mfa-code-form">
        <FormField
          label={t("mfa.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          value={code}
          error={errors.code}
          onValue={setCode}
        />
        <SubmitButton busy={busy} testId="mfa-verify">{t("mfa.verify")}</SubmitButton>
      </StepForm>
      <div class="mt-4 flex justify-between text-sm">
        <button
          type="submit"
          form="mfa-code-form"
          name="action"
          value="resend"
          formNoValidate
          class="text-brand-600 hover:underline"
          onClick={onResend}
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
            onBack();
          }}
        >
          {t("common.back")}
        </a>
      </div>
    </AuthCard>
  );
}
