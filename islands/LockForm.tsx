/** /lock: the lock screen (spec §2): the password again and an Unlock button. */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, post } from "@/lib/client/api.ts";
import { FormField, SubmitButton } from "@/components/FormField.tsx";

export default function LockForm({ email, error: initialError }: {
  email: string;
  /** The error of a server-side POST /lock (the form works before it hydrates). */
  error?: string;
}) {
  const t = useT();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    if (!password) return setError(t("validation.required"));
    setBusy(true);
    try {
      await post("/api/auth/unlock", { password });
      location.href = "/";
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.email ?? e.message) : t("common.networkError"));
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/lock" onSubmit={submit} noValidate data-testid="lock-form">
      <p class="mb-1 text-sm text-slate-600">{t("lock.text")}</p>
      <p class="mb-4 text-sm font-medium">{email}</p>
      <FormField
        label={t("lock.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        error={error}
        onValue={setPassword}
      />
      <SubmitButton busy={busy}>{t("lock.unlock")}</SubmitButton>
    </form>
  );
}
