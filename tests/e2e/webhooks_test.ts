/**
 * The webhooks screen in Chromium (and with JavaScript off at 391 px: every button is a plain form):
 * add an endpoint (its secret shown once), send a test to a local receiver, read the deliveries,
 * turn it off and delete it; axe-core clean, screenshots at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import { audit, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { signatureValid, startReceiver } from "@/tests/api/webhook_receiver.ts";

const SECRET = "e2e-webhooks-secret-0123456789abcdef0123456789a";

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    await runMigrations(kv);
    const admin = await createTestUser(kv, { role: "ROLE_ADMIN", email: "chef@klubb.se" });
    return await createSession(kv, SECRET, admin.id);
  } finally {
    kv.close();
  }
}

Deno.test({
  name: "e2e: webhooks screen — add (secret once), test, deliveries, off, delete; 1280 and 390 px",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: tokens } = await startSeeded(seed, { SECRET_KEY: SECRET });
    const receiver = startReceiver();
    try {
      // JavaScript on at both widths (axe runs in the page), and off at 390 px: the same forms.
      for (const [width, js] of [[1280, true], [390, true], [391, false]] as const) {
        const b = await openBrowser({ width, height: 900 }, "sv-SE", js);
        try {
          await b.context.addCookies([
            { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
            { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
          ]);
          const page = b.page;
          await page.goto(`${server.url}/admin/webhooks`);
          await page.locator("[data-testid=webhook-form]").waitFor();
          // A bad address: the field's message, the form kept.
          await page.fill("[data-testid=webhook-url]", "ftp://x.example.se");
          await page.click("[data-testid=webhook-add]");
          await page.locator("#webhook-url-error").waitFor();
          await page.fill("[data-testid=webhook-url]", `${receiver.url}?w${width}`);
          await page.fill("[data-testid=webhook-description]", "Medlemssystemet");
          await page.click("[data-testid=webhook-add]");
          const secret = (await page.locator("[data-testid=webhook-secret] code").innerText())
            .trim();
          assert.match(secret, /^whsec_[0-9a-f]{48}$/);
          const mine = page.locator("[data-testid=webhook]").filter({ hasText: `?w${width}` });
          await page.goto(`${server.url}/admin/webhooks`);
          assert.equal(await page.locator("[data-testid=webhook-secret]").count(), 0, "shown once");
          await mine.locator("[data-testid=webhook-ping]").click();
          await page.locator("[data-testid=webhooks-notice]").waitFor();
          assert.match(await page.locator("[data-testid=webhooks-notice]").innerText(), /200/);
          const ping = receiver.got.find((g) => g.url.endsWith(`?w${width}`))!;
          assert.equal(ping.json.type, "ping");
          assert.ok(await signatureValid(secret, ping.signature, ping.body));
          await mine.locator("[data-testid=webhook-deliveries]").click();
          await page.locator("[data-testid=webhook-delivery-table]").waitFor();
          assert.match(
            await page.locator("[data-testid=webhook-delivery-table] tbody").innerText(),
            /ping\s+200\s+1/,
          );
          if (js) {
            await screenshot(page, `webhooks-${width}`);
            const findings = await audit(page, `webhooks-${width}`);
            assert.deepEqual(findings, [], JSON.stringify(findings, null, 2));
          }
          const over = await page.evaluate(() =>
            document.documentElement.scrollWidth - globalThis.innerWidth
          );
          assert.ok(over <= 0, `${over} px too wide`);
          await mine.locator("[data-testid=webhook-toggle]").click();
          await page.locator("[data-testid=webhooks-notice]").waitFor();
          assert.match(await mine.innerText(), /Av/);
          await mine.locator("[data-testid=webhook-delete]").click();
          await page.locator("[data-testid=webhooks-notice]").waitFor();
          assert.equal(await mine.count(), 0);
          assert.deepEqual(b.problems, [], "no console errors");
        } finally {
          await b.close();
        }
      }
    } finally {
      await receiver.stop();
      await server.stop();
    }
  },
});
