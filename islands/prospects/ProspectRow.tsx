/**
 * One editable row of the prospects grid, or the add-new-prospect last row (p = null) with the
 * same fields. Enter saves the row, Esc puts back the stored values; Tab moves through it.
 * Spec §4: the status select is disabled while Paused or disabled; the follow-up picker only
 * for an empty or follow-up status (otherwise cleared); no date before yesterday.
 */
import { IconNote, IconTrash } from "@/components/Icons.tsx";
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import type { Lang } from "@/lib/i18n/core.ts";
import {
  awaitingFirstContact,
  dialTarget,
  type FieldErrors,
  followUpAllowed,
  type Prospect,
  prospectAge,
  type ProspectMay,
} from "@/lib/domain/prospect.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { ACTIVITY_BADGE, dateTime } from "@/islands/prospects/format.ts";
import { DateInput } from "@/components/DateInput.tsx";
import type { GridColumn } from "@/lib/domain/prospect_schemas.ts";
import { inColumnOrder, OWN_COLUMNS, type OwnColumn, rem } from "@/islands/prospects/columns.ts";
import { WebBadge } from "@/components/WebBadge.tsx";

/** A row's inputs as typed: the own columns' fields and one entry per plain text column. */
export type RowDraft = {
  customerId: string;
  sellStatus: string;
  clubId: string;
  followUpDate: string;
} & Record<string, string>;

/** The fields of a draft: the own columns' and the plain columns'. */
const draftFields = (columns: GridColumn[]): string[] => [
  "customerId",
  ...columns.map((c) => c.field),
  "sellStatus",
  "clubId",
  "followUpDate",
];

export const draftOf = (p: Prospect, columns: GridColumn[]): RowDraft => ({
  ...Object.fromEntries(
    columns.map((c) => [c.field, String((p as Record<string, unknown>)[c.field] ?? "")]),
  ),
  customerId: String(p.customerId),
  sellStatus: p.sellStatus ?? "",
  clubId: String(p.clubId),
  followUpDate: p.followUpDate ?? "",
});

export const emptyDraft = (clubId: number | null, columns: GridColumn[]): RowDraft => ({
  ...Object.fromEntries(columns.map((c) => [c.field, ""])),
  customerId: "",
  sellStatus: "",
  clubId: clubId === null ? "" : String(clubId),
  followUpDate: "",
});

const LAST_CLUB = "kl.lastClub";

/** The club this browser last added a prospect to (null when none or not stored). */
export function storedClub(): number | null {
  try {
    const n = Number(globalThis.localStorage?.getItem(LAST_CLUB));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/** A new prospect's club: the one last used when it is among the user's, else their first. */
export function defaultClub(clubs: { clubId: number }[], last: number | null): number | null {
  return clubs.find((c) => c.clubId === last)?.clubId ?? clubs[0]?.clubId ?? null;
}

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
  /** The add row's club (defaultClub). */
  defaultClubId: number | null;
  /** The plain text columns (GRID_COLUMNS), in order. */
  columns: GridColumn[];
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
  /** The row is chosen for a bulk change; choosing calls onSelect (none: no checkbox). */
  selected?: boolean;
  onSelect?: (checked: boolean) => void;
}

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

/** The row's draft, its field errors and saving: Enter saves, Esc puts the stored values back. */
function useRowDraft(p: Prospect | null, env: RowEnv, actions: RowActions, locked: boolean) {
  const adding = p === null;
  const initial = p ? draftOf(p, env.columns) : emptyDraft(env.defaultClubId, env.columns);
  const [draft, setDraft] = useState<RowDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const dirty = draftFields(env.columns).some((f) => draft[f] !== initial[f]);
  const set = (patch: Partial<RowDraft>) => {
    const next = { ...draft, ...patch } as RowDraft;
    if (!followUpAllowed(next.sellStatus)) next.followUpDate = "";
    setDraft(next);
  };
  const reset = () => {
    setDraft(
      p ? draftOf(p, env.columns) : emptyDraft(defaultClub(env.clubs, storedClub()), env.columns),
    );
    setErrors({});
  };
  const save = async (assign = false) => {
    if (busy || locked || (!adding && !dirty)) return;
    setBusy(true);
    try {
      const errs = await actions.save(p, draft, assign);
      setErrors(errs ?? {});
      if (!errs && adding) {
        try {
          localStorage.setItem(LAST_CLUB, draft.clubId);
        } catch { /* storage off: the first club stays the default */ }
        reset();
      }
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
  return { draft, errors, busy, dirty, set, save, onKeyDown };
}

/** Why a control of the row is disabled (a tooltip and a hidden text it points to). */
function whyDisabled(
  t: (k: string) => string,
  o: { locked: boolean; adding: boolean; statusDisabled: boolean; followOk: boolean },
) {
  return {
    status: o.locked
      ? t("ux.why.locked")
      : o.adding
      ? t("ux.why.newRow")
      : o.statusDisabled
      ? t("ux.why.paused")
      : "",
    followUp: o.locked ? t("ux.why.locked") : !o.followOk ? t("ux.why.followUp") : "",
  };
}

export function ProspectRow(
  { p, env, actions, conflict, highlight, selected, onSelect }: ProspectRowProps,
) {
  const t = useT();
  const adding = p === null;
  // What the server allows (p.may); the add row is the caller's own new prospect.
  const may = p ? p.may ?? NOTHING : null;
  const locked = may !== null && !may.edit;
  const { draft, errors, busy, dirty, set, save, onKeyDown } = useRowDraft(p, env, actions, locked);
  const rowId = adding ? "new" : String(p.customerId);
  const cell: CellKit = { t, draft, errors, rowId, locked, set };
  const buttons: RowButtons = { p, may, rowId, busy, actions };
  const followOk = followUpAllowed(draft.sellStatus);
  const statusDisabled = adding || locked || p?.activityStatus === "Paused";
  // On a phone name and phone read as text until the row's edit control opens them.
  const [editing, setEditing] = useState(false);
  const why = whyDisabled(t, { locked, adding, statusDisabled, followOk });
  const whyAttrs = (k: keyof typeof why) =>
    why[k] ? { title: why[k], "aria-describedby": `why-${k}-${rowId}` } : {};
  const own: Record<OwnColumn, preact.JSX.Element> = {
    id: <IdCell cell={cell} p={p} selected={selected} onSelect={onSelect} />,
    notes: (
      <td data-col="notes" class="text-center">
        {!adding && (
          <NotesButton
            allowed={!!may?.notes}
            rowId={rowId}
            onOpen={() => actions.notes(p)}
          />
        )}
      </td>
    ),
    project: (
      <td
        data-col="project"
        data-label={t("prospects.columns.marketProject")}
        class="truncate text-xs"
        style={{ maxWidth: rem(OWN_COLUMNS.project.width), boxSizing: "content-box" }}
        title={p ? p.marketProjectName : env.projectName}
      >
        {p ? p.marketProjectName : env.projectName}
      </td>
    ),
    status: (
      <StatusCell
        cell={cell}
        p={p}
        env={env}
        disabled={statusDisabled}
        why={why.status}
        whyAttrs={whyAttrs("status")}
      />
    ),
    club: <ClubCell cell={cell} p={p} env={env} adding={adding} />,
    activity: (
      <td data-col="activity" data-label={t("prospects.columns.activityStatus")}>
        {p && <ActivityBadge status={p.activityStatus} rowId={rowId} />}
      </td>
    ),
    follow: (
      <FollowUpCell
        cell={cell}
        env={env}
        disabled={locked || !followOk}
        why={why.followUp}
        whyAttrs={whyAttrs("followUp")}
      />
    ),
    age: <AgeCell p={p} env={env} rowId={rowId} />,
    assign: (
      <td data-col="assign" data-label={t("prospects.columns.assignee")} class="whitespace-nowrap">
        <AssigneeCell
          {...buttons}
          onAssignNew={() =>
            save(true)}
        />
      </td>
    ),
    actions: (
      <EditAndActionsCell
        {...buttons}
        editable={!!p && !locked}
        editing={editing || dirty}
        onEdit={() => setEditing(!editing)}
        locked={locked}
        unchanged={!adding && !dirty}
        onSave={() => save()}
      />
    ),
  };
  return (
    <>
      <tr
        class={`${adding ? "bg-brand-50/60" : highlight ? "bg-amber-50" : "hover:bg-slate-50"} ${
          p?.disabled ? "opacity-70" : ""
        }`}
        data-testid={`row-${rowId}`}
        data-dirty={dirty ? "true" : undefined}
        data-editing={adding || editing || dirty ? "true" : undefined}
        id={adding ? "new-prospect" : undefined}
        onKeyDown={onKeyDown}
      >
        {adding && <NewHeadingCell />}
        {inColumnOrder(env.columns, (c) => own[c], (c) => textCell(cell, c, p))}
      </tr>
      <RowMessages
        t={t}
        rowId={rowId}
        errors={errors}
        conflict={p ? conflict : null}
        p={p}
        columns={env.columns}
      />
    </>
  );
}

/** What a cell of the row needs to draw an input of the draft. */
interface CellKit {
  t: (k: string, vars?: Record<string, unknown>) => string;
  draft: RowDraft;
  errors: FieldErrors;
  rowId: string;
  locked: boolean;
  set: (patch: Partial<RowDraft>) => void;
}

const inputClass = (c: CellKit, f: string, extra = "") =>
  `input !px-1 !py-0.5 !text-xs ${extra} ${c.errors[f] ? "!border-red-500 !ring-red-100" : ""}`;

const errorAttrs = (c: CellKit, f: string) =>
  c.errors[f]
    ? { "aria-invalid": true, title: c.t(c.errors[f]), "data-error": c.errors[f] }
    : { "aria-invalid": undefined };

/** A field's error beside it, in the page's language (the input names it: aria-describedby). */
function fieldError(c: CellKit, f: string) {
  if (!c.errors[f]) return null;
  return (
    <span
      class="text-xs text-red-700"
      id={`err-${f}-${c.rowId}`}
      data-testid={`error-${f}-${c.rowId}`}
    >
      {c.t(c.errors[f])}
    </span>
  );
}

function textInput(
  c: CellKit,
  f: string,
  label: string,
  /** In rem (the column's width). */
  width: number,
  type: "text" | "tel" | "email" = "text",
) {
  return (
    <input
      {...({
        type,
        ...errorAttrs(c, f),
        "aria-describedby": c.errors[f] ? `err-${f}-${c.rowId}` : undefined,
      } as Record<string, unknown>)}
      class={inputClass(c, f)}
      style={{ width: rem(width) }}
      value={c.draft[f]}
      disabled={c.locked}
      aria-label={label}
      data-testid={`${f}-${c.rowId}`}
      inputMode={type === "tel" || f === "customerId" ? "numeric" : undefined}
      onInput={(e) => c.set({ [f]: (e.target as HTMLInputElement).value })}
    />
  );
}

/** A plain text column's cell: its input; on a phone its text (a phone number: tel: and SMS). */
function textCell(c: CellKit, col: GridColumn, p: Prospect | null) {
  const text = c.t(`prospects.columns.${col.label}`);
  return (
    <td data-col={col.col} data-label={text}>
      {textInput(c, col.field, text, col.width, col.kind)}
      {fieldError(c, col.field)}
      {col.kind !== "tel"
        ? <span class="as-text" aria-hidden="true">{c.draft[col.field]}</span>
        : p && <DialLinks p={p} rowId={c.rowId} />}
    </td>
  );
}

/** A cell whose control may be disabled, with the reason shown beside it and pointed to. */
interface GatedCellProps {
  cell: CellKit;
  env: RowEnv;
  disabled: boolean;
  why: string;
  whyAttrs: Record<string, string | undefined>;
}

/** The follow-up date picker and why it is disabled. */
function FollowUpCell({ cell: c, env, disabled, why, whyAttrs }: GatedCellProps) {
  const { t, draft, rowId } = c;
  return (
    <td data-col="follow" data-label={t("prospects.columns.followUpDate")}>
      <DateInput
        class={inputClass(c, "followUpDate")}
        style={{ width: rem(OWN_COLUMNS.follow.width) }}
        value={draft.followUpDate}
        min={env.minDate}
        disabled={disabled}
        aria-label={t("prospects.columns.followUpDate")}
        testId={`followUpDate-${rowId}`}
        onChange={(v) => c.set({ followUpDate: v })}
        {...whyAttrs}
        {...errorAttrs(c, "followUpDate")}
      />
      {why && <span id={`why-followUp-${rowId}`} class="why">{why}</span>}
    </td>
  );
}

/** The new-prospect card's heading (a phone shows it; the table hides the cell). */
/** The customer id (an input in the add row), with the row's bulk checkbox. */
function IdCell(
  { cell, p, selected, onSelect }: {
    cell: CellKit;
    p: Prospect | null;
    selected?: boolean;
    onSelect?: (checked: boolean) => void;
  },
) {
  const t = cell.t;
  return (
    <td data-col="id" data-label={t("prospects.columns.customerId")}>
      {!p
        ? (
          <>
            {textInput(
              cell,
              "customerId",
              t("prospects.columns.customerId"),
              OWN_COLUMNS.id.width,
            )}
            {fieldError(cell, "customerId")}
          </>
        )
        : (
          <label class="flex flex-col items-start gap-0.5 sm:gap-0">
            {onSelect && (
              <input
                type="checkbox"
                checked={!!selected}
                aria-label={t("bulk.selectRow", { name: `${p.firstName} ${p.lastName}` })}
                data-testid={`select-${cell.rowId}`}
                onChange={(e) => onSelect((e.target as HTMLInputElement).checked)}
              />
            )}
            <span class="font-mono text-xs text-slate-600">{p.customerId}</span>
          </label>
        )}
    </td>
  );
}

function NewHeadingCell() {
  return (
    <td data-col="heading">
      <h2 class="text-base font-semibold">{useT()("prospects.newProspect")}</h2>
    </td>
  );
}

/**
 * The age since registration; a web lead's "Webb" badge (its minutes until the first contact).
 * Both fit the column's width by breaking into lines: days over hours ("12 d" / "5 h", each kept
 * whole), the badge's compact form "Webb" over its waiting time.
 */
function AgeCell({ p, env, rowId }: { p: Prospect | null; env: RowEnv; rowId: string }) {
  const t = useT();
  const age = p ? prospectAge(p.registerDate, env.now) : null;
  return (
    <td
      data-col="age"
      data-label={t("prospects.columns.age")}
      class="text-xs text-slate-600"
      data-testid={`age-${rowId}`}
    >
      {p?.source === "web" && <WebBadge p={p} now={env.now} testId={`web-${rowId}`} compact />}
      {age && !(p && awaitingFirstContact(p)) ? <div>{t("prospects.age", age)}</div> : ""}
    </td>
  );
}

/** The phone number as a tel: link, and an SMS link beside it (shown on a phone). */
function DialLinks({ p, rowId }: { p: Prospect; rowId: string }) {
  const t = useT();
  const to = dialTarget(p.phoneNumber);
  return (
    <span class="dial as-text">
      <a href={`tel:${to}`} class="btn btn-primary" data-testid={`tel-${rowId}`}>
        {t("today.call", { phone: p.phoneNumber })}
      </a>
      <a
        href={`sms:${to}`}
        class="btn btn-secondary"
        aria-label={t("today.smsTo", { name: p.firstName })}
        data-testid={`sms-${rowId}`}
      >
        {t("today.sms")}
      </a>
    </span>
  );
}

function NotesButton(
  { allowed, rowId, onOpen }: { allowed: boolean; rowId: string; onOpen: () => void },
) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        class="btn btn-ghost !px-1 !py-0.5"
        disabled={!allowed}
        title={allowed ? t("prospects.openNotes") : t("prospects.notesOnlyAssignee")}
        aria-label={t("prospects.openNotes")}
        aria-describedby={allowed ? undefined : `why-notes-${rowId}`}
        data-testid={`notes-${rowId}`}
        onClick={onOpen}
      >
        <IconNote />
      </button>
      {!allowed && (
        <span id={`why-notes-${rowId}`} class="why" data-testid={`why-notes-${rowId}`}>
          {t("prospects.notesOnlyAssignee")}
        </span>
      )}
    </>
  );
}

function ActivityBadge({ status, rowId }: { status: string; rowId: string }) {
  const t = useT();
  return (
    <span
      class={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
        ACTIVITY_BADGE[status] ?? ""
      }`}
      data-testid={`activity-${rowId}`}
    >
      {t(`activityStatus.${status}`)}
    </span>
  );
}

/** The sell-status select, why it is disabled, and when the status last changed. */
function StatusCell(
  { cell: c, p, env, disabled, why, whyAttrs }: GatedCellProps & { p: Prospect | null },
) {
  const { t, draft, rowId } = c;
  return (
    <td data-col="status" data-label={t("prospects.columns.sellStatus")}>
      <select
        class={inputClass(c, "sellStatus", "!text-[11px]")}
        style={{ width: rem(OWN_COLUMNS.status.width) }}
        value={draft.sellStatus}
        disabled={disabled}
        aria-label={t("prospects.columns.sellStatus")}
        data-testid={`sellStatus-${rowId}`}
        onChange={(e) => c.set({ sellStatus: (e.target as HTMLSelectElement).value })}
        {...whyAttrs}
        {...errorAttrs(c, "sellStatus")}
      >
        <option value="" selected={!draft.sellStatus}>{t("common.empty")}</option>
        {SELL_STATUSES.map((s) => (
          <option key={s} value={s} selected={s === draft.sellStatus}>
            {t(`sellStatus.${s}`)}
          </option>
        ))}
      </select>
      {why && (
        // Shown as text on a phone; above 640 px only aria-describedby and the tooltip read it.
        <span id={`why-status-${rowId}`} class="why" data-testid={`why-status-${rowId}`}>
          {why}
        </span>
      )}
      {p?.lastSellStatusChange && (
        <div
          class="mt-0.5 text-[11px] leading-tight text-slate-500"
          style={{ maxWidth: rem(OWN_COLUMNS.status.width) }}
        >
          {t("prospects.lastSellStatusChange", {
            date: dateTime(p.lastSellStatusChange, env.lang, env.timeZone),
          })}
        </div>
      )}
    </td>
  );
}

/** The club select: the user's clubs, plus the row's own club when it is not one of them. */
function ClubCell(
  { cell: c, p, env, adding }: { cell: CellKit; p: Prospect | null; env: RowEnv; adding: boolean },
) {
  const { t, draft, rowId } = c;
  return (
    <td data-col="club" data-label={t("prospects.columns.club")}>
      <select
        class={inputClass(c, "clubId")}
        style={{ width: rem(OWN_COLUMNS.club.width) }}
        value={draft.clubId}
        disabled={c.locked}
        aria-label={t("prospects.columns.club")}
        data-testid={`clubId-${rowId}`}
        onChange={(e) => c.set({ clubId: (e.target as HTMLSelectElement).value })}
        {...errorAttrs(c, "clubId")}
      >
        {adding && !draft.clubId && <option value="" selected>{t("common.select")}</option>}
        {p && !env.clubs.some((club) => club.clubId === p.clubId) && (
          <option value={String(p.clubId)} selected={String(p.clubId) === draft.clubId}>
            {p.clubName || env.clubName(p.clubId)}
          </option>
        )}
        {env.clubs.map((club) => (
          <option
            key={club.clubId}
            value={String(club.clubId)}
            selected={String(club.clubId) === draft.clubId}
          >
            {club.name}
          </option>
        ))}
      </select>
    </td>
  );
}

/** Under the row: its field errors, and after a 409 what this user tried to save. */
function RowMessages(
  { t, rowId, errors, conflict, p, columns }: {
    t: (k: string) => string;
    rowId: string;
    columns: GridColumn[];
    errors: FieldErrors;
    conflict: RowDraft | null | undefined;
    p: Prospect | null;
  },
) {
  const stored = p && draftOf(p, columns);
  const span = Object.keys(OWN_COLUMNS).length + columns.length;
  return (
    <>
      {Object.keys(errors).length > 0 && (
        <tr data-testid={`errors-${rowId}`}>
          <td colSpan={span} class="!border-t-0 !pt-0 text-xs text-red-700">
            {Object.entries(errors).map(([f, k]) => (
              <span key={f} class="mr-3">
                {f === "_" ? t(k) : `${fieldLabel(t, columns, f)}: ${t(k)}`}
              </span>
            ))}
          </td>
        </tr>
      )}
      {conflict && stored && (
        <tr data-testid={`conflict-${rowId}`}>
          <td colSpan={span} class="!border-t-0 bg-amber-50 text-xs text-amber-900">
            <strong>{t("prospects.reloaded")}</strong> {t("prospects.conflictYours")}{" "}
            {draftFields(columns).filter((f) => conflict[f] !== stored[f]).map((f) => (
              <span key={f} class="mr-3">
                {`${fieldLabel(t, columns, f)}: ${
                  display(t, f, conflict[f]) || t("common.empty")
                } → ${display(t, f, stored[f]) || t("common.empty")}
                }`}
              </span>
            ))}
          </td>
        </tr>
      )}
    </>
  );
}

function fieldLabel(t: (k: string) => string, columns: GridColumn[], f: string): string {
  const key = columns.find((c) => c.field === f)?.label ?? (f === "clubId" ? "club" : f);
  const label = t(`prospects.columns.${key}`);
  return label.startsWith("prospects.") ? f : label;
}

function display(t: (k: string) => string, f: string, v: string): string {
  return f === "sellStatus" && v ? t(`sellStatus.${v}`) : v;
}

/** What the row's buttons act on and may do. */
interface RowButtons {
  p: Prospect | null;
  may: ProspectMay | null;
  rowId: string;
  busy: boolean;
  actions: RowActions;
}

/** The assignee cell: Assign (the add row: create and assign), or the assignee with ✕. */
function AssigneeCell(
  { p, may, rowId, busy, actions, onAssignNew }: RowButtons & { onAssignNew: () => void },
) {
  const t = useT();
  if (p?.assignId) {
    return (
      <span
        class="inline-flex items-center gap-1 text-xs"
        style={{ maxWidth: rem(OWN_COLUMNS.assign.width) }}
        data-testid={`assignee-${rowId}`}
      >
        <span
          class="min-w-0 truncate"
          title={p.assignName ? `${p.assignName} (${p.assignId})` : p.assignId}
        >
          {p.assignName || p.assignId}
        </span>
        {may?.unassign && (
          <button
            type="button"
            class="touch rounded px-1 text-slate-500 hover:bg-red-50 hover:text-red-700"
            aria-label={t("prospects.unassign")}
            title={t("prospects.unassign")}
            data-testid={`unassign-${rowId}`}
            onClick={() => actions.unassign(p)}
          >
            ✕
          </button>
        )}
      </span>
    );
  }
  // Assign: on the add row, create the prospect assigned to the caller.
  return (
    <button
      type="button"
      class="btn btn-secondary !px-1.5 !py-0.5 !text-xs"
      disabled={p === null ? busy : !may?.assign}
      data-testid={p === null ? "assign-new" : `assign-${rowId}`}
      title={p === null ? undefined : t("prospects.takeTitle")}
      onClick={() => p === null ? onAssignNew() : actions.assign(p)}
    >
      {t(p === null ? "prospects.assign" : "prospects.take")}
    </button>
  );
}

/** The last, sticky cell: on a phone the row's edit control; Save, Restore and Delete. */
function EditAndActionsCell(
  { editable, editing, onEdit, ...rest }: Parameters<typeof ActionsCell>[0] & {
    /** An existing row the user may edit: the phone's edit control opens name and phone. */
    editable: boolean;
    editing: boolean;
    onEdit: () => void;
  },
) {
  const t = useT();
  return (
    <td
      data-col="actions"
      class="sticky right-0 whitespace-nowrap bg-white/95 shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.25)]"
    >
      {editable && (
        <button
          type="button"
          class="btn btn-secondary phone-only"
          aria-expanded={editing}
          data-testid={`edit-contact-${rest.rowId}`}
          onClick={onEdit}
        >
          {t("prospects.editContact")}
        </button>
      )}
      <ActionsCell {...rest} />
    </td>
  );
}

/** The actions cell: Save (or Add), Restore for a deleted row, Delete. */
function ActionsCell(
  { p, may, rowId, busy, locked, unchanged, actions, onSave }: RowButtons & {
    locked: boolean;
    /** An existing row nobody changed: nothing to save. */
    unchanged: boolean;
    onSave: () => void;
  },
) {
  const t = useT();
  const saveDisabled = busy || locked || unchanged;
  const saveTitle = locked
    ? t("prospects.disabledRow")
    : unchanged
    ? t("ux.why.saveUnchanged")
    : undefined;
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
          <IconTrash />
        </button>
      )}
    </div>
  );
}
