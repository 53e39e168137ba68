/** E-mail over SMTP with nodemailer (SMTP_URL); one transport per URL, reused across sends. */
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

type Transport = { sendMail(m: Record<string, unknown>): Promise<unknown> };
const transports = new Map<string, Transport>();

function transportFor(smtpUrl: string): Transport {
  let t = transports.get(smtpUrl);
  if (!t) {
    const url = new URL(smtpUrl);
    // Plain smtp:// to a local relay (tests, closed networks) may have no TLS at all.
    const local = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    t = nodemailer.createTransport({
      url: smtpUrl,
      ...(local && url.protocol === "smtp:" ? { ignoreTLS: true } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never) as Transport;
    transports.set(smtpUrl, t);
  }
  return t;
}

/** Sends one e-mail; throws when the server refuses it. */
export async function sendSmtp(smtpUrl: string, from: string, m: MailMessage): Promise<void> {
  await transportFor(smtpUrl).sendMail({
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
  });
}
