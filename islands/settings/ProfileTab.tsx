/**
 * Settings → Profile: first and last name, e-mail and mobile (read-only), notification category,
 * daily report switch and language. Saves the profile with PUT /api/users/{uid}; a changed
 * language is stored in the user settings and the page reloads in it; "away" (automatic assignment
 * passes the user by) is stored in the user settings too.
 */
import { SelectField } from "@/components/SelectField.tsx";
import { useState } from "react";
import { patch, put } from "@/lib/client/api.ts";
import { toastSuccess } from "@/lib/client/toast.ts";
import type { NotificationCategory } from "@/lib/domain/reference.ts";
import { useT } from "@/lib/i18n/context.ts";
import type { Lang } from "@/lib/i18n/core.ts";
import { LANGUAGES } from "@/lib/domain/statuses.ts";
import { reportFailure } from "@/islands/settings/util.ts";
import type { FieldErrors } from "@/components/EditableTable.tsx";

export interface ProfileUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  notificationCategoryId: string | null;
  dailyReportSubscription: boolean;
  version?: string;
}

export interface ProfileTabProps {
  user: ProfileUser;
  categories: NotificationCategory[];
  language: Lang;
  away: boolean;
}

export default function ProfileTab(props: ProfileTabProps) {
  const t = useT();
  const [user, setUser] = useState(props.user);
  const [firstName, setFirstName] = useState(props.user.firstName);
  const [lastName, setLastName] = useState(props.user.lastName);
  const [category, setCategory] = useState(props.user.notificationCategoryId ?? "");
  const [daily, setDaily] = useState(props.user.dailyReportSubscription);
  const [language, setLanguage] = useState(props.language);
  const [away, setAway] = useState(props.away);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    const errs: FieldErrors = {};
    if (!firstName.trim()) errs.firstName = t("validation.required");
    if (!lastName.trim()) errs.lastName = t("validation.required");
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const { data } = await put<ProfileUser>(`/api/users/${user.id}`, {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        notificationCategoryId: category || null,
        dailyReportSubscription: daily,
        version: user.version,
      });
      setUser(data);
      if (away !== props.away) await patch(`/api/users/${user.id}/settings/away`, { away });
      if (language !== props.language) {
        await patch(`/api/users/${user.id}/settings/language`, { language });
        location.reload();
        return;
      }
      toastSuccess(t("settings.profile.saved"));
    } catch (err) {
      setErrors(reportFailure(t, "settings.profile.saveError", err));
      const current = (err as { data?: { current?: ProfileUser } }).data?.current;
      if (current) {
        setUser(current);
        setFirstName(current.firstName);
        setLastName(current.lastName);
        setCategory(current.notificationCategoryId ?? "");
        setDaily(current.dailyReportSubscription);
      }
    } finally {
      setBusy(false);
    }
  };

  const text = (
    name: string,
    label: string,
    value: string,
    set: ((v: string) => void) | null,
  ) => (
    <label class="block">
      <span class="label">{label}</span>
      <input
        class={`input ${errors[name] ? "border-red-500" : ""}`}
        name={name}
        value={value}
        readOnly={!set}
        disabled={!set}
        aria-invalid={errors[name] ? true : undefined}
        onInput={set ? (e) => set((e.currentTarget as HTMLInputElement).value) : undefined}
      />
      {errors[name] && <p class="field-error">{errors[name]}</p>}
    </label>
  );

  return (
    <form class="card max-w-2xl space-y-4 p-4" onSubmit={submit} data-testid="profile-form">
      <div class="grid gap-4 sm:grid-cols-2">
        {text("firstName", t("settings.profile.firstName"), firstName, setFirstName)}
        {text("lastName", t("settings.profile.lastName"), lastName, setLastName)}
        {text("email", t("settings.profile.email"), user.email, null)}
        {text("mobile", t("settings.profile.mobile"), user.mobile, null)}
        <SelectField
          name="notificationCategoryId"
          label={t("settings.profile.notificationCategory")}
          value={category}
          options={[
            ["", t("common.select")],
            ...props.categories.map((c): [string, string] => [c.id, c.name]),
          ]}
          error={errors.notificationCategoryId}
          onChange={setCategory}
        />
        <SelectField
          name="language"
          label={t("settings.profile.language")}
          value={language}
          options={LANGUAGES.map((l): [string, string] => [l, t(`common.languages.${l}`)])}
          hint={t("settings.profile.languageHint")}
          onChange={(v) => setLanguage(v as Lang)}
        />
      </div>
      <Switch
        name="dailyReportSubscription"
        label={t("settings.profile.dailyReport")}
        checked={daily}
        onChange={setDaily}
      />
      <Switch name="away" label={t("settings.profile.away")} checked={away} onChange={setAway} />
      <div>
        <button type="submit" class="btn btn-primary" disabled={busy} data-testid="profile-save">
          {t("settings.profile.save")}
        </button>
      </div>
    </form>
  );
}

/** An on/off setting of the profile. */
function Switch(
  { name, label, checked, onChange }: {
    name: string;
    label: string;
    checked: boolean;
    onChange: (on: boolean) => void;
  },
) {
  return (
    <label class="flex items-center gap-3">
      <input
        type="checkbox"
        role="switch"
        class="h-5 w-5 accent-brand-600"
        name={name}
        checked={checked}
        data-testid={`profile-${name}`}
        onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)}
      />
      <span class="text-sm font-medium">{label}</span>
    </label>
  );
}
