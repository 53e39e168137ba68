/**
 * The KV outbox: every e-mail and SMS is stored here when no provider is configured, and a copy is
 * kept outside production so /outbox and GET /api/outbox can complete flows end to end.
 */
import { commitIfUnchanged, listEntries, put } from "@/lib/db/records.ts";
import { mailRetryKey, outboxKey, outboxPrefix } from "@/lib/db/keys.ts";
import { deletePrefix, ulid } from "@/lib/db/kv.ts";

/** Entries live 14 days: long enough to debug a flow, short enough not to pile up codes. */
export const OUTBOX_TTL_MS = 14 * 24 * 3600 * 1000;

export interface OutboxEntry {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: string;
  /** How it left: through the provider, only into the outbox, or the provider failed. */
  delivery: "smtp" | "sms-gateway" | "outbox" | "failed";
  /** Sending attempts through the provider so far (e-mails the SMTP server refused are retried). */
  attempts?: number;
}

/**
 * Stores an entry; `retryAt` also schedules another SMTP attempt (lib/notify/retry.ts), in the
 * same atomic, so a refused e-mail is never just parked.
 */
export async function storeOutbox(
  kv: Deno.Kv,
  entry: Omit<OutboxEntry, "id">,
  retryAt?: string,
): Promise<OutboxEntry> {
  const full: OutboxEntry = { id: ulid(), ...entry };
  await commitIfUnchanged(kv, [], [
    put(outboxKey(full.id), full, OUTBOX_TTL_MS),
    ...(retryAt ? [put(mailRetryKey(retryAt, full.id), full.id, OUTBOX_TTL_MS)] : []),
  ]);
  return full;
}

/** Newest first; `to` filters by recipient (case-insensitive, spaces ignored for phone numbers). */
export async function listOutbox(
  kv: Deno.Kv,
  opts: { to?: string; limit?: number; now?: Date } = {},
): Promise<OutboxEntry[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const want = opts.to ? normalizeRecipient(opts.to) : null;
  const cutoff = (opts.now ?? new Date()).getTime() - OUTBOX_TTL_MS;
  const out: OutboxEntry[] = [];
  for await (const e of listEntries<OutboxEntry>(kv, outboxPrefix(), { reverse: true })) {
    if (Date.parse(e.value.createdAt) < cutoff) continue;
    if (want && normalizeRecipient(e.value.to) !== want) continue;
    out.push(e.value);
    if (out.length >= limit) break;
  }
  return out;
}

export function clearOutbox(kv: Deno.Kv): Promise<number> {
  return deletePrefix(kv, outboxPrefix());
}

export function normalizeRecipient(to: string): string {
  return to.includes("@") ? to.trim().toLowerCase() : to.replace(/\s+/g, "");
}
