/**
 * Outbound webhooks (docs/api.md): admins register endpoints; the write engine fans each event of
 * a change out to every enabled endpoint subscribed to it, one delivery message each, in the
 * change's own atomic (lib/db/prospects.ts, lib/db/notes.ts); the queue dispatcher
 * (lib/jobs/queue.ts) hands the messages here: a delivery POSTs the signed event, logs the attempt
 * and, when it fails, tries again after the next delay of the retry schedule. An endpoint failing
 * for a day is disabled and its admin told by e-mail.
 */
import { seal, unseal } from "@/lib/auth/crypto.ts";
import { can } from "@/lib/auth/permissions.ts";
import { getRecord } from "@/lib/db/prospect_record.ts";
import { getNoteEntry } from "@/lib/db/notes.ts";
import { getUser, getUserSettings } from "@/lib/db/users.ts";
import { ulid } from "@/lib/db/kv.ts";
import {
  deleteWebhook,
  type DeliveryLog,
  enqueueMessages,
  getWebhookEntry,
  listDeliveries,
  listenQueue,
  listWebhooks,
  logDeliveries,
  logDelivery,
  putWebhook,
  useRetryDelays,
  wasDelivered,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "@/lib/db/webhooks.ts";
import { badRequest, forbidden, notFound } from "@/lib/domain/errors.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import {
  isNonPublicAddress,
  retryDelay,
  signatureHeader,
  WEBHOOK_FAILING_LIMIT_MS,
  WEBHOOK_PERSONAL_FIELDS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookEvent,
  type WebhookEventMessage,
  type WebhookEventType,
  type WebhookMessage,
  webhookUrlProblem,
} from "@/lib/domain/webhooks.ts";
import { sendMail } from "@/lib/notify/mod.ts";
import { translate } from "@/lib/i18n/mod.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

export type { WebhookDelivery };

/** An endpoint as the API shows it: never its secret. */
export type WebhookView = Omit<WebhookEndpoint, "sealedSecret">;
const view = ({ sealedSecret: _, ...w }: WebhookEndpoint): WebhookView => w;

export interface WebhookInput {
  url: string;
  events: WebhookEventType[];
  description?: string | null;
  includePersonalData?: boolean;
}

function mustBeAdmin(user: SessionUser) {
  if (!can(user, "admin")) throw forbidden();
}

/**
 * Whether a URL may receive deliveries now: the address rules, and in production every address
 * its host resolves to public (Deno.resolveDns; a host that does not resolve is refused). Answers
 * an i18n key, or null.
 */
export async function urlRefusal(deps: ServiceDeps, url: string): Promise<string | null> {
  const production = deps.config.env === "production";
  const problem = webhookUrlProblem(url, production);
  if (problem || !production) return problem;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (/^[\d.]+$/.test(host) || host.includes(":")) {
    return isNonPublicAddress(host) ? "webhooks.errors.address" : null;
  }
  const found: string[] = [];
  for (const type of ["A", "AAAA"] as const) {
    try {
      found.push(...await Deno.resolveDns(host, type));
    } catch { /* no records of this type */ }
  }
  if (!found.length) return "webhooks.errors.resolve";
  return found.some(isNonPublicAddress) ? "webhooks.errors.address" : null;
}

/** POST /api/admin/webhooks: the new endpoint and its secret (shown this once). */
export async function createWebhook(
  deps: ServiceDeps,
  user: SessionUser,
  input: WebhookInput,
): Promise<WebhookView & { secret: string }> {
  mustBeAdmin(user);
  const refusal = await urlRefusal(deps, input.url);
  if (refusal) throw badRequest({ url: refusal });
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const secret = `whsec_${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  const w: WebhookEndpoint = {
    id: ulid(),
    url: input.url,
    events: [...new Set(input.events)],
    description: input.description ?? null,
    includePersonalData: input.includePersonalData ?? false,
    enabled: true,
    sealedSecret: await seal(secret, deps.config.secretKey),
    createdAt: deps.now().toISOString(),
    createdBy: user.id,
    failingSince: null,
    disabledReason: null,
  };
  await putWebhook(deps.kv, w);
  return { ...view(w), secret };
}

/** Every webhook endpoint, as admins see them (no secret). */
export async function listWebhookViews(deps: ServiceDeps, user: SessionUser) {
  mustBeAdmin(user);
  return (await listWebhooks(deps.kv)).map(view).sort((a, b) => a.id.localeCompare(b.id));
}

async function endpointEntry(deps: ServiceDeps, id: string) {
  const e = await getWebhookEntry(deps.kv, id);
  if (!e.value) throw notFound();
  return e as Deno.KvEntry<WebhookEndpoint>;
}

/** PUT /api/admin/webhooks/{id}: enable or disable, the events, the description, the URL. */
export async function updateWebhook(
  deps: ServiceDeps,
  user: SessionUser,
  id: string,
  input: Partial<WebhookInput> & { enabled?: boolean },
): Promise<WebhookView> {
  mustBeAdmin(user);
  if (input.url !== undefined) {
    const refusal = await urlRefusal(deps, input.url);
    if (refusal) throw badRequest({ url: refusal });
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const e = await endpointEntry(deps, id);
    const next: WebhookEndpoint = {
      ...e.value,
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.includePersonalData !== undefined
        ? { includePersonalData: input.includePersonalData }
        : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    };
    // Enabled again by an admin: it starts afresh.
    if (input.enabled === true && !e.value.enabled) {
      next.failingSince = null;
      next.disabledReason = null;
    }
    if (await putWebhook(deps.kv, next, e)) return view(next);
  }
  throw badRequest(undefined, "errors.conflict");
}

/** Deletes an endpoint (admins; 404 when none). */
export async function removeWebhook(deps: ServiceDeps, user: SessionUser, id: string) {
  mustBeAdmin(user);
  await endpointEntry(deps, id);
  await deleteWebhook(deps.kv, id);
}

/** An endpoint's recent delivery attempts (admins; 404 when none). */
export async function webhookDeliveries(
  deps: ServiceDeps,
  user: SessionUser,
  id: string,
): Promise<WebhookDelivery[]> {
  mustBeAdmin(user);
  await endpointEntry(deps, id);
  return await listDeliveries(deps.kv, id);
}

/** POST /api/admin/webhooks/{id}/ping: one signed `ping` delivery now, logged; answers it. */
export async function pingWebhook(
  deps: ServiceDeps,
  user: SessionUser,
  id: string,
): Promise<WebhookDelivery> {
  mustBeAdmin(user);
  const e = await endpointEntry(deps, id);
  const at = deps.now().toISOString();
  const body = JSON.stringify({ id: ulid(), type: "ping", occurredAt: at, data: {} });
  const sent = await post(deps, e.value, body);
  const d = { at, eventId: "ping", event: "ping" as const, attempt: 1, ...sent };
  await logDelivery(deps.kv, id, d);
  return { id: "", ...d };
}

// ── the queue's side ────────────────────────────────────────────────────────

/**
 * Listens to the store's queue with `handler` (lib/jobs/queue.ts registers the one dispatcher),
 * after setting the retry schedule the changes queue second attempts with (config, for tests).
 */
export function listenStoreQueue(deps: ServiceDeps, handler: (message: unknown) => Promise<void>) {
  if (deps.config.webhookRetryDelaysMs) useRetryDelays(deps.config.webhookRetryDelaysMs);
  return listenQueue(deps.kv, handler);
}

/** Handles one webhook queue message (lib/jobs/queue.ts routes `webhook.*` kinds here). */
export async function handleWebhookMessage(deps: ServiceDeps, msg: WebhookMessage) {
  await deliver(deps, msg.endpointId, msg.event, msg.attempt);
}

/**
 * An event's first (or second) attempt to each endpoint that takes it, at once, logged in one
 * atomic; an endpoint that already got it is passed over.
 */
export async function handleWebhookEvent(deps: ServiceDeps, msg: WebhookEventMessage) {
  const logs: DeliveryLog[] = [];
  await Promise.all(msg.endpointIds.map((id) => deliver(deps, id, msg.event, msg.attempt, logs)));
  await logDeliveries(deps.kv, logs);
}

/**
 * The body of a delivery: `{id, type, occurredAt, data}`; data holds the ids and changed fields,
 * and, for an endpoint with includePersonalData, the person's fields read from the record now —
 * never for an erased person (or a prospect.erased event).
 */
export async function deliveryBody(
  deps: ServiceDeps,
  w: Pick<WebhookEndpoint, "includePersonalData">,
  event: WebhookEvent,
): Promise<string> {
  const data: Record<string, unknown> = { prospectId: event.prospectId };
  if (event.marketProjectId !== undefined) data.marketProjectId = event.marketProjectId;
  if (event.noteId) data.noteId = event.noteId;
  if (event.changes) data.changes = event.changes;
  if (w.includePersonalData && event.type !== "prospect.erased") {
    const p = (await getRecord(deps.kv, event.prospectId)).value;
    if (p && p.activityStatus !== "CustomerCleaned") {
      data.person = Object.fromEntries(WEBHOOK_PERSONAL_FIELDS.map((f) => [f, p[f] ?? null]));
      if (event.noteId) {
        const note = (await getNoteEntry(deps.kv, event.noteId)).value;
        if (note) data.noteText = note.text;
      }
    }
  }
  return JSON.stringify({ id: event.id, type: event.type, occurredAt: event.occurredAt, data });
}

/** POSTs a body to an endpoint, signed; what came of it (never throws). */
async function post(
  deps: ServiceDeps,
  w: WebhookEndpoint,
  body: string,
): Promise<Pick<WebhookDelivery, "statusCode" | "durationMs" | "error">> {
  const t0 = performance.now();
  const took = () => Math.round(performance.now() - t0);
  const refusal = await urlRefusal(deps, w.url);
  if (refusal) return { statusCode: null, durationMs: took(), error: refusal };
  const secret = await unseal(w.sealedSecret, deps.config.secretKey);
  if (secret === null) return { statusCode: null, durationMs: took(), error: "secret" };
  const t = Math.floor(deps.now().getTime() / 1000);
  try {
    const res = await fetch(w.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Klubbleads-Webhooks/1",
        "Klubbleads-Signature": await signatureHeader(secret, t, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(deps.config.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return { statusCode: res.status, durationMs: took(), error: ok ? null : `HTTP ${res.status}` };
  } catch (e) {
    const error = e instanceof DOMException && e.name === "TimeoutError" ? "timeout" : "network";
    return { statusCode: null, durationMs: took(), error };
  }
}

/**
 * One attempt of one event to one endpoint. Attempt k+1 is always queued before attempt k runs (the
 * change's atomic queues the first two), and attempt k queues attempt k+2 before it POSTs, so a
 * process that dies in the middle of an attempt still retries on time. An attempt of an event
 * already delivered to the endpoint does nothing (a receiver still drops repeats by id: a message
 * in flight at a crash may be handed out again by Deno KV).
 */
async function deliver(
  deps: ServiceDeps,
  endpointId: string,
  event: WebhookEvent,
  attempt: number,
  /** Where the attempt's log goes when the caller logs several at once; else it is logged here. */
  logs?: DeliveryLog[],
) {
  const [e, done] = await Promise.all([
    getWebhookEntry(deps.kv, endpointId),
    wasDelivered(deps.kv, endpointId, event.id),
  ]);
  const w = e.value;
  if (!w || !w.enabled || done) return;
  const delays = deps.config.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const retry = (n: number, delay: number): { message: WebhookMessage; delay: number } => ({
    message: { kind: "webhook.delivery", endpointId, event, attempt: n },
    delay,
  });
  // Attempt k (k > 1) queues k + 2 before it posts, so a process that dies meanwhile leaves the
  // next but one queued (the change queued the second); the first queues the third only when it
  // fails, as nearly every first attempt arrives.
  const [next, after] = [retryDelay(attempt + 1, delays), retryDelay(attempt + 2, delays)];
  const third = next !== null && after !== null ? retry(attempt + 2, next + after) : null;
  if (attempt > 1 && third) await enqueueMessages(deps.kv, [third]);
  const at = deps.now();
  const sent = await post(deps, w, await deliveryBody(deps, w, event));
  if (attempt === 1 && sent.error !== null && third) await enqueueMessages(deps.kv, [third]);
  const log: DeliveryLog = {
    endpointId: w.id,
    delivery: { at: at.toISOString(), eventId: event.id, event: event.type, attempt, ...sent },
    delivered: sent.error === null ? event.id : undefined,
  };
  if (logs) logs.push(log);
  else await logDeliveries(deps.kv, [log]);
  if (sent.error === null) {
    if (w.failingSince) await markEndpoint(deps, w.id, { failingSince: null });
    return;
  }
  const since = w.failingSince ?? at.toISOString();
  if (at.getTime() - Date.parse(since) >= WEBHOOK_FAILING_LIMIT_MS) {
    await disableFailing(deps, w.id);
  } else if (!w.failingSince) await markEndpoint(deps, w.id, { failingSince: since });
}

/** Sets fields of an endpoint as it is now (re-read on a concurrent change). */
async function markEndpoint(deps: ServiceDeps, id: string, fields: Partial<WebhookEndpoint>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const e = await getWebhookEntry(deps.kv, id);
    if (!e.value) return null;
    const next = { ...e.value, ...fields };
    if (await putWebhook(deps.kv, next, e)) return next;
  }
  return null;
}

/** Disables an endpoint that has failed for a day and tells the admin who registered it. */
async function disableFailing(deps: ServiceDeps, id: string) {
  let w: WebhookEndpoint | null = null;
  for (let attempt = 0; attempt < 5 && !w; attempt++) {
    const e = await getWebhookEntry(deps.kv, id);
    // Only the delivery that switches it off tells the admin.
    if (!e.value?.enabled) return;
    const next = { ...e.value, enabled: false, disabledReason: "webhooks.disabledFailing" };
    if (await putWebhook(deps.kv, next, e)) w = next;
  }
  if (!w) return;
  const admin = await getUser(deps.kv, w.createdBy);
  if (!admin) return;
  const lang = (await getUserSettings(deps.kv, admin.id)).language === "en" ? "en" : "sv";
  await sendMail(deps, {
    to: admin.email,
    subject: translate(lang, "webhooks.mail.subject"),
    text: translate(lang, "webhooks.mail.text", { url: w.url, app: deps.config.appUrl }),
  });
}
