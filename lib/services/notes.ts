/**
 * Note use cases (spec §2 notes dialog, DESIGN §6): only the prospect's assignee (or an admin)
 * opens and adds notes; a note's author (or an admin) edits or deletes it; disabled prospects'
 * notes are read-only for everyone but admins.
 */
import { erasedError, isErased } from "@/lib/services/privacy.ts";
import { can, maySee } from "@/lib/auth/permissions.ts";
import { ulid } from "@/lib/db/kv.ts";
import {
  getNoteEntry,
  listNotes,
  noteEntries,
  noteWithVersion,
  removeNote,
  replaceNote,
  type StoredNote,
} from "@/lib/db/notes.ts";
import { getProspectEntry, type StoredProspect } from "@/lib/db/prospects.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import type { Note } from "@/lib/domain/prospect.ts";
import type { NoteCreate, NoteUpdate } from "@/lib/domain/prospect_schemas.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { addFirstContactNote, setMotivationFromNote } from "@/lib/services/prospects.ts";

const notFound = () => new DomainError("not_found", "NOT_FOUND", "errors.notFound");
const denied = (code: string, key: string) => new DomainError("forbidden", code, key);

async function liveProspect(ctx: ProspectCtx, id: string): Promise<StoredProspect> {
  const e = await getProspectEntry(ctx.kv, id);
  if (!e.value || e.value.deleted) throw notFound();
  if (!maySee(ctx.user, e.value)) {
    throw denied("B2B_ONLY", "prospects.errors.B2B_ONLY");
  }
  return e.value;
}

const assigneeOf = (p: StoredProspect) => ({
  b2b: p.b2b,
  assigneeId: p.assignUserId,
  assigneeEmail: p.assignId,
  disabled: p.disabled,
});

/** GET /api/prospects/{id}/notes. */
export async function notesOf(ctx: ProspectCtx, prospectId: string): Promise<Note[]> {
  const p = await liveProspect(ctx, prospectId);
  if (!can(ctx.user, "note.read", assigneeOf(p))) {
    throw denied("NOT_ASSIGNEE", "prospects.errors.NOT_ASSIGNEE");
  }
  // What the caller may do with each note, from can() (the dialog obeys it).
  return (await listNotes(ctx.kv, prospectId)).map((n) => ({
    ...n,
    may: { edit: can(ctx.user, "note.update", { ...assigneeOf(p), authorId: n.userId }) },
  }));
}

/** POST /api/prospects/{id}/notes. */
export async function addNote(
  ctx: ProspectCtx,
  prospectId: string,
  input: NoteCreate,
): Promise<Note> {
  const p = await liveProspect(ctx, prospectId);
  if (isErased(p)) throw erasedError();
  if (!can(ctx.user, "note.create", assigneeOf(p))) {
    throw p.disabled && can(ctx.user, "note.read", assigneeOf(p))
      ? denied("PROSPECT_DISABLED", "prospects.errors.PROSPECT_DISABLED")
      : denied("NOT_ASSIGNEE", "prospects.errors.NOT_ASSIGNEE");
  }
  const u = ctx.user;
  const note: StoredNote = {
    noteId: ulid(ctx.now.getTime()),
    prospectId,
    noteType: input.noteType,
    text: input.text,
    created: ctx.now.toISOString(),
    user: `${u.firstName} ${u.lastName}`.trim() || u.email,
    userId: u.id,
    updatedAt: null,
  };
  if (note.noteType === "Motivation") {
    // The note and the prospect's motivationText in one atomic, on the prospect's write path.
    if (note.text.length > MOTIVATION_MAX) {
      throw new DomainError(
        "validation",
        "VALIDATION",
        "errors.validation",
        { text: "validation.maxLength" },
        undefined,
        undefined,
        { text: { n: MOTIVATION_MAX } },
      );
    }
    const p = await setMotivationFromNote(ctx, prospectId, note.text, noteEntries(note));
    return { ...note, version: p.version };
  }
  // The note and a write of its prospect in one atomic: a note is a change of the prospect (its
  // updatedAt and the change feed move), and a first one its first contact (firstContactAt).
  const after = await addFirstContactNote(ctx, prospectId, noteEntries(note));
  return { ...note, version: after.version };
}

/** The prospect's motivationText holds at most this much (prospect_schemas.ts). */
const MOTIVATION_MAX = 5000;

async function ownNote(ctx: ProspectCtx, noteId: string) {
  const e = await getNoteEntry(ctx.kv, noteId);
  if (!e.value) throw notFound();
  const p = await liveProspect(ctx, e.value.prospectId);
  if (
    !can(ctx.user, "note.update", { b2b: p.b2b, disabled: p.disabled, authorId: e.value.userId })
  ) {
    throw p.disabled
      ? denied("PROSPECT_DISABLED", "notes.disabled")
      : denied("FORBIDDEN", "errors.forbidden");
  }
  return e as Deno.KvEntry<StoredNote>;
}

/** PUT /api/notes/{noteId}: the author or an admin; a stale `version` answers 409 with the note. */
export async function editNote(ctx: ProspectCtx, noteId: string, input: NoteUpdate): Promise<Note> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const e = await ownNote(ctx, noteId);
    if (input.version !== undefined && input.version !== e.versionstamp) {
      throw new DomainError("conflict", "CONFLICT", "errors.conflict", undefined, {
        current: noteWithVersion(e),
      });
    }
    const next: StoredNote = {
      ...e.value,
      text: input.text,
      noteType: input.noteType ?? e.value.noteType,
      updatedAt: ctx.now.toISOString(),
    };
    const out = await replaceNote(ctx.kv, e, next);
    if (out) return out;
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}

/** DELETE /api/notes/{noteId}: the author or an admin. */
export async function deleteNote(ctx: ProspectCtx, noteId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const e = await ownNote(ctx, noteId);
    if (await removeNote(ctx.kv, e)) return;
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}
