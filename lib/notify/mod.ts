/**
 * Sending e-mail and SMS: through SMTP / the HTTP SMS gateway when configured, else into the KV
 * outbox. Outside production a copy always lands in the outbox, so every flow can be completed
 * (and tested) without an external service. Callers pass ready texts (translate before calling).
 */
import { absent, commitIfUnchanged, put, remove, writeValue } from "@/lib/db/records.ts";
import type { Config } from "@/lib/config.ts";
import { type MailMessage, sendSmtp } from "@/lib/notify/mail.ts";
import { sendHttpSms, type SmsMessage } from "@/lib/notify/sms.ts";
import { OUTBOX_TTL_MS, type OutboxEntry, storeOutbox } from "@/lib/notify/outbox.ts";
import { firstRetryAt } from "@/lib/notify/retry.ts";
import { mailRetryKey, outboxKey } from "@/lib/db/keys.ts";
import { ulid } from "@/lib/db/kv.ts";

export type { MailMessage, SmsMessage };
export { clearOutbox, listOutbox, type OutboxEntry } from "@/lib/notify/outbox.ts";

export interface NotifyDeps {
  kv: Deno.Kv;
  config: Pick<
    Config,
    "smtpUrl" | "mailFrom" | "smsUrl" | "smsToken" | "smsFrom" | "outboxReadable"
  >;
  now?: () => Date;
}

export interface SendResult {
  delivery: OutboxEntry["delivery"];
}

function logFailure(channel: string, err: unknown) {
  // Never the message body: it may hold a code or a link.
  console.error(JSON.stringify({ level: "error", notify: channel, error: String(err) }));
}

/** The outbox copy of an e-mail. */
function mailEntry(
  m: MailMessage,
  now: Date,
  delivery: OutboxEntry["delivery"],
  attempts: number,
): Omit<OutboxEntry, "id"> {
  return {
    channel: "email",
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    createdAt: now.toISOString(),
    delivery,
    attempts,
  };
}

/** Sends an e-mail; resolves once it is sent or stored. Throws only when nothing could keep it. */
export async function sendMail(deps: NotifyDeps, m: MailMessage): Promise<SendResult> {
  const { kv, config } = deps;
  let delivery: OutboxEntry["delivery"] = "outbox";
  if (config.smtpUrl) {
    try {
      await sendSmtp(config.smtpUrl, config.mailFrom, m);
      delivery = "smtp";
    } catch (e) {
      logFailure("email", e);
      delivery = "failed";
    }
  }
  if (delivery !== "smtp" || config.outboxReadable) {
    const now = deps.now?.() ?? new Date();
    await storeOutbox(
      kv,
      mailEntry(m, now, delivery, config.smtpUrl ? 1 : 0),
      delivery === "failed" ? firstRetryAt(now) : undefined,
    );
  }
  return { delivery };
}

/**
 * Sends an e-mail to one recipient of a fan-out that may crash midway (notifications), once:
 * the claim `claimKey` and the mail, stored in the outbox with its first retry already scheduled,
 * are one atomic, so once claimed the mail cannot be lost — if the process dies before SMTP took
 * it, the mail-retry job sends it. Answers null when someone else claimed it first.
 */
export async function sendClaimedMail(
  deps: NotifyDeps,
  m: MailMessage,
  claim: { key: Deno.KvKey; expireIn: number },
): Promise<SendResult | null> {
  const { kv, config } = deps;
  const now = deps.now?.() ?? new Date();
  // Until SMTP accepts it, it is an e-mail waiting for its (re)try.
  const entry = { id: ulid(), ...mailEntry(m, now, config.smtpUrl ? "failed" : "outbox", 0) };
  const retryAt = firstRetryAt(now);
  const claimed = await commitIfUnchanged(kv, [absent(claim.key)], [
    put(claim.key, { at: entry.createdAt }, claim.expireIn),
    put(outboxKey(entry.id), entry, OUTBOX_TTL_MS),
    ...(config.smtpUrl ? [put(mailRetryKey(retryAt, entry.id), entry.id, OUTBOX_TTL_MS)] : []),
  ]);
  if (!claimed) return null;
  if (!config.smtpUrl) return { delivery: "outbox" };
  try {
    await sendSmtp(config.smtpUrl, config.mailFrom, m);
  } catch (e) {
    logFailure("email", e);
    const failed = { ...entry, attempts: 1 };
    await writeValue(kv, outboxKey(entry.id), failed, OUTBOX_TTL_MS);
    return { delivery: "failed" };
  }
  await commitIfUnchanged(kv, [], [
    remove(mailRetryKey(retryAt, entry.id)),
    config.outboxReadable
      ? put(outboxKey(entry.id), { ...entry, delivery: "smtp", attempts: 1 }, OUTBOX_TTL_MS)
      : remove(outboxKey(entry.id)),
  ]);
  return { delivery: "smtp" };
}

/** Sends an SMS; the result says whether a gateway took it (MFA needs to know). */
export async function sendSms(deps: NotifyDeps, m: SmsMessage): Promise<SendResult> {
  const { kv, config } = deps;
  let delivery: OutboxEntry["delivery"] = "outbox";
  if (config.smsUrl) {
    try {
      await sendHttpSms(
        { smsUrl: config.smsUrl, smsToken: config.smsToken, smsFrom: config.smsFrom },
        m,
      );
      delivery = "sms-gateway";
    } catch (e) {
      logFailure("sms", e);
      delivery = "failed";
    }
  }
  if (delivery !== "sms-gateway" || config.outboxReadable) {
    await storeOutbox(kv, {
      channel: "sms",
      to: m.to.replace(/\s+/g, ""),
      subject: null,
      text: m.message,
      html: null,
      createdAt: (deps.now?.() ?? new Date()).toISOString(),
      delivery,
    });
  }
  return { delivery };
}
