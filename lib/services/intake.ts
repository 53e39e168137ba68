/**
 * Web-form leads (issue #15 point 5). An admin creates form keys per market project, each with the
 * origins a browser may post from. POST /api/intake/{key} creates a prospect on the one create path
 * (the create rules, the duplicate guard), rate limited per address and per key; a duplicate adds
 * a note to the person already there instead of a second row; a new lead queues a notification to
 * the club's subscribed staff in the same atomic as the prospect, mailed at once.
 */
import { HttpError, notFound } from "@/lib/domain/errors.ts";
import type { QueuedNotification } from "@/lib/domain/notifications.ts";
import { MAX_FORM_KEYS, type WebLead } from "@/lib/domain/prospect_schemas.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import {
  formKeyKey,
  formKeyLookupKey,
  formKeysPrefix,
  notificationQueueKey,
} from "@/lib/db/keys.ts";
import { listAll, ulid } from "@/lib/db/kv.ts";
import { writeAudit } from "@/lib/db/audit.ts";
import { insertNote } from "@/lib/db/notes.ts";
import { getUserSettings } from "@/lib/db/users.ts";
import { GuardMoved, insertProspect, type StoredProspect } from "@/lib/db/prospects.ts";
import { getMarketProject, getMarketProjectByNumber } from "@/lib/db/reference.ts";
import { takeQuota } from "@/lib/auth/brute_force.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { contactMatches, contactOf, guardKeys } from "@/lib/services/duplicates.ts";
import {
  clubFor,
  createErrors,
  newProspect,
  type ProspectCtx,
  withClock,
} from "@/lib/services/prospects.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

export interface FormKey {
  id: string;
  /** What the web form posts to: /api/intake/{key}. Public (it sits in a web page), not a secret. */
  key: string;
  marketProjectId: number;
  allowedOrigins: string[];
  createdAt: string;
  createdBy: string;
  /** Leads received (new and repeated) and when the last came. */
  leads: number;
  lastLeadAt: string | null;
}

const keyNotFound = () =>
  new HttpError(404, "FORM_KEY_NOT_FOUND", "intake.errors.FORM_KEY_NOT_FOUND");

async function projectOf(kv: Deno.Kv, projectDocId: string) {
  const p = await getMarketProject(kv, projectDocId);
  if (!p) throw notFound();
  return p;
}

/** GET /api/marketprojects/{id}/form-keys: the project's keys, oldest first. */
export async function listFormKeys(kv: Deno.Kv, projectDocId: string): Promise<FormKey[]> {
  const p = await projectOf(kv, projectDocId);
  return (await listAll<FormKey>(kv, formKeysPrefix(p.marketProjectId))).map((e) => e.value);
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
  // The count and the insert in one check: parallel creates cannot pass the limit.
  for (let attempt = 0; attempt < 20; attempt++) {
    const countKey = ["form_key_count", p.marketProjectId];
    const count = await kv.get<number>(countKey);
    if ((count.value ?? 0) >= MAX_FORM_KEYS) {
      throw new HttpError(
        400,
        "TOO_MANY_KEYS",
        "intake.errors.TOO_MANY_KEYS",
        undefined,
        undefined,
        {
          n: MAX_FORM_KEYS,
        },
      );
    }
    const res = await kv.atomic()
      .check(count)
      .check({ key: formKeyLookupKey(fk.key), versionstamp: null })
      .set(countKey, (count.value ?? 0) + 1)
      .set(formKeyKey(p.marketProjectId, fk.id), fk)
      .set(formKeyLookupKey(fk.key), { marketProjectId: p.marketProjectId, id: fk.id })
      .commit();
    if (res.ok) {
      await writeAudit(kv, {
        actorId: admin.id,
        actorEmail: admin.email,
        action: "formKey.create",
        targetId: fk.id,
      }, now);
      return fk;
    }
  }
  throw new HttpError(409, "CONFLICT", "errors.conflict");
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
  const countKey = ["form_key_count", p.marketProjectId];
  for (let attempt = 0; attempt < 20; attempt++) {
    const [e, count] = await kv.getMany<[FormKey, number]>([
      formKeyKey(p.marketProjectId, keyId),
      countKey,
    ]);
    if (!e.value) throw keyNotFound();
    const res = await kv.atomic()
      .check(e, count)
      .delete(e.key)
      .delete(formKeyLookupKey(e.value.key))
      .set(countKey, Math.max(0, (count.value ?? 1) - 1))
      .commit();
    if (res.ok) {
      await writeAudit(kv, {
        actorId: admin.id,
        actorEmail: admin.email,
        action: "formKey.revoke",
        targetId: keyId,
      }, deps.now());
      return;
    }
  }
  throw new HttpError(409, "CONFLICT", "errors.conflict");
}

/** The live key a web form posts with, or 404 (unknown, revoked, or its project is gone). */
export async function formKeyFor(kv: Deno.Kv, key: string): Promise<FormKey> {
  if (!/^fk_[\w-]{16,64}$/.test(key)) throw keyNotFound();
  const at = await kv.get<{ marketProjectId: number; id: string }>(formKeyLookupKey(key));
  if (!at.value) throw keyNotFound();
  const fk = await kv.get<FormKey>(formKeyKey(at.value.marketProjectId, at.value.id));
  if (!fk.value) throw keyNotFound();
  return fk.value;
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
  if (!allowed) throw new HttpError(429, "TOO_MANY_REQUESTS", "errors.tooManyRequests");
  if (input.website?.trim()) return "ignored";
  const project = await getMarketProjectByNumber(kv, fk.marketProjectId);
  if (!project || !project.active) throw keyNotFound();
  const ctx: ProspectCtx = { kv, config: deps.config, now, user: formUser(fk) };
  const lead = { ...input, marketProjectId: project.marketProjectId };
  const errors = createErrors(ctx, lead);
  if (Object.keys(errors).length) {
    throw new HttpError(400, "VALIDATION", "errors.validation", errors);
  }
  const club = await clubFor(ctx, input.clubId);
  const record = await withClock(ctx, newProspect(ctx, lead, project, club, null, "web"));
  const contact = contactOf(input.phoneNumber, input.email);
  const at = now.toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const guards = await kv.getMany(guardKeys(project.marketProjectId, contact));
    const same = (await contactMatches(kv, contact))
      .find((m) => m.marketProjectId === project.marketProjectId);
    if (same) {
      // In the UI language of the admin who set up the form (the staff's, as a rule).
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
      });
      await counted(kv, fk, at);
      return "duplicate";
    }
    try {
      await insertProspect(kv, record, {
        userId: ctx.user.id,
        at,
        timeZone: deps.config.timeZone,
        also: queued(at),
      }, guards);
      await counted(kv, fk, at);
      return "created";
    } catch (e) {
      if (!(e instanceof GuardMoved)) throw e; // the same person just came in: check again
    }
  }
  throw new HttpError(409, "CONFLICT", "errors.conflict");
}

/** The notification of a new web lead, written in the prospect's own atomic (never lost). */
const queued = (at: string) => (p: StoredProspect) => {
  const n: QueuedNotification = {
    id: ulid(),
    kind: "webLead",
    transitionKey: `webLead:${p.id}`,
    at,
    prospect: {
      id: p.id,
      customerId: p.customerId,
      firstName: p.firstName,
      lastName: p.lastName,
      phoneNumber: p.phoneNumber,
      marketProjectId: p.marketProjectId,
      marketProjectName: p.marketProjectName,
      clubId: p.clubId,
      clubName: p.clubName,
      sellStatus: p.sellStatus,
      assignId: null,
      assignName: null,
      assignUserId: null,
      b2b: p.b2b,
    },
  };
  return [{ key: notificationQueueKey(n.id), value: n }];
};

/** The key's lead count and time (best effort: a lost race only makes a statistic one short). */
async function counted(kv: Deno.Kv, fk: FormKey, at: string) {
  const e = await kv.get<FormKey>(formKeyKey(fk.marketProjectId, fk.id));
  if (!e.value) return;
  await kv.atomic().check(e).set(e.key, { ...e.value, leads: e.value.leads + 1, lastLeadAt: at })
    .commit();
}
