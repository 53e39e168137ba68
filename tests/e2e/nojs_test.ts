/**
 * The password forms without JavaScript (a slow phone before the islands hydrate): first-admin
 * setup, sign-in, a wrong password, and the lock screen all work as plain form posts, and no
 * request ever carries a password in its URL.
 */
import assert from "node:assert/strict";
import { openBrowser, screenshot, startServer } from "./harness.ts";

Deno.test({
  name: "e2e: setup, sign-in and lock work with JavaScript off; no password in any URL",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer();
    const b = await openBrowser({ width: 390, height: 844 }, "sv-SE", false);
    try {
      const { page } = b;
      const urls: string[] = [];
      page.on("request", (r) => urls.push(r.url()));
      const link = /\/setup\?token=[\w-]+/.exec(server.output());
      assert.ok(link, "the server prints a setup link");

      await page.goto(`${server.url}${link![0]}`);
      await page.fill("[data-testid=field-firstName]", "Ada");
      await page.fill("[data-testid=field-lastName]", "Admin");
      await page.fill("[data-testid=field-email]", "ada@klubb.se");
      await page.fill("[data-testid=field-mobile]", "+46701112233");
      await page.fill("[data-testid=field-password]", "Admin123");
      await page.fill("[data-testid=field-repeatPassword]", "Admin123");
      await page.press("[data-testid=field-repeatPassword]", "Enter");
      await page.waitForURL(/\/login\?setup=done$/);
      assert.match(
        await page.textContent("[data-testid=setup-created]") ?? "",
        /Administratören har skapats/,
      );

      await page.goto(`${server.url}/login?redirect=%2Fsettings`);
      await page.fill("[data-testid=field-email]", "ada@klubb.se");
      await page.fill("[data-testid=field-password]", "Wrong999");
      await page.press("[data-testid=field-password]", "Enter"); // a quick Enter before hydration
      await page.waitForSelector("[data-testid=error-email]");
      assert.match(await page.textContent("[data-testid=error-email]") ?? "", /Lösenordet är fel/);
      await screenshot(page, "nojs-login-error");
      await page.fill("[data-testid=field-password]", "Admin123");
      await page.press("[data-testid=field-password]", "Enter");
      await page.waitForURL(/\/settings$/);

      await page.goto(`${server.url}/lock`);
      await page.fill("[data-testid=field-password]", "Admin123");
      await page.press("[data-testid=field-password]", "Enter");
      await page.waitForURL((u) => u.pathname === "/overview");

      const leaks = urls.filter((u) => /password|Admin123|Wrong999/i.test(new URL(u).search));
      assert.deepEqual(leaks, [], "no password in a URL");
      assert.deepEqual(b.external, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
