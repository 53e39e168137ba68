/**
 * The notes dialog of a prospect (spec §2): the list (id, type, created, user, the text in an extra
 * row), an add row with a type select (Motivation pre-fills a header with the market project and
 * the nominator) and a 10–12 row text area, an edit dialog and delete. Opened from the grid.
 */
import { CloseButton } from "@/components/Buttons.tsx";
import HistoryPanel from "@/islands/prospects/HistoryPanel.tsx";
import { useEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { del, get } from "@/lib/client/api.ts";
import { toastSuccess } from "@/lib/client/toast.ts";
import type { Note, Prospect } from "@/lib/domain/prospect.ts";
import { ConfirmDialog } from "@/islands/prospects/ConfirmDialog.tsx";
import { useDialog } from "@/lib/client/dialog.ts";
import {
  failure,
  NoteComposer,
  NoteEditDialog,
  NotesTable,
} from "@/islands/prospects/NoteParts.tsx";

export interface NotesDialogProps {
  prospect: Prospect;
  timeZone: string;
  onClose: () => void;
  /** A Motivation note changed the prospect (motivationText, version): the grid's new copy. */
  onProspectChange?: (p: Prospect) => void;
}

export default function NotesDialog(
  { prospect, timeZone, onClose, onProspectChange }: NotesDialogProps,
) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [editing, setEditing] = useState<Note | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
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
        <CloseButton class="btn btn-ghost" testId="notes-close" glyph="✕" onClose={onClose} />
      </div>
      <div class="max-h-[50vh] overflow-auto px-4 py-2">
        <NotesTable notes={notes} timeZone={timeZone} onEdit={setEditing} onDelete={setDeleting} />
      </div>
      <NoteComposer prospect={prospect} onAdded={load} onProspectChange={onProspectChange} />
      {editing && (
        <NoteEditDialog
          note={editing}
          onClose={() => setEditing(null)}
          onSaved={load}
        />
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
