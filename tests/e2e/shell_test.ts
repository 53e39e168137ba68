/** The shell in a real browser: Swedish login page with CSS, 404 page, menu toggle island. */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, startServer } from "./harness.ts";

Deno.test({
  name: "e2e: login page, 404 page and the menu toggle island",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer();
    const b = await openBrowser();
    try {
      const { page } = b;
      const res = await page.goto(`${server.url}/login`);
      assert.equal(res?.status(), 200);
      assert.equal(await page.getAttribute("html", "lang"), "sv");
      // CSS loaded: the stylesheet applied a background colour to the body.
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(bg, "rgba(0, 0, 0, 0)");
      await hydrated(page);
      await screenshot(page, "login");

      const nf = await page.goto(`${server.url}/no-such-page`);
      assert.equal(nf?.status(), 404);
      await page.waitForSelector("[data-testid=error-404]");
      await screenshot(page, "not-found");
      await page.click("[data-testid=dashboard-button]");
      await page.waitForURL(/\/login\?redirect=/);

      const api = await page.goto(`${server.url}/api/anything-unknown`);
      assert.equal(api?.status(), 404);
      assert.equal((await api!.json()).error, "NOT_FOUND");

      // The shell on the error page (anonymous): the menu toggle hydrates and switches full/short.
      await page.goto(`${server.url}/forbidden`);
      await hydrated(page);
      assert.equal(await page.getAttribute("body", "data-menu"), "2");
      await page.click("[data-testid=menu-toggle]");
      assert.equal(await page.getAttribute("body", "data-menu"), "1");
      assert.ok(await page.isVisible("[data-testid=nav-prospects] .nav-label"));
      await screenshot(page, "shell-full-menu");
      await page.reload();
      await hydrated(page);
      assert.equal(
        await page.getAttribute("body", "data-menu"),
        "1",
        "menu state survives a reload (cookie)",
      );
      await page.click("[data-testid=menu-toggle]");
      assert.equal(await page.getAttribute("body", "data-menu"), "2");
      assert.equal(await page.isVisible("[data-testid=nav-prospects] .nav-label"), false);

      assert.deepEqual(b.problems, [], "no console errors");
      assert.deepEqual(b.external, [], "no request leaves 127.0.0.1");
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
