/**
 * The live desk in Chromium: with "Idag" open, a web lead posted to the intake appears at the top
 * with a "new" mark within 3 s and without a reload — posted to the same server, and posted to a
 * second server process on the same KV file; in the project's grid it comes in as the first row
 * (1280 and 390 px).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { hydrated, openBrowser, screenshot, signIn, startServer } from "./harness.ts";
import { seedDesk } from "./desk_seed.ts";

async function postLead(url: string, key: string, firstName: string, phoneNumber: string) {
  const res = await fetch(`${url}/api/intake/${key}`, {
    method: "POST",
    headers: { Origin: "https://kampanj.example.se", "Content-Type": "application/json" },
    body: JSON.stringify({ firstName, lastName: "Live", phoneNumber, clubId: 101 }),
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
}

Deno.test({
  name:
    "e2e: a web lead posted while Idag is open appears on top with a mark within 3 s, without reload, also through a second process",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-live-e2e-" });
    const kvPath = join(dir, "app.kv");
    const { formKey } = await seedDesk(kvPath);
    const a = await startServer({ KV_PATH: kvPath });
    const b = await startServer({ KV_PATH: kvPath, CRON: "false" });
    let n = 0;
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const br = await openBrowser(viewport);
        const { page } = br;
        try {
          await signIn(page, a.url, "reception@klubb.se");
          await page.waitForURL(/\/today$/);
          await hydrated(page);
          // A marker on the document: a reload would lose it.
          await page.evaluate(() => (globalThis as unknown as { marker: number }).marker = 1);
          // Let the stream open before posting.
          await page.waitForTimeout(500);

          for (const [server, label] of [[a, "same"], [b, "second process"]] as const) {
            const name = `Nova${++n}`;
            const started = Date.now();
            await postLead(
              server.url,
              formKey,
              name,
              `+46 70 222 33 ${String(n).padStart(2, "0")}`,
            );
            await page.waitForSelector(`[data-testid=today-item][data-live=new] >> text=${name}`, {
              timeout: 3000,
            });
            const took = Date.now() - started;
            assert.ok(took <= 3000, `${label}: shown after ${took} ms`);
            const first = await page.textContent("[data-testid=today-item] h2");
            assert.equal(first, `${name} Live`, `${label}: the new lead is on top`);
            assert.equal(
              await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker),
              1,
              "no reload",
            );
          }
          assert.match(
            await page.textContent("[data-testid=today-live]") ?? "",
            /Nya prospekt överst i listan: 1/,
          );
          await screenshot(page, `live-today-${viewport.width}`);

          // The grid of the project: the new lead comes in on top, marked, without a reload.
          await page.goto(`${a.url}/prospects?marketProjectId=7`);
          await hydrated(page);
          await page.evaluate(() => (globalThis as unknown as { marker: number }).marker = 2);
          await page.waitForTimeout(500);
          const name = `Nova${++n}`;
          await postLead(b.url, formKey, name, `+46 70 222 33 ${String(n).padStart(2, "0")}`);
          const row = page.locator("tbody tr[data-testid^=row-]").first();
          await page.waitForFunction(
            (nm) =>
              document.querySelector("tbody tr[data-testid^=row-]")?.textContent?.includes(nm) ??
                false,
            name,
            { timeout: 3000 },
          );
          assert.match(await row.getAttribute("class") ?? "", /bg-amber-50/, "marked as new");
          assert.equal(
            await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker),
            2,
            "no reload",
          );
          await screenshot(page, `live-grid-${viewport.width}`);
          assert.deepEqual(br.problems, []);
        } finally {
          await br.close();
        }
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
