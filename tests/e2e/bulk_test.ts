/**
 * Working on many at once in Chromium: row checkboxes, "select all N matching the filter", the
 * action bar with its progress and summary line, a colleague's change coming into a shown row by
 * itself (the live desk) before the bulk change, and saved views. The summary's "ändrade av någon
 * annan under tiden" is tested in tests/api/bulk_test.ts. Screenshots at 1280 and 390 px; axe-core
 * finds nothing serious.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { audit, hydrated, openBrowser, screenshot, SCREENSHOTS, startSeeded } from "./harness.ts";
import { seedStaffChain, useSession } from "./staff_seed.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { patchProspect } from "@/lib/services/prospects.ts";

const SECRET = "e2e-bulk-secret-0123456789abcdef0123456789abcd";

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    await runMigrations(kv);
    const { ctx, tokens } = await seedStaffChain(kv, SECRET);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const p = await createProspect(
        ctx,
        {
          firstName: `Person${String(i).padStart(2, "0")}`,
          lastName: "Lind",
          phoneNumber: `07011122${String(i).padStart(2, "0")}`,
          clubId: 101,
          marketProjectId: 7,
          assignId: i % 2 ? "anna@klubb.se" : undefined,
        } as Parameters<typeof createProspect>[1],
      );
      ids.push(p.id);
    }
    return { ctx, tokens, ids };
  } finally {
    kv.close();
  }
}

Deno.test({
  name: "e2e: bulk change from the grid — select all matching, progress, summary; saved views",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { ctx, tokens, ids } } = await startSeeded(seed, {
      SECRET_KEY: SECRET,
    });
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      const { page } = b;
      await useSession(b.context, tokens);
      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      await page.waitForSelector("[data-testid=prospect-grid]");
      // Two rows by their checkboxes: the bar says so.
      await page.locator("[data-testid^=select-]:not([data-testid=select-page])").nth(0).check();
      await page.locator("[data-testid^=select-]:not([data-testid=select-page])").nth(1).check();
      await page.waitForSelector("[data-testid=bulk-bar]");
      assert.equal(await page.textContent("[data-testid=bulk-count]"), "2 valda");
      // Every row matching the filter (12, over two pages).
      await page.click("[data-testid=bulk-select-all]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=bulk-count]")?.textContent === "12 valda"
      );
      assert.equal(await page.isChecked("[data-testid=select-page]"), true);
      // Someone else changes a shown row after the page loaded: the live desk brings the change
      // into the row (its new version), so the bulk change applies to it as it now is.
      const kv = await Deno.openKv(server.kvPath);
      try {
        await patchProspect({ ...ctx, kv, now: new Date() }, ids[0], { tag: "annan" }, ["tag"]);
      } finally {
        kv.close();
      }
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLInputElement>("input[data-testid^=tag-]")]
          .some((e) => e.value === "annan")
      );
      await page.selectOption("[data-testid=bulk-action]", "club");
      await page.selectOption("[data-testid=bulk-value]", "101");
      await screenshot(page, "bulk-bar-1280");
      await page.click("[data-testid=bulk-apply]");
      await page.waitForSelector("[data-testid=bulk-summary]");
      const summary = await page.textContent("[data-testid=bulk-summary]");
      assert.equal(summary, "12 uppdaterade");
      await screenshot(page, "bulk-summary-1280");
      assert.deepEqual(await audit(page, "bulk-1"), []);

      // Saved views: save the current filter, clear it, open the view again.
      await page.fill("[data-testid=filter-search]", "Person0");
      await page.click("[data-testid=filter-submit]");
      await page.waitForFunction(() => location.search.includes("search=Person0"));
      await page.click("[data-testid=saved-view-open-save]");
      await page.fill("[data-testid=saved-view-name]", "Personer 0–9");
      await page.click("[data-testid=saved-view-save]");
      await page.waitForSelector(
        "[data-testid=saved-view-select] option:has-text('Personer 0–9')",
        {
          state: "attached",
        },
      );
      await page.click("[data-testid=filter-clear]");
      await page.waitForFunction(() => !location.search.includes("search="));
      const value = await page.locator("[data-testid=saved-view-select] option", {
        hasText: "Personer 0–9",
      }).getAttribute("value");
      await page.selectOption("[data-testid=saved-view-select]", value!);
      await page.waitForFunction(() => location.search.includes("search=Person0"));
      assert.equal(await page.inputValue("[data-testid=filter-search]"), "Person0");
      await screenshot(page, "saved-views-1280");

      // A phone: the bar wraps on screen, nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator("[data-testid^=select-]:not([data-testid=select-page])").nth(0).check();
      await page.waitForSelector("[data-testid=bulk-bar]");
      await screenshot(page, "bulk-bar-390");
      // The bar as the phone shows it (the full page is long).
      await page.locator("[data-testid=bulk-bar]").scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, "bulk-bar-390-view.png") });
      const wide = await page.evaluate(() =>
        document.documentElement.scrollWidth - globalThis.innerWidth
      );
      assert.ok(wide <= 0, `sideways scroll ${wide}px`);
      assert.deepEqual(await audit(page, "bulk-2"), []);
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
