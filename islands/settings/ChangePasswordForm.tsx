/**
 * Settings → Profile → change password: the current password, the new one twice. The current
 * password is checked on the server under the sign-in limits (429 after 5 wrong ones). A plain
 * form post to /settings works before the island hydrates.
 */
import { useState } from "react";
import { ApiError, put } from "@/lib/client/api.ts";
import { toastSuccess } from "@/lib/client/toast.ts";
import { passwordSchema } from "@/lib/domain/user.ts";
import { useT } from "@/lib/i18n/context.ts";
import { FormField } from "@/components/FormField.tsx";

export interface ChangePasswordFormProps {
  userId: string;
  /** What a server-side post left: field errors, or that the password was changed. */
  initial?: { errors?: Record<string, string>; done?: boolean };
}

export default function ChangePasswordForm({ userId, initial }: ChangePasswordFormProps) {
  const t = useT();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  const [done, setDone] = useState(initial?.done ?? false);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    const errs: Record<string, string> = {};
    if (!current) errs.currentPassword = t("validation.required");
    if (!passwordSchema.safeParse(password).success) errs.password = t("validation.password");
    if (password !== repeat) errs.repeatPassword = t("validation.passwordsDoNotMatch");
    setErrors(errs);
    setDone(false);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await put(`/api/users/${userId}`, {
        currentPassword: current,
        password,
        repeatPassword: repeat,
      });
      setCurrent("");
      setPassword("");
      setRepeat("");
      setDone(true);
      toastSuccess(t("changePassword.done"));
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(Object.keys(e.fields).length ? e.fields : { currentPassword: e.message });
      } else setErrors({ currentPassword: t("common.networkError") });
    } finally {
      setBusy(false);
    }
  };

  const fields: [string, string, string, (v: string) => void, string][] = [
    ["currentPassword", "changePassword.current", current, setCurrent, "current-password"],
    ["password", "changePassword.new", password, setPassword, "new-password"],
    ["repeatPassword", "changePassword.repeat", repeat, setRepeat, "new-password"],
  ];

  return (
    <form
      method="post"
      action="/settings?tab=profile"
      class="card mt-4 max-w-2xl p-4"
      onSubmit={submit}
      noValidate
      data-testid="password-form"
    >
      <input type="hidden" name="form" value="changePassword" />
      <h2 class="mb-3 text-base font-semibold">{t("changePassword.title")}</h2>
      {done && (
        <p class="mb-3 rounded-md bg-green-50 p-3 text-sm text-green-800" role="status">
          {t("changePassword.done")}
        </p>
      )}
      <div class="grid gap-x-4 sm:grid-cols-3">
        {fields.map(([name, label, value, set, autoComplete]) => (
          <FormField
            key={name}
            label={t(label)}
            name={name}
            type="password"
            autoComplete={autoComplete}
            value={value}
            error={errors[name]}
            onValue={set}
          />
        ))}
      </div>
      <button type="submit" class="btn btn-primary" disabled={busy} data-testid="password-save">
        {t("changePassword.submit")}
      </button>
    </form>
  );
}
