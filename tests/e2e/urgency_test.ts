/**
 * The grid's sort select in Chromium: "Mest brådskande först" puts the escalated prospect on top,
 * the paused one last, and survives a reload (it is in the URL). Screenshots at 1280 and 390 px.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { saveProspect } from "@/lib/services/prospects.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";
import { localDate } from "@/lib/domain/prospect.ts";
import { testConfig } from "@/tests/helpers.ts";
import type { SessionUser } from "@/lib/domain/user.ts";

const SECRET = "e2e-urgency-secret-0123456789abcdef0123456789ab";
const TZ = "Europe/Stockholm";
const DAY = 86_400_000;

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    await runMigrations(kv);
    const anna = await createTestUser(kv, { email: "anna@klubb.se", firstName: "Anna" });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    await setClubSubscription(kv, anna.id, 101, true);
    const today = localDate(new Date(), TZ);
    await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
      today,
    );
    const user: SessionUser = { ...anna, sid: null };
    const at = (ms: number) => ({ kv, config: { timeZone: TZ }, now: new Date(ms), user });
    const row = (firstName: string, n: number) => ({
      firstName,
      lastName: "Lind",
      clubId: 101,
      marketProjectId: 7,
      phoneNumber: `070111223${n}`,
    });
    // Registered first, three days ago: escalated by now (Prospect: 0 + 4 + 4 work hours).
    await createProspect(at(Date.now() - 3 * DAY), row("Gunnel", 1));
    const paused = await createProspect(at(Date.now() - 2 * DAY), row("Pia", 2));
    await saveProspect(at(Date.now() - 1000), paused.id, {
      ...row("Pia", 2),
      sellStatus: "NoAnswer1", // waits 4 work hours: Paused
      version: paused.version!,
    });
    await createProspect(at(Date.now()), row("Nils", 3)); // ToDo from the start
    const config = testConfig({ TZ_NAME: TZ });
    await runActivityJob({ kv, config, now: () => new Date() });
    return { tokens: await createSession(kv, SECRET, anna.id) };
  } finally {
    kv.close();
  }
}

Deno.test({
  name: "e2e: sort the prospect grid by urgency",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { tokens } } = await startSeeded(seed, { SECRET_KEY: SECRET });
    const b = await openBrowser({ width: 1280, height: 800 });
    try {
      const { page } = b;
      await b.context.addCookies([
        { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
        { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
      ]);
      const names = () =>
        page.locator(
          "[data-testid=prospect-grid] tbody tr[data-testid^=row-]:not([data-testid=row-new]) [data-testid^=firstName-]",
        ).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      const orderIs = (want: string[]) =>
        page.waitForFunction(
          (w) => {
            const got = [...document.querySelectorAll(
              "[data-testid=prospect-grid] tbody tr[data-testid^=row-]:not([data-testid=row-new]) [data-testid^=firstName-]",
            )].map((e) => (e as HTMLInputElement).value);
            return JSON.stringify(got) === JSON.stringify(w);
          },
          want,
          { timeout: 10_000 },
        );

      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      await page.waitForSelector("[data-testid=prospect-grid]");
      // Default: follow-up date (none set), then registration order.
      assert.deepEqual(await names(), ["Gunnel", "Pia", "Nils"]);
      assert.equal(await page.inputValue("[data-testid=sort-by]"), "followUpDate");

      await page.selectOption("[data-testid=sort-by]", "urgency");
      await orderIs(["Gunnel", "Nils", "Pia"]);
      assert.match(page.url(), /sort=urgency/);
      await screenshot(page, "prospects-urgency-1280");

      // The choice is in the URL: a reload keeps it (server-rendered in that order).
      await page.reload();
      await hydrated(page);
      await orderIs(["Gunnel", "Nils", "Pia"]);
      assert.equal(await page.inputValue("[data-testid=sort-by]"), "urgency");

      await page.setViewportSize({ width: 390, height: 800 });
      await screenshot(page, "prospects-urgency-390");
      const select = await page.locator("[data-testid=sort-by]").boundingBox();
      assert.ok(select && select.x >= 0 && select.x + select.width <= 390, "select on screen");
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
