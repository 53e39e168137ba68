/**
 * Users awaiting verification, in Chromium: after registering a colleague the admin reads that
 * they must verify first; the user list marks them "awaiting e-mail verification" and its row
 * menu sends a new link, which lands in the outbox.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, readOutbox, screenshot, startSeeded } from "./harness.ts";
import { createTestUser, TEST_PASSWORD } from "@/tests/helpers.ts";

Deno.test({
  name:
    "e2e: register says the colleague must verify first; the list shows who awaits verification and resends the link (390 px)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(async (kvPath) => {
      const kv = await Deno.openKv(kvPath);
      await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@klubb.se" });
      kv.close();
    });
    const b = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = b;
      await page.goto(`${server.url}/login?redirect=%2Fregistration%2Fuser`);
      await hydrated(page);
      await page.fill("[data-testid=field-email]", "admin@klubb.se");
      await page.fill("[data-testid=field-password]", TEST_PASSWORD);
      await page.press("[data-testid=field-password]", "Enter");
      await page.waitForURL(/\/registration\/user$/);
      await hydrated(page);
      await page.waitForSelector("[data-testid=register-submit]:disabled", { timeout: 5_000 });
      await page.fill("[data-testid=field-firstName]", "Sara");
      await page.fill("[data-testid=field-lastName]", "Lund");
      await page.fill("[data-testid=field-email]", "sara@klubb.se");
      await page.fill("[data-testid=field-mobile]", "070-444 55 66");
      await page.fill("[data-testid=field-password]", "Sara1234");
      await page.fill("[data-testid=field-repeatPassword]", "Sara1234");
      await page.click("[data-testid=register-submit]");
      await page.waitForSelector("[data-testid=register-done]");
      assert.match(
        await page.textContent("[data-testid=register-verify-first]") ?? "",
        /logga in först när adressen är verifierad/,
      );

      await page.goto(`${server.url}/admin/users`);
      await hydrated(page);
      const row = page.locator("[data-testid=user-row]", { hasText: "sara@klubb.se" });
      await row.locator("[data-testid=user-unverified]").waitFor();
      assert.equal(
        await row.locator("[data-testid=user-unverified]").textContent(),
        "Väntar på e-postverifiering",
      );
      const admin = page.locator("[data-testid=user-row]", { hasText: "admin@klubb.se" });
      assert.equal(await admin.locator("[data-testid=user-unverified]").count(), 0);
      await screenshot(page, "users-awaiting-verification-390");
      await row.locator("[data-testid=user-row-menu]").click();
      await row.locator("[data-testid=user-resend-verification]").click();
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-testid=toast-success]")].some((e) =>
          /nytt verifieringsmejl/.test(e.textContent ?? "")
        )
      );
      assert.equal((await readOutbox(server, "sara@klubb.se")).length, 2);
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
