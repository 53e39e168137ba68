/**
 * Accessibility and the phone layout, checked by a real engine: axe-core runs on every screen
 * (login, today's list, prospects, notes dialog, settings tabs, notifications, users, reports tabs, webhooks, outbox,
 * error page), in Swedish and English, at 1280 px and at 390 × 844, and fails on any serious or
 * critical violation. At 390 px no screen may scroll sideways (the page is wider than the viewport).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { audit, type Finding, hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { updateUserSettings } from "@/lib/db/users.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { localDate } from "@/lib/domain/prospect.ts";
import type { SessionUser } from "@/lib/domain/user.ts";

const SECRET = "e2e-a11y-secret-0123456789abcdef0123456789abcd";
const TZ = "Europe/Stockholm";

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    const sv = await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@klubb.se" });
    const en = await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin.en@klubb.se" });
    await updateUserSettings(kv, en.id, { language: "en" });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    await createClub(kv, { clubId: 102, name: "Norr", districtId: 1 });
    for (const u of [sv, en]) {
      await setClubSubscription(kv, u.id, 101, true);
      await setClubSubscription(kv, u.id, 102, true);
    }
    const today = localDate(new Date(), TZ);
    await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
      today,
    );
    const user: SessionUser = {
      id: sv.id,
      email: sv.email,
      firstName: sv.firstName,
      lastName: sv.lastName,
      roles: sv.roles,
      sid: null,
    };
    const ctx = { kv, config: { timeZone: TZ }, now: new Date(), user };
    const rows: [string, string, number][] = [
      ["Åsa", "Lindqvist-Johansson", 101],
      ["Bertil", "Ek", 102],
      ["Cecilia", "Öst", 101],
    ];
    let i = 0;
    for (const [firstName, lastName, clubId] of rows) {
      await createProspect(ctx, {
        firstName,
        lastName,
        clubId,
        marketProjectId: 7,
        phoneNumber: `07011122${String(i++).padStart(2, "0")}`,
        email: `${firstName.toLowerCase()}@example.se`,
      });
    }
    return {
      sv: await createSession(kv, SECRET, sv.id),
      en: await createSession(kv, SECRET, en.id),
    };
  } finally {
    kv.close();
  }
}

async function overflow(page: Page): Promise<number> {
  return await page.evaluate(() => document.documentElement.scrollWidth - globalThis.innerWidth);
}

Deno.test({
  name: "e2e: axe-core finds no serious/critical violation on any screen (sv/en, 1280/390 px)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: sessions } = await startSeeded(seed, { SECRET_KEY: SECRET });
    const findings: Finding[] = [];
    const wide: string[] = [];
    try {
      for (const lang of ["sv", "en"] as const) {
        for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
          const b = await openBrowser(viewport);
          const { page } = b;
          const tag = `${lang}-${viewport.width}`;
          const check = async (screen: string) => {
            await hydrated(page);
            await page.waitForTimeout(150);
            findings.push(...await audit(page, `${screen} (${tag})`));
            if (viewport.width < 400) {
              const over = await overflow(page);
              if (over > 0) wide.push(`${screen} (${tag}) is ${over} px too wide`);
            }
            await screenshot(page, `a11y-${screen}-${tag}`);
          };
          try {
            // Anonymous: the login page in the chosen language (cookie), the error page.
            await b.context.addCookies([
              { name: "lang", value: lang, domain: "127.0.0.1", path: "/" },
            ]);
            await page.goto(`${server.url}/login`);
            await check("login");
            assert.equal(await page.getAttribute("html", "lang"), lang);
            await page.goto(`${server.url}/not-found`);
            await check("not-found");

            const tokens = sessions[lang];
            await b.context.addCookies([
              { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
              { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
            ]);
            await page.goto(`${server.url}/overview`);
            await check("overview");
            await page.goto(`${server.url}/today`);
            await check("today");
            await page.goto(`${server.url}/prospects`);
            await check("prospects-empty");
            await page.selectOption("[data-testid=filter-marketProjectId]", "7");
            await page.waitForSelector("[data-testid=prospect-grid] tbody tr[data-testid^=row-]");
            await check("prospects");
            await page.locator("[data-testid^=notes-]").first().click();
            await page.waitForSelector("[data-testid=notes-dialog][open]");
            await page.waitForSelector("[data-testid=notes-empty], [data-testid=notes-table]");
            await check("notes-dialog");
            await page.click("[data-testid=notes-close]");

            for (
              const tab of [
                "profile",
                "chooseClub",
                "admin",
                "clubs",
                "marketProjects",
                "districts",
                "privacy",
              ]
            ) {
              await page.goto(`${server.url}/settings?tab=${tab}`);
              await check(`settings-${tab}`);
              if (tab === "privacy") {
                // With results (the search form, the list, the download and the erase form).
                await page.goto(`${server.url}/settings?tab=privacy&phone=0701`);
                await check("settings-privacy-results");
              }
            }
            await page.goto(`${server.url}/notifications`);
            await check("notifications");
            await page.goto(`${server.url}/admin/users`);
            await check("users");
            // Each report tab with results (the tables and charts are what scroll).
            const today = localDate(new Date(), TZ);
            await page.goto(
              `${server.url}/reports?tab=sellStatusAge&marketProjectId=7&referenceDate=${today}`,
            );
            await page.locator("[data-testid=age-table]").waitFor();
            await check("reports-sellStatusAge");
            await page.goto(`${server.url}/reports?tab=statusProject`);
            await hydrated(page);
            await page.click("[data-testid=project-projects-summary]");
            await page.check("[data-testid=project-projects-option-7]");
            await page.click("[data-testid=project-projects-summary]");
            await page.click("[data-testid=project-filter]");
            await page.locator("[data-testid=project-table] tbody tr").first().waitFor();
            await check("reports-statusProject");
            await page.goto(`${server.url}/reports?tab=statusProjectClub`);
            await hydrated(page);
            await page.click("[data-testid=club-projects-summary]");
            await page.check("[data-testid=club-projects-all]");
            await page.click("[data-testid=club-projects-summary]");
            await page.selectOption("[data-testid=club-kind]", "clubs");
            await page.click("[data-testid=club-ids-summary]");
            await page.check("[data-testid=club-ids-all]");
            await page.click("[data-testid=club-ids-summary]");
            await page.click("[data-testid=club-filter]");
            await page.locator("[data-testid=club-table] tbody tr").first().waitFor();
            await check("reports-statusProjectClub");
            await page.goto(`${server.url}/reports?tab=responseTime&marketProjectId=7`);
            await page.locator("[data-testid=response-table]").waitFor();
            await check("reports-responseTime");
            await page.goto(`${server.url}/reports?tab=funnel&marketProjectId=7`);
            await page.locator("[data-testid=funnel-table]").waitFor();
            await check("reports-funnel");
            await page.goto(`${server.url}/admin/webhooks`);
            await check("webhooks");
            await page.goto(`${server.url}/outbox`);
            await check("outbox");
            assert.deepEqual(b.problems, [], "no console errors");
          } finally {
            await b.close();
          }
        }
      }
      const report = findings.map((f) =>
        `${f.screen}: ${f.impact} ${f.id} — ${f.help} [${f.targets.join(" | ")}]`
      );
      assert.deepEqual(
        [...report, ...wide],
        [],
        `axe-core violations and sideways scrolling:\n${[...report, ...wide].join("\n")}`,
      );
    } finally {
      await server.stop();
    }
  },
});
