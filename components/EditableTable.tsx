/**
 * A table whose rows can be edited in place, deleted after a confirm, and added through a last
 * "add" row. It only holds the editing state; the island passes the I/O as callbacks, which answer
 * the field errors to show (or null on success).
 */
import { EmptyRow } from "@/components/Buttons.tsx";
import type { ComponentChildren } from "preact";
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";

export type FieldErrors = Record<string, string>;

export interface Column<R, D> {
  key: string;
  label: string;
  /** The cell in view mode. */
  cell: (row: R) => ComponentChildren;
  /** The editor in edit and add mode; without it the view cell is shown (or nothing when adding). */
  edit?: (draft: D, set: (patch: Partial<D>) => void, errors: FieldErrors) => ComponentChildren;
  class?: string;
}

export interface EditableTableProps<R, D> {
  testId: string;
  rows: R[];
  rowKey: (r: R) => string;
  columns: Column<R, D>[];
  toDraft: (r: R) => D;
  emptyDraft: () => D;
  addLabel: string;
  emptyText: string;
  onCreate: (d: D) => Promise<FieldErrors | null>;
  onUpdate: (r: R, d: D) => Promise<FieldErrors | null>;
  /** Asks the confirm question and deletes. */
  onDelete: (r: R) => Promise<void>;
}

export function EditableTable<R, D>(p: EditableTableProps<R, D>) {
  const t = useT();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<D | null>(null);
  const [editErrors, setEditErrors] = useState<FieldErrors>({});
  const [adding, setAdding] = useState<D>(p.emptyDraft());
  const [addErrors, setAddErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const startEdit = (r: R) => {
    setEditing(p.rowKey(r));
    setDraft(p.toDraft(r));
    setEditErrors({});
  };
  const cancel = () => {
    setEditing(null);
    setDraft(null);
    setEditErrors({});
  };
  const save = async (r: R) => {
    if (!draft) return;
    setBusy(true);
    try {
      const errs = await p.onUpdate(r, draft);
      if (errs) setEditErrors(errs);
      else cancel();
    } finally {
      setBusy(false);
    }
  };
  const add = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      const errs = await p.onCreate(adding);
      if (errs) setAddErrors(errs);
      else {
        setAdding(p.emptyDraft());
        setAddErrors({});
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="card overflow-x-auto">
      <table class="table" data-testid={p.testId}>
        <thead>
          <tr>
            {p.columns.map((c) => <th key={c.key} class={c.class}>{c.label}</th>)}
            <th class="w-40 text-right">{t("common.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {p.rows.length === 0 && <EmptyRow colSpan={p.columns.length + 1}>{p.emptyText}</EmptyRow>}
          {p.rows.map((r) => {
            const key = p.rowKey(r);
            const isEditing = editing === key && draft !== null;
            return (
              <tr key={key} data-testid={`row-${key}`} class={isEditing ? "bg-brand-50" : ""}>
                {p.columns.map((c) => (
                  <td key={c.key} class={c.class}>
                    {isEditing && c.edit
                      ? c.edit(
                        draft as D,
                        (patch) => setDraft({ ...(draft as D), ...patch }),
                        editErrors,
                      )
                      : c.cell(r)}
                  </td>
                ))}
                <td class="whitespace-nowrap text-right">
                  <RowButtons
                    editing={isEditing}
                    busy={busy}
                    onSave={() => save(r)}
                    onCancel={cancel}
                    onEdit={() => startEdit(r)}
                    onDelete={() => p.onDelete(r)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr class="bg-slate-50" data-testid="add-row">
            {p.columns.map((c) => (
              <td key={c.key} class={`${c.class ?? ""} pt-3 align-top`}>
                {c.edit?.(adding, (patch) => setAdding({ ...adding, ...patch }), addErrors)}
              </td>
            ))}
            <td class="pt-3 text-right align-top">
              <button
                type="button"
                class="btn btn-primary whitespace-nowrap"
                disabled={busy}
                data-testid="add"
                onClick={add}
              >
                {p.addLabel}
              </button>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** A row's buttons: Edit and Delete, or Save and Cancel while it is edited. */
function RowButtons(
  { editing, busy, onSave, onCancel, onEdit, onDelete }: {
    editing: boolean;
    busy: boolean;
    onSave: () => void;
    onCancel: () => void;
    onEdit: () => void;
    onDelete: () => void;
  },
) {
  const t = useT();
  // [class, label, test id, action, disabled]; Cancel stays enabled while a save runs.
  type Def = [string, string, string | undefined, () => void, boolean];
  const buttons: Def[] = editing
    ? [
      ["btn btn-primary", "common.save", "save", onSave, busy],
      ["btn btn-secondary", "common.cancel", undefined, onCancel, false],
    ]
    : [
      ["btn btn-secondary", "common.edit", "edit", onEdit, busy],
      ["btn btn-ghost text-red-700", "common.delete", "delete", onDelete, busy],
    ];
  return (
    <span class="inline-flex gap-1">
      {buttons.map(([cls, label, testId, onClick, disabled]) => (
        <button
          key={label}
          type="button"
          class={cls}
          disabled={disabled}
          data-testid={testId}
          onClick={onClick}
        >
          {t(label)}
        </button>
      ))}
    </span>
  );
}

/** A text input with its error below, labelled for screen readers by the column name. */
export function CellInput(
  { value, onInput, error, label, name, placeholder, inputMode, class: cls }: {
    value: string;
    onInput: (v: string) => void;
    error?: string;
    label: string;
    name: string;
    placeholder?: string;
    inputMode?: "numeric" | "text";
    class?: string;
  },
) {
  return (
    <div class={cls}>
      <input
        class={`input ${error ? "border-red-500" : ""}`}
        value={value}
        name={name}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        placeholder={placeholder}
        inputMode={inputMode}
        onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
      />
      {error && <p class="field-error">{error}</p>}
    </div>
  );
}

/** A column whose editor is a text input bound to one draft field. */
export function textColumn<R, D extends Record<string, unknown>>(
  field: keyof D & string,
  label: string,
  cell: (row: R) => ComponentChildren,
  opts: { class?: string; numeric?: boolean; placeholder?: string } = {},
): Column<R, D> {
  return {
    key: field,
    label,
    class: opts.class,
    cell,
    edit: (d, set, errors) => (
      <CellInput
        name={field}
        label={label}
        inputMode={opts.numeric ? "numeric" : undefined}
        placeholder={opts.placeholder}
        value={String(d[field] ?? "")}
        error={errors[field]}
        onInput={(v) => set({ [field]: v } as Partial<D>)}
      />
    ),
  };
}
