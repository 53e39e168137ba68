/**
 * Automatic assignment in Chromium: an admin turns it on for a club over a seller (Settings →
 * Clubs) and sees who is next; the seller marks herself away in her profile and the next new
 * prospect is left for the others. Screenshots at 1280 and 390 px; axe-core finds nothing serious.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { audit, hydrated, openBrowser, screenshot, SCREENSHOTS, startSeeded } from "./harness.ts";
import { seedStaffChain, useSession } from "./staff_seed.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { getUserSettings } from "@/lib/db/users.ts";

const SECRET = "e2e-assign-secret-0123456789abcdef0123456789abc";

Deno.test({
  name: "e2e: automatic assignment — the admin's rule and the seller's away switch",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { anna, tokens, adminTokens } } = await startSeeded(async (kvPath) => {
      const kv = await Deno.openKv(kvPath);
      await runMigrations(kv);
      const { anna, tokens } = await seedStaffChain(kv, SECRET);
      const admin = await createTestUser(kv, {
        role: "ROLE_ADMIN",
        email: "admin@klubb.se",
        firstName: "Ada",
      });
      const adminTokens = await createSession(kv, SECRET, admin.id);
      kv.close();
      return { anna, tokens, adminTokens };
    }, { SECRET_KEY: SECRET });
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      const { page } = b;
      await useSession(b.context, adminTokens);
      await page.goto(`${server.url}/settings?tab=clubs`);
      await hydrated(page);
      await page.waitForSelector("[data-testid=assignment-panel]");
      await page.waitForFunction(() =>
        !(document.querySelector("[data-testid=assignment-mode]") as HTMLSelectElement)?.disabled
      );
      await page.selectOption("[data-testid=assignment-mode]", "roundRobin");
      await page.check(`[data-testid=assignment-user-${anna.id}]`);
      await page.click("[data-testid=assignment-save]");
      await page.waitForSelector("[data-testid=assignment-next]");
      assert.match(await page.textContent("[data-testid=assignment-next]") ?? "", /Anna/);
      await screenshot(page, "assignment-1280");
      assert.deepEqual(await audit(page, "assignment-1"), []);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator("[data-testid=assignment-panel]").scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, "assignment-390.png") });
      assert.deepEqual(await audit(page, "assignment-2"), []);

      // Anna marks herself away in her profile.
      await b.context.clearCookies();
      await useSession(b.context, tokens);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.url}/settings?tab=profile`);
      await hydrated(page);
      await page.check("[data-testid=profile-away]");
      await page.click("[data-testid=profile-save]");
      await page.waitForSelector("text=sparats");
      const check = await Deno.openKv(server.kvPath);
      try {
        assert.equal((await getUserSettings(check, anna.id)).away, true);
      } finally {
        check.close();
      }
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
