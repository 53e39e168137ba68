/**
 * E-mails the SMTP server refused are tried again: after 1, 2, 4, … minutes (at most an hour
 * apart), 8 attempts in all (about four hours), then they stay in the outbox marked failed for an
 * admin to see at /outbox. SMS are not retried: what they carry (sign-in codes) expires in minutes.
 * Run every minute by the cron (lib/jobs/mod.ts) under a lease.
 */
import {
  commitIfUnchanged,
  listRange,
  put,
  readEntry,
  remove,
  removeKey,
} from "@/lib/db/records.ts";
import type { Config } from "@/lib/config.ts";
import { mailRetryKey, mailRetryPrefix, outboxKey } from "@/lib/db/keys.ts";
import { sendSmtp } from "@/lib/notify/mail.ts";
import { OUTBOX_TTL_MS, type OutboxEntry } from "@/lib/notify/outbox.ts";

export const MAX_MAIL_ATTEMPTS = 8;
const MINUTE = 60_000;

/** When to try again after `attempts` failed tries (exponential, capped at one hour). */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60) * MINUTE;
}

export const firstRetryAt = (now: Date) => new Date(now.getTime() + retryDelayMs(1)).toISOString();

export interface RetryResult {
  /** Delivered on this run. */
  sent: number;
  /** Failed again and scheduled once more. */
  rescheduled: number;
  /** Failed for the last time (left in the outbox as failed). */
  gaveUp: number;
}

/** Tries every e-mail whose next attempt is due; safe to run twice (each entry moves atomically). */
export async function retryFailedMail(
  deps: { kv: Deno.Kv; config: Pick<Config, "smtpUrl" | "mailFrom">; now: () => Date },
  limit = 200,
): Promise<RetryResult> {
  const { kv, config } = deps;
  const out: RetryResult = { sent: 0, rescheduled: 0, gaveUp: 0 };
  if (!config.smtpUrl) return out;
  const now = deps.now();
  const due = listRange<string>(kv, {
    start: mailRetryPrefix(),
    end: mailRetryKey(now.toISOString() + "\u0000", ""),
  }, { limit });
  for await (const r of due) {
    const entry = await readEntry<OutboxEntry>(kv, outboxKey(r.value));
    const m = entry.value;
    if (!m || m.channel !== "email" || m.delivery !== "failed") {
      await removeKey(kv, r.key);
      continue;
    }
    // Claim the attempt first (a second runner's commit fails), then send.
    const attempts = (m.attempts ?? 1) + 1;
    const last = attempts >= MAX_MAIL_ATTEMPTS;
    const next = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
    const claimed = await commitIfUnchanged(kv, [entry, r], [
      remove(r.key),
      put(outboxKey(m.id), { ...m, attempts }, OUTBOX_TTL_MS),
      ...(last ? [] : [put(mailRetryKey(next, m.id), m.id, OUTBOX_TTL_MS)]),
    ]);
    if (!claimed) continue;
    try {
      await sendSmtp(config.smtpUrl, config.mailFrom, {
        to: m.to,
        subject: m.subject ?? "",
        text: m.text,
        html: m.html ?? undefined,
      });
    } catch (e) {
      console.error(
        JSON.stringify({ level: "error", job: "mail-retry", attempts, error: String(e) }),
      );
      if (last) out.gaveUp++;
      else out.rescheduled++;
      continue;
    }
    await commitIfUnchanged(kv, [], [
      put(outboxKey(m.id), { ...m, attempts, delivery: "smtp" }, OUTBOX_TTL_MS),
      ...(last ? [] : [remove(mailRetryKey(next, m.id))]),
    ]);
    out.sent++;
  }
  return out;
}
