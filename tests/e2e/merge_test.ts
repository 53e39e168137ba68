/**
 * Merging duplicates in Chromium: "Möjliga dubbletter" lists the project's records sharing a
 * phone, "Jämför" shows two side by side with a choice per differing field, "Slå ihop" merges; the
 * duplicate prompt of the add row merges a new entry into the known person. Screenshots at 1280
 * and 390 px; axe-core finds nothing serious.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { audit, hydrated, openBrowser, screenshot, SCREENSHOTS, startSeeded } from "./harness.ts";
import { seedStaffChain, useSession } from "./staff_seed.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { getForUser } from "@/lib/services/prospect_reads.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";

const SECRET = "e2e-merge-secret-0123456789abcdef0123456789abcd";

Deno.test({
  name: "e2e: merge duplicates from the list and from the duplicate prompt",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { ctx, tokens, kept, dup } } = await startSeeded(async (kvPath) => {
      const kv = await Deno.openKv(kvPath);
      await runMigrations(kv);
      const { ctx, tokens } = await seedStaffChain(kv, SECRET);
      const row = (over: Record<string, unknown>) =>
        ({
          lastName: "Berg",
          clubId: 101,
          marketProjectId: 7,
          assignId: "anna@klubb.se",
          ...over,
        }) as Parameters<typeof createProspect>[1];
      const kept = await createProspect(
        ctx,
        row({ firstName: "Karin", phoneNumber: "0701234567" }),
      );
      const dup = await createProspect(
        ctx,
        row({
          firstName: "Karin",
          phoneNumber: "070-123 45 67",
          email: "karin@example.se",
          tag: "sommar",
          allowDuplicate: true,
        }),
      );
      await createProspect(ctx, row({ firstName: "Olof", phoneNumber: "0707654321" }));
      kv.close();
      return { ctx, tokens, kept, dup };
    }, { SECRET_KEY: SECRET });
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      const { page } = b;
      await useSession(b.context, tokens);
      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      await page.click("[data-testid=open-duplicates]");
      await page.waitForSelector("[data-testid=merge-groups]");
      assert.match(
        await page.textContent("[data-testid=merge-groups]") ?? "",
        /samma telefonnummer/,
      );
      await page.click(`[data-testid=merge-compare-${kept.customerId}]`);
      await page.waitForSelector("[data-testid=merge-compare]");
      // Same values show once; differing ones offer a choice (the kept record's by default).
      assert.equal(await page.isChecked("[data-testid=merge-keep-email]"), true);
      await page.check("[data-testid=merge-dup-email]");
      await page.check("[data-testid=merge-dup-tag]");
      assert.equal(await page.locator("[data-testid=merge-keep-firstName]").count(), 0);
      await screenshot(page, "merge-compare-1280");
      assert.deepEqual(await audit(page, "merge-1"), []);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SCREENSHOTS, "merge-compare-390.png") });
      assert.deepEqual(await audit(page, "merge-2"), []);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.click("[data-testid=merge-confirm]");
      await page.waitForSelector("[data-testid=merge-none]");
      await page.click("[data-testid=merge-close]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=total]")?.textContent?.startsWith("2")
      );
      const check = await Deno.openKv(server.kvPath);
      try {
        const k = await getForUser({ ...ctx, kv: check, now: new Date() }, kept.id);
        assert.deepEqual([k.email, k.tag], ["karin@example.se", "sommar"]);
      } finally {
        check.close();
      }

      // The add row meets Olof again: "Slå ihop" merges the new entry into him.
      await page.fill("[data-testid=firstName-new]", "Olof");
      await page.fill("[data-testid=lastName-new]", "Berg");
      await page.fill("[data-testid=phoneNumber-new]", "070 765 43 21");
      await page.fill("[data-testid=email-new]", "olof@example.se");
      await page.click("[data-testid=save-new]");
      await page.waitForSelector("[data-testid=duplicate-dialog]");
      await screenshot(page, "merge-duplicate-prompt-1280");
      await page.locator("[data-testid^=duplicate-merge-]").first().click();
      await page.waitForSelector("[data-testid=merge-compare]");
      await page.check("[data-testid=merge-dup-email]");
      await page.click("[data-testid=merge-confirm]");
      await page.waitForSelector("[data-testid=merge-compare]", { state: "detached" });
      await page.click("[data-testid=merge-close]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=total]")?.textContent?.startsWith("2")
      );
      assert.deepEqual(b.problems, []);
      void dup;
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
