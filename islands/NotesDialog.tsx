/**
 * The notes dialog of a prospect (spec §2): the list (id, type, created, user, the text in an extra
 * row), an add row with a type select (Motivation pre-fills a header with the market project and
 * the nominator) and a 10–12 row text area, an edit dialog and delete. Opened from the grid.
 */
import HistoryPanel from "@/islands/prospects/HistoryPanel.tsx";
import { useEffect, useRef, useState } from "react";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { ApiError, del, get, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { motivationNoteMissing, type Note, type Prospect } from "@/lib/domain/prospect.ts";
import { NOTE_TYPES, type NoteType } from "@/lib/domain/statuses.ts";
import { dateTime } from "@/islands/prospects/format.ts";
import { ConfirmDialog } from "@/islands/prospects/ConfirmDialog.tsx";
import { useDialog } from "@/lib/client/dialog.ts";

export interface NotesDialogProps {
  prospect: Prospect;
  timeZone: string;
  onClose: () => void;
  /** A Motivation note changed the prospect (motivationText, version): the grid's new copy. */
  onProspectChange?: (p: Prospect) => void;
}

function failure(t: (k: string) => string, key: string, e: unknown) {
  const reason = e instanceof ApiError && e.message ? `: ${e.message}` : "";
  toastError(`${t(key)}${reason}`);
}

export default function NotesDialog(
  { prospect, timeZone, onClose, onProspectChange }: NotesDialogProps,
) {
  const t = useT();
  const lang = useLang();
  const ref = useRef<HTMLDialogElement>(null);
  const [notes, setNotes] = useState<Note[] | null>(null);
  const header = t("notes.motivationHeader", {
    marketProject: prospect.marketProjectName,
    nominator: prospect.nominator || t("common.empty"),
  });
  const [noteType, setNoteType] = useState<NoteType>("Note");
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<Note | null>(null);
  const [editText, setEditText] = useState("");
  const [deleting, setDeleting] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  useDialog(true);

  const load = async () => {
    try {
      const r = await get<Note[]>(`/api/prospects/${prospect.id}/notes`);
      setNotes(r.data);
    } catch (e) {
      setNotes([]);
      failure(t, "notes.loadError", e);
    }
  };
  useEffect(() => {
    ref.current?.showModal();
    load();
  }, []);

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
      await load();
    } catch (e) {
      failure(t, "notes.createError", e);
    } finally {
      setBusy(false);
    }
  };
  const saveEdit = async () => {
    if (!editing || !editText.trim()) return;
    setBusy(true);
    try {
      await put(`/api/notes/${editing.noteId}`, { text: editText, version: editing.version });
      toastSuccess(t("notes.updated"));
      setEditing(null);
      await load();
    } catch (e) {
      failure(t, "notes.updateError", e);
      if (e instanceof ApiError && (e.status === 409 || e.status === 404)) await load();
    } finally {
      setBusy(false);
    }
  };
  const remove = async (n: Note) => {
    setDeleting(null);
    try {
      await del(`/api/notes/${n.noteId}`);
      toastSuccess(t("notes.deleted"));
      await load();
    } catch (e) {
      failure(t, "notes.deleteError", e);
    }
  };
  const mayEdit = (n: Note) => n.may?.edit === true;
  const name = `${prospect.firstName} ${prospect.lastName}`;

  return (
    <dialog
      ref={ref}
      class="m-auto w-[min(52rem,calc(100vw-1rem))] max-h-[calc(100vh-2rem)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
      aria-labelledby="notes-title"
      data-testid="notes-dialog"
      onCancel={(e) => {
        e.preventDefault();
        if (!editing && !deleting) onClose();
      }}
    >
      <div class="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="notes-title" class="text-lg font-semibold">{t("notes.titleFor", { name })}</h2>
        <button
          type="button"
          class="btn btn-ghost"
          aria-label={t("common.close")}
          data-testid="notes-close"
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      <div class="max-h-[50vh] overflow-auto px-4 py-2">
        {notes === null
          ? <p class="py-4 text-sm text-slate-500">{t("common.loading")}</p>
          : notes.length === 0
          ? <p class="py-4 text-sm text-slate-500" data-testid="notes-empty">{t("notes.empty")}</p>
          : (
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
                      {mayEdit(n) && (
                        <>
                          <button
                            type="button"
                            class="btn btn-ghost !px-2 text-xs"
                            data-testid="note-edit"
                            onClick={() => {
                              setEditing(n);
                              setEditText(n.text);
                            }}
                          >
                            {t("notes.edit")}
                          </button>
                          <button
                            type="button"
                            class="btn btn-ghost !px-2 text-xs text-red-700"
                            data-testid="note-delete"
                            onClick={() => setDeleting(n)}
                          >
                            {t("notes.delete")}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>,
                  <tr key={`${n.noteId}-text`}>
                    <td
                      colSpan={5}
                      class="whitespace-pre-wrap pb-3 text-sm"
                      data-testid="note-text"
                    >
                      {n.text}
                    </td>
                  </tr>,
                ])}
              </tbody>
            </table>
          )}
      </div>
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
      {editing && (
        <div
          class="fixed inset-0 z-10 grid place-items-center bg-slate-900/40 p-2"
          role="dialog"
          aria-modal="true"
          aria-labelledby="note-edit-title"
          data-testid="note-edit-dialog"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              setEditing(null);
            }
          }}
        >
          <div class="w-[min(40rem,calc(100vw-1rem))] rounded-lg bg-white p-4 shadow-xl">
            <h3 id="note-edit-title" class="text-base font-semibold">{t("notes.editTitle")}</h3>
            <textarea
              class="input mt-2"
              rows={12}
              value={editText}
              aria-label={t("notes.text")}
              data-testid="note-edit-text"
              onInput={(e) => setEditText((e.target as HTMLTextAreaElement).value)}
            />
            <div class="mt-3 flex justify-end gap-2">
              <button type="button" class="btn btn-secondary" onClick={() => setEditing(null)}>
                {t("common.cancel")}
              </button>
              <button
                type="button"
                class="btn btn-primary"
                disabled={busy || !editText.trim()}
                data-testid="note-edit-save"
                onClick={saveEdit}
              >
                {t("common.save")}
              </button>
            </div>
          </div>
        </div>
      )}
      <HistoryPanel prospectId={prospect.id} timeZone={timeZone} />
      {deleting && (
        <ConfirmDialog
          title={t("notes.delete")}
          text={t("notes.confirmDelete")}
          confirmLabel={t("notes.delete")}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </dialog>
  );
}
