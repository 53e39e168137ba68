/**
 * The reports page's Konvertering tab in Chromium: a seeded project with web and staff leads, some
 * reached, booked and members; the form (projects, period, grouping) run without JavaScript's
 * help, the funnel bars and the table showing the API's figures, the CSV with the same figures,
 * axe-core clean, screenshots at 1280 and 390 px (no sideways scrolling on the phone).
 */
import assert from "node:assert/strict";
import { audit, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { saveProspect } from "@/lib/services/prospects.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import { parseCsv } from "@/tests/helpers.ts";
import { saveInput, sessionOf } from "@/tests/api/report_fixtures.ts";

const SECRET = "e2e-funnel-secret-0123456789abcdef0123456789ab";
const TZ = "Europe/Stockholm";

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    await runMigrations(kv);
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Friskis Söder", districtId: 1 });
    await createClub(kv, { clubId: 102, name: "Friskis Norr", districtId: 1 });
    await createMarketProject(kv, {
      name: "Vårkampanj 2026",
      startDate: "2026-01-15",
      marketProjectId: 1,
    }, "2000-01-01");
    const admin = await createTestUser(kv, { role: "ROLE_ADMIN", email: "chef@klubb.se" });
    const a = sessionOf(admin);
    const now = Date.now();
    // 20 leads over the last 10 days: every 5th a member, the other 4ths booked, the other 2nds
    // given another status (reached), the rest untouched.
    for (let i = 0; i < 20; i++) {
      const at = new Date(now - (10 - i * 0.4) * 86_400_000);
      const ctx = { kv, config: { timeZone: TZ }, now: at, user: a };
      let p = await createProspect(ctx, {
        firstName: `Kund${i}`,
        lastName: "Andersson",
        phoneNumber: `0702${String(i).padStart(6, "0")}`,
        marketProjectId: 1,
        clubId: i % 3 ? 101 : 102,
      } as any);
      const later = { ...ctx, now: new Date(at.getTime() + 3_600_000) };
      const day = addDays(localDate(later.now, TZ), 2);
      if (i % 5 === 0) {
        p = await saveProspect(later, p.id, saveInput(p, { sellStatus: "Member" }) as any);
      } else if (i % 4 === 0) {
        p = await saveProspect(
          later,
          p.id,
          saveInput(p, { sellStatus: "Booked", followUpDate: day }) as any,
        );
      } else if (i % 2 === 0) {
        p = await saveProspect(later, p.id, saveInput(p, { sellStatus: "NoAnswer1" }) as any);
      }
    }
    return await createSession(kv, SECRET, admin.id);
  } finally {
    kv.close();
  }
}

Deno.test({
  name: "e2e: Konvertering — funnel bars and table per group, CSV, axe clean at 1280 and 390 px",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: tokens } = await startSeeded(seed, { SECRET_KEY: SECRET });
    try {
      const from = addDays(localDate(new Date(), TZ), -30);
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        try {
          await b.context.addCookies([
            { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
            { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
          ]);
          const page = b.page;
          await page.goto(`${server.url}/reports?tab=funnel`);
          await page.locator("[data-testid=funnel-form]").waitFor();
          assert.equal(await page.locator("[data-testid=tab-funnel]").innerText(), "Konvertering");
          // The plain form: a project, the period, grouped by club.
          await page.check("[data-testid=funnel-project-1]");
          await page.fill("[data-testid=funnel-from]", from);
          await page.selectOption("[data-testid=funnel-group-by]", "club");
          await page.click("[data-testid=funnel-submit]");
          await page.locator("[data-testid=funnel-table]").waitFor();
          assert.match(page.url(), /groupBy=club/);
          const groups = page.locator("[data-testid=funnel-group]");
          assert.equal(await groups.count(), 3, "two clubs and the total");
          const total = groups.last();
          // 20 leads: 4 members (i = 0, 5, 10, 15), 4 more Booked (4, 8, 12, 16), 4 more with
          // another status (2, 6, 14, 18): 12 reached, 8 booked.
          assert.equal(await total.locator("[data-stage=leads]").innerText(), "20");
          assert.match(await total.locator("[data-stage=members]").innerText(), /^4 \(20\s?%\)$/);
          assert.match(await total.locator("[data-stage=booked]").innerText(), /^8 \(40\s?%\)$/);
          assert.match(await total.locator("[data-stage=reached]").innerText(), /^12 \(60\s?%\)$/);
          const tag = `funnel-${viewport.width}`;
          await screenshot(page, `reports-${tag}`);
          const findings = await audit(page, tag);
          assert.deepEqual(findings, [], JSON.stringify(findings, null, 2));
          const over = await page.evaluate(() =>
            document.documentElement.scrollWidth - globalThis.innerWidth
          );
          assert.ok(over <= 0, `${over} px too wide at ${viewport.width}`);
          if (viewport.width === 1280) {
            // The CSV: the same figures as the table's totals row.
            const [download] = await Promise.all([
              page.waitForEvent("download"),
              page.click("[data-testid=funnel-csv]"),
            ]);
            const rows = parseCsv(
              new TextDecoder().decode(await Deno.readFile((await download.path())!)),
            );
            assert.deepEqual(rows[0].slice(0, 3), ["Klubb", "Leads", "Nådda"]);
            const last = rows.at(-1)!;
            assert.deepEqual([last[0], last[1], last[2], last[4], last[6]], [
              "Totalt",
              "20",
              "12",
              "8",
              "4",
            ]);
          }
          assert.deepEqual(b.problems, [], "no console errors");
        } finally {
          await b.close();
        }
      }
    } finally {
      await server.stop();
    }
  },
});
