/**
 * A notification pass killed (SIGKILL) in the middle of mailing 19 recipients loses none: each
 * recipient is claimed in the atomic that keeps its mail, so the next drain mails the unclaimed and
 * the mail-retry job sends the one in flight. A real smtp-server receives everything.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { testConfig } from "@/tests/helpers.ts";
import { openKv, ulid } from "@/lib/db/kv.ts";
import { notificationQueueKey } from "@/lib/db/keys.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import {
  drainNotifications,
  type QueuedNotification,
} from "@/lib/services/notification_delivery.ts";
import { retryFailedMail } from "@/lib/notify/retry.ts";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import { createTestUser, type TestEnv } from "@/tests/helpers.ts";

const RECIPIENTS = 19;

function slowSmtp(delayMs: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream: any, session: any, callback: (err?: Error | null) => void) {
      stream.on("data", () => {});
      stream.on("end", () =>
        setTimeout(() => {
          received.push(...session.envelope.rcptTo.map((r: any) => r.address.toLowerCase()));
          callback();
        }, delayMs));
    },
  } as any);
  const listening = new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    listening,
    received,
    port: () => (server as any).server.address().port as number,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

Deno.test({
  name: "notifications: a pass killed midway loses no recipient's mail (SIGKILL, real SMTP)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-crash-" });
    const kvPath = join(dir, "app.kv");
    const smtp = slowSmtp(120);
    await smtp.listening;
    const smtpUrl = `smtp://127.0.0.1:${smtp.port()}`;
    const kv = await openKv({ kvPath, kvUrl: undefined });
    try {
      await runMigrations(kv);
      await makeChain({ kv } as TestEnv);
      const emails: string[] = [];
      for (let i = 0; i < RECIPIENTS; i++) {
        const u = await createTestUser(kv, { email: `staff${i}@klubb.example` });
        await setClubSubscription(kv, u.id, 101, true);
        emails.push(u.email);
      }
      const n: QueuedNotification = {
        id: ulid(),
        kind: "escalated",
        transitionKey: "Escalated:2026-03-10T08:00:00.000Z",
        at: new Date().toISOString(),
        prospect: {
          id: "P1",
          customerId: 1,
          firstName: "Ulla",
          lastName: "Utan",
          phoneNumber: "0701234567",
          marketProjectId: 1,
          marketProjectName: "Vårkampanj",
          clubId: 101,
          clubName: "Klubb Söder",
          sellStatus: null,
          assignId: null,
          assignName: null,
          assignUserId: null,
          b2b: false,
        },
      };
      await kv.set(notificationQueueKey(n.id), n);

      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "tests/api/fixtures/drain_child.ts", kvPath, smtpUrl],
        cwd: new URL("../../", import.meta.url),
        stdout: "null",
        stderr: "null",
      }).spawn();
      const deadline = Date.now() + 30_000;
      while (smtp.received.length < 5 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      child.kill("SIGKILL");
      await child.status;
      const before = smtp.received.length;
      assert.ok(before >= 5 && before < RECIPIENTS, `killed midway (${before} mailed)`);

      const config = testConfig({ SMTP_URL: smtpUrl, KV_PATH: kvPath });
      const now = new Date();
      await drainNotifications({ kv, config, now: () => now });
      // The mail that was in flight when the process died waits for the retry job.
      const later = new Date(now.getTime() + 5 * 60_000);
      await retryFailedMail({ kv, config, now: () => later });

      const got = new Map<string, number>();
      for (const to of smtp.received) got.set(to, (got.get(to) ?? 0) + 1);
      const missing = emails.filter((e) => !got.has(e));
      assert.deepEqual(missing, [], "every recipient got the escalation");
      const twice = [...got.values()].filter((c) => c > 1).length;
      assert.ok(twice <= 1, `at most the one in flight arrives twice (${twice})`);
    } finally {
      kv.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
