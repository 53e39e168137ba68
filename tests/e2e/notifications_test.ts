/**
 * The notification centre in Chromium: with "Idag" open, a web lead posted to the intake raises the
 * bell's count without a reload; the notifications page lists it with a link to the prospect; "mark
 * all read" (a plain form) clears the count. At 1280 and 390 px (the phone's lead posted to a second
 * server process on the same store), the header never wider than the phone.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { hydrated, openBrowser, screenshot, signIn, startServer } from "./harness.ts";
import { seedDesk } from "./desk_seed.ts";

async function postLead(url: string, key: string, firstName: string, phoneNumber: string) {
  const res = await fetch(`${url}/api/intake/${key}`, {
    method: "POST",
    headers: { Origin: "https://kampanj.example.se", "Content-Type": "application/json" },
    body: JSON.stringify({ firstName, lastName: "Klocka", phoneNumber, clubId: 101 }),
  });
  assert.equal(res.status, 201, await res.text());
}

const count = async (page: import("playwright-core").Page) =>
  Number(
    (await page.locator("[data-testid=bell-count]").textContent({ timeout: 500 })
      .catch(() => "0")) || 0,
  );

Deno.test({
  name:
    "e2e: a web lead raises the bell's count on Idag without reload; the page lists it; mark all read clears it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-bell-e2e-" });
    const kvPath = join(dir, "app.kv");
    const { formKey } = await seedDesk(kvPath);
    const server = await startServer({ KV_PATH: kvPath, CRON: "false" });
    // A second server process on the same KV file: its web lead reaches the first one's stream.
    const second = await startServer({ KV_PATH: kvPath, CRON: "false" });
    let n = 0;
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const br = await openBrowser(viewport);
        const { page } = br;
        try {
          await signIn(page, server.url, "reception@klubb.se");
          await page.waitForURL(/\/today$/);
          await hydrated(page);
          await page.evaluate(() => (globalThis as unknown as { marker: number }).marker = 1);
          await page.waitForTimeout(500);
          const before = await count(page);

          const name = `Bella${++n}`;
          const via = viewport.width === 390 ? second : server;
          await postLead(via.url, formKey, name, `+46 70 333 44 ${String(n).padStart(2, "0")}`);
          await page.waitForFunction(
            (was) =>
              Number(document.querySelector("[data-testid=bell-count]")?.textContent ?? 0) > was,
            before,
            { timeout: 3000 },
          );
          assert.equal(
            await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker),
            1,
            "no reload",
          );
          const label = await page.getAttribute("[data-testid=bell]", "aria-label");
          assert.match(label ?? "", /^Aviseringar, \d+ olästa$/);
          const headerWidth = await page.evaluate(() =>
            document.querySelector("header")!.scrollWidth
          );
          assert.ok(headerWidth <= viewport.width, `the header fits (${headerWidth} px)`);
          await screenshot(page, `bell-today-${viewport.width}`);

          await page.click("[data-testid=bell]");
          await page.waitForURL(/\/notifications$/);
          await hydrated(page);
          const first = page.locator("[data-testid=notification]").first();
          assert.match(await first.textContent() ?? "", new RegExp(`Ny webblead: ${name} Klocka`));
          assert.equal(await first.getAttribute("data-unread"), "true");
          assert.ok(await first.locator("[data-testid=notification-open]").count() === 1);
          await screenshot(page, `notifications-${viewport.width}`);

          await page.click("[data-testid=mark-all-read]");
          await page.waitForURL(/\/notifications\?marked=1$/);
          await hydrated(page);
          assert.equal(await page.locator("[data-testid=bell-count]").count(), 0, "no count");
          assert.equal(await page.locator("[data-testid=notification-unread]").count(), 0);
          await screenshot(page, `notifications-read-${viewport.width}`);

          // The link opens the prospect in the grid.
          await page.locator("[data-testid=notification-open]").first().click();
          await page.waitForURL(/\/prospects\?marketProjectId=7&customerId=\d+/);
          await hydrated(page);
          await page.waitForFunction(
            (nm) =>
              document.querySelector("tbody tr[data-testid^=row-]")?.textContent?.includes(nm) ??
                false,
            name,
            { timeout: 5000 },
          );
          assert.deepEqual(br.problems, []);
        } finally {
          await br.close();
        }
      }
    } finally {
      await Promise.all([server.stop(), second.stop()]);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
