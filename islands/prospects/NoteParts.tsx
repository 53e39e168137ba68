/**
 * The parts of the notes dialog (NotesDialog.tsx): the list, the add row with its type select
 * (Motivation pre-fills a header with the market project and the nominator) and the edit dialog.
 */
import { DialogActions } from "@/components/Buttons.tsx";
import { useState } from "react";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { ApiError, get, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { motivationNoteMissing, type Note, type Prospect } from "@/lib/domain/prospect.ts";
import { NOTE_TYPES, type NoteType } from "@/lib/domain/statuses.ts";
import { dateTime } from "@/islands/prospects/format.ts";

export function failure(t: (k: string) => string, key: string, e: unknown) {
  const reason = e instanceof ApiError && e.message ? `: ${e.message}` : "";
  toastError(`${t(key)}${reason}`);
}

/** The notes, oldest first: a row of facts and the text in a row under it. */
export function NotesTable(
  { notes, timeZone, onEdit, onDelete }: {
    notes: Note[] | null;
    timeZone: string;
    onEdit: (n: Note) => void;
    onDelete: (n: Note) => void;
  },
) {
  const t = useT();
  const lang = useLang();
  if (notes === null) return <p class="py-4 text-sm text-slate-500">{t("common.loading")}</p>;
  if (notes.length === 0) {
    return <p class="py-4 text-sm text-slate-500" data-testid="notes-empty">{t("notes.empty")}</p>;
  }
  return (
    <table class="table" data-testid="notes-table">
      <thead>
        <tr>
          <th>{t("notes.columns.id")}</th>
          <th>{t("notes.columns.noteType")}</th>
          <th>{t("notes.columns.created")}</th>
          <th>{t("notes.columns.user")}</th>
          <th class="!text-right">{t("notes.columns.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {notes.map((n) => [
          <tr key={n.noteId} data-testid="note-row" class="bg-slate-50">
            <td class="font-mono text-xs" title={n.noteId}>{n.noteId.slice(-6)}</td>
            <td data-testid="note-type">{t(`noteType.${n.noteType}`)}</td>
            <td class="whitespace-nowrap">{dateTime(n.created, lang, timeZone)}</td>
            <td>{n.user}</td>
            <td class="whitespace-nowrap text-right">
              {n.may?.edit === true && (
                <>
                  <button
                    type="button"
                    class="btn btn-ghost !px-2 text-xs"
                    data-testid="note-edit"
                    onClick={() => onEdit(n)}
                  >
                    {t("notes.edit")}
                  </button>
                  <button
                    type="button"
                    class="btn btn-ghost !px-2 text-xs text-red-700"
                    data-testid="note-delete"
                    onClick={() => onDelete(n)}
                  >
                    {t("notes.delete")}
                  </button>
                </>
              )}
            </td>
          </tr>,
          <tr key={`${n.noteId}-text`}>
            <td colSpan={5} class="whitespace-pre-wrap pb-3 text-sm" data-testid="note-text">
              {n.text}
            </td>
          </tr>,
        ])}
      </tbody>
    </table>
  );
}

/** The add row: a type and a text; a Motivation note also changes the prospect's motivation. */
export function NoteComposer(
  { prospect, onAdded, onProspectChange }: {
    prospect: Prospect;
    onAdded: () => Promise<void>;
    onProspectChange?: (p: Prospect) => void;
  },
) {
  const t = useT();
  const header = t("notes.motivationHeader", {
    marketProject: prospect.marketProjectName,
    nominator: prospect.nominator || t("common.empty"),
  });
  const [noteType, setNoteType] = useState<NoteType>("Note");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);

  const chooseType = (v: NoteType) => {
    setNoteType(v);
    if (v === "Motivation" && !text.trim()) setText(header);
    if (v === "Note" && text === header) setText("");
  };
  const add = async () => {
    if (!text.trim() || busy) return;
    if (motivationNoteMissing(noteType, text, header)) {
      toastError(`${t("notes.createError")}: ${t("prospects.errors.MOTIVATION_TEXT_REQUIRED")}`);
      return;
    }
    setBusy(true);
    try {
      await post(`/api/prospects/${prospect.id}/notes`, {
        text,
        noteType,
        prospectId: prospect.id,
      });
      toastSuccess(t("notes.created"));
      if (noteType === "Motivation" && onProspectChange) {
        get<Prospect>(`/api/prospects/${prospect.id}`).then((r) => onProspectChange(r.data))
          .catch(() => {});
      }
      setText("");
      setNoteType("Note");
      await onAdded();
    } catch (e) {
      failure(t, "notes.createError", e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="border-t border-slate-200 px-4 py-3">
      <label class="label" for="note-type">{t("notes.noteType")}</label>
      <select
        id="note-type"
        class="input !w-48"
        value={noteType}
        data-testid="note-type-select"
        onChange={(e) => chooseType((e.target as HTMLSelectElement).value as NoteType)}
      >
        {NOTE_TYPES.map((nt) => (
          <option key={nt} value={nt} selected={nt === noteType}>{t(`noteType.${nt}`)}</option>
        ))}
      </select>
      <label class="label mt-2" for="note-text">{t("notes.text")}</label>
      <textarea
        id="note-text"
        class="input font-sans"
        rows={10}
        value={text}
        data-testid="note-textarea"
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
      />
      <div class="mt-2 flex justify-end">
        <button
          type="button"
          class="btn btn-primary"
          disabled={busy || !text.trim() || !prospect.may?.addNote}
          data-testid="note-add"
          onClick={add}
        >
          {t("notes.add")}
        </button>
      </div>
    </div>
  );
}

/** Edits a note's text; a note someone changed or deleted meanwhile reloads the list. */
export function NoteEditDialog(
  { note, onClose, onSaved }: { note: Note; onClose: () => void; onSaved: () => Promise<void> },
) {
  const t = useT();
  const [text, setText] = useState(note.text);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      await put(`/api/notes/${note.noteId}`, { text, version: note.version });
      toastSuccess(t("notes.updated"));
      onClose();
      await onSaved();
    } catch (e) {
      failure(t, "notes.updateError", e);
      if (e instanceof ApiError && (e.status === 409 || e.status === 404)) await onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      class="fixed inset-0 z-10 grid place-items-center bg-slate-900/40 p-2"
      role="dialog"
      aria-modal="true"
      aria-labelledby="note-edit-title"
      data-testid="note-edit-dialog"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div class="w-[min(40rem,calc(100vw-1rem))] rounded-lg bg-white p-4 shadow-xl">
        <h3 id="note-edit-title" class="text-base font-semibold">{t("notes.editTitle")}</h3>
        <textarea
          class="input mt-2"
          rows={12}
          value={text}
          aria-label={t("notes.text")}
          data-testid="note-edit-text"
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        />
        <DialogActions
          class="mt-3 flex justify-end gap-2"
          onCancel={onClose}
          onConfirm={save}
          confirmLabel={t("common.save")}
          disabled={busy || !text.trim()}
          testIds={[undefined, "note-edit-save"]}
        />
      </div>
    </div>
  );
}
