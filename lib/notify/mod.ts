/**
 * Sending e-mail and SMS: through SMTP / the HTTP SMS gateway when configured, else into the KV
 * outbox. Outside production a copy always lands in the outbox, so every flow can be completed
 * (and tested) without an external service. Callers pass ready texts (translate before calling).
 */
import type { Config } from "@/lib/config.ts";
import { type MailMessage, sendSmtp } from "@/lib/notify/mail.ts";
import { sendHttpSms, type SmsMessage } from "@/lib/notify/sms.ts";
import { type OutboxEntry, storeOutbox } from "@/lib/notify/outbox.ts";
import { firstRetryAt } from "@/lib/notify/retry.ts";

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
    await storeOutbox(kv, {
      channel: "email",
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
      createdAt: now.toISOString(),
      delivery,
      attempts: config.smtpUrl ? 1 : 0,
    }, delivery === "failed" ? firstRetryAt(now) : undefined);
  }
  return { delivery };
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
