/**
 * Register user (spec §2, §5): first and last name, e-mail, mobile (+46 auto-prefix, digits only,
 * at most 12), password twice, role. Register is enabled once something is typed. After success,
 * "copy login details" puts a Swedish message with user, password and login link on the clipboard.
 */
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, post } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { fieldErrors } from "@/lib/client/form.ts";
import { FormField } from "@/components/FormField.tsx";
import { normalizeMobileInput, registerUserSchema } from "@/lib/domain/user.ts";
import { ROLES } from "@/lib/domain/statuses.ts";

export interface RegisterUserFormProps {
  /** The preset role (from the admin route or the chooser); null lets the admin pick. */
  role: string | null;
  /** The absolute /login URL for the copied message. */
  loginUrl: string;
  /** The copied message is always Swedish (spec §2); the server passes its text. */
  copyTemplate: string;
  /** Inside the user list's drawer: called with the new user after success. */
  onDone?: (user: { id: string }) => void;
  /** Show the back button to / (the page, not the drawer). */
  showBack?: boolean;
  /** Where the form posts without JavaScript (the page's server action). */
  action?: string;
  /** What a server-side post left: the values (never a password), errors, or the new user. */
  initial?: { values?: Partial<Values>; errors?: Record<string, string>; registered?: string };
}

const EMPTY = {
  firstName: "",
  lastName: "",
  email: "",
  mobile: "",
  password: "",
  repeatPassword: "",
  role: "",
};
type Values = typeof EMPTY;

/** Clipboard with a fallback for plain-http hosts where navigator.clipboard is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return await navigator.clipboard.writeText(text);
  const ta = document.createElement("textarea");
  ta.value = text;
  ta.setAttribute("readonly", "");
  ta.style.position = "fixed";
  ta.style.opacity = "0";
  document.body.appendChild(ta);
  ta.select();
  const ok = document.execCommand("copy");
  ta.remove();
  if (!ok) throw new Error("copy failed");
}

export function fillTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k) => vars[k] ?? "");
}

export default function RegisterUserForm(p: RegisterUserFormProps) {
  const t = useT();
  const [v, setV] = useState<Values>({ ...EMPTY, role: p.role ?? "", ...p.initial?.values });
  const [errors, setErrors] = useState<Record<string, string>>(p.initial?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<{ email: string; password: string } | null>(
    p.initial?.registered ? { email: p.initial.registered, password: "" } : null,
  );
  // Before hydration the button stays enabled, so the plain form post works without JavaScript.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const touched = Object.entries(v).some(([k, val]) =>
    k === "role" ? val !== (p.role ?? "") : val !== ""
  );

  const set = (k: keyof Values, raw: string) =>
    setV({ ...v, [k]: k === "mobile" ? normalizeMobileInput(raw) : raw });

  const submit = async (ev: Event) => {
    ev.preventDefault();
    const parsed = registerUserSchema.safeParse(v);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, t));
    setErrors({});
    setBusy(true);
    try {
      const { data } = await post<{ id: string; email: string }>("/api/user", {
        ...parsed.data,
        displayName: `${parsed.data.firstName} ${parsed.data.lastName}`,
      });
      toastSuccess(t("register.success"));
      setRegistered({ email: data.email, password: v.password });
      p.onDone?.(data);
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.fields);
        toastError(e.message || t("register.error"));
      } else toastError(t("register.error"));
    } finally {
      setBusy(false);
    }
  };

  if (registered) {
    return (
      <RegisteredPanel
        {...registered}
        loginUrl={p.loginUrl}
        copyTemplate={p.copyTemplate}
        onAnother={() => {
          setRegistered(null);
          setV({ ...EMPTY, role: p.role ?? "" });
        }}
      />
    );
  }

  const field = (k: keyof Values, type = "text", autoComplete?: string) => (
    <FormField
      label={t(`register.${k}`)}
      name={k}
      type={type}
      autoComplete={autoComplete}
      value={v[k]}
      error={errors[k]}
      placeholder={k === "mobile" ? "+46701234567" : undefined}
      onValue={(v) => set(k, v)}
    />
  );

  return (
    <form
      method="post"
      action={p.action ?? "/registration/user"}
      onSubmit={submit}
      noValidate
      data-testid="register-form"
    >
      <div class="grid gap-x-4 sm:grid-cols-2">
        {field("firstName", "text", "off")}
        {field("lastName", "text", "off")}
        {field("email", "email", "off")}
        {field("mobile", "tel", "off")}
        {field("password", "password", "new-password")}
        {field("repeatPassword", "password", "new-password")}
        <div class="mb-3">
          <label class="label" for="f-role">{t("register.role")}</label>
          <select
            id="f-role"
            name="role"
            class="input"
            value={v.role}
            data-testid="field-role"
            aria-invalid={errors.role ? true : undefined}
            onChange={(e) => set("role", (e.target as HTMLSelectElement).value)}
          >
            {/* selected on the option: the server-rendered page (and hydration) keep the preset. */}
            <option value="" selected={!v.role}>{t("common.select")}</option>
            {ROLES.map((r) => (
              <option key={r} value={r} selected={r === v.role}>{t(`roles.${r}`)}</option>
            ))}
          </select>
          {errors.role && <p class="field-error" role="alert">{errors.role}</p>}
        </div>
      </div>
      <div class="mt-2 flex gap-2">
        {p.showBack && <a href="/" class="btn btn-secondary">{t("register.back")}</a>}
        <button
          type="submit"
          class="btn btn-primary"
          disabled={hydrated && (busy || !touched)}
          data-testid="register-submit"
        >
          {t("register.submit")}
        </button>
      </div>
    </form>
  );
}

/** After success: the new user, "copy login details" and a way to register another. */
function RegisteredPanel(
  { email, password, loginUrl, copyTemplate, onAnother }: {
    email: string;
    password: string;
    loginUrl: string;
    copyTemplate: string;
    onAnother: () => void;
  },
) {
  const t = useT();
  const copy = async () => {
    try {
      await copyText(fillTemplate(copyTemplate, { email, password, url: loginUrl }));
      toastSuccess(t("register.copySuccess"));
    } catch {
      toastError(t("register.copyError"));
    }
  };
  return (
    <div data-testid="register-done">
      <p class="mb-4 rounded-md bg-green-50 p-3 text-sm text-green-800" role="status">
        {t("register.success")}: <strong>{email}</strong>
        <span class="mt-1 block" data-testid="register-verify-first">
          {t("register.verifyFirst")}
        </span>
      </p>
      <div class="flex flex-wrap gap-2">
        <button type="button" class="btn btn-primary" onClick={copy} data-testid="copy-login">
          {t("register.copyLoginDetails")}
        </button>
        <button
          type="button"
          class="btn btn-secondary"
          onClick={onAnother}
          data-testid="register-another"
        >
          {t("register.title")}
        </button>
      </div>
    </div>
  );
}
