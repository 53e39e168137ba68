/** /setup?token=…: creates the first admin on an empty database, then goes to /login (which says so). */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, post } from "@/lib/client/api.ts";
import { FormField, SubmitButton } from "@/components/FormField.tsx";
import { adminSetupSchema, normalizeMobileInput } from "@/lib/domain/user.ts";
import { fieldErrors } from "@/lib/client/form.ts";

const FIELDS = ["firstName", "lastName", "email", "mobile", "password", "repeatPassword"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export interface SetupFormProps {
  token: string;
  /** What a server-side POST /setup left (the form works before it hydrates). */
  initial?: { values?: Partial<Values>; errors?: Record<string, string> };
}

export default function SetupForm({ token, initial }: SetupFormProps) {
  const t = useT();
  const [v, setV] = useState<Values>({
    firstName: "",
    lastName: "",
    email: "",
    mobile: "+46",
    password: "",
    repeatPassword: "",
    ...initial?.values,
  });
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    const parsed = adminSetupSchema.safeParse(v);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, t));
    setBusy(true);
    try {
      await post("/api/setup", { ...v, token }, { noAuthRetry: true });
      setDone(true);
      setTimeout(() => (location.href = "/login?setup=done"), 1500);
    } catch (e) {
      setErrors(
        e instanceof ApiError
          ? { ...e.fields, ...(Object.keys(e.fields).length ? {} : { email: e.message }) }
          : { email: t("common.networkError") },
      );
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p class="text-green-700" role="status" data-testid="setup-done">{t("setup.success")}</p>
    );
  }
  const labels: Values = {
    firstName: t("register.firstName"),
    lastName: t("register.lastName"),
    email: t("register.email"),
    mobile: t("register.mobile"),
    password: t("register.password"),
    repeatPassword: t("register.repeatPassword"),
  };
  return (
    <form method="post" action="/setup" onSubmit={submit} noValidate data-testid="setup-form">
      <input type="hidden" name="token" value={token} />
      <p class="mb-4 text-sm text-slate-600">{t("setup.text")}</p>
      {FIELDS.map((f) => (
        <FormField
          key={f}
          label={labels[f]}
          name={f}
          type={f.toLowerCase().includes("password")
            ? "password"
            : f === "email"
            ? "email"
            : "text"}
          autoComplete={f.toLowerCase().includes("password") ? "new-password" : undefined}
          value={v[f]}
          error={errors[f]}
          onInput={(e) => {
            const raw = (e.target as HTMLInputElement).value;
            setV({ ...v, [f]: f === "mobile" ? normalizeMobileInput(raw) : raw });
          }}
        />
      ))}
      <SubmitButton busy={busy}>{t("setup.submit")}</SubmitButton>
    </form>
  );
}
