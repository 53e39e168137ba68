/**
 * Personal data in Chromium (issue #14): an admin finds a person by phone in another written form,
 * downloads everything kept as JSON, erases after confirming, and the grid shows the row cleaned.
 * The notes dialog's History lists the changes.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { deleteProspect } from "@/lib/services/prospects.ts";
import { localDate } from "@/lib/domain/prospect.ts";

const SECRET = "e2e-privacy-secret-0123456789abcdef0123456789ab";
const TZ = "Europe/Stockholm";

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    const admin = await createTestUser(kv, {
      email: "admin@klubb.se",
      firstName: "Ada",
      role: "ROLE_ADMIN",
    });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    const today = localDate(new Date(), TZ);
    await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
      today,
    );
    const user = { ...admin, sid: null };
    const ctx = { kv, config: { timeZone: TZ }, now: new Date(), user };
    const p = await createProspect(ctx, {
      firstName: "Petra",
      lastName: "Personlig",
      clubId: 101,
      marketProjectId: 7,
      phoneNumber: "070-123 45 67",
      email: "petra@example.se",
      assignId: admin.email,
    });
    const gone = await createProspect(ctx, {
      firstName: "Rolf",
      lastName: "Raderad",
      clubId: 101,
      marketProjectId: 7,
      phoneNumber: "070-999 00 11",
    });
    await deleteProspect(ctx, gone.id);
    return { tokens: await createSession(kv, SECRET, admin.id), prospect: p, gone };
  } finally {
    kv.close();
  }
}

Deno.test({
  name:
    "e2e: an admin finds a person by phone, downloads the JSON, erases; the grid shows it cleaned",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { tokens, prospect, gone } } = await startSeeded(seed, {
      SECRET_KEY: SECRET,
    });
    const b = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = b;
      await b.context.addCookies([
        { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
        { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
      ]);
      // Admins list deleted prospects with a filter and restore one.
      await page.goto(`${server.url}/prospects?marketProjectId=7&deleted=true`);
      await hydrated(page);
      await page.click(`[data-testid=restore-${gone.customerId}]`);
      await page.locator("[data-testid=toast-success]", { hasText: /återställt/ }).waitFor();
      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      // (At 390 px the name reads as text until the row is edited: wait for the row.)
      await page.waitForSelector(`[data-testid=row-${gone.customerId}]`);
      // Export: every row of the view as CSV.
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=export-csv]"),
      ]);
      const csvText = await Deno.readTextFile((await csv.path())!);
      assert.match(csvText, /^\uFEFF?Kund-ID;Förnamn;Efternamn/);
      assert.match(csvText, /;Rolf;Raderad;/);
      assert.match(csvText, /;Petra;Personlig;/);

      // Adding the same person again (another written form of her phone) meets the duplicate
      // prompt: "Öppna" leads to her, "Skapa ändå" creates the row anyway.
      await page.fill("[data-testid=firstName-new]", "Petra");
      await page.fill("[data-testid=lastName-new]", "Igen");
      await page.fill("[data-testid=phoneNumber-new]", "+46 70 123 45 67");
      await page.selectOption("[data-testid=clubId-new]", "101");
      await page.click("[data-testid=save-new]");
      await page.waitForSelector("[data-testid=duplicate-dialog]");
      assert.match(
        await page.textContent("[data-testid=duplicate-dialog]") ?? "",
        /Petra Personlig/,
      );
      assert.ok(await page.isVisible(`[data-testid=duplicate-open-${prospect.customerId}]`));
      await screenshot(page, "duplicate-prompt-390");
      await page.click("[data-testid=duplicate-create]");
      await page.locator("[data-testid=toast-success]", { hasText: /skapats/ })
        .first().waitFor();
      await page.waitForSelector("[data-testid=duplicate-dialog]", { state: "detached" });

      // The history of the prospect in the notes dialog.
      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      await page.click(`[data-testid=notes-${prospect.customerId}]`);
      await page.waitForSelector("[data-testid=notes-dialog]");
      await page.click("[data-testid=history] summary");
      await page.waitForSelector("[data-testid=history-list] li");
      assert.match(await page.textContent("[data-testid=history-list]") ?? "", /Registrerad/);
      await page.keyboard.press("Escape");

      await page.goto(`${server.url}/settings?tab=privacy`);
      await page.fill("input[name=phone]", "+46701234567");
      await page.click("[data-testid=privacy-find]");
      await page.waitForSelector("[data-testid=privacy-row]");
      assert.match(await page.textContent("[data-testid=privacy-row]") ?? "", /Petra Personlig/);
      await screenshot(page, "privacy-found-390");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=privacy-download]"),
      ]);
      const json = JSON.parse(await Deno.readTextFile((await download.path())!));
      assert.equal(json.length, 2, "both rows with her phone");
      const petra = json.find((r: any) => r.prospect.email === "petra@example.se");
      assert.ok(petra && Array.isArray(petra.history) && petra.history.length > 0);

      // Erase needs the confirm box; then the row is cleaned.
      await page.check("[data-testid=privacy-erase-form] input[name=confirm]");
      await page.click("[data-testid=privacy-erase]");
      await page.waitForSelector("[data-testid=privacy-erased]");
      assert.match(await page.textContent("[data-testid=privacy-erased]") ?? "", /2 prospekt/);
      assert.doesNotMatch(await page.content(), /Petra/);

      await page.goto(`${server.url}/prospects?marketProjectId=7&showCompleted=true`);
      await hydrated(page);
      const badge = page.locator(`[data-testid=activity-${prospect.customerId}]`);
      await badge.waitFor();
      assert.match(await badge.textContent() ?? "", /Kunddata rensad/);
      await screenshot(page, "privacy-cleaned-row-390");
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
