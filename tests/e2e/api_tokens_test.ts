/**
 * API tokens on the users screen, in Chromium: an admin opens a user, issues a read token with an
 * expiry (shown once), sees it listed with its scope, and revokes it; the token works until then
 * and is refused after. Screenshots at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser, TEST_PASSWORD } from "@/tests/helpers.ts";

Deno.test({
  name: "e2e: an admin issues a read token for a user on the users screen, sees it, and revokes it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(async (kvPath) => {
      const kv = await Deno.openKv(kvPath);
      await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@klubb.se" });
      await createTestUser(kv, { email: "skript@klubb.se", firstName: "Skript" });
      kv.close();
    });
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        try {
          const { page } = b;
          await page.goto(`${server.url}/login?redirect=%2Fadmin%2Fusers`);
          await hydrated(page);
          await page.fill("[data-testid=field-email]", "admin@klubb.se");
          await page.fill("[data-testid=field-password]", TEST_PASSWORD);
          await page.press("[data-testid=field-password]", "Enter");
          await page.waitForURL(/\/admin\/users$/);
          await hydrated(page);
          const row = page.locator("[data-testid=user-row]", { hasText: "skript@klubb.se" });
          await row.locator("button").first().click();
          await page.waitForSelector("[data-testid=api-tokens]");
          const name = `lager ${viewport.width}`;
          await page.fill("[data-testid=api-token-name]", name);
          await page.selectOption("[data-testid=api-token-scope]", "read");
          await page.fill("[data-testid=api-token-expires]", "2099-12-31");
          await page.click("[data-testid=api-token-issue]");
          const secret = await page.locator("[data-testid=api-token-secret]").textContent();
          assert.match(secret ?? "", /^klt_/);
          const item = page.locator("[data-testid=api-token]", { hasText: name });
          await item.waitFor();
          assert.match(await item.textContent() ?? "", /Läs.*2099-12-31/);
          await screenshot(page, `users-api-tokens-${viewport.width}`);
          const bearer = { Authorization: `Bearer ${secret}` };
          const read = await fetch(`${server.url}/api/sell-status`, { headers: bearer });
          await read.body?.cancel();
          assert.equal(read.status, 200, "the token reads");
          const write = await fetch(`${server.url}/api/district`, {
            method: "POST",
            headers: { ...bearer, "Content-Type": "application/json" },
            body: JSON.stringify({ districtId: 7, name: "X" }),
          });
          await write.body?.cancel();
          assert.equal(write.status, 403, "a read token may not write");
          await item.locator("[data-testid=api-token-revoke]").click();
          await item.waitFor({ state: "detached" });
          const after = await fetch(`${server.url}/api/sell-status`, { headers: bearer });
          await after.body?.cancel();
          assert.equal(after.status, 401, "revoked");
          assert.deepEqual(b.problems, []);
        } finally {
          await b.close();
        }
      }
    } finally {
      await server.stop();
    }
  },
});
