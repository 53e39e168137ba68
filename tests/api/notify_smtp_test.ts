/**
 * A real SMTP server (smtp-server on 127.0.0.1, random port) receives an activity notification and
 * a daily report sent by the jobs through nodemailer (SMTP_URL).
 */
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import { makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { updateUser } from "@/lib/db/users.ts";
import { listOutbox } from "@/lib/notify/mod.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";
import { runDailyReport } from "@/lib/services/daily_report.ts";

interface Received {
  from: string;
  to: string[];
  data: string;
}

async function startSmtp(): Promise<
  { port: number; received: Received[]; close(): Promise<void> }
> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream: any, session: any, callback: (err?: Error | null) => void) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom?.address ?? "",
          to: session.envelope.rcptTo.map((r: any) => r.address),
          data: new TextDecoder().decode(
            chunks.reduce((a, b) => new Uint8Array([...a, ...b]), new Uint8Array()),
          ),
        });
        callback();
      });
    },
  } as any);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server as any).server.address().port as number;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft breaks and =XX escapes undone, so assertions read the plain text. */
function plain(data: string): string {
  const qp = data.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < qp.length; i++) {
    const m = /^=([0-9A-F]{2})/.exec(qp.slice(i, i + 3));
    if (m) {
      bytes.push(parseInt(m[1], 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(qp[i]));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

Deno.test({
  name: "a notification and a daily report arrive at a real SMTP server",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const smtp = await startSmtp();
    const env = await makeEnv(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      new Date("2026-03-10T08:00:00Z"),
    );
    try {
      await makeChain(env);
      const mia = await signedIn(env, { firstName: "Mia", email: "mia@klubb.example" });
      await updateUser(env.kv, mia.user.id, (u) => ({
        ...u,
        notificationCategoryId: "all",
        dailyReportSubscription: true,
      }));
      await setClubSubscription(env.kv, mia.user.id, 101, true);
      const p = await createRow(env, mia.headers, { firstName: "Åsa", lastName: "Öberg" });

      const deps = { kv: env.kv, config: env.config, now: () => env.clock.now };
      env.clock.set("2026-03-10T12:00:00Z");
      const run = await runActivityJob(deps);
      assert.equal(run?.mailed, 1);
      env.clock.set("2026-03-11T06:05:00Z");
      assert.equal((await runDailyReport(deps))?.sent, 1);

      assert.equal(smtp.received.length, 2);
      const [notice, report] = smtp.received.map((r) => ({ ...r, text: plain(r.data) }));
      assert.deepEqual(notice.to, ["mia@klubb.example"]);
      assert.equal(notice.from, "no-reply@klubbleads.local");
      assert.match(notice.text, /Hej Mia!/);
      assert.match(notice.text, /Prospektet Åsa Öberg på Klubb Söder \(Vårkampanj\)/);
      assert.match(notice.text, /Telefon: 07\d+/, "staff call from the mail");
      assert.match(
        notice.text,
        new RegExp(
          `http://localhost:8000/prospects\\?marketProjectId=1&customerId=${p.customerId}`,
        ),
      );
      assert.deepEqual(report.to, ["mia@klubb.example"]);
      assert.match(report.text, /Så här ser det ut för dina klubbar 2026-03-11/);
      assert.match(
        report.text,
        /Att göra idag \(1\)\r?\n- Åsa Öberg \(07\d+\) – Klubb Söder, Vårkampanj/,
      );
      // Delivered by SMTP, and (outside production) a copy in the outbox marked so.
      const copies = await listOutbox(env.kv, { to: "mia@klubb.example", now: env.clock.now });
      assert.deepEqual(copies.map((c) => c.delivery), ["smtp", "smtp"]);
    } finally {
      env.close();
      await smtp.close();
    }
  },
});
