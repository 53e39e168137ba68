/**
 * The grid's action bar for the selected rows: how many are selected (and "select all N matching
 * the filter"), one action — assign to…, change status, move to club, set follow-up date, delete —
 * with its value, a progress bar while the calls run, and the summary line after. Loaded when the
 * first row is selected.
 */
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { get } from "@/lib/client/api.ts";
import { toastError } from "@/lib/client/toast.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { BULK_SELECT_MAX } from "@/lib/domain/prospect_bulk.ts";
import { DateInput } from "@/components/DateInput.tsx";
import {
  type BulkChange,
  type BulkCounts,
  runBulk,
  summaryParts,
} from "@/islands/prospects/bulk.ts";
import { errorText } from "@/islands/prospects/grid_actions.ts";

type Action = "assign" | "status" | "club" | "followUp" | "delete";
const ACTIONS: Action[] = ["assign", "status", "club", "followUp", "delete"];

export interface BulkBarProps {
  selected: string[];
  /** Rows matching the filter (select all offers them when more than the selection). */
  total: number;
  onSelectAll: () => Promise<void>;
  onClear: () => void;
  /** The versions of the rows the grid shows. */
  versions: Record<string, string>;
  user: { id: string; admin: boolean };
  clubs: { clubId: number; name: string }[];
  /** The last change's summary line (shown until the next one or closed). */
  summary: string | null;
  onDone: (summary: string) => void;
}

/** The users an admin may assign to (the first 100 by the user list). */
function useAssignees(admin: boolean) {
  const [users, setUsers] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (!admin) return;
    get<{ result: { id: string; firstName: string; lastName: string; deleted: boolean }[] }>(
      "/api/admin/users/",
      { query: { perPage: 100 } },
    ).then((r) =>
      setUsers(
        r.data.result.filter((u) => !u.deleted).map((u) => ({
          id: u.id,
          name: `${u.firstName} ${u.lastName}`.trim(),
        })),
      )
    ).catch(() => {});
  }, [admin]);
  return users;
}

function changeOf(action: Action, value: string): BulkChange | null {
  switch (action) {
    case "delete":
      return { delete: true };
    case "assign":
      return value ? { set: { assignedTo: value === "-" ? null : value } } : null;
    case "status":
      return value ? { set: { sellStatus: value } } : null;
    case "club":
      return value ? { set: { clubId: Number(value) } } : null;
    case "followUp":
      return value ? { set: { followUpDate: value } } : null;
  }
}

export default function BulkBar(p: BulkBarProps) {
  const t = useT();
  const [action, setAction] = useState<Action>("assign");
  const [value, setValue] = useState("");
  const [done, setDone] = useState<number | null>(null);
  const users = useAssignees(p.user.admin);
  const n = p.selected.length;
  const apply = async () => {
    const change = changeOf(action, value);
    if (!change || !n) return;
    if (action === "delete" && !globalThis.confirm(t("bulk.confirmDelete", { count: n }))) return;
    setDone(0);
    try {
      const counts: BulkCounts = await runBulk(p.selected, change, p.versions, setDone);
      p.onDone(summaryParts(t, counts).join(", "));
    } catch (e) {
      toastError(`${t("bulk.failed")}: ${errorText(t, e)}`);
    } finally {
      setDone(null);
    }
  };
  if (!n) return <Summary text={p.summary} onClose={p.onClear} />;
  return (
    <div
      class="card flex flex-wrap items-end gap-2 border-brand-200 bg-brand-50/60 p-3"
      role="region"
      aria-label={t("bulk.label")}
      data-testid="bulk-bar"
    >
      <p class="w-full text-sm sm:w-auto" aria-live="polite">
        <strong data-testid="bulk-count">{t("bulk.selected", { count: n })}</strong>
        {n < p.total && p.total <= BULK_SELECT_MAX && (
          <button
            type="button"
            class="btn btn-ghost !py-0.5 text-sm underline"
            data-testid="bulk-select-all"
            onClick={p.onSelectAll}
          >
            {t("bulk.selectAllMatching", { count: p.total })}
          </button>
        )}
        <button type="button" class="btn btn-ghost !py-0.5 text-sm" onClick={p.onClear}>
          {t("bulk.clear")}
        </button>
      </p>
      <label class="block">
        <span class="label">{t("bulk.action")}</span>
        <select
          class="input"
          value={action}
          data-testid="bulk-action"
          onChange={(e) => {
            setAction((e.currentTarget as HTMLSelectElement).value as Action);
            setValue("");
          }}
        >
          {ACTIONS.map((a) => (
            <option key={a} value={a} selected={a === action}>{t(`bulk.actions.${a}`)}</option>
          ))}
        </select>
      </label>
      <ValueField
        action={action}
        value={value}
        onChange={setValue}
        users={users}
        user={p.user}
        clubs={p.clubs}
      />
      <button
        type="button"
        class={action === "delete" ? "btn btn-danger" : "btn btn-primary"}
        disabled={done !== null || (action !== "delete" && !value)}
        data-testid="bulk-apply"
        onClick={apply}
      >
        {t("bulk.apply")}
      </button>
      {done !== null && (
        <div class="w-full">
          <progress
            class="h-2 w-full"
            max={n}
            value={done}
            aria-label={t("bulk.progress", { done, total: n })}
            data-testid="bulk-progress"
          />
          <p class="text-xs text-slate-600">{t("bulk.progress", { done, total: n })}</p>
        </div>
      )}
    </div>
  );
}

/** The summary line of the change just made, until closed. */
function Summary({ text, onClose }: { text: string | null; onClose: () => void }) {
  const t = useT();
  if (!text) return null;
  return (
    <div class="card flex items-center gap-2 border-brand-200 bg-brand-50/60 p-3">
      <p class="text-sm font-medium" role="status" data-testid="bulk-summary">{text}</p>
      <button type="button" class="btn btn-ghost ml-auto text-sm" onClick={onClose}>
        {t("common.close")}
      </button>
    </div>
  );
}

function ValueField(
  { action, value, onChange, users, user, clubs }: {
    action: Action;
    value: string;
    onChange: (v: string) => void;
    users: { id: string; name: string }[];
    user: { id: string };
    clubs: { clubId: number; name: string }[];
  },
) {
  const t = useT();
  if (action === "delete") return null;
  if (action === "followUp") {
    return (
      <div class="block">
        <label class="label" for="bulk-value">{t("bulk.value.followUp")}</label>
        <DateInput id="bulk-value" value={value} testId="bulk-value" onChange={onChange} />
      </div>
    );
  }
  const options: [string, string][] = action === "assign"
    ? [
      [user.id, t("bulk.assignMe")],
      ["-", t("bulk.unassign")],
      ...users.filter((u) => u.id !== user.id).map((u): [string, string] => [u.id, u.name]),
    ]
    : action === "status"
    ? SELL_STATUSES.map((s): [string, string] => [s, t(`sellStatus.${s}`)])
    : clubs.map((c): [string, string] => [String(c.clubId), c.name]);
  return (
    <label class="block">
      <span class="label">{t(`bulk.value.${action}`)}</span>
      <select
        class="input"
        value={value}
        data-testid="bulk-value"
        onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="" selected={!value}>{t("common.select")}</option>
        {options.map(([v, text]) => <option key={v} value={v} selected={v === value}>{text}
        </option>)}
      </select>
    </label>
  );
}
