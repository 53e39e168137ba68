/**
 * "Ta" on Idag: the receptionist takes an unassigned web lead in one tap — she becomes its
 * assignee and lands on it in the grid with its notes open (1280 and 390 px).
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, signIn, startSeeded } from "./harness.ts";
import { seedDesk } from "./desk_seed.ts";

Deno.test({
  name: "e2e: Ta on Idag assigns the prospect to the user and opens its notes",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    try {
      for (
        const [viewport, who] of [[{ width: 1280, height: 900 }, "Wilma Webb"], [
          { width: 390, height: 844 },
          "Ebba Kund",
        ]] as const
      ) {
        const b = await openBrowser(viewport);
        const { page } = b;
        try {
          await signIn(page, server.url, "reception@klubb.se");
          await page.waitForURL(/\/today$/);
          const card = page.locator("[data-testid=today-item]", { hasText: who });
          await card.locator("[data-testid=today-take]").click();
          await page.waitForURL(/\/prospects\?.*notes=/);
          await hydrated(page);
          await page.waitForSelector("[data-testid=notes-dialog][open]");
          const rowText = await page.locator("tbody tr[data-testid^=row-]").first().textContent();
          assert.match(rowText ?? "", /Rut/, "the user is the assignee");
          await screenshot(page, `take-notes-${viewport.width}`);
          await page.keyboard.press("Escape");
          // Back on Idag the card says who has it, and offers no "Ta".
          await page.goto(`${server.url}/today`);
          const again = page.locator("[data-testid=today-item]", { hasText: who });
          assert.match(await again.textContent() ?? "", /Ansvarig: Rut/);
          assert.equal(await again.locator("[data-testid=today-take]").count(), 0);
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
