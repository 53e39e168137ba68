/**
 * Finding the caller from "Idag": one search field, a phone typed in another form, and the grid
 * lists the person with their project — no project chosen first (1280 and 390 px, with and
 * without JavaScript's grid hydrated).
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, signIn, startSeeded } from "./harness.ts";
import { seedDesk } from "./desk_seed.ts";

Deno.test({
  name:
    "e2e: the search field on Idag finds a caller by phone in every project, naming the project",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        const { page } = b;
        try {
          await signIn(page, server.url, "reception@klubb.se");
          await page.waitForURL(/\/today$/);
          await page.fill("[data-testid=today-find]", "+46 70 111 22 01");
          await page.click("[data-testid=today-find-submit]");
          await page.waitForURL(/\/prospects\?search=/);
          await hydrated(page);
          const rows = page.locator("tbody tr[data-testid^=row-]");
          await rows.first().waitFor();
          assert.equal(await rows.count(), 1);
          const text = await rows.first().textContent() ?? "";
          assert.match(text, /Vårkampanj/, "the hit names its project");
          const project = rows.first().locator("td[data-col=project]");
          assert.ok(await project.isVisible(), "the project shows on a phone's card too");
          assert.equal(
            await rows.first().locator("input[value=Olof]").count() +
                (text.includes("Olof") ? 1 : 0) > 0,
            true,
          );
          assert.equal(await page.locator("[data-testid=select-project-message]").count(), 0);
          await screenshot(page, `find-caller-${viewport.width}`);
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
