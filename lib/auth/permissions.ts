/**
 * Every permission rule of the app (DESIGN §6), as one pure function. Routes call it; the UI asks
 * it too, to hide what it denies. Never trust a role or id sent by the client.
 */
import type { SessionUser } from "@/lib/domain/user.ts";
import { isAdmin, isB2B } from "@/lib/domain/user.ts";
import type { Prospect, ProspectMay } from "@/lib/domain/prospect.ts";

export type Action =
  | "admin" // anything under /api/admin/*, registering users, the outbox page
  | "user.read" // a user's profile
  | "user.update" // a user's profile fields
  | "settings.read" // a user's settings and club subscriptions
  | "settings.update"
  | "reference.read" // districts, clubs, market projects, statuses, categories
  | "reference.write" // admin-only: districts, clubs, projects, admin settings, time settings
  | "prospect.read"
  | "prospect.create"
  | "prospect.update"
  | "prospect.delete"
  | "prospect.assign"
  | "prospect.unassign"
  | "prospect.listDeleted"
  | "note.read"
  | "note.create"
  | "note.update" // edit or delete a note
  | "report.read";

/** What a rule may need to know about the thing acted on. */
export interface Resource {
  /** The user the action is about (profiles, settings). */
  userId?: string;
  /** A prospect's or project's b2b flag. */
  b2b?: boolean;
  /** The record is flagged disabled (read-only for everyone but admins). */
  disabled?: boolean;
  /** The prospect's assignee (assignId is the assignee's e-mail; we also keep the user id). */
  assigneeId?: string | null;
  assigneeEmail?: string | null;
  /** A note's author. */
  authorId?: string;
}

export function can(
  user: SessionUser | null | undefined,
  action: Action,
  r: Resource = {},
): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  const b2bOk = !isB2B(user) || r.b2b === undefined || r.b2b === true;
  const isAssignee = (r.assigneeId != null && r.assigneeId === user.id) ||
    (r.assigneeEmail != null && r.assigneeEmail.toLowerCase() === user.email.toLowerCase());
  switch (action) {
    case "admin":
    case "reference.write":
    case "prospect.listDeleted":
      return false;
    case "user.read":
    case "user.update":
    case "settings.read":
    case "settings.update":
      return r.userId === user.id;
    case "reference.read":
    case "report.read":
      return b2bOk;
    case "prospect.read":
    case "prospect.create":
      return b2bOk;
    case "prospect.update":
    case "prospect.delete":
    case "prospect.assign":
      return b2bOk && !r.disabled;
    case "prospect.unassign":
      return b2bOk && !r.disabled && isAssignee;
    case "note.read":
    case "note.create":
      return b2bOk && isAssignee && !(action === "note.create" && r.disabled);
    case "note.update":
      return b2bOk && !r.disabled && r.authorId === user.id;
  }
}

/**
 * The one visibility rule: whether an answer may carry this prospect at all (its id, name, contact
 * data, status). Every answer that names a prospect — the prospect itself, duplicate warnings,
 * search, exports, history, notes, today's list, reports, events — filters through it. B2B users
 * see B2B projects only; a deleted prospect is seen by admins only.
 */
export function maySee(
  user: SessionUser | null | undefined,
  p: { b2b: boolean; deleted?: boolean },
): boolean {
  if (!user) return false;
  if (p.deleted && !isAdmin(user)) return false;
  return can(user, "prospect.read", { b2b: p.b2b });
}

/**
 * What the user may do with one prospect, from can(): sent with every prospect the API answers, so
 * the grid shows (and disables) exactly what the server will allow and decides nothing itself.
 */
export function prospectMay(
  user: SessionUser | null | undefined,
  p: Pick<Prospect, "b2b" | "disabled" | "deleted" | "assignId" | "assignUserId">,
): ProspectMay {
  const r = {
    b2b: p.b2b,
    disabled: p.disabled,
    assigneeId: p.assignUserId,
    assigneeEmail: p.assignId,
  };
  const live = !p.deleted;
  return {
    edit: live && can(user, "prospect.update", r),
    assign: live && can(user, "prospect.assign", r),
    unassign: live && p.assignId !== null &&
      (isAdmin(user) ? !p.disabled : can(user, "prospect.unassign", r)),
    notes: live && can(user, "note.read", r),
    delete: live && can(user, "prospect.delete", r),
    restore: !live && can(user, "prospect.listDeleted"),
    addNote: live && can(user, "note.create", r),
  };
}
