/** Notes API (spec §7): GET/POST /api/prospects/{id}/notes, PUT/DELETE /api/notes/{noteId}. */
import { z } from "zod";
import { noteCreateSchema, noteSchema, noteUpdateSchema } from "@/lib/domain/prospect_schemas.ts";
import { addNote, deleteNote, editNote, notesOf } from "@/lib/services/notes.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { prospectCtx } from "@/routes/api/prospects.ts";

const prospectParams = z.object({ id: z.string().min(1).max(64) });
const noteParams = z.object({ noteId: z.string().min(1).max(64) });

export function noteRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/prospects/:id/notes",
    access: "user",
    tag: "notes",
    summary: "The notes of a prospect (its assignee or an admin), oldest first",
    params: prospectParams,
    response: z.array(noteSchema),
    handler: async (c, { params, user }) => await notesOf(prospectCtx(c, user), params.id),
  });

  r.add({
    method: "post",
    path: "/api/prospects/:id/notes",
    idempotent: true,
    access: "user",
    tag: "notes",
    summary: "Add a note (Note or Motivation) to a prospect (its assignee or an admin)",
    params: prospectParams,
    body: noteCreateSchema,
    response: noteSchema,
    status: 201,
    handler: async (c, { params, body, user }) =>
      c.json(await addNote(prospectCtx(c, user), params.id, body), 201),
  });

  r.add({
    method: "put",
    path: "/api/notes/:noteId",
    access: "user",
    tag: "notes",
    summary: "Edit a note's text (its author or an admin); 409 when version is stale",
    params: noteParams,
    body: noteUpdateSchema,
    response: noteSchema,
    handler: async (c, { params, body, user }) =>
      await editNote(prospectCtx(c, user), params.noteId, body),
  });

  r.add({
    method: "delete",
    path: "/api/notes/:noteId",
    access: "user",
    tag: "notes",
    summary: "Delete a note (its author or an admin)",
    params: noteParams,
    status: 204,
    handler: async (c, { params, user }) => {
      await deleteNote(prospectCtx(c, user), params.noteId);
    },
  });
}
