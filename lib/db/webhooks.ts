/**
 * Outbound webhook endpoints and their delivery log in KV, the cached "is any endpoint enabled"
 * check the write engine asks before it enqueues an event, and the queue's enqueue and listen
 * calls (Deno KV queues: the message is committed with the change that causes it).
 */
import {
  webhookDeliveriesPrefix,
  webhookDeliveryKey,
  webhookDoneKey,
  webhookKey,
  webhooksPrefix,
} from "@/lib/db/keys.ts";
import { listAll, ulid } from "@/lib/db/kv.ts";
import {
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookEvent,
  type WebhookEventMessage,
  type WebhookEventType,
} from "@/lib/domain/webhooks.ts";

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  includePersonalData: boolean;
  enabled: boolean;
  /** The signing secret, sealed with SECRET_KEY (lib/auth/crypto.ts seal). */
  sealedSecret: string;
  createdAt: string;
  createdBy: string;
  /** The first failure since the last success (null: not failing). */
  failingSince: string | null;
  /** Why it was disabled by the app (an i18n key), if it was. */
  disabledReason: string | null;
}

export interface WebhookDelivery {
  id: string;
  at: string;
  eventId: string;
  /** The event's type, or "ping" (a test sent by an admin). */
  event: WebhookEventType | "ping";
  /** The HTTP status answered (null: no answer — refused, timed out, address not allowed). */
  statusCode: number | null;
  attempt: number;
  durationMs: number;
  error: string | null;
}

/** Every webhook endpoint. */
export async function listWebhooks(kv: Deno.Kv): Promise<WebhookEndpoint[]> {
  return (await listAll<WebhookEndpoint>(kv, webhooksPrefix())).map((e) => e.value);
}

/** An endpoint's entry (value null when none), for a checked change. */
export async function getWebhookEntry(kv: Deno.Kv, id: string) {
  return await kv.get<WebhookEndpoint>(webhookKey(id));
}

/** Writes an endpoint; with `before`, only when it is unchanged since read (false: it moved). */
export async function putWebhook(
  kv: Deno.Kv,
  next: WebhookEndpoint,
  before: Deno.KvEntryMaybe<WebhookEndpoint> | null = null,
): Promise<boolean> {
  const op = kv.atomic();
  if (before) op.check(before);
  const res = await op.set(webhookKey(next.id), next).commit();
  if (res.ok) await refreshWebhooksOn(kv);
  return res.ok;
}

/** Deletes an endpoint. */
export async function deleteWebhook(kv: Deno.Kv, id: string): Promise<void> {
  await kv.delete(webhookKey(id));
  for (const e of await listAll(kv, webhookDeliveriesPrefix(id))) await kv.delete(e.key);
  await refreshWebhooksOn(kv);
}

/** One delivery attempt to log: the endpoint, the attempt, and the event when it arrived. */
export interface DeliveryLog {
  endpointId: string;
  delivery: Omit<WebhookDelivery, "id">;
  /** The event reached the endpoint: its later attempts do nothing. */
  delivered?: string;
}

/**
 * Logs delivery attempts in one atomic (an event's attempts to all its endpoints together) and, for
 * one log in TRIM_EVERY, drops an endpoint's entries past the newest WEBHOOK_DELIVERIES_KEPT (the
 * list is read then, not on every attempt: a save's deliveries share the store's writer with it).
 */
export async function logDeliveries(kv: Deno.Kv, logs: DeliveryLog[]): Promise<void> {
  if (!logs.length) return;
  const op = kv.atomic();
  for (const l of logs) {
    const id = ulid();
    op.set(webhookDeliveryKey(l.endpointId, id), { id, ...l.delivery });
    if (l.delivered) {
      op.set(webhookDoneKey(l.endpointId, l.delivered), true, { expireIn: DONE_KEPT_MS });
    }
    if (Math.random() < 1 / TRIM_EVERY) {
      const sel = { prefix: webhookDeliveriesPrefix(l.endpointId) };
      let n = 1;
      for await (const e of kv.list(sel, { reverse: true, limit: WEBHOOK_DELIVERIES_KEPT * 2 })) {
        if (++n > WEBHOOK_DELIVERIES_KEPT) op.delete(e.key);
      }
    }
  }
  await op.commit();
}

/** Logs one delivery attempt (logDeliveries). */
export async function logDelivery(
  kv: Deno.Kv,
  endpointId: string,
  d: Omit<WebhookDelivery, "id">,
  delivered?: string,
): Promise<void> {
  await logDeliveries(kv, [{ endpointId, delivery: d, delivered }]);
}

/** How many logs in a row may pass before an endpoint's old entries are dropped (on average). */
const TRIM_EVERY = 10;

/** How long a delivered event is remembered: longer than its last retry could come. */
const DONE_KEPT_MS = 2 * 86_400_000;

/** Whether an event was already delivered to an endpoint. */
export async function wasDelivered(kv: Deno.Kv, endpointId: string, eventId: string) {
  return (await kv.get(webhookDoneKey(endpointId, eventId))).value !== null;
}

/** An endpoint's newest WEBHOOK_DELIVERIES_KEPT deliveries, newest first. */
export async function listDeliveries(kv: Deno.Kv, endpointId: string): Promise<WebhookDelivery[]> {
  const out: WebhookDelivery[] = [];
  const sel = { prefix: webhookDeliveriesPrefix(endpointId) };
  for await (
    const e of kv.list<WebhookDelivery>(sel, {
      reverse: true,
      limit: WEBHOOK_DELIVERIES_KEPT,
    })
  ) out.push(e.value);
  return out;
}

// ── the cached check ────────────────────────────────────────────────────────

/** The enabled endpoints and the events each takes (null: none enabled). */
export type Subscribers = { id: string; events: readonly string[] }[] | null;

/** How old the cached answer may be before a write refreshes it (in the background). */
const ON_TTL_MS = 2_000;
const onCache = new WeakMap<Deno.Kv, { subs: Subscribers; at: number; reading: boolean }>();

/** Reads the enabled endpoints and caches them for this store. */
async function readOn(kv: Deno.Kv): Promise<Subscribers> {
  const on = (await listWebhooks(kv)).filter((w) => w.enabled)
    .map((w) => ({ id: w.id, events: w.events }));
  const subs = on.length ? on : null;
  onCache.set(kv, { subs, at: Date.now(), reading: false });
  return subs;
}

/**
 * The enabled endpoints (null: none): the write engine asks on every write, so it answers from a
 * per-process cache (one listing of the few endpoints the first time); a stale answer is refreshed
 * in the background, and this process's own endpoint changes refresh it at once. Another instance
 * learns of a new endpoint within ON_TTL_MS.
 */
export function webhooksOn(kv: Deno.Kv): Subscribers | Promise<Subscribers> {
  const c = onCache.get(kv);
  if (!c) return readOn(kv);
  if (Date.now() - c.at > ON_TTL_MS && !c.reading) {
    c.reading = true;
    readOn(kv).catch(() => (c.reading = false));
  }
  return c.subs;
}

/** Reads the enabled endpoints again now (after this process changed one). */
export function refreshWebhooksOn(kv: Deno.Kv): Promise<Subscribers> {
  return readOn(kv);
}

// ── the queue ───────────────────────────────────────────────────────────────

/** The delay of an event's second attempt (the retry schedule's first; tests shorten it). */
const second = { delayMs: WEBHOOK_RETRY_DELAYS_MS[0] as number };
/** Sets the retry schedule the second attempts are queued with (the queue's start, from config). */
export function useRetryDelays(delays: readonly number[]): void {
  second.delayMs = delays[0] ?? WEBHOOK_RETRY_DELAYS_MS[0];
}

/**
 * A write's events as delivery messages, added to its atomic: committed with the change or not at
 * all. Per event, one message carries the first attempt to every subscribed endpoint and one the
 * second, after the first retry delay (it does nothing for an endpoint that got the event), so a
 * process that dies while the first runs still leaves the next queued; a failed attempt queues the
 * endpoint's further ones (lib/services/webhooks.ts).
 */
export function enqueueEvents(
  op: Deno.AtomicOperation,
  events: Omit<WebhookEvent, "id">[],
  subscribers: NonNullable<Subscribers>,
): void {
  for (const e of events) {
    const endpointIds = subscribers.filter((s) => s.events.includes(e.type)).map((s) => s.id);
    if (!endpointIds.length) continue;
    const event: WebhookEvent = { id: ulid(), ...e };
    const msg = (attempt: 1 | 2): WebhookEventMessage => ({
      kind: "webhook.event",
      endpointIds,
      event,
      attempt,
    });
    op.enqueue(msg(1));
    op.enqueue(msg(2), { delay: second.delayMs });
  }
}

/** Enqueues messages in one atomic, each after `delay` ms (0: now). */
export async function enqueueMessages(
  kv: Deno.Kv,
  messages: { message: unknown; delay?: number }[],
): Promise<void> {
  for (let i = 0; i < messages.length; i += 500) {
    const op = kv.atomic();
    for (const m of messages.slice(i, i + 500)) {
      op.enqueue(m.message, m.delay ? { delay: m.delay } : undefined);
    }
    await op.commit();
  }
}

/** The store's queue listener (one per process: lib/jobs/queue.ts registers it). */
export function listenQueue(kv: Deno.Kv, handler: (message: unknown) => Promise<void>) {
  return kv.listenQueue(handler);
}
