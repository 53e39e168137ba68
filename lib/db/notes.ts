/** Notes in KV: ["notes", noteId] plus ["notes_by_prospect", prospectId, noteId], one atomic each. */
import { noteByProspectKey, noteKey, notesByProspectPrefix } from "@/lib/db/keys.ts";
import { getManyChunked, listAll } from "@/lib/db/kv.ts";
import type { Note } from "@/lib/domain/prospect.ts";
import { enqueueEvents, webhooksOn } from "@/lib/db/webhooks.ts";

export type StoredNote = Omit<Note, "version">;

const withVersion = (e: Deno.KvEntry<StoredNote>): Note => ({
  ...e.value,
  version: e.versionstamp,
});

/** The notes of a prospect, oldest first (note ids are time-ordered ULIDs). */
export async function listNotes(kv: Deno.Kv, prospectId: string): Promise<Note[]> {
  const idx = await listAll<string>(kv, notesByProspectPrefix(prospectId));
  const entries = await getManyChunked<StoredNote>(kv, idx.map((e) => noteKey(e.value)));
  return entries.filter((e) => e.value !== null).map((e) =>
    withVersion(e as Deno.KvEntry<StoredNote>)
  );
}

/** A note's entry (value null when there is none), for a checked change. */
export async function getNoteEntry(kv: Deno.Kv, noteId: string) {
  return await kv.get<StoredNote>(noteKey(noteId));
}

/** The entries of a new note (record and per-prospect index), for a caller's atomic. */
export function noteEntries(note: StoredNote): { key: Deno.KvKey; value: unknown }[] {
  return [
    { key: noteKey(note.noteId), value: note },
    { key: noteByProspectKey(note.prospectId, note.noteId), value: note.noteId },
  ];
}

/** Writes a new note, and `also` (e.g. the notification it causes) in the same atomic. */
export async function insertNote(
  kv: Deno.Kv,
  note: StoredNote,
  also: { key: Deno.KvKey; value: unknown }[] = [],
): Promise<Note | null> {
  const hooksOn = await webhooksOn(kv);
  const op = kv.atomic()
    .check({ key: noteKey(note.noteId), versionstamp: null })
    .set(noteKey(note.noteId), note)
    .set(noteByProspectKey(note.prospectId, note.noteId), note.noteId);
  for (const w of also) op.set(w.key, w.value);
  if (hooksOn) {
    enqueueEvents(op, [{
      type: "note.created",
      occurredAt: note.created,
      prospectId: note.prospectId,
      noteId: note.noteId,
    }], hooksOn);
  }
  const res = await op.commit();
  return res.ok ? { ...note, version: res.versionstamp } : null;
}

/** Replaces a note read as `before`; null when someone else changed it in between. */
export async function replaceNote(
  kv: Deno.Kv,
  before: Deno.KvEntry<StoredNote>,
  next: StoredNote,
): Promise<Note | null> {
  const res = await kv.atomic().check(before).set(noteKey(next.noteId), next).commit();
  return res.ok ? { ...next, version: res.versionstamp } : null;
}

/** Deletes a note and its index entry, checked against `before`; false when it changed since. */
export async function removeNote(kv: Deno.Kv, before: Deno.KvEntry<StoredNote>): Promise<boolean> {
  const res = await kv.atomic()
    .check(before)
    .delete(noteKey(before.value.noteId))
    .delete(noteByProspectKey(before.value.prospectId, before.value.noteId))
    .commit();
  return res.ok;
}

/**
 * Moves every note of one prospect to another (a merge): each note's record names the other and
 * its index entry moves, up to 100 notes per atomic. Answers how many moved.
 */
export async function moveNotes(kv: Deno.Kv, fromId: string, toId: string): Promise<number> {
  const idx = await listAll<string>(kv, notesByProspectPrefix(fromId));
  let moved = 0;
  for (let i = 0; i < idx.length; i += 100) {
    const part = idx.slice(i, i + 100);
    const notes = await getManyChunked<StoredNote>(kv, part.map((e) => noteKey(e.value)));
    const op = kv.atomic();
    let n = 0;
    part.forEach((e, j) => {
      const note = notes[j];
      op.delete(e.key);
      if (!note.value) return;
      op.check(note).set(noteKey(e.value), { ...note.value, prospectId: toId });
      op.set(noteByProspectKey(toId, e.value), e.value);
      n++;
    });
    // A note edited meanwhile: read the rest again.
    if (!(await op.commit()).ok) return moved + await moveNotes(kv, fromId, toId);
    moved += n;
  }
  return moved;
}

export { withVersion as noteWithVersion };
