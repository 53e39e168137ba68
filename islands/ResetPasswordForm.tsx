/**
 * /reset-password?mode=resetPassword&oobCode=…: checks the code, takes the new password twice,
 * confirms the reset, then notifies the backend (spec §4) and goes to /login.
 */
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, post } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { FormField, SubmitButton } from "@/components/FormField.tsx";
import { passwordSchema } from "@/lib/domain/user.ts";

export interface ResetPasswordFormProps {
  mode: string;
  oobCode: string;
  /** The account the code belongs to, when the server already checked it. */
  email?: string | null;
  /** The field errors of a server-side POST /reset-password (works before hydration). */
  errors?: Record<string, string>;
}

export default function ResetPasswordForm(props: ResetPasswordFormProps) {
  const { mode, oobCode } = props;
  const t = useT();
  const [email, setEmail] = useState<string | null>(props.email ?? null);
  const [invalid, setInvalid] = useState(mode !== "resetPassword" || !oobCode);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>(props.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (invalid || email) return;
    post<{ email: string }>("/api/auth/password-reset/verify", { oobCode }, { noAuthRetry: true })
      .then(({ data }) => setEmail(data.email))
      .catch(() => setInvalid(true));
  }, []);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    const errs: Record<string, string> = {};
    if (!password) errs.password = t("validation.required");
    else if (!passwordSchema.safeParse(password).success) errs.password = t("validation.password");
    if (!repeat) errs.repeatPassword = t("validation.required");
    else if (password !== repeat) errs.repeatPassword = t("validation.passwordsDoNotMatch");
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const { data } = await post<{ email: string }>("/api/auth/password-reset/confirm", {
        oobCode,
        password,
        repeatPassword: repeat,
      }, { noAuthRetry: true });
      // Spec §7: tell the backend the recovery is complete.
      await post("/api/password-recovery-confirmation", { email: data.email, password }, {
        noAuthRetry: true,
      }).catch(() => {});
      setDone(true);
      toastSuccess(t("resetPassword.success"));
      setTimeout(() => (location.href = "/login"), 1500);
    } catch (e) {
      if (
        e instanceof ApiError && e.status === 400 && Object.keys(e.fields).length &&
        !e.fields.oobCode
      ) {
        setErrors(e.fields);
        setBusy(false);
        return;
      }
      toastError(t("resetPassword.error"));
      setTimeout(() => (location.href = "/login"), 1500);
    }
  };

  if (invalid) {
    return (
      <div data-testid="reset-invalid">
        <p class="rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert">
          {t("resetPassword.invalidLink")}
        </p>
        <p class="mt-4 text-center text-sm">
          <a href="/reset-password-request" class="text-brand-600 hover:underline">
            {t("login.forgotPassword")}
          </a>
        </p>
      </div>
    );
  }
  if (done) {
    return (
      <p
        class="rounded-md bg-green-50 p-3 text-sm text-green-800"
        role="status"
        data-testid="reset-done"
      >
        {t("resetPassword.success")}
      </p>
    );
  }
  return (
    <form
      method="post"
      action="/reset-password"
      onSubmit={submit}
      noValidate
      data-testid="reset-form"
    >
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="oobCode" value={oobCode} />
      {email && <p class="mb-4 text-sm text-slate-600" data-testid="reset-email">{email}</p>}
      {([
        ["password", "resetPassword.password", password, setPassword],
        ["repeatPassword", "resetPassword.repeatPassword", repeat, setRepeat],
      ] as const).map(([name, label, value, set], i) => (
        <FormField
          key={name}
          label={t(label)}
          name={name}
          type="password"
          autoComplete="new-password"
          autoFocus={i === 0}
          value={value}
          error={errors[name]}
          onValue={set}
        />
      ))}
      <SubmitButton busy={busy}>{t("resetPassword.submit")}</SubmitButton>
      <p class="mt-4 text-center text-sm">
        <a href="/login" class="text-brand-600 hover:underline">{t("resetPassword.backToLogin")}</a>
      </p>
    </form>
  );
}
