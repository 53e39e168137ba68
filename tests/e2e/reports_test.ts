/**
 * The Reports screen in Chromium: each tab with a seeded history (screenshots at 1280 and 390 px),
 * the §5 validation toasts, the Club/District switch clearing selection and results, the filter
 * surviving a reload, and a downloaded CSV parsed back.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { saveProspect } from "@/lib/services/prospects.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import { parseCsv } from "@/tests/helpers.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { isFollowUpSellStatus } from "@/lib/domain/statuses.ts";
import { saveInput, sessionOf, unlessPaused } from "@/tests/api/report_fixtures.ts";

const SECRET = "e2e-reports-secret-0123456789abcdef0123456789";
const TZ = "Europe/Stockholm";

/** A small chain with two weeks of history, written into the KV file before the server opens it. */
async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    await runMigrations(kv);
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createDistrict(kv, { districtId: 2, name: "Göteborg" });
    const clubs: [number, string, number][] = [
      [101, "Friskis Söder", 1],
      [102, "Friskis Norr", 1],
      [201, "Hisingen", 2],
    ];
    for (const [clubId, name, districtId] of clubs) {
      await createClub(kv, { clubId, name, districtId });
    }
    await createMarketProject(kv, {
      name: "Vårkampanj 2026",
      startDate: "2026-01-15",
      marketProjectId: 1,
    }, "2000-01-01");
    await createMarketProject(kv, {
      name: "Företagsveckan",
      startDate: "2026-02-01",
      marketProjectId: 2,
      b2b: true,
    }, "2000-01-01");
    const admin = await createTestUser(kv, { role: "ROLE_ADMIN", email: "chef@klubb.se" });
    const user = await createTestUser(kv, { email: "reception@klubb.se", firstName: "Sara" });
    await setClubSubscription(kv, user.id, 101, true);
    await setClubSubscription(kv, user.id, 102, true);
    const a = sessionOf(admin);
    let seedN = 1;
    const rand = () => {
      seedN = (seedN * 16807) % 2147483647;
      return seedN / 2147483647;
    };
    const now = Date.now();
    for (let i = 0; i < 60; i++) {
      const at = new Date(now - (14 - i * 0.2) * 86_400_000);
      const ctx = { kv, config: { timeZone: TZ }, now: at, user: a };
      let p = await createProspect(ctx, {
        firstName: `Kund${i}`,
        lastName: "Andersson",
        phoneNumber: `0701${String(i).padStart(6, "0")}`,
        marketProjectId: i % 4 === 0 ? 2 : 1,
        clubId: [101, 102, 201][i % 3],
      } as any);
      for (let k = 0; k < 3 && rand() < 0.8; k++) {
        const later = new Date(at.getTime() + (k + 1) * rand() * 2 * 86_400_000);
        if (later.getTime() > now) break;
        const s = SELL_STATUSES[Math.floor(rand() * SELL_STATUSES.length)];
        const changes: Record<string, unknown> = { sellStatus: s };
        if (isFollowUpSellStatus(s)) changes.followUpDate = addDays(localDate(later, TZ), 2);
        // A Paused prospect keeps its status (refused), as in the grid.
        p = await unlessPaused(() =>
          saveProspect({ ...ctx, now: later }, p.id, saveInput(p, changes) as any)
        ) ?? p;
      }
    }
    return {
      admin: await createSession(kv, SECRET, admin.id),
      user: await createSession(kv, SECRET, user.id),
    };
  } finally {
    kv.close();
  }
}

const cookies = (t: { accessToken: string; refreshToken: string }) => [
  { name: "kl_at", value: t.accessToken, domain: "127.0.0.1", path: "/" },
  { name: "kl_rt", value: t.refreshToken, domain: "127.0.0.1", path: "/" },
];

Deno.test({
  name: "e2e: reports — three tabs, validation toasts, type switch, reload, CSV download",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: sessions } = await startSeeded(seed, { SECRET_KEY: SECRET });
    const b = await openBrowser();
    try {
      await b.context.addCookies(cookies(sessions.user));
      const page = b.page;
      const today = localDate(new Date(), TZ);

      // ── sell status age ──
      await page.goto(`${server.url}/reports`);
      await hydrated(page);
      assert.equal(await page.title().then((t) => t.includes("Rapporter")), true);
      assert.match(await page.locator("[data-testid=age-clubs]").innerText(), /Friskis Söder/);
      assert.equal(await page.locator("[data-testid=age-date]").inputValue(), today);
      await page.click("[data-testid=age-filter]");
      await page.getByText("Fyll i alla obligatoriska fält").first().waitFor();
      await page.selectOption("[data-testid=age-project]", "1");
      await page.click("[data-testid=age-filter]");
      await page.locator("[data-testid=age-table]").waitFor();
      const ageSum = await page.locator("[data-testid=age-table-totals] [data-col=sum]")
        .innerText();
      assert.ok(Number(ageSum) > 0, `age sum ${ageSum}`);
      await page.locator("[data-testid=age-chart]").waitFor();
      await screenshot(page, "reports-age-1280");

      // The filter is in the address: a reload (e.g. after a language change) runs it again.
      assert.match(page.url(), /marketProjectId=1/);
      await page.reload();
      await hydrated(page);
      await page.locator("[data-testid=age-table]").waitFor();

      // CSV download, parsed back: same sum as the table.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=age-csv]"),
      ]);
      const path = await download.path();
      const bytes = await Deno.readFile(path!);
      assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
      const rows = parseCsv(new TextDecoder().decode(bytes));
      assert.equal(rows[0][0], "Säljstatus");
      assert.equal(rows.at(-1)![7], ageSum);
      assert.match(download.suggestedFilename(), /^sell-status-age_\d{4}-\d{2}-\d{2}\.csv$/);

      // ── status project ──
      await page.click("[data-testid=tab-statusProject]");
      await hydrated(page);
      await page.fill("[data-testid=project-date]", "");
      await page.click("[data-testid=project-filter]");
      await page.getByText("Ange ett referensdatum").first().waitFor();
      await page.fill("[data-testid=project-date]", today);
      await page.click("[data-testid=project-projects-summary]");
      await page.check("[data-testid=project-projects-option-1]");
      await page.check("[data-testid=project-projects-option-2]");
      await page.click("[data-testid=project-projects-summary]");
      await page.click("[data-testid=project-filter]");
      await page.locator("[data-testid=project-table] tbody tr").nth(1).waitFor();
      const names = await page.locator(
        "[data-testid=project-table] tbody td[data-col=marketProject]",
      )
        .allInnerTexts();
      assert.deepEqual(names.sort(), ["Företagsveckan", "Vårkampanj 2026"]);
      await screenshot(page, "reports-project-1280");
      const [pdl] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=project-csv]"),
      ]);
      const prow = parseCsv(new TextDecoder().decode(await Deno.readFile((await pdl.path())!)));
      assert.equal(prow.length, 3);
      assert.equal(prow[0].length, 29);
      assert.equal(prow[0][28], "Första prospekt", "firstProspectIn is the last column");
      assert.match(prow[1][28], /^\d{4}-\d{2}-\d{2}$/);
      const firstIn = await page.locator(
        "[data-testid=project-table] tbody td[data-col=firstProspectIn]",
      ).allInnerTexts();
      assert.ok(firstIn.some((v) => /^\d{4}-\d{2}-\d{2}$/.test(v.trim())), firstIn.join());

      // ── status project club ──
      await page.click("[data-testid=tab-statusProjectClub]");
      await hydrated(page);
      await page.click("[data-testid=club-filter]");
      await page.getByText("Fyll i alla obligatoriska fält").first().waitFor();
      await page.click("[data-testid=club-projects-summary]");
      await page.check("[data-testid=club-projects-all]");
      await page.click("[data-testid=club-projects-summary]");
      await page.selectOption("[data-testid=club-kind]", "clubs");
      await page.click("[data-testid=club-ids-summary]");
      await page.check("[data-testid=club-ids-all]");
      await page.click("[data-testid=club-ids-summary]");
      await page.click("[data-testid=club-filter]");
      await page.locator("[data-testid=club-table] tbody tr").nth(2).waitFor();
      await screenshot(page, "reports-club-1280");
      // Switching the type clears the selection and the results.
      await page.selectOption("[data-testid=club-kind]", "district");
      await page.locator("[data-testid=club-empty]").waitFor();
      assert.equal(await page.locator("[data-testid=club-table]").count(), 0);
      await page.click("[data-testid=club-ids-summary]");
      assert.equal(await page.locator("[data-testid=club-ids-option-1]").isChecked(), false);
      await page.check("[data-testid=club-ids-all]");
      await page.click("[data-testid=club-ids-summary]");
      await page.click("[data-testid=club-filter]");
      await page.locator("[data-testid=club-table] tbody tr").nth(1).waitFor();
      const districts = await page.locator("[data-testid=club-table] tbody td[data-col=name]")
        .allInnerTexts();
      assert.deepEqual(districts, ["Göteborg", "Stockholm"]);
      await screenshot(page, "reports-district-1280");

      // Back to the reports later (e.g. after changing the language): the last age report is shown.
      await page.goto(`${server.url}/reports`);
      await page.waitForURL(/marketProjectId=1/);
      await hydrated(page);
      await page.locator("[data-testid=age-table]").waitFor();

      // ── phone width ──
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(
        `${server.url}/reports?tab=sellStatusAge&marketProjectId=1&referenceDate=${today}`,
      );
      await hydrated(page);
      await page.locator("[data-testid=age-table]").waitFor();
      await screenshot(page, "reports-age-390");
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px at 390 px`);

      assert.deepEqual(b.problems, []);
      assert.deepEqual(b.external, []);
    } catch (e) {
      await screenshot(b.page, "reports-failure").catch(() => {});
      console.error(server.output().slice(-3000));
      throw e;
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
