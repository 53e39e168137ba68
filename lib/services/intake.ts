/**
 * Web-form leads. An admin creates form keys per market project, each with the
 * origins a browser may post from. POST /api/intake/{key} creates a prospect on the one create path
 * (the create rules, the duplicate guard), rate limited per address and per key; a duplicate adds
 * a note to the person already there instead of a second row, and is answered exactly like a new
 * lead; either queues a notification to the club's subscribed staff in the same atomic as the
 * prospect or note, mailed at once.
 */
import { DomainError, notFound, tooMany } from "@/lib/domain/errors.ts";
import { queuedOf } from "@/lib/domain/notifications.ts";
import { type WebLead } from "@/lib/domain/prospect_schemas.ts";
import { MAX_FORM_KEYS } from "@/lib/domain/form_keys.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import { notificationQueueKey } from "@/lib/db/keys.ts";
import { ulid } from "@/lib/db/kv.ts";
import { writeAudit } from "@/lib/db/audit.ts";
import {
  countFormKeyLead,
  deleteFormKey,
  type FormKey,
  formKeyByKey,
  insertFormKey,
  listFormKeys as listKeysOf,
} from "@/lib/db/form_keys.ts";
import { insertNote } from "@/lib/db/notes.ts";
import { getUserSettings } from "@/lib/db/users.ts";
import { GuardMoved, insertProspect, readGuards, type StoredProspect } from "@/lib/db/prospects.ts";
import { getMarketProject, getMarketProjectByNumber } from "@/lib/db/reference.ts";
import { LIMITS, takeQuota } from "@/lib/db/brute_force.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { contactMatches, contactOf, guardKeys } from "@/lib/services/duplicates.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { clubFor } from "@/lib/services/prospect_checks.ts";
import { withClock } from "@/lib/services/prospect_clock.ts";
import { createErrors, newProspect } from "@/lib/services/prospect_create.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";
import { takeAutoAssignee } from "@/lib/services/assignment.ts";

export type { FormKey };

const keyNotFound = () =>
  new DomainError("not_found", "FORM_KEY_NOT_FOUND", "intake.errors.FORM_KEY_NOT_FOUND");

async function projectOf(kv: Deno.Kv, projectDocId: string) {
  const p = await getMarketProject(kv, projectDocId);
  if (!p) throw notFound();
  return p;
}

/** GET /api/marketprojects/{id}/form-keys: the project's keys, oldest first. */
export async function listFormKeys(kv: Deno.Kv, projectDocId: string): Promise<FormKey[]> {
  return await listKeysOf(kv, (await projectOf(kv, projectDocId)).marketProjectId);
}

/** POST /api/marketprojects/{id}/form-keys. */
export async function createFormKey(
  deps: ServiceDeps,
  admin: SessionUser,
  projectDocId: string,
  allowedOrigins: string[],
): Promise<FormKey> {
  const { kv } = deps;
  const p = await projectOf(kv, projectDocId);
  const now = deps.now();
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const fk: FormKey = {
    id: ulid(now.getTime()),
    key: "fk_" + btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_"),
    marketProjectId: p.marketProjectId,
    allowedOrigins: [...new Set(allowedOrigins)],
    createdAt: now.toISOString(),
    createdBy: admin.id,
    leads: 0,
    lastLeadAt: null,
  };
  if (!(await insertFormKey(kv, fk, MAX_FORM_KEYS))) {
    throw new DomainError(
      "validation",
      "TOO_MANY_KEYS",
      "intake.errors.TOO_MANY_KEYS",
      undefined,
      undefined,
      {
        n: MAX_FORM_KEYS,
      },
    );
  }
  await writeAudit(kv, {
    actorId: admin.id,
    actorEmail: admin.email,
    action: "formKey.create",
    targetId: fk.id,
  }, now);
  return fk;
}

/** DELETE /api/marketprojects/{id}/form-keys/{keyId}: the key stops working at once. */
export async function revokeFormKey(
  deps: ServiceDeps,
  admin: SessionUser,
  projectDocId: string,
  keyId: string,
): Promise<void> {
  const { kv } = deps;
  const p = await projectOf(kv, projectDocId);
  if (!(await deleteFormKey(kv, p.marketProjectId, keyId))) throw keyNotFound();
  await writeAudit(kv, {
    actorId: admin.id,
    actorEmail: admin.email,
    action: "formKey.revoke",
    targetId: keyId,
  }, deps.now());
}

/** The live key a web form posts with, or 404 (unknown, revoked, or its project is gone). */
export async function formKeyFor(kv: Deno.Kv, key: string): Promise<FormKey> {
  if (!/^fk_[\w-]{16,64}$/.test(key)) throw keyNotFound();
  const fk = await formKeyByKey(kv, key);
  if (!fk) throw keyNotFound();
  return fk;
}

/** The author of web leads and their notes: the form, not a person. */
const formUser = (fk: FormKey): SessionUser => ({
  id: `form:${fk.id}`,
  email: "",
  firstName: "Webbformulär",
  lastName: "",
  roles: ["ROLE_USER"],
  sid: null,
});

export type WebLeadOutcome = "created" | "duplicate" | "ignored";

/**
 * POST /api/intake/{key}. Counts the request against the address and the key first (429 past
 * either), then: a filled honeypot → "ignored" (nothing written); a live prospect of the project
 * with the same phone or e-mail → a note on it ("duplicate"); else a new prospect ("created")
 * with its notification queued in the same atomic.
 */
export async function receiveWebLead(
  deps: ServiceDeps,
  fk: FormKey,
  input: WebLead,
  address: string,
): Promise<WebLeadOutcome> {
  const { kv } = deps;
  const now = deps.now();
  const allowed = await takeQuota(kv, [
    { scope: "intakeAddress", id: address },
    { scope: "intakeKey", id: fk.id },
  ], now);
  if (!allowed) {
    throw tooMany(
      "TOO_MANY_REQUESTS",
      "errors.tooManyRequests",
      LIMITS.intakeAddress.windowMs / 1000,
    );
  }
  if (input.website?.trim()) return "ignored";
  const project = await getMarketProjectByNumber(kv, fk.marketProjectId);
  if (!project || !project.active) throw keyNotFound();
  const ctx: ProspectCtx = { kv, config: deps.config, now, user: formUser(fk) };
  const lead = { ...input, marketProjectId: project.marketProjectId };
  const errors = createErrors(ctx, lead);
  if (Object.keys(errors).length) {
    throw new DomainError("validation", "VALIDATION", "errors.validation", errors);
  }
  const club = await clubFor(ctx, input.clubId);
  let record = await withClock(ctx, newProspect(ctx, lead, project, club, null, "web"));
  let auto: "pending" | "taken" | "none" = "pending";
  const contact = contactOf(input.phoneNumber, input.email);
  const at = now.toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const guards = await readGuards(kv, guardKeys(project.marketProjectId, contact));
    const same = (await contactMatches(kv, contact))
      .find((m) => m.marketProjectId === project.marketProjectId);
    if (same) {
      // Answered like a new lead (nothing tells the sender the person was known); the staff
      // are told in the note's own atomic, in the UI language of the admin who set up the form.
      const lang = (await getUserSettings(kv, fk.createdBy)).language;
      await insertNote(kv, {
        noteId: ulid(now.getTime()),
        prospectId: same.id,
        noteType: "Note",
        text: translate(lang, "intake.webLead.note", {
          when: new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "sv-SE", {
            timeZone: deps.config.timeZone,
            dateStyle: "short",
            timeStyle: "short",
          }).format(now),
        }),
        created: at,
        user: ctx.user.firstName,
        userId: ctx.user.id,
        updatedAt: null,
      }, notificationOf("webLeadAgain", same, at, `webLeadAgain:${same.id}:${at}`));
      await countFormKeyLead(kv, fk, at);
      return "duplicate";
    }
    if (auto === "pending") {
      // Nobody is assigned a web lead: the club's automatic assignment takes a turn once.
      const chosen = await takeAutoAssignee(kv, club.clubId, project.b2b);
      auto = chosen ? "taken" : "none";
      if (chosen) record = { ...record, ...chosen };
    }
    try {
      await insertProspect(kv, record, {
        userId: ctx.user.id,
        at,
        timeZone: deps.config.timeZone,
        autoAssigned: auto === "taken",
        // The assignee hears of it as a web lead (its own notification), not as an assignment.
        quietAssign: true,
        also: (p: StoredProspect) => notificationOf("webLead", p, at, `webLead:${p.id}`),
      }, guards);
      await countFormKeyLead(kv, fk, at);
      return "created";
    } catch (e) {
      if (!(e instanceof GuardMoved)) throw e; // the same person just came in: check again
    }
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}

/**
 * The notification of a web lead (new, or a known person sending the form again), written in the
 * atomic of its prospect or note (never lost).
 */
function notificationOf(
  kind: "webLead" | "webLeadAgain",
  p: StoredProspect,
  at: string,
  transitionKey: string,
) {
  const n = queuedOf(ulid(), kind, p, at, transitionKey);
  return [{ key: notificationQueueKey(n.id), value: n }];
}
