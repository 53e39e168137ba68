/**
 * Server messages follow the page's language, not the browser's: an English browser on the
 * (Swedish) sign-in page gets the server's errors in Swedish, because the client sends the page's
 * language with every API call.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, startServer } from "./harness.ts";

Deno.test({
  name: "e2e: an English browser on a Swedish page sees the server's errors in Swedish",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer();
    const b = await openBrowser({ width: 1280, height: 800 }, "en-US");
    try {
      const link = /\/setup\?token=([\w-]+)/.exec(server.output());
      assert.ok(link, "the server prints a setup link");
      const setup = await fetch(`${server.url}/api/setup`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({
          token: link![1],
          firstName: "Ada",
          lastName: "Admin",
          email: "ada@klubb.se",
          mobile: "+46701112233",
          password: "Admin123",
          repeatPassword: "Admin123",
        }),
      });
      assert.equal(setup.status, 201);
      const { page } = b;
      await page.goto(`${server.url}/login`);
      await hydrated(page);
      assert.equal(await page.getAttribute("html", "lang"), "sv");
      await page.fill("[data-testid=field-email]", "ada@klubb.se");
      await page.fill("[data-testid=field-password]", "Wrong999");
      await page.click("[data-testid=login-submit]");
      await page.waitForSelector("[data-testid=error-email]");
      assert.match(await page.textContent("[data-testid=error-email]") ?? "", /Lösenordet är fel/);
      await page.fill("[data-testid=field-email]", "nobody@klubb.se");
      await page.click("[data-testid=login-submit]");
      await page.waitForFunction(() =>
        !/Lösenordet/.test(document.querySelector("[data-testid=error-email]")?.textContent ?? "")
      );
      const text = await page.textContent("[data-testid=error-email]") ?? "";
      assert.doesNotMatch(text, /[Uu]ser|[Nn]ot found|[Ww]rong/, `Swedish, not English: ${text}`);
      assert.deepEqual(b.problems.filter((p) => !p.includes("401")), []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
