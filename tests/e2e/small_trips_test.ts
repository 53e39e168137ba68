/**
 * Small trips in Chromium: the reports' project multi-select closes on Esc and when Filtrera is
 * pressed; the prospect delete dialog says an admin can restore it.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, startSeeded } from "./harness.ts";
import { TEST_PASSWORD } from "@/tests/helpers.ts";
import { seedDesk } from "./desk_seed.ts";

Deno.test({
  name:
    "e2e: the project multi-select closes on Esc and on Filtrera; the delete dialog says admins can restore",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    const b = await openBrowser();
    const { page } = b;
    try {
      await page.goto(`${server.url}/login?redirect=%2Freports%3Ftab%3DstatusProject`);
      await hydrated(page);
      await page.fill("[data-testid=field-email]", "admin@klubb.se");
      await page.fill("[data-testid=field-password]", TEST_PASSWORD);
      await page.press("[data-testid=field-password]", "Enter");
      await page.waitForURL(/tab=statusProject$/);
      await hydrated(page);
      const open = () => page.getAttribute("[data-testid=project-projects]", "open");
      await page.click("[data-testid=project-projects-summary]");
      assert.notEqual(await open(), null, "opened");
      await page.keyboard.press("Escape");
      assert.equal(await open(), null, "Esc closes it");
      await page.click("[data-testid=project-projects-summary]");
      await page.check("[data-testid=project-projects-option-7]");
      await page.click("[data-testid=project-filter]");
      assert.equal(await open(), null, "Filtrera closes it");
      await page.locator("[data-testid=project-table] tbody tr").first().waitFor();

      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      await page.locator("[data-testid^=delete-]").first().click();
      const dialog = page.locator("[data-testid=confirm-yes]").locator("xpath=ancestor::dialog");
      assert.match(await dialog.textContent() ?? "", /En administratör kan återställa prospektet/);
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
