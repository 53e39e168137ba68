/**
 * The one queue dispatcher: main.ts registers it once with the store's `listenQueue` (Deno Deploy
 * runs KV queues too), and it routes each message by its `kind` to the feature that enqueued it.
 * A feature adds its kinds to QUEUE_HANDLERS. A handler that throws has its message redelivered by
 * Deno KV (a few times, with backoff); handlers do their own retries where they need a schedule
 * (webhook deliveries re-enqueue themselves with a delay).
 */
import type { WebhookEventMessage, WebhookMessage } from "@/lib/domain/webhooks.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";
import {
  handleWebhookEvent,
  handleWebhookMessage,
  listenStoreQueue,
} from "@/lib/services/webhooks.ts";

type Handler = (deps: ServiceDeps, message: any) => Promise<void>;

/** Message kind → its handler. */
export const QUEUE_HANDLERS: Record<string, Handler> = {
  "webhook.event": (deps, m: WebhookEventMessage) => handleWebhookEvent(deps, m),
  "webhook.delivery": (deps, m: WebhookMessage) => handleWebhookMessage(deps, m),
};

/** Handles one message: its kind's handler, or a log line for a kind nobody handles. */
export async function dispatch(deps: ServiceDeps, message: unknown): Promise<void> {
  const kind = (message as { kind?: unknown } | null)?.kind;
  const handler = typeof kind === "string" ? QUEUE_HANDLERS[kind] : undefined;
  if (!handler) {
    console.error(JSON.stringify({ level: "error", queue: "unknown message", kind: String(kind) }));
    return;
  }
  try {
    await handler(deps, message);
  } catch (e) {
    console.error(JSON.stringify({ level: "error", queue: kind, error: String(e) }));
    throw e; // redelivered by Deno KV
  }
}

/** Starts the store's queue listener (once per process); resolves when the store closes. */
export function startQueue(deps: ServiceDeps): Promise<void> {
  return listenStoreQueue(deps, (m) => dispatch(deps, m));
}
