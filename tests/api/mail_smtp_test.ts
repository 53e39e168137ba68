/**
 * Delivery through real protocols: e-mail over SMTP to smtp-server on 127.0.0.1, SMS to an HTTP
 * gateway on 127.0.0.1, and the outbox fallback when the provider is down.
 */
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import { call, createTestUser, makeEnv, ORIGIN, TEST_PASSWORD } from "@/tests/helpers.ts";
import { listOutbox, sendMail, sendSms } from "@/lib/notify/mod.ts";
import { MAX_MAIL_ATTEMPTS, retryFailedMail } from "@/lib/notify/retry.ts";
import { mailRetryPrefix } from "@/lib/db/keys.ts";
import { testConfig } from "@/tests/helpers.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtp(
  listenPort = 0,
): Promise<{ port: number; mails: Received[]; close(): Promise<void> }> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        const raw = new TextDecoder().decode(
          chunks.reduce((a, b) => {
            const out = new Uint8Array(a.length + b.length);
            out.set(a);
            out.set(b, a.length);
            return out;
          }, new Uint8Array()),
        );
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft breaks and escapes, enough to read a link back. */
const unQp = (s: string) =>
  s.replace(/=\r?\n/g, "").replace(
    /=([0-9A-F]{2})/g,
    (_, h) => String.fromCharCode(parseInt(h, 16)),
  );

Deno.test({
  name: "SMTP: a password reset mail reaches a real SMTP server; the outbox keeps a copy in test",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const smtp = await startSmtp();
    const env = await makeEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      await createTestUser(env.kv, { email: "mail@klubb.se", firstName: "Maja" });
      const r = await call(env, "POST", "/api/auth/password-reset", {
        headers: { Origin: ORIGIN },
        body: { email: "mail@klubb.se" },
      });
      assert.equal(r.res.status, 200);
      assert.equal(smtp.mails.length, 1);
      const mail = smtp.mails[0];
      assert.deepEqual(mail.to, ["mail@klubb.se"]);
      assert.equal(mail.from, "no-reply@klubbleads.local");
      const text = unQp(mail.raw);
      assert.match(text, /Subject: =\?UTF-8\?|Subject: .*Klubbleads/);
      assert.match(text, /Hej Maja!/);
      assert.match(text, /\/email-redirect\?mode=resetPassword&oobCode=[\w-]+/);
      assert.match(text, /Content-Type: text\/html/, "an HTML part too");
      assert.doesNotMatch(text, new RegExp(TEST_PASSWORD));
      const [copy] = await listOutbox(env.kv, { to: "mail@klubb.se" });
      assert.equal(copy.delivery, "smtp");
    } finally {
      env.close();
      await smtp.close();
    }
  },
});

Deno.test({
  name: "SMTP down: the mail is kept in the outbox as failed; SMS go to the HTTP gateway",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const kv = await Deno.openKv(":memory:");
    const got: { auth: string | null; body: any }[] = [];
    const gateway = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
      got.push({ auth: req.headers.get("authorization"), body: await req.json() });
      return new Response("{}", { status: 202 });
    });
    try {
      // A closed port: connection refused.
      const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      const deadPort = (l.addr as Deno.NetAddr).port;
      l.close();
      const config = testConfig({
        SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
        SMS_URL: `http://127.0.0.1:${gateway.addr.port}/sms`,
        SMS_TOKEN: "gateway-token",
      });
      const m = await sendMail({ kv, config }, { to: "x@klubb.se", subject: "Hej", text: "Text" });
      assert.equal(m.delivery, "failed");
      assert.equal((await listOutbox(kv, { to: "x@klubb.se" }))[0].delivery, "failed");

      const s = await sendSms({ kv, config }, { to: "+46 701234567", message: "Kod 123456" });
      assert.equal(s.delivery, "sms-gateway");
      assert.deepEqual(got, [{
        auth: "Bearer gateway-token",
        body: { to: "+46701234567", from: "Klubbleads", message: "Kod 123456" },
      }]);
    } finally {
      await gateway.shutdown();
      kv.close();
    }
  },
});

/** A port nothing listens on (connection refused), free for a server started later. */
function closedPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function retryKeys(kv: Deno.Kv) {
  const out: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: mailRetryPrefix() })) out.push(e.key);
  return out;
}

Deno.test({
  name: "a mail the SMTP server refused is sent again once the server is back, exactly once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const kv = await Deno.openKv(":memory:");
    const port = closedPort();
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    let now = new Date("2026-03-10T08:00:00Z");
    const deps = { kv, config, now: () => now };
    let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;
    try {
      const m = await sendMail(deps, {
        to: "anna@klubb.se",
        subject: "Påminnelse: Ulla Utan",
        text: "Ring Ulla.",
      });
      assert.equal(m.delivery, "failed");
      assert.equal((await retryKeys(kv)).length, 1, "a retry is scheduled");
      assert.deepEqual(
        await retryFailedMail(deps),
        { sent: 0, rescheduled: 0, gaveUp: 0 },
        "not yet due",
      );

      now = new Date(now.getTime() + 61_000); // still down
      assert.deepEqual(await retryFailedMail(deps), { sent: 0, rescheduled: 1, gaveUp: 0 });
      assert.equal((await listOutbox(kv, { to: "anna@klubb.se", now }))[0].attempts, 2);

      smtp = await startSmtp(port);
      now = new Date(now.getTime() + 121_000);
      // Two runners at once (lease lapsed): the mail still leaves once.
      const [a, b] = await Promise.all([retryFailedMail(deps), retryFailedMail(deps)]);
      assert.equal(a.sent + b.sent, 1);
      assert.equal(smtp.mails.length, 1);
      assert.deepEqual(smtp.mails[0].to, ["anna@klubb.se"]);
      assert.match(unQp(smtp.mails[0].raw), /Ring Ulla\./);
      const stored = (await listOutbox(kv, { to: "anna@klubb.se", now }))[0];
      assert.equal(stored.delivery, "smtp");
      assert.deepEqual(await retryKeys(kv), []);

      now = new Date(now.getTime() + 3_600_000);
      assert.deepEqual(await retryFailedMail(deps), { sent: 0, rescheduled: 0, gaveUp: 0 });
      assert.equal(smtp.mails.length, 1, "never twice");
    } finally {
      await smtp?.close();
      kv.close();
    }
  },
});

Deno.test({
  name: "a mail that keeps failing stops after the last attempt and stays failed in the outbox",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const kv = await Deno.openKv(":memory:");
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${closedPort()}` });
    let now = new Date("2026-03-10T08:00:00Z");
    const deps = { kv, config, now: () => now };
    try {
      await sendMail(deps, { to: "x@klubb.se", subject: "Hej", text: "Text" });
      let gaveUp = 0;
      let runs = 0;
      while ((await retryKeys(kv)).length && runs < 50) {
        now = new Date(now.getTime() + 3_600_000);
        gaveUp += (await retryFailedMail(deps)).gaveUp;
        runs++;
      }
      assert.equal(gaveUp, 1);
      assert.equal(runs, MAX_MAIL_ATTEMPTS - 1, "the first attempt was the send itself");
      const stored = (await listOutbox(kv, { to: "x@klubb.se", now }))[0];
      assert.equal(stored.delivery, "failed");
      assert.equal(stored.attempts, MAX_MAIL_ATTEMPTS);
    } finally {
      kv.close();
    }
  },
});
