/** /reset-password-request: mails a reset link; a failure shows 'Wrong email' on the field. */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, post } from "@/lib/client/api.ts";
import { FormField, SubmitButton } from "@/components/FormField.tsx";
import { EMAIL_RE } from "@/lib/domain/formats.ts";

export default function ResetPasswordRequestForm() {
  const t = useT();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    if (!EMAIL_RE.test(email.trim())) return setError(t("validation.email"));
    setBusy(true);
    try {
      await post("/api/auth/password-reset", { email: email.trim() }, { noAuthRetry: true });
      setError(null);
      setSent(true);
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 429
          ? e.message
          : t("resetPasswordRequest.wrongEmail"),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {sent
        ? (
          <p
            class="rounded-md bg-green-50 p-3 text-sm text-green-800"
            role="status"
            data-testid="reset-sent"
          >
            {t("resetPasswordRequest.sent")}
          </p>
        )
        : (
          <form onSubmit={submit} noValidate data-testid="reset-request-form">
            <p class="mb-4 text-sm text-slate-600">{t("resetPasswordRequest.text")}</p>
            <FormField
              label={t("resetPasswordRequest.email")}
              name="email"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              error={error}
              onValue={setEmail}
            />
            <SubmitButton busy={busy}>{t("resetPasswordRequest.submit")}</SubmitButton>
          </form>
        )}
      <p class="mt-4 text-center text-sm">
        <a href="/login" class="text-brand-600 hover:underline">
          {t("resetPasswordRequest.backToLogin")}
        </a>
      </p>
    </div>
  );
}
