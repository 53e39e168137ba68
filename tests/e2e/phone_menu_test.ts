/**
 * The phone's menu (390 px): closed on every page even when a wide screen left it open, opened by
 * the toggle over the page, closed by Esc, by a tap outside and by navigating; nothing is kept in a
 * cookie.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, signIn, startSeeded } from "./harness.ts";
import { seedDesk } from "./desk_seed.ts";

Deno.test({
  name:
    "e2e: the phone menu opens over the page and closes on Esc, outside tap and navigation (no cookie)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    const b = await openBrowser({ width: 390, height: 844 });
    const { page } = b;
    try {
      // A wide screen's stored choice (full menu) does not open it on the phone.
      await b.context.addCookies([{ name: "menu", value: "1", url: server.url }]);
      await signIn(page, server.url, "reception@klubb.se");
      await page.waitForURL(/\/today$/);
      await hydrated(page);
      const nav = page.locator("[data-testid=side-nav]");
      /** Whether the menu shows, once the toggle's change has rendered. */
      const shows = async (visible: boolean) => {
        await nav.waitFor({ state: visible ? "visible" : "hidden", timeout: 2000 }).catch(() => {});
        return await nav.isVisible();
      };
      assert.equal(await shows(false), false, "closed on arrival");

      const toggle = page.locator("[data-testid=menu-toggle]");
      await toggle.click();
      assert.equal(await shows(true), true, "the toggle opens it");
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      await screenshot(page, "phone-menu-open-390");
      await page.keyboard.press("Escape");
      assert.equal(await shows(false), false, "Esc closes it");
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");

      await toggle.click();
      assert.equal(await shows(true), true);
      await page.mouse.click(350, 600); // on the page, outside the menu
      assert.equal(await shows(false), false, "a tap outside closes it");

      await toggle.click();
      await page.click("[data-testid=nav-prospects]");
      await page.waitForURL(/\/prospects/);
      await hydrated(page);
      assert.equal(await shows(false), false, "closed on the next page");
      const cookies = await b.context.cookies();
      assert.equal(cookies.find((c) => c.name === "menu")?.value, "1", "the phone kept nothing");
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
