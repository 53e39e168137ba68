/**
 * Settings → Market projects (admin): activity toggle (after a confirm; the checkbox shows what the
 * server stored), id, name, start date (dd/MM/yyyy, not before today), b2b; add, edit, delete.
 */
import { useState } from "react";
import { EditableTable, type FieldErrors, textColumn } from "@/components/EditableTable.tsx";
import { patch } from "@/lib/client/api.ts";
import { toastSuccess } from "@/lib/client/toast.ts";
import type { MarketProject } from "@/lib/domain/reference.ts";
import { isStartDateAllowed } from "@/lib/domain/reference_rules.ts";
import { useLang, useT } from "@/lib/i18n/context.ts";
import type { Lang } from "@/lib/i18n/core.ts";
import { formatDay, parseDay } from "@/lib/i18n/dates.ts";
import { isStale, reportFailure } from "@/islands/settings/util.ts";
import { useCrudRows } from "@/islands/settings/crud.ts";
import { FormKeysDialog } from "@/islands/settings/FormKeysDialog.tsx";

export interface MarketProjectsTabProps {
  projects: MarketProject[];
  /** Today ("yyyy-MM-dd") in the chain's time zone: the earliest start date. */
  today: string;
}

interface Draft extends Record<string, unknown> {
  marketProjectId: string;
  name: string;
  startDate: string;
  b2b: boolean;
}

const byId = (a: MarketProject, b: MarketProject) => a.marketProjectId - b.marketProjectId;

/** Client-side check of the form rules (the server checks them again); `iso`: the start date. */
function checkDraft(
  t: (k: string, vars?: Record<string, unknown>) => string,
  lang: Lang,
  today: string,
  d: Draft,
  old?: MarketProject,
): { errors: FieldErrors | null; iso: string } {
  const errors: FieldErrors = {};
  if (!d.name.trim()) errors.name = t("validation.required");
  const iso = parseDay(d.startDate, lang) ?? "";
  if (!d.startDate.trim()) errors.startDate = t("validation.required");
  else if (!iso) {
    errors.startDate = t("validation.dateFormat", { format: t("ux.date.placeholder") });
  } else if (iso !== old?.startDate && !isStartDateAllowed(iso, today)) {
    errors.startDate = t("validation.notBeforeToday");
  }
  return { errors: Object.keys(errors).length ? errors : null, iso };
}

/** Activates or deactivates a project after a confirm; `show` gets the stored project. */
async function toggleActive(
  t: (k: string, vars?: Record<string, unknown>) => string,
  r: MarketProject,
  show: (p: MarketProject) => void,
  reload: () => Promise<void>,
) {
  const question = r.active
    ? t("settings.marketProjects.confirmDeactivate", { name: r.name })
    : t("settings.marketProjects.confirmActivate", { name: r.name });
  if (!confirm(question)) return;
  try {
    const { data } = await patch<MarketProject>(`/api/marketprojects/${r.id}/activity`, {
      ...r,
      active: !r.active,
    });
    show(data);
    toastSuccess(
      t(data.active ? "settings.marketProjects.activated" : "settings.marketProjects.deactivated"),
    );
  } catch (err) {
    reportFailure(t, "settings.marketProjects.activityError", err);
    if (isStale(err)) await reload();
  }
}

type CheckboxAttrs = Record<string, unknown> & { checked: boolean };

/** A column of a checkbox: `cell` and `edit` give its attributes in view and edit mode. */
function checkboxColumn<R, D>(
  key: string,
  label: string,
  o: {
    class: string;
    cell: (r: R) => CheckboxAttrs;
    edit?: (d: D, set: (patch: Partial<D>) => void) => CheckboxAttrs;
  },
) {
  const box = (attrs: CheckboxAttrs) => (
    <input type="checkbox" class="h-5 w-5 accent-brand-600" {...attrs} />
  );
  return {
    key,
    label,
    class: o.class,
    cell: (r: R) => box(o.cell(r)),
    edit: o.edit ? (d: D, set: (patch: Partial<D>) => void) => box(o.edit!(d, set)) : undefined,
  };
}

export default function MarketProjectsTab(props: MarketProjectsTabProps) {
  const t = useT();
  // The page's date format (one per language), not a fixed dd/MM/yyyy.
  const lang = useLang();
  const [toggling, setToggling] = useState<string | null>(null);
  const [forms, setForms] = useState<MarketProject | null>(null);
  const label = (k: string) => t(`settings.marketProjects.columns.${k}`);
  const format = t("ux.date.placeholder");

  const check = (d: Draft, old?: MarketProject) => checkDraft(t, lang, props.today, d, old);

  const crud = useCrudRows<MarketProject, Draft>({
    path: "/api/marketprojects",
    table: "marketProjects",
    initial: props.projects,
    sort: byId,
    toCreate: (d) => {
      const { errors, iso } = check(d);
      if (errors) return { errors };
      const body: Record<string, unknown> = { name: d.name, startDate: iso, b2b: d.b2b };
      if (d.marketProjectId.trim()) body.marketProjectId = d.marketProjectId;
      return { body };
    },
    toUpdate: (r, d) => {
      const { errors, iso } = check(d, r);
      if (errors) return { errors };
      return {
        body: { marketProjectId: d.marketProjectId, name: d.name, startDate: iso, b2b: d.b2b },
      };
    },
  });
  const { rows, setRows, reload } = crud;

  const toggle = async (r: MarketProject, e: Event) => {
    e.preventDefault(); // the checkbox shows the server's answer, not the click
    setToggling(r.id);
    await toggleActive(
      t,
      r,
      (data) => setRows((all) => all.map((x) => (x.id === r.id ? data : x))),
      reload,
    );
    setToggling(null);
  };

  return (
    <>
      {forms && <FormKeysDialog project={forms} onClose={() => setForms(null)} />}
      <EditableTable<MarketProject, Draft>
        testId="marketprojects-table"
        rows={rows}
        rowKey={(r) => r.id}
        addLabel={t("settings.marketProjects.add")}
        emptyText={t("settings.marketProjects.empty")}
        emptyDraft={() => ({ marketProjectId: "", name: "", startDate: "", b2b: false })}
        toDraft={(r) => ({
          marketProjectId: String(r.marketProjectId),
          name: r.name,
          startDate: formatDay(r.startDate, lang),
          b2b: r.b2b,
        })}
        columns={[
          checkboxColumn("active", label("active"), {
            class: "w-20",
            cell: (r) => ({
              checked: r.active,
              disabled: toggling === r.id,
              "aria-label": t("settings.marketProjects.activeToggle", { name: r.name }),
              "data-testid": "active-toggle",
              onClick: (e: Event) => toggle(r, e),
            }),
          }),
          textColumn("marketProjectId", label("marketProjectId"), (r) => r.marketProjectId, {
            class: "w-24",
            numeric: true,
            placeholder: t("common.optional"),
          }),
          textColumn("name", label("name"), (r) => r.name),
          {
            ...textColumn<MarketProject, Draft>(
              "startDate",
              `${label("startDate")} (${format})`,
              (r) => formatDay(r.startDate, lang),
              { class: "w-40", placeholder: format },
            ),
            label: label("startDate"),
          },
          checkboxColumn("b2b", label("b2b"), {
            class: "w-16",
            cell: (r) => ({ checked: r.b2b, disabled: true, "aria-label": label("b2b") }),
            edit: (d, set) => ({
              name: "b2b",
              checked: d.b2b,
              "aria-label": label("b2b"),
              onChange: (e: Event) => set({ b2b: (e.currentTarget as HTMLInputElement).checked }),
            }),
          }),
          {
            key: "forms",
            label: t("intake.formKeys.title"),
            class: "w-32",
            cell: (r) => (
              <button
                type="button"
                class="btn btn-secondary !py-0.5 !text-xs"
                data-testid="formkeys-open"
                onClick={() => setForms(r)}
              >
                {t("intake.formKeys.title")}
              </button>
            ),
          },
        ]}
        onCreate={crud.onCreate}
        onUpdate={crud.onUpdate}
        onDelete={crud.onDelete}
      />
    </>
  );
}
