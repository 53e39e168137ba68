/**
 * One editable row of the prospects grid, or the add-new-prospect last row (p = null) with the
 * same fields. Enter saves the row, Esc puts back the stored values; Tab moves through it.
 * Spec §4: the status select is disabled while Paused or disabled; the follow-up picker only
 * for an empty or follow-up status (otherwise cleared); no date before yesterday.
 */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import type { Lang } from "@/lib/i18n/core.ts";
import {
  type FieldErrors,
  followUpAllowed,
  type Prospect,
  prospectAge,
  type ProspectMay,
} from "@/lib/domain/prospect.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { ACTIVITY_BADGE, dateTime } from "@/islands/prospects/format.ts";
import { DateInput } from "@/components/DateInput.tsx";

export interface RowDraft {
  customerId: string;
  firstName: string;
  lastName: string;
  tag: string;
  phoneNumber: string;
  email: string;
  sellStatus: string;
  clubId: string;
  followUpDate: string;
}

export const draftOf = (p: Prospect): RowDraft => ({
  customerId: String(p.customerId),
  firstName: p.firstName,
  lastName: p.lastName,
  tag: p.tag ?? "",
  phoneNumber: p.phoneNumber,
  email: p.email ?? "",
  sellStatus: p.sellStatus ?? "",
  clubId: String(p.clubId),
  followUpDate: p.followUpDate ?? "",
});

export const emptyDraft = (clubId: number | null): RowDraft => ({
  customerId: "",
  firstName: "",
  lastName: "",
  tag: "",
  phoneNumber: "",
  email: "",
  sellStatus: "",
  clubId: clubId === null ? "" : String(clubId),
  followUpDate: "",
});

export interface GridUser {
  id: string;
  email: string;
  firstName: string;
  admin: boolean;
}

export interface RowEnv {
  user: GridUser;
  clubs: { clubId: number; name: string }[];
  clubName: (clubId: number) => string;
  projectName: string;
  lang: Lang;
  timeZone: string;
  now: Date;
  /** The earliest follow-up date accepted ("yyyy-MM-dd", yesterday local). */
  minDate: string;
}

export interface RowActions {
  save: (p: Prospect | null, d: RowDraft, assign: boolean) => Promise<FieldErrors | null>;
  assign: (p: Prospect) => void;
  unassign: (p: Prospect) => void;
  remove: (p: Prospect) => void;
  /** Admins: bring a deleted prospect back. */
  restore: (p: Prospect) => void;
  notes: (p: Prospect) => void;
}

export interface ProspectRowProps {
  p: Prospect | null;
  env: RowEnv;
  actions: RowActions;
  /** The values this user tried to save when someone else had changed the row (409). */
  conflict?: RowDraft | null;
  highlight?: boolean;
}

const FIELDS: (keyof RowDraft)[] = [
  "customerId",
  "firstName",
  "lastName",
  "tag",
  "phoneNumber",
  "email",
  "sellStatus",
  "clubId",
  "followUpDate",
];

/** A row the server sent without `may` (never expected) allows nothing. */
const NOTHING: ProspectMay = {
  edit: false,
  assign: false,
  unassign: false,
  notes: false,
  delete: false,
  restore: false,
  addNote: false,
};

export function ProspectRow({ p, env, actions, conflict, highlight }: ProspectRowProps) {
  const t = useT();
  const adding = p === null;
  const initial = p ? draftOf(p) : emptyDraft(env.clubs[0]?.clubId ?? null);
  const [draft, setDraft] = useState<RowDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // What the server allows (p.may); the add row is the caller's own new prospect.
  const may = p ? p.may ?? NOTHING : null;
  const locked = may !== null && !may.edit;
  const dirty = FIELDS.some((f) => draft[f] !== initial[f]);
  const set = (patch: Partial<RowDraft>) => {
    const next = { ...draft, ...patch };
    if (!followUpAllowed(next.sellStatus)) next.followUpDate = "";
    setDraft(next);
  };
  const reset = () => {
    setDraft(p ? draftOf(p) : emptyDraft(env.clubs[0]?.clubId ?? null));
    setErrors({});
  };
  const save = async (assign = false) => {
    if (busy || locked || (!adding && !dirty)) return;
    setBusy(true);
    try {
      const errs = await actions.save(p, draft, assign);
      setErrors(errs ?? {});
      if (!errs && adding) reset();
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (e.key === "Enter" && target.tagName !== "BUTTON") {
      e.preventDefault();
      save();
    } else if (e.key === "Escape") {
      e.preventDefault();
      reset();
    }
  };
  const rowId = adding ? "new" : String(p.customerId);
  const cls = (f: string, extra = "") =>
    `input !px-1 !py-0.5 !text-xs ${extra} ${errors[f] ? "!border-red-500 !ring-red-100" : ""}`;
  const errAttrs = (f: string) =>
    errors[f]
      ? { "aria-invalid": true, title: t(errors[f]), "data-error": errors[f] }
      : { "aria-invalid": undefined };
  const text = (
    f: keyof RowDraft,
    label: string,
    width: string,
    type: "text" | "tel" | "email" = "text",
  ) => (
    <input
      {...({ type, ...errAttrs(f) } as Record<string, unknown>)}
      class={cls(f, width)}
      value={draft[f]}
      disabled={locked}
      aria-label={label}
      data-testid={`${f}-${rowId}`}
      inputMode={f === "phoneNumber" || f === "customerId" ? "numeric" : undefined}
      onInput={(e) => set({ [f]: (e.target as HTMLInputElement).value })}
    />
  );
  const followOk = followUpAllowed(draft.sellStatus);
  const age = p ? prospectAge(p.registerDate, env.now) : null;
  const statusDisabled = adding || locked || p?.activityStatus === "Paused";
  // Issue 19: a disabled control says why (tooltip + aria-describedby on a hidden text).
  const why = {
    status: locked
      ? t("ux.why.locked")
      : adding
      ? t("ux.why.newRow")
      : statusDisabled
      ? t("ux.why.paused")
      : "",
    followUp: locked ? t("ux.why.locked") : !followOk ? t("ux.why.followUp") : "",
  };
  const whyAttrs = (k: keyof typeof why) =>
    why[k] ? { title: why[k], "aria-describedby": `why-${k}-${rowId}` } : {};
  return (
    <>
      <tr
        class={`${adding ? "bg-brand-50/60" : highlight ? "bg-amber-50" : "hover:bg-slate-50"} ${
          p?.disabled ? "opacity-70" : ""
        }`}
        data-testid={`row-${rowId}`}
        data-dirty={dirty ? "true" : undefined}
        onKeyDown={onKeyDown}
      >
        <td data-col="id" data-label={t("prospects.columns.customerId")}>
          {adding
            ? text("customerId", t("prospects.columns.customerId"), "!w-11")
            : <span class="font-mono text-xs text-slate-600">{p.customerId}</span>}
        </td>
        <td data-col="first" data-label={t("prospects.columns.firstName")}>
          {text("firstName", t("prospects.columns.firstName"), "!w-[4.5rem]")}
        </td>
        <td data-col="last" data-label={t("prospects.columns.lastName")}>
          {text("lastName", t("prospects.columns.lastName"), "!w-[4.5rem]")}
        </td>
        <td data-col="tag" data-label={t("prospects.columns.tag")}>
          {text("tag", t("prospects.columns.tag"), "!w-14")}
        </td>
        <td data-col="notes" class="text-center">
          {!adding && (
            <button
              type="button"
              class="btn btn-ghost !px-1 !py-0.5"
              disabled={!may?.notes}
              title={may?.notes ? t("prospects.openNotes") : t("prospects.notesOnlyAssignee")}
              aria-label={t("prospects.openNotes")}
              data-testid={`notes-${rowId}`}
              onClick={() => actions.notes(p)}
            >
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                stroke-width="2"
                aria-hidden="true"
              >
                <path d="M4 4h16v12H8l-4 4z" />
              </svg>
            </button>
          )}
        </td>
        <td data-col="phone" data-label={t("prospects.columns.phone")}>
          {text("phoneNumber", t("prospects.columns.phone"), "!w-[5.25rem]", "tel")}
        </td>
        <td data-col="email" data-label={t("prospects.columns.email")}>
          {text("email", t("prospects.columns.email"), "!w-[6.5rem]", "email")}
        </td>
        <td
          data-col="project"
          data-label={t("prospects.columns.marketProject")}
          class="max-w-16 truncate text-xs"
          title={p ? p.marketProjectName : env.projectName}
        >
          {p ? p.marketProjectName : env.projectName}
        </td>
        <td data-col="status" data-label={t("prospects.columns.sellStatus")}>
          <select
            class={cls("sellStatus", "!w-[9.75rem] !text-[11px]")}
            value={draft.sellStatus}
            disabled={statusDisabled}
            aria-label={t("prospects.columns.sellStatus")}
            data-testid={`sellStatus-${rowId}`}
            onChange={(e) => set({ sellStatus: (e.target as HTMLSelectElement).value })}
            {...whyAttrs("status")}
            {...errAttrs("sellStatus")}
          >
            <option value="" selected={!draft.sellStatus}>{t("common.empty")}</option>
            {SELL_STATUSES.map((s) => (
              <option key={s} value={s} selected={s === draft.sellStatus}>
                {t(`sellStatus.${s}`)}
              </option>
            ))}
          </select>
          {why.status && (
            // hidden: aria-describedby still reads it, and it takes no room in the scrolled grid.
            <span id={`why-status-${rowId}`} hidden data-testid={`why-status-${rowId}`}>
              {why.status}
            </span>
          )}
          {p?.lastSellStatusChange && (
            <div class="mt-0.5 max-w-[9.75rem] text-[11px] leading-tight text-slate-500">
              {t("prospects.lastSellStatusChange", {
                date: dateTime(p.lastSellStatusChange, env.lang, env.timeZone),
              })}
            </div>
          )}
        </td>
        <td data-col="club" data-label={t("prospects.columns.club")}>
          <select
            class={cls("clubId", "!w-[5.5rem]")}
            value={draft.clubId}
            disabled={locked}
            aria-label={t("prospects.columns.club")}
            data-testid={`clubId-${rowId}`}
            onChange={(e) => set({ clubId: (e.target as HTMLSelectElement).value })}
            {...errAttrs("clubId")}
          >
            {adding && !draft.clubId && <option value="" selected>{t("common.select")}</option>}
            {p && !env.clubs.some((c) => c.clubId === p.clubId) && (
              <option value={String(p.clubId)} selected={String(p.clubId) === draft.clubId}>
                {p.clubName || env.clubName(p.clubId)}
              </option>
            )}
            {env.clubs.map((c) => (
              <option
                key={c.clubId}
                value={String(c.clubId)}
                selected={String(c.clubId) === draft.clubId}
              >
                {c.name}
              </option>
            ))}
          </select>
        </td>
        <td data-col="activity" data-label={t("prospects.columns.activityStatus")}>
          {p && (
            <span
              class={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
                ACTIVITY_BADGE[p.activityStatus] ?? ""
              }`}
              data-testid={`activity-${rowId}`}
            >
              {t(`activityStatus.${p.activityStatus}`)}
            </span>
          )}
        </td>
        <td data-col="follow" data-label={t("prospects.columns.followUpDate")}>
          <DateInput
            class={cls("followUpDate", "!w-[6.75rem]")}
            value={draft.followUpDate}
            min={env.minDate}
            disabled={locked || !followOk}
            aria-label={t("prospects.columns.followUpDate")}
            testId={`followUpDate-${rowId}`}
            onChange={(v) => set({ followUpDate: v })}
            {...whyAttrs("followUp")}
            {...errAttrs("followUpDate")}
          />
          {why.followUp && <span id={`why-followUp-${rowId}`} hidden>{why.followUp}</span>}
        </td>
        <td
          data-col="age"
          data-label={t("prospects.columns.age")}
          class="whitespace-nowrap text-xs text-slate-600"
          data-testid={`age-${rowId}`}
        >
          {age ? t("prospects.age", age) : ""}
        </td>
        <td
          data-col="assign"
          data-label={t("prospects.columns.assignee")}
          class="whitespace-nowrap"
        >
          <AssigneeCell
            p={p}
            may={may}
            rowId={rowId}
            busy={busy}
            actions={actions}
            onAssignNew={() => save(true)}
          />
        </td>
        <td
          data-col="actions"
          class="sticky right-0 whitespace-nowrap bg-white/95 shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.25)]"
        >
          <ActionsCell
            p={p}
            may={may}
            rowId={rowId}
            saveDisabled={busy || locked || (!adding && !dirty)}
            saveTitle={locked
              ? t("prospects.disabledRow")
              : !adding && !dirty
              ? t("ux.why.saveUnchanged")
              : undefined}
            actions={actions}
            onSave={() => save()}
          />
        </td>
      </tr>
      {Object.keys(errors).length > 0 && (
        <tr data-testid={`errors-${rowId}`}>
          <td colSpan={15} class="!border-t-0 !pt-0 text-xs text-red-700">
            {Object.entries(errors).map(([f, k]) => (
              <span key={f} class="mr-3">{`${fieldLabel(t, f)}: ${t(k)}`}</span>
            ))}
          </td>
        </tr>
      )}
      {conflict && p && (
        <tr data-testid={`conflict-${rowId}`}>
          <td colSpan={15} class="!border-t-0 bg-amber-50 text-xs text-amber-900">
            <strong>{t("prospects.reloaded")}</strong> {t("prospects.conflictYours")}{" "}
            {FIELDS.filter((f) => conflict[f] !== draftOf(p)[f]).map((f) => (
              <span key={f} class="mr-3">
                {`${fieldLabel(t, f)}: ${display(t, f, conflict[f]) || t("common.empty")} → ${
                  display(t, f, draftOf(p)[f]) || t("common.empty")
                }`}
              </span>
            ))}
          </td>
        </tr>
      )}
    </>
  );
}

function fieldLabel(t: (k: string) => string, f: string): string {
  const key = f === "phoneNumber" ? "phone" : f === "clubId" ? "club" : f;
  const label = t(`prospects.columns.${key}`);
  return label.startsWith("prospects.") ? f : label;
}

function display(t: (k: string) => string, f: string, v: string): string {
  return f === "sellStatus" && v ? t(`sellStatus.${v}`) : v;
}

/** The assignee cell: Assign (the add row: create and assign), or the assignee with ✕. */
function AssigneeCell(
  { p, may, rowId, busy, actions, onAssignNew }: {
    p: Prospect | null;
    may: ProspectMay | null;
    rowId: string;
    busy: boolean;
    actions: RowActions;
    onAssignNew: () => void;
  },
) {
  const t = useT();
  return (
    <>
      {p === null
        ? (
          <button
            type="button"
            class="btn btn-secondary !px-1.5 !py-0.5 !text-xs"
            disabled={busy}
            data-testid="assign-new"
            onClick={onAssignNew}
          >
            {t("prospects.assign")}
          </button>
        )
        : p.assignId
        ? (
          <span
            class="inline-flex items-center gap-1 text-xs"
            data-testid={`assignee-${rowId}`}
          >
            <span class="max-w-16 truncate" title={p.assignId}>
              {p.assignName || p.assignId}
            </span>
            {may?.unassign && (
              <button
                type="button"
                class="rounded px-1 text-slate-500 hover:bg-red-50 hover:text-red-700"
                aria-label={t("prospects.unassign")}
                title={t("prospects.unassign")}
                data-testid={`unassign-${rowId}`}
                onClick={() => actions.unassign(p)}
              >
                ✕
              </button>
            )}
          </span>
        )
        : (
          <button
            type="button"
            class="btn btn-secondary !px-1.5 !py-0.5 !text-xs"
            disabled={!may?.assign}
            data-testid={`assign-${rowId}`}
            onClick={() => actions.assign(p)}
          >
            {t("prospects.assign")}
          </button>
        )}
    </>
  );
}

/** The actions cell: Save (or Add), Restore for a deleted row, Delete. */
function ActionsCell(
  { p, may, rowId, saveDisabled, saveTitle, actions, onSave }: {
    p: Prospect | null;
    may: ProspectMay | null;
    rowId: string;
    saveDisabled: boolean;
    saveTitle: string | undefined;
    actions: RowActions;
    onSave: () => void;
  },
) {
  const t = useT();
  return (
    <div class="flex gap-1">
      <button
        type="button"
        class="btn btn-primary !px-1.5 !py-0.5 !text-xs"
        disabled={saveDisabled}
        data-testid={`save-${rowId}`}
        title={saveTitle}
        onClick={onSave}
      >
        {p === null ? t("prospects.add") : t("prospects.save")}
      </button>
      {p !== null && may?.restore && (
        <button
          type="button"
          class="btn btn-secondary !px-2 !py-0.5"
          data-testid={`restore-${rowId}`}
          onClick={() => actions.restore(p)}
        >
          {t("privacy.restore")}
        </button>
      )}
      {p !== null && !p.deleted && (
        <button
          type="button"
          class="btn btn-ghost !px-1 !py-0.5 text-red-700"
          disabled={!may?.delete}
          aria-label={t("prospects.delete")}
          title={t("prospects.delete")}
          data-testid={`delete-${rowId}`}
          onClick={() => actions.remove(p)}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            aria-hidden="true"
          >
            <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
          </svg>
        </button>
      )}
    </div>
  );
}
