/**
 * The chain overview and the sign-in of an unverified colleague in Chromium: an admin lands on
 * /overview and follows a club's waiting web leads to the list that shows exactly them; a colleague
 * who has not verified her address is told so and sends herself a new link (1280 and 390 px).
 */
import assert from "node:assert/strict";
import { openBrowser, readOutbox, screenshot, signIn, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { seedDesk } from "./desk_seed.ts";

Deno.test({
  name:
    "e2e: an admin lands on the chain overview and follows a number to its list; an unverified colleague is told so and gets a new link (1280 and 390 px)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(async (kvPath) => {
      await seedDesk(kvPath);
      const kv = await Deno.openKv(kvPath);
      await createTestUser(kv, { email: "ny.kollega@klubb.se", verified: false });
      kv.close();
    });
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        const { page } = b;
        const w = viewport.width;
        try {
          await signIn(page, server.url, "admin@klubb.se");
          await page.waitForURL((u) => u.pathname === "/overview");
          const soder = page.locator("[data-testid=overview-club]", { hasText: "Söder" });
          // Söder: Wilma's web lead waits; Olof's callback and Ebba are due.
          assert.equal(await soder.locator("[data-testid=overview-waiting]").textContent(), "1");
          assert.equal(
            await page.getAttribute("[data-testid=nav-overview]", "aria-current"),
            "page",
          );
          const over = await page.evaluate(() =>
            document.documentElement.scrollWidth - globalThis.innerWidth
          );
          assert.ok(over <= 0, `the page never scrolls sideways (${over} px)`);
          await screenshot(page, `overview-${w}`);

          await soder.locator("[data-testid=overview-waiting]").click();
          await page.waitForURL(/\/today\?clubId=101&show=web$/);
          await page.waitForSelector("[data-testid=today-list]");
          const names = await page.$$eval(
            "[data-testid=today-item] h2",
            (els) => els.map((e) => e.textContent),
          );
          assert.deepEqual(names, ["Wilma Webb"]);
          assert.match(await page.textContent("[data-testid=today-showing]") ?? "", /Söder/);
          await screenshot(page, `overview-list-${w}`);
          assert.deepEqual(b.problems, []);
        } finally {
          await b.close();
        }
      }

      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        const { page } = b;
        try {
          await signIn(page, server.url, "ny.kollega@klubb.se");
          await page.waitForSelector("[data-testid=resend-verification]");
          assert.match(await page.textContent("[data-testid=login-card]") ?? "", /inte bekräftad/);
          await screenshot(page, `unverified-${viewport.width}`);
          await page.click("[data-testid=resend-verification-submit]");
          await page.waitForSelector("[data-testid=verification-sent]");
          await screenshot(page, `unverified-sent-${viewport.width}`);
        } finally {
          await b.close();
        }
      }
      const mails = await readOutbox(server, "ny.kollega@klubb.se");
      assert.equal(mails.length, 2, "one new link per request");
      assert.match(mails[0].text, /verify-email|email-redirect/);
    } finally {
      await server.stop();
    }
  },
});
