/**
 * Personal data of prospects (GDPR Art. 15 and 17): erase a prospect's personal data
 * from every key, find everything stored about a person, restore a soft-deleted prospect, and read
 * a prospect's history. Erasing keeps the customer id, project, club, dates and the sell-status
 * history, so every report as of any date gives the same numbers before and after.
 */
import { listEntries, removeKey } from "@/lib/db/records.ts";
import { getRecords, listRecords } from "@/lib/db/prospect_record.ts";
import { can, maySee } from "@/lib/auth/permissions.ts";
import { auditWrites, writeAudit } from "@/lib/db/audit.ts";
import {
  contactGuardIds,
  finishPendingErase,
  getPendingErase,
  listPendingErases,
  type PendingErase,
  type PendingEraseEntry,
  pendingEraseWrite,
  stripContactKeys,
} from "@/lib/db/erase_pending.ts";
import {
  noteKey,
  notificationQueuePrefix,
  outboxPrefix,
  prospectByEmailKey,
  prospectByPhoneKey,
  prospectsDeletedPrefix,
} from "@/lib/db/keys.ts";

import { listNotes, type StoredNote } from "@/lib/db/notes.ts";
import { keyId } from "@/lib/db/prospect_indexes.ts";
import {
  commitProspect,
  getProspectEntry,
  listProspectEvents,
  type ProspectEntry,
  type StoredProspect,
  withVersion,
} from "@/lib/db/prospects.ts";
import { listMarketProjects } from "@/lib/db/reference.ts";
import { getAdminSettings } from "@/lib/db/settings.ts";
import { DEFAULT_RETENTION_DAYS, DELETED_RETENTION_DAYS } from "@/lib/domain/reference.ts";
import { getUser, getUserByEmail } from "@/lib/db/users.ts";
import { DomainError, forbidden, notFound } from "@/lib/domain/errors.ts";
import type { Note, Prospect } from "@/lib/domain/prospect.ts";
import type { ProspectEvent } from "@/lib/db/prospect_indexes.ts";
import { normalizePhone } from "@/lib/domain/prospect.ts";
import { ERASED_VALUES } from "@/lib/domain/prospect_schemas.ts";
import type { OutboxEntry } from "@/lib/notify/outbox.ts";
import type { QueuedNotification } from "@/lib/services/notification_delivery.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";

/** 409 PROSPECT_ERASED: an erased prospect cannot change. */
export const erasedError = () =>
  new DomainError("conflict", "PROSPECT_ERASED", "prospects.errors.PROSPECT_ERASED");

/** Whether a prospect's personal data was erased. */
export const isErased = (p: Pick<Prospect, "activityStatus">) =>
  p.activityStatus === "CustomerCleaned";

/** The record with its personal data removed (what stays: ids, project, club, dates, statuses). */
export function erasedRecord(p: StoredProspect, at: string): StoredProspect {
  return {
    ...p,
    ...ERASED_VALUES,
    activityStatus: "CustomerCleaned",
    activityStatusWeigth: 5,
    nextTransitionAt: null,
    announced: [],
    disabled: true,
    assignId: null,
    assignName: null,
    assignUserId: null,
    updatedAt: at,
  };
}

/** Texts that identify the person in copies kept elsewhere (mails, queued notifications). */
function traces(p: PendingErase): string[] {
  const out = [p.email, p.phoneNumber.trim()].filter((s): s is string => !!s);
  const name = `${p.firstName} ${p.lastName}`.trim();
  if (name.length >= 3) out.push(name.toLowerCase());
  return out;
}

/**
 * Deletes mail copies and queued notifications that mention any of these people (outbox: 14
 * days); one pass over both, however many were erased.
 */
async function scrubCopies(kv: Deno.Kv, people: PendingErase[]): Promise<number> {
  if (!people.length) return 0;
  const marks = people.flatMap(traces);
  const links = people.map((p) => `customerid=${p.customerId}&`);
  const ids = new Set(people.map((p) => p.id));
  const mentions = (text: string) => {
    const t = text.toLowerCase();
    return links.some((l) => t.includes(l)) || marks.some((m) => t.includes(m));
  };
  let removed = 0;
  for await (const e of listEntries<OutboxEntry>(kv, outboxPrefix())) {
    const m = e.value;
    if (mentions(`${m.subject ?? ""}\n${m.text}\n${m.html ?? ""}`)) {
      await removeKey(kv, e.key);
      removed++;
    }
  }
  // Retry entries of deleted mails hold only an id and remove themselves on their next run.
  for await (const e of listEntries<QueuedNotification>(kv, notificationQueuePrefix())) {
    if (ids.has(e.value.prospect?.id)) {
      await removeKey(kv, e.key);
      removed++;
    }
  }
  return removed;
}

/**
 * Completes unfinished erase cleanups (all of them, or those of `ids`): the contact values are
 * stripped from guards and indexes, the copies in mails and queued notifications deleted in one
 * pass, then each cleanup's entry is removed. Answers how many were completed.
 */
export async function completeErasures(kv: Deno.Kv, ids?: string[]): Promise<number> {
  const pending = ids
    ? (await Promise.all(ids.map((id) => getPendingErase(kv, id))))
      .filter((e): e is PendingEraseEntry => e !== null)
    : await listPendingErases(kv);
  if (!pending.length) return 0;
  for (const e of pending) await stripContactKeys(kv, e.value);
  await scrubCopies(kv, pending.map((e) => e.value));
  for (const e of pending) await finishPendingErase(kv, e);
  return pending.length;
}

/**
 * POST /api/prospects/{id}/erase (admin): personal fields and every note's text removed in one
 * atomic with the record's index changes, the row locked and marked CustomerCleaned, and what is
 * left to clean recorded in the same atomic; then the cleanup runs (guards, indexes, mail copies,
 * queued notifications). Erasing again completes a cleanup a crash left unfinished. Deleted
 * prospects too.
 */
export async function eraseProspect(ctx: ProspectCtx, id: string): Promise<Prospect> {
  if (!can(ctx.user, "admin")) throw forbidden();
  const actor = { id: ctx.user.id, email: ctx.user.email };
  const prospect = await eraseRecord(ctx.kv, id, actor, ctx.now, ctx.config.timeZone);
  await completeErasures(ctx.kv, [id]);
  return prospect;
}

/**
 * The erase of the record and its notes, with its cleanup entry and audit entry, in one atomic,
 * for an admin or the retention job (actor null). An erased record is left as it is.
 */
async function eraseRecord(
  kv: Deno.Kv,
  id: string,
  actor: { id: string; email: string } | null,
  now: Date,
  timeZone: string,
): Promise<Prospect> {
  const at = now.toISOString();
  const audit = {
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: actor ? "prospect.erase" : "prospect.erase.retention",
    targetId: id,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getProspectEntry(kv, id);
    if (!entry.value) throw notFound();
    const before = entry.value;
    if (isErased(before)) {
      await writeAudit(kv, audit, now);
      return withVersion(entry as ProspectEntry);
    }
    const notes = await listNotes(kv, id);
    const also: { key: Deno.KvKey; value: unknown }[] = notes.map((n) => {
      const { version: _v, ...stored } = n;
      return { key: noteKey(n.noteId), value: { ...stored, text: "" } as StoredNote };
    });
    also.push(pendingEraseWrite(before, at), ...auditWrites(audit, now));
    const out = await commitProspect(
      kv,
      entry as ProspectEntry,
      erasedRecord(before, at),
      { userId: actor?.id ?? null, at, timeZone, also },
    );
    if (out) return out.prospect;
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}

/** PUT /api/prospects/restore/{id} (admin): a soft-deleted prospect comes back; an erased one never. */
export async function restoreProspect(ctx: ProspectCtx, id: string): Promise<Prospect> {
  if (!can(ctx.user, "admin")) throw forbidden();
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await getProspectEntry(ctx.kv, id);
    if (!entry.value) throw notFound();
    if (isErased(entry.value)) throw erasedError();
    if (!entry.value.deleted) return withVersion(entry as ProspectEntry);
    const at = ctx.now.toISOString();
    const out = await commitProspect(ctx.kv, entry as ProspectEntry, {
      ...entry.value,
      deleted: false,
      deletedAt: null,
      deletedBy: null,
      mergedInto: null,
      updatedAt: at,
    }, { userId: ctx.user.id, at, timeZone: ctx.config.timeZone });
    if (out) return out.prospect;
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}

export interface HistoryEntry {
  at: string;
  type: ProspectEvent["type"];
  from: string | null;
  to: string | null;
  userId: string | null;
  userName: string | null;
  /** For an assignment: the names of the users `from` and `to` (their e-mails) name, if known. */
  fromName: string | null;
  toName: string | null;
}

/**
 * GET /api/prospects/{id}/history: for those who may read the prospect's notes (the assignee and
 * admins; deleted prospects: admins), else 404 — the same answer as a prospect that is not there.
 */
export async function historyFor(ctx: ProspectCtx, id: string): Promise<HistoryEntry[]> {
  const e = await getProspectEntry(ctx.kv, id);
  const p = e.value;
  const admin = can(ctx.user, "admin");
  if (!p || (p.deleted && !admin)) throw notFound();
  const readable = maySee(ctx.user, p) &&
    can(ctx.user, "note.read", {
      b2b: p.b2b,
      assigneeId: p.assignUserId,
      assigneeEmail: p.assignId,
      disabled: p.disabled,
    });
  if (!readable) throw notFound();
  return await historyOf(ctx, p);
}

/** Every recorded change of a prospect, newest first, with who made it. */
export async function historyOf(ctx: ProspectCtx, p: StoredProspect): Promise<HistoryEntry[]> {
  // In time order: a merge copies the other record's history in as archived parts.
  const events = (await listProspectEvents(ctx.kv, p.id)).sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : 0
  );
  const names = new Map<string, string | null>();
  for (const id of new Set(events.map((e) => e.userId).filter((x): x is string => !!x))) {
    const u = await getUser(ctx.kv, id);
    names.set(id, u ? `${u.firstName} ${u.lastName}`.trim() : null);
  }
  // An assignment records e-mails: read as the users' names where they are users.
  const byEmail = new Map<string, string | null>();
  const assigned = events.filter((e) => e.type === "assign" || e.type === "autoAssign")
    .flatMap((e) => [e.from, e.to]).filter((x): x is string => !!x);
  for (const email of new Set(assigned.map((x) => x.toLowerCase()))) {
    const u = await getUserByEmail(ctx.kv, email);
    byEmail.set(email, u ? `${u.firstName} ${u.lastName}`.trim() : null);
  }
  const nameOf = (e: ProspectEvent, v: string | null) =>
    v && (e.type === "assign" || e.type === "autoAssign")
      ? byEmail.get(v.toLowerCase()) ?? null
      : null;
  // Event ids are time-ordered (the write order): newest first is the list reversed.
  return events.map((e) => ({
    at: e.at,
    type: e.type,
    from: e.from,
    to: e.to,
    userId: e.userId,
    userName: e.userId ? names.get(e.userId) ?? null : null,
    fromName: nameOf(e, e.from),
    toName: nameOf(e, e.to),
  })).reverse();
}

export interface DataSubjectRecord {
  prospect: Prospect;
  notes: Note[];
  history: HistoryEntry[];
  /** An erase of it has not finished its cleanup: erasing it again completes it. */
  pendingCleanup: boolean;
}

/**
 * GET /api/admin/data-subject (admin): every prospect in every project, deleted ones included,
 * with this e-mail (case-insensitive) or phone (any written form), and all that is kept about it.
 */
export async function findDataSubject(
  ctx: ProspectCtx,
  q: { email?: string; phone?: string },
): Promise<DataSubjectRecord[]> {
  if (!can(ctx.user, "admin")) throw forbidden();
  const email = q.email?.trim().toLowerCase() || null;
  const phone = q.phone ? normalizePhone(q.phone) : null;
  const ids = new Set<string>();
  if (email) {
    for await (
      const e of listEntries(ctx.kv, prospectByEmailKey(email, "").slice(0, 2))
    ) {
      ids.add(keyId(e.key));
    }
  }
  if (phone) {
    for await (
      const e of listEntries(ctx.kv, prospectByPhoneKey(phone, "").slice(0, 2))
    ) {
      ids.add(keyId(e.key));
    }
  }
  const projects = (await listMarketProjects(ctx.kv)).map((p) => p.marketProjectId);
  // The duplicate guards and unfinished erase cleanups hold contact values too (an erase a crash
  // interrupted): the prospects they name are listed, so what is left can be seen and erased.
  for (const id of await contactGuardIds(ctx.kv, projects, { phone, email })) ids.add(id);
  const pending = await listPendingErases(ctx.kv);
  for (const e of pending) {
    if ((email && e.value.email === email) || (phone && e.value.phone === phone)) {
      ids.add(e.value.id);
    }
  }
  const unfinished = new Set(pending.map((e) => e.value.id));
  // Deleted prospects keep no phone or e-mail index entries: their (few) records are read.
  for (const mp of projects) {
    const keys: string[] = [];
    for await (const e of listEntries(ctx.kv, prospectsDeletedPrefix(mp))) {
      keys.push(keyId(e.key));
    }
    const recs = await getRecords(ctx.kv, keys);
    for (const r of recs) {
      const p = r.value;
      if (!p) continue;
      if (email && p.email?.trim().toLowerCase() === email) ids.add(p.id);
      if (phone && p.phoneNumber && normalizePhone(p.phoneNumber) === phone) ids.add(p.id);
    }
  }
  const out: DataSubjectRecord[] = [];
  for (const id of ids) {
    const e = await getProspectEntry(ctx.kv, id);
    if (!e.value) continue;
    out.push({
      prospect: withVersion(e as ProspectEntry),
      notes: await listNotes(ctx.kv, id),
      history: await historyOf(ctx, e.value),
      pendingCleanup: unfinished.has(id),
    });
  }
  return out;
}

// ── retention (GDPR Art. 5(1)(e)) ───────────────────────────────────────────

const DAY = 24 * 3600 * 1000;

/**
 * The prospects retention would erase now: live ones whose last change by a person or the API
 * (`editedAt`, else `updatedAt` for a record no person changed since it was written; the activity
 * clock moves neither) and newest note are older than `days`, and soft-deleted ones deleted more
 * than 30 days ago. Already erased ones are not counted again. Reads every record once.
 */
export async function retentionDue(kv: Deno.Kv, days: number, now: Date): Promise<string[]> {
  if (days <= 0) return [];
  const cutoff = new Date(now.getTime() - days * DAY).toISOString();
  const deletedCutoff = new Date(now.getTime() - DELETED_RETENTION_DAYS * DAY).toISOString();
  const out: string[] = [];
  const stale: StoredProspect[] = [];
  for await (const e of listRecords(kv)) {
    const p = e.value;
    if (isErased(p)) continue;
    if (p.deleted) {
      if ((p.deletedAt ?? p.updatedAt) < deletedCutoff) out.push(p.id);
    } else if ((p.editedAt ?? p.updatedAt) < cutoff) stale.push(p);
  }
  for (const p of stale) {
    const notes = await listNotes(kv, p.id);
    if (!notes.some((n) => (n.updatedAt ?? n.created) >= cutoff)) out.push(p.id);
  }
  return out;
}

/**
 * Erases what retention says is due, then completes every unfinished cleanup (these erasures'
 * and any a crash left) in one pass; answers how many were erased.
 */
export async function runRetention(
  kv: Deno.Kv,
  now: Date,
  timeZone: string,
): Promise<{ erased: number }> {
  const days = (await getAdminSettings(kv)).retentionDays ?? DEFAULT_RETENTION_DAYS;
  let done = 0;
  const due = await retentionDue(kv, days, now);
  // 16 at a time: the prospect write path commits concurrent writes together (group commit).
  for (let i = 0; i < due.length; i += 16) {
    await Promise.all(
      due.slice(i, i + 16).map(async (id) => {
        try {
          await eraseRecord(kv, id, null, now, timeZone);
          done++;
        } catch (e) {
          console.error(JSON.stringify({ level: "error", job: "retention", id, error: String(e) }));
        }
      }),
    );
  }
  await completeErasures(kv);
  return { erased: done };
}

/** POST /api/admin/retention/run (admin). */
export async function runRetentionNow(ctx: ProspectCtx): Promise<{ erased: number }> {
  if (!can(ctx.user, "admin")) throw forbidden();
  return await runRetention(ctx.kv, ctx.now, ctx.config.timeZone);
}

/** GET /api/admin/retention/preview?days=N (admin): how many would be erased now. */
export async function retentionPreview(ctx: ProspectCtx, days: number): Promise<{ count: number }> {
  if (!can(ctx.user, "admin")) throw forbidden();
  return { count: (await retentionDue(ctx.kv, days, ctx.now)).length };
}
