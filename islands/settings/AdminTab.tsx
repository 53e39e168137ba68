/**
 * Settings → Admin: the work-time window (from/to pickers + apply) and the hour limits per sell
 * status. Hour inputs keep the first 3 digits and never go below 0 (spec §5).
 */
import { useState } from "react";
import { put } from "@/lib/client/api.ts";
import { toastSuccess } from "@/lib/client/toast.ts";
import type { AdminSettings, SellStatusTimeSetting } from "@/lib/domain/reference.ts";
import { clampIntegerInput, isWorktimeOrdered } from "@/lib/domain/reference_rules.ts";
import { useT } from "@/lib/i18n/context.ts";
import { perTimeLimit, TIME_LIMIT_FIELDS, type TimeLimitField } from "@/lib/domain/activity.ts";
import { reportFailure } from "@/islands/settings/util.ts";
import type { FieldErrors } from "@/components/EditableTable.tsx";

export type TimeRow = SellStatusTimeSetting & { sellStatusName?: string };

export interface AdminTabProps {
  adminSettings: AdminSettings;
  timeSettings: TimeRow[];
}

const HOUR_FIELDS = TIME_LIMIT_FIELDS;
type HourField = TimeLimitField;

export default function AdminTab(props: AdminTabProps) {
  return (
    <div class="space-y-6">
      <WorktimeSection initial={props.adminSettings} />
      <TimeLimitsSection initial={props.timeSettings} />
    </div>
  );
}

/** The work-time window: from/to and Apply (spec §5: from before to). */
function WorktimeSection({ initial }: { initial: AdminSettings }) {
  const t = useT();
  const [settings, setSettings] = useState(initial);
  const [from, setFrom] = useState(initial.worktimeFrom);
  const [to, setTo] = useState(initial.worktimeTo);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const show = (s: AdminSettings) => {
    setSettings(s);
    setFrom(s.worktimeFrom);
    setTo(s.worktimeTo);
  };

  const apply = async (e: Event) => {
    e.preventDefault();
    if (!isWorktimeOrdered(from, to)) {
      setErrors({ worktimeTo: t("validation.worktimeOrder") });
      return;
    }
    setBusy(true);
    try {
      const { data } = await put<AdminSettings>(`/api/admin-settings/${settings.id}`, {
        worktimeFrom: from,
        worktimeTo: to,
        version: settings.version,
      });
      show(data);
      setErrors({});
      toastSuccess(t("settings.admin.saved"));
    } catch (err) {
      setErrors(reportFailure(t, "settings.admin.saveError", err));
      const current = (err as { data?: { current?: AdminSettings } }).data?.current;
      if (current) show(current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card p-4" aria-labelledby="worktime-title">
      <h2 id="worktime-title" class="text-base font-semibold">{t("settings.admin.worktime")}</h2>
      <p class="mb-3 text-sm text-slate-600">{t("settings.admin.worktimeText")}</p>
      <form class="flex flex-wrap items-start gap-3" onSubmit={apply}>
        <TimeField name="worktimeFrom" value={from} error={errors.worktimeFrom} onValue={setFrom} />
        <TimeField name="worktimeTo" value={to} error={errors.worktimeTo} onValue={setTo} />
        <button
          type="submit"
          class="btn btn-primary mt-5"
          disabled={busy}
          data-testid="apply-worktime"
        >
          {t("settings.admin.apply")}
        </button>
      </form>
    </section>
  );
}

function TimeField(
  { name, value, error, onValue }: {
    name: "worktimeFrom" | "worktimeTo";
    value: string;
    error?: string;
    onValue: (v: string) => void;
  },
) {
  const t = useT();
  return (
    <label class="w-36">
      <span class="label">{t(`settings.admin.${name}`)}</span>
      <input
        type="time"
        class="input"
        name={name}
        required
        value={value}
        onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
      />
      {error && <p class="field-error">{error}</p>}
    </label>
  );
}

/** The hour limits per sell status: a row each, saved on its own (spec §5: 0–999 hours). */
function TimeLimitsSection({ initial }: { initial: TimeRow[] }) {
  const t = useT();
  const [rows, setRows] = useState(initial);
  const [drafts, setDrafts] = useState<Record<string, Record<HourField, string>>>({});
  const [busy, setBusy] = useState<string | null>(null);
  /** The server's field errors of the last save, per row. */
  const [rowErrors, setRowErrors] = useState<Record<string, FieldErrors>>({});
  const valueOf = (r: TimeRow, f: HourField) => drafts[r.id]?.[f] ?? String(r[f]);
  const setHour = (r: TimeRow, f: HourField, raw: string) => {
    const base = drafts[r.id] ?? perTimeLimit((k) => String(r[k]));
    setDrafts({ ...drafts, [r.id]: { ...base, [f]: String(clampIntegerInput(raw)) } });
  };
  /** Shows the stored row and drops its draft. */
  const stored = (r: TimeRow, data: TimeRow) => {
    setRows(rows.map((x) => (x.id === r.id ? { ...x, ...data } : x)));
    const { [r.id]: _done, ...rest } = drafts;
    setDrafts(rest);
  };
  const saveRow = async (r: TimeRow) => {
    const d = drafts[r.id];
    if (!d) return;
    setBusy(r.id);
    try {
      const { data } = await put<TimeRow>(`/api/sell-status-time-settings/${r.id}`, {
        ...perTimeLimit((f) => Number(d[f])),
        version: r.version,
      });
      stored(r, data);
      setRowErrors({ ...rowErrors, [r.id]: {} });
      toastSuccess(t("settings.admin.timeSettingSaved"));
    } catch (err) {
      setRowErrors({
        ...rowErrors,
        [r.id]: reportFailure(t, "settings.admin.timeSettingSaveError", err),
      });
      const current = (err as { data?: { current?: TimeRow } }).data?.current;
      if (current) stored(r, current);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section class="card" aria-labelledby="time-settings-title">
      <div class="p-4 pb-2">
        <h2 id="time-settings-title" class="text-base font-semibold">
          {t("settings.admin.timeSettings")}
        </h2>
        <p class="text-sm text-slate-600">{t("settings.admin.timeSettingsText")}</p>
      </div>
      <div class="overflow-x-auto">
        <table class="table" data-testid="time-settings-table">
          <thead>
            <tr>
              <th>{t("settings.admin.columns.sellStatus")}</th>
              {HOUR_FIELDS.map((f) => (
                <th key={f} class="w-32">{t(`settings.admin.columns.${f}`)}</th>
              ))}
              <th class="w-24" />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const name = r.sellStatusName ?? t(`sellStatus.${r.sellStatus}`);
              return (
                <tr key={r.id} data-testid={`time-row-${r.sellStatus}`}>
                  <td class="font-medium">{name}</td>
                  {HOUR_FIELDS.map((f) => (
                    <td key={f}>
                      <input
                        class="input w-20"
                        name={f}
                        inputMode="numeric"
                        aria-label={`${name}: ${t(`settings.admin.columns.${f}`)}`}
                        value={valueOf(r, f)}
                        aria-invalid={rowErrors[r.id]?.[f] ? true : undefined}
                        aria-describedby={rowErrors[r.id]?.[f] ? `err-${r.id}-${f}` : undefined}
                        onInput={(e) => {
                          const el = e.currentTarget as HTMLInputElement;
                          setHour(r, f, el.value);
                          el.value = String(clampIntegerInput(el.value));
                        }}
                      />
                      {rowErrors[r.id]?.[f] && (
                        <p class="field-error max-w-48" id={`err-${r.id}-${f}`}>
                          {rowErrors[r.id][f]}
                        </p>
                      )}
                    </td>
                  ))}
                  <td class="text-right">
                    <button
                      type="button"
                      class="btn btn-primary"
                      disabled={!drafts[r.id] || busy === r.id}
                      data-testid="save-time-setting"
                      onClick={() => saveRow(r)}
                    >
                      {t("common.save")}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
