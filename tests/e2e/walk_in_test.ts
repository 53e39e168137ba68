/**
 * The walk-in on a phone (390 px): "Nytt prospekt" at the top of Idag opens the grid at its add
 * row in one tap; an error sits beside its field in words (never a raw key); a person who exists
 * already is said without "_:"; a save that goes through takes the red toast away.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, signIn, startSeeded } from "./harness.ts";
import { seedDesk } from "./desk_seed.ts";

Deno.test({
  name:
    "e2e: the walk-in on a phone — Nytt prospekt in one tap, errors beside their fields, a save clears the red toast",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    const b = await openBrowser({ width: 390, height: 844 });
    const { page } = b;
    try {
      await signIn(page, server.url, "reception@klubb.se");
      await page.waitForURL(/\/today$/);
      const jump = page.locator("[data-testid=today-new-prospect]");
      const box = await jump.boundingBox();
      assert.ok(box && box.y + box.height <= 844, "Nytt prospekt is on the first screen");
      await jump.click();
      await page.waitForURL(/\/prospects\?marketProjectId=7#new-prospect$/);
      await hydrated(page);
      const first = page.locator("[data-testid=firstName-new]");
      await first.waitFor();
      assert.ok(await first.isVisible());
      const inView = await first.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      });
      assert.ok(inView, "the add row is on screen");

      // A bad phone: the message beside the phone field, in Swedish.
      await first.fill("Vera");
      await page.fill("[data-testid=lastName-new]", "Gång");
      await page.fill("[data-testid=phoneNumber-new]", "12");
      await page.click("[data-testid=assign-new]");
      const phoneError = page.locator("[data-testid=error-phoneNumber-new]");
      await phoneError.waitFor();
      assert.doesNotMatch(await phoneError.textContent() ?? "", /validation\.|^_/);
      assert.equal(
        await page.getAttribute("[data-testid=phoneNumber-new]", "aria-describedby"),
        "err-phoneNumber-new",
      );
      await screenshot(page, "walk-in-error-390");

      // Someone who exists already (Olof's phone): said in words, never "_: …".
      await page.fill("[data-testid=phoneNumber-new]", "070-111 22 01");
      await page.click("[data-testid=assign-new]");
      await page.waitForTimeout(800);
      const texts = await page.$$eval(
        "[data-testid^=errors-], [data-testid^=toast-], [data-testid=duplicate-prompt]",
        (els) => els.map((e) => e.textContent ?? ""),
      );
      assert.ok(texts.every((t) => !/(^|\s)_:/.test(t)), texts.join(" | "));
      // Close whatever asked about the duplicate; a new phone then saves.
      await page.keyboard.press("Escape");
      await page.fill("[data-testid=phoneNumber-new]", "070-555 66 77");
      await page.click("[data-testid=assign-new]");
      await page.locator("[data-testid=toast-success]").waitFor();
      assert.equal(await page.locator("[data-testid=toast-error]").count(), 0, "no red toast left");
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
