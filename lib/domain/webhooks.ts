/**
 * Outbound webhooks (docs/api.md): the events, what a prospect write emits, the queue messages,
 * the retry schedule, the signature and the address rules. Pure: no clock, no I/O (the HMAC is
 * Web Crypto's).
 */

export const WEBHOOK_EVENTS = [
  "prospect.created",
  "prospect.updated",
  "prospect.deleted",
  "prospect.restored",
  "prospect.erased",
  "note.created",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The fields whose change is a `prospect.updated`; none is personal, so their values go along. */
export const WEBHOOK_UPDATE_FIELDS = [
  "sellStatus",
  "assignUserId",
  "followUpDate",
  "clubId",
] as const;

/** The personal fields a delivery carries for an endpoint registered with includePersonalData. */
export const WEBHOOK_PERSONAL_FIELDS = ["firstName", "lastName", "phoneNumber", "email"] as const;

/** A failed delivery is tried again after these delays (1 min … 24 h), then given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  24 * 3_600_000,
] as const;

/** An endpoint that has failed for this long without one success is disabled. */
export const WEBHOOK_FAILING_LIMIT_MS = 24 * 3_600_000;
/** A delivery's request is aborted after this long. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The deliveries kept per endpoint (the newest). */
export const WEBHOOK_DELIVERIES_KEPT = 50;

/**
 * One event as queued: ids, the event type and the changed non-personal fields — never personal
 * data (a delivery reads those from the current record, and never an erased person's).
 */
export interface WebhookEvent {
  /** The same on every attempt and every endpoint: a receiver drops repeats by it. */
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  prospectId: string;
  /** The prospect's project when the write knew it (a note's event does not carry it). */
  marketProjectId?: number;
  noteId?: string;
  /** prospect.updated: the changed fields' new values (WEBHOOK_UPDATE_FIELDS). */
  changes?: Record<string, unknown>;
}

/**
 * The queue message of a webhook delivery (lib/jobs/queue.ts routes it by `kind`): one per event
 * and endpoint, enqueued in the atomic of the change, and again by each failed attempt.
 */
export type WebhookMessage = {
  kind: "webhook.delivery";
  endpointId: string;
  event: WebhookEvent;
  attempt: number;
};

/** An event's first or second attempt to every endpoint that takes it: one message per event. */
export type WebhookEventMessage = {
  kind: "webhook.event";
  endpointIds: string[];
  event: WebhookEvent;
  attempt: 1 | 2;
};

/** The prospect fields the events are worked out from. */
export interface WebhookFacts {
  id: string;
  marketProjectId: number;
  deleted: boolean;
  activityStatus: string;
  sellStatus: string | null;
  assignUserId: string | null;
  followUpDate: string | null;
  clubId: number;
}

const erased = (p: WebhookFacts) => p.activityStatus === "CustomerCleaned";

/** The events one prospect write emits (before null: a creation), without id and time. */
export function prospectWebhookEvents(
  before: WebhookFacts | null,
  after: WebhookFacts,
): Omit<WebhookEvent, "id" | "occurredAt">[] {
  const base = { prospectId: after.id, marketProjectId: after.marketProjectId };
  if (!before) return [{ type: "prospect.created", ...base }];
  if (erased(after) && !erased(before)) return [{ type: "prospect.erased", ...base }];
  if (after.deleted && !before.deleted) return [{ type: "prospect.deleted", ...base }];
  if (!after.deleted && before.deleted) return [{ type: "prospect.restored", ...base }];
  if (after.deleted || erased(after)) return [];
  const changes: Record<string, unknown> = {};
  for (const f of WEBHOOK_UPDATE_FIELDS) {
    if ((before[f] ?? null) !== (after[f] ?? null)) changes[f] = after[f] ?? null;
  }
  return Object.keys(changes).length ? [{ type: "prospect.updated", ...base, changes }] : [];
}

/** The delay before attempt `next` (2 … 7), from `delays`; null: no more attempts. */
export function retryDelay(
  next: number,
  delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
): number | null {
  return next - 2 < delays.length ? delays[next - 2] : null;
}

const hex = (b: ArrayBuffer) =>
  [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");

/**
 * The `Klubbleads-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 */
export async function signatureHeader(secret: string, t: number, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, enc.encode(`${t}.${body}`));
  return `t=${t},v1=${hex(mac)}`;
}

/**
 * Whether an IP address is loopback, private, link-local, unspecified or otherwise not a public
 * host (IPv4 and IPv6, IPv4-mapped included).
 */
export function isNonPublicAddress(ip: string): boolean {
  const a = ip.toLowerCase().replace(/^\[|\]$/g, "");
  const v4 = a.startsWith("::ffff:") ? a.slice(7) : a;
  const m = v4.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (m) {
    const [x, y] = [Number(m[1]), Number(m[2])];
    return x === 0 || x === 10 || x === 127 || (x === 169 && y === 254) ||
      (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) ||
      (x === 100 && y >= 64 && y <= 127) || x >= 224;
  }
  return a === "::" || a === "::1" || a.startsWith("fe8") || a.startsWith("fe9") ||
    a.startsWith("fea") || a.startsWith("feb") || a.startsWith("fc") || a.startsWith("fd") ||
    a.startsWith("ff");
}

/**
 * The address rules a URL must pass before any DNS lookup: http(s) only, https in production, no
 * credentials in it. Answers an i18n key, or null when it passes.
 */
export function webhookUrlProblem(url: string, production: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "webhooks.errors.url";
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return "webhooks.errors.url";
  if (production && u.protocol !== "https:") return "webhooks.errors.https";
  if (u.username || u.password) return "webhooks.errors.url";
  return null;
}
