/**
 * The Settings screen in Chromium: an admin builds districts, clubs and a market project and sets
 * work time and a status limit; a user subscribes to clubs with the district filter and
 * select-all, and sees the same after a reload; a non-admin gets no admin tabs and 403s.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { localDate } from "@/lib/domain/reference_rules.ts";

const SECRET = "e2e-settings-secret-0123456789abcdef0123456789";

/** Users and sessions written into the KV file before the server opens it. */
async function seedUsers(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    const admin = await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@klubb.se" });
    const user = await createTestUser(kv, { role: "ROLE_USER", email: "anna@klubb.se" });
    return {
      admin: await createSession(kv, SECRET, admin.id),
      user: await createSession(kv, SECRET, user.id),
      userId: user.id,
    };
  } finally {
    kv.close();
  }
}

function cookies(tokens: { accessToken: string; refreshToken: string }) {
  return [
    { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
    { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
  ];
}

async function addRow(page: Page, table: string, values: Record<string, string>) {
  const row = page.locator(`[data-testid=${table}] [data-testid=add-row]`);
  for (const [name, value] of Object.entries(values)) {
    const el = row.locator(`[name=${name}]`);
    if ((await el.evaluate((n) => n.tagName)) === "SELECT") await el.selectOption(value);
    else await el.fill(value);
  }
  await row.locator("[data-testid=add]").click();
}

async function fetchStatus(page: Page, method: string, path: string, body?: unknown) {
  return await page.evaluate(async ([m, p, b]) => {
    const r = await fetch(p as string, {
      method: m as string,
      headers: { "Content-Type": "application/json" },
      body: b === undefined ? undefined : JSON.stringify(b),
    });
    return r.status;
  }, [method, path, body]);
}

Deno.test({
  name: "e2e: settings — admin reference data, user club subscriptions, non-admin refusals",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: sessions } = await startSeeded(seedUsers, { SECRET_KEY: SECRET });
    const adminB = await openBrowser();
    const userB = await openBrowser();
    try {
      // ── admin ────────────────────────────────────────────────────────────
      await adminB.context.addCookies(cookies(sessions.admin));
      const page = adminB.page;
      page.on("dialog", (d) => d.accept());

      await page.goto(`${server.url}/settings?tab=districts`);
      await hydrated(page);
      for (
        const tab of ["profile", "chooseClub", "admin", "clubs", "marketProjects", "districts"]
      ) {
        assert.ok(await page.isVisible(`[data-testid=tab-${tab}]`), tab);
      }
      await addRow(page, "districts-table", { districtId: "1", name: "Norr" });
      await page.waitForSelector("[data-testid=districts-table] tbody >> text=Norr");
      await addRow(page, "districts-table", { districtId: "2", name: "Syd" });
      await page.waitForSelector("[data-testid=districts-table] tbody >> text=Syd");
      // A duplicate id is refused with a message on the field.
      await addRow(page, "districts-table", { districtId: "2", name: "Dubblett" });
      await page.waitForSelector("[data-testid=add-row] .field-error");
      assert.match(
        await page.textContent("[data-testid=add-row] .field-error") ?? "",
        /Distrikts-ID|används/i,
      );
      await screenshot(page, "settings-districts");

      await page.click("[data-testid=tab-clubs]");
      await hydrated(page);
      await addRow(page, "clubs-table", { clubId: "11", name: "Umeå Centrum", districtId: "1" });
      await page.waitForSelector("[data-testid=clubs-table] tbody >> text=Umeå Centrum");
      await addRow(page, "clubs-table", { clubId: "21", name: "Malmö Triangeln", districtId: "2" });
      await page.waitForSelector("[data-testid=clubs-table] tbody >> text=Malmö Triangeln");
      // The id is optional; the field suggests the next free number, which a blank one gets.
      assert.match(
        await page.getAttribute(
          "[data-testid=clubs-table] [data-testid=add-row] [name=clubId]",
          "placeholder",
        ) ?? "",
        /22/,
      );
      await addRow(page, "clubs-table", { clubId: "", name: "Lund", districtId: "2" });
      await page.waitForSelector("[data-testid=clubs-table] tbody >> text=Lund");
      assert.equal(
        await page.locator("[data-testid=clubs-table] tbody tr", { hasText: "Lund" }).locator("td")
          .first().textContent(),
        "22",
      );
      // Edit a name in place.
      const lundId = await page.locator("[data-testid=clubs-table] tbody tr", { hasText: "Lund" })
        .getAttribute("data-testid");
      const lund = page.locator(`[data-testid=${lundId}]`);
      await lund.locator("[data-testid=edit]").click();
      await lund.locator("input[name=name]").fill("Lund Stortorget");
      await lund.locator("[data-testid=save]").click();
      await page.waitForSelector("[data-testid=clubs-table] tbody >> text=Lund Stortorget");
      await screenshot(page, "settings-clubs");

      await page.click("[data-testid=tab-marketProjects]");
      await hydrated(page);
      await addRow(page, "marketprojects-table", { name: "Gammal", startDate: "01/01/2020" });
      await page.waitForSelector(
        "[data-testid=marketprojects-table] [data-testid=add-row] .field-error",
      );
      assert.equal(
        await page.locator("[data-testid=marketprojects-table] tbody tr", { hasText: "Gammal" })
          .count(),
        0,
      );
      // The Swedish page's one date format (issue 19): yyyy-MM-dd.
      const today = localDate(new Date(), "Europe/Stockholm");
      await addRow(page, "marketprojects-table", { name: "Vårkampanj", startDate: today });
      await page.waitForSelector("[data-testid=marketprojects-table] tbody >> text=Vårkampanj");
      const project = page.locator("[data-testid=marketprojects-table] tbody tr", {
        hasText: "Vårkampanj",
      });
      assert.equal(await project.locator("[data-testid=active-toggle]").isChecked(), true);
      await project.locator("[data-testid=active-toggle]").click(); // confirm accepted
      await page.waitForFunction(() => {
        const box = document.querySelector<HTMLInputElement>(
          "[data-testid=marketprojects-table] tbody [data-testid=active-toggle]",
        );
        return box && !box.checked && !box.disabled;
      });
      await screenshot(page, "settings-marketprojects");

      await page.click("[data-testid=tab-admin]");
      await hydrated(page);
      await page.fill("input[name=worktimeFrom]", "07:00");
      await page.fill("input[name=worktimeTo]", "16:00");
      await page.click("[data-testid=apply-worktime]");
      await page.waitForSelector("[data-testid=toast-success]");
      const prospectRow = page.locator("[data-testid=time-row-Prospect]");
      const notified = prospectRow.locator("input[name=hoursLeftBeforeNotified]");
      await notified.fill("");
      await notified.pressSequentially("12345");
      assert.equal(await notified.inputValue(), "123", "only the first 3 digits");
      await notified.fill("-7");
      assert.equal(await notified.inputValue(), "0", "never below 0");
      await notified.fill("6");
      // An escalation before the reminder is refused, its reason next to the field.
      await prospectRow.locator("[data-testid=save-time-setting]").click();
      const why = prospectRow.locator("input[name=hoursLeftBeforeEscalated] + .field-error");
      await why.waitFor();
      assert.match(await why.textContent() ?? "", /Eskaleringen kan inte komma före påminnelsen/);
      await prospectRow.locator("input[name=hoursLeftBeforeEscalated]").fill("8");
      await prospectRow.locator("[data-testid=save-time-setting]").click();
      await page.waitForFunction(() =>
        document.querySelector<HTMLButtonElement>(
          "[data-testid=time-row-Prospect] [data-testid=save-time-setting]",
        )?.disabled === true
      );
      await page.reload();
      await hydrated(page);
      assert.equal(await page.inputValue("input[name=worktimeFrom]"), "07:00");
      assert.equal(await page.inputValue("input[name=worktimeTo]"), "16:00");
      assert.equal(
        await page.inputValue(
          "[data-testid=time-row-Prospect] input[name=hoursLeftBeforeNotified]",
        ),
        "6",
      );
      await screenshot(page, "settings-admin");

      // A district that still has clubs cannot be deleted: error toast, row stays.
      await page.click("[data-testid=tab-districts]");
      await hydrated(page);
      const syd = page.locator("[data-testid=districts-table] tbody tr", { hasText: "Syd" });
      await syd.locator("[data-testid=delete]").click();
      const err = await page.waitForSelector("[data-testid=toast-error]");
      assert.match(await err.textContent() ?? "", /används fortfarande av 2 klubbar/);
      assert.equal(await syd.count(), 1);

      // ── user ─────────────────────────────────────────────────────────────
      await userB.context.addCookies(cookies(sessions.user));
      const up = userB.page;
      await up.goto(`${server.url}/settings`);
      await hydrated(up);
      for (const tab of ["admin", "clubs", "marketProjects", "districts"]) {
        assert.equal(await up.isVisible(`[data-testid=tab-${tab}]`), false, tab);
      }
      assert.equal(await up.inputValue("input[name=email]"), "anna@klubb.se");
      assert.ok(await up.isDisabled("input[name=email]"));
      await screenshot(up, "settings-profile");

      await up.click("[data-testid=tab-chooseClub]");
      await hydrated(up);
      assert.equal(await up.locator("[data-testid=club-checkbox]").count(), 3);
      await up.selectOption("[data-testid=district-filter]", "2");
      await up.waitForFunction(() =>
        document.querySelectorAll("[data-testid=club-checkbox]").length === 2
      );
      assert.equal(await up.isChecked("[data-testid=select-all]"), false);
      await up.click("[data-testid=select-all]");
      await up.waitForFunction(() =>
        [...document.querySelectorAll<HTMLInputElement>("[data-testid=club-checkbox]")]
          .every((b) => b.checked) &&
        !document.querySelector<HTMLInputElement>("[data-testid=select-all]")!.disabled
      );
      assert.equal(await up.isChecked("[data-testid=select-all]"), true);
      // Uncheck one: select-all follows.
      await up.click("[data-testid=club-22] [data-testid=club-checkbox]");
      assert.equal(await up.isChecked("[data-testid=select-all]"), false);
      await up.click("[data-testid=club-22] [data-testid=club-checkbox]");
      assert.equal(await up.isChecked("[data-testid=select-all]"), true);
      await up.waitForTimeout(300);
      await up.reload();
      await hydrated(up);
      assert.equal(await up.isChecked("[data-testid=club-21] [data-testid=club-checkbox]"), true);
      assert.equal(await up.isChecked("[data-testid=club-22] [data-testid=club-checkbox]"), true);
      assert.equal(await up.isChecked("[data-testid=club-11] [data-testid=club-checkbox]"), false);
      assert.equal(await up.isChecked("[data-testid=select-all]"), false, "Umeå is unchecked");
      await screenshot(up, "settings-choose-club");

      // Non-admin: admin tabs answer 403, and so do the write APIs.
      const forbidden = await up.goto(`${server.url}/settings?tab=admin`);
      assert.equal(forbidden?.status(), 403);
      await up.goto(`${server.url}/settings`);
      assert.equal(
        await fetchStatus(up, "POST", "/api/district", { districtId: 9, name: "X" }),
        403,
      );
      assert.equal(
        await fetchStatus(up, "PUT", "/api/admin-settings/default", {
          worktimeFrom: "01:00",
          worktimeTo: "02:00",
        }),
        403,
      );
      assert.equal(
        await fetchStatus(up, "POST", "/api/marketprojects", {
          name: "X",
          startDate: "2099-01-01",
        }),
        403,
      );

      // Phone width: the club list stays usable.
      await up.setViewportSize({ width: 390, height: 844 });
      await up.goto(`${server.url}/settings?tab=chooseClub`);
      await hydrated(up);
      await screenshot(up, "settings-choose-club-390");

      // Profile: save a name, a notification category and English; the page reloads in English.
      await up.setViewportSize({ width: 1280, height: 800 });
      await up.goto(`${server.url}/settings?tab=profile`);
      await hydrated(up);
      await up.fill("input[name=firstName]", "Anna");
      await up.selectOption("select[name=notificationCategoryId]", "escalationsOnly");
      await up.check("input[name=dailyReportSubscription]");
      await up.selectOption("select[name=language]", "en");
      await Promise.all([up.waitForEvent("load"), up.click("[data-testid=profile-save]")]);
      await hydrated(up);
      assert.equal(await up.getAttribute("html", "lang"), "en");
      assert.equal((await up.textContent("[data-testid=tab-chooseClub]"))?.trim(), "Choose club");
      assert.equal(await up.inputValue("input[name=firstName]"), "Anna");
      assert.equal(await up.inputValue("select[name=notificationCategoryId]"), "escalationsOnly");
      assert.equal(await up.isChecked("input[name=dailyReportSubscription]"), true);
      await screenshot(up, "settings-profile-en");

      assert.deepEqual(adminB.problems, [], "no console errors (admin)");
      assert.deepEqual(userB.external, [], "no request leaves 127.0.0.1");
    } finally {
      await adminB.close();
      await userB.close();
      await server.stop();
    }
  },
});
