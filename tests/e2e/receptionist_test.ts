/**
 * Issue 19, "the receptionist's day", in Chromium: each point has a check here — the first-run
 * checklist, Admin preselected, skip link, localised error page, favicon, disabled controls that
 * say why, the two "Väntar på kund…" statuses told apart, a reversed date range answered, undated
 * rows last when sorting by follow-up descending, toasts above the notes dialog and dismissible,
 * focus back to the opener, Esc on the users drawer, the reset request that does not tell, one
 * date format per page language whatever the browser's, and the phone layout (cards, 40 px
 * targets, no sideways scrolling).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { hydrated, openBrowser, screenshot, startSeeded, startServer } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { updateUserSettings } from "@/lib/db/users.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { patchProspect } from "@/lib/services/prospects.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import type { SessionUser } from "@/lib/domain/user.ts";

const SECRET = "e2e-receptionist-secret-0123456789abcdef012345";
const TZ = "Europe/Stockholm";

type Tokens = { accessToken: string; refreshToken: string };
const cookies = (t: Tokens) => [
  { name: "kl_at", value: t.accessToken, domain: "127.0.0.1", path: "/" },
  { name: "kl_rt", value: t.refreshToken, domain: "127.0.0.1", path: "/" },
];

async function seed(kvPath: string, full: boolean) {
  const kv = await Deno.openKv(kvPath);
  try {
    const admin = await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@klubb.se" });
    if (!full) return { admin: await createSession(kv, SECRET, admin.id) };
    const en = await createTestUser(kv, { role: "ROLE_ADMIN", email: "en@klubb.se" });
    await updateUserSettings(kv, en.id, { language: "en" });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    for (const u of [admin, en]) await setClubSubscription(kv, u.id, 101, true);
    const today = localDate(new Date(), TZ);
    await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
      today,
    );
    const user: SessionUser = {
      id: admin.id,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      roles: admin.roles,
      sid: null,
    };
    const ctx = { kv, config: { timeZone: TZ }, now: new Date(), user };
    const rows: [string, string | null][] = [
      ["Utan", null],
      ["Tidig", addDays(today, 3)],
      ["Sen", addDays(today, 30)],
      ["Mitten", addDays(today, 10)],
    ];
    let i = 0;
    for (const [firstName, followUpDate] of rows) {
      const p = await createProspect(ctx, {
        firstName,
        lastName: "Kund",
        clubId: 101,
        marketProjectId: 7,
        phoneNumber: `07011133${String(i++).padStart(2, "0")}`,
        ...(followUpDate ? { followUpDate } : {}),
      } as never);
      if (firstName === "Sen") {
        // Waiting for the customer until a date a month away: Paused until then.
        await patchProspect(
          ctx,
          p.id,
          { sellStatus: "WaitingCustomer", followUpDate, version: p.version } as never,
          ["sellStatus", "followUpDate"],
        );
      }
    }
    return {
      admin: await createSession(kv, SECRET, admin.id),
      en: await createSession(kv, SECRET, en.id),
      today,
    };
  } finally {
    kv.close();
  }
}

const firstNames = (page: Page) =>
  page.$$eval(
    "[data-testid=prospect-grid] tbody tr[data-testid^=row-]:not([data-testid=row-new]) [data-testid^=firstName-]",
    (els) => els.map((e) => (e as HTMLInputElement).value),
  );

Deno.test({
  name:
    "e2e: first run — an admin on an empty install sees the checklist, each step links to its tab",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: s } = await startSeeded((kvPath) => seed(kvPath, false), {
      SECRET_KEY: SECRET,
    });
    const b = await openBrowser();
    try {
      const { page } = b;
      await b.context.addCookies(cookies(s.admin));
      await page.goto(`${server.url}/prospects`);
      await hydrated(page);
      await page.waitForSelector("[data-testid=first-run]");
      const steps = ["district", "club", "marketProject", "timeLimits", "users"];
      for (const k of steps) {
        assert.equal(await page.getAttribute(`[data-testid=first-run-${k}]`, "data-done"), "false");
      }
      const hrefs = await page.$$eval(
        "[data-testid=first-run] a",
        (as) => as.map((a) => a.getAttribute("href")),
      );
      assert.deepEqual(hrefs, [
        "/settings?tab=districts",
        "/settings?tab=clubs",
        "/settings?tab=marketProjects",
        "/settings?tab=admin",
        "/registration/user",
      ]);
      await screenshot(page, "first-run-1280");
      await page.click("[data-testid=first-run-district] a");
      await page.waitForURL(/tab=districts/);
      await hydrated(page);
      const row = page.locator("[data-testid=districts-table] [data-testid=add-row]");
      await row.locator("[name=districtId]").fill("1");
      await row.locator("[name=name]").fill("Norr");
      await row.locator("[data-testid=add]").click();
      await page.waitForSelector("[data-testid=districts-table] tbody >> text=Norr");
      await page.goto(`${server.url}/prospects`);
      assert.equal(
        await page.getAttribute("[data-testid=first-run-district]", "data-done"),
        "true",
      );
      assert.equal(await page.getAttribute("[data-testid=first-run-club]", "data-done"), "false");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await screenshot(page, "first-run-390");
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});

Deno.test({
  name: "e2e: the receptionist's day — no dead ends, says why, one date format, phone cards",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-receptionist-e2e-" });
    const kvPath = join(dir, "app.kv");
    const s = await seed(kvPath, true) as Required<Awaited<ReturnType<typeof seed>>>;
    const server = await startServer({ KV_PATH: kvPath, SECRET_KEY: SECRET });
    // An English-speaking browser on a Swedish page: the page's format wins.
    const b = await openBrowser({ width: 1280, height: 900 }, "en-US");
    try {
      const { page } = b;
      // ── anonymous: favicon, error page, reset request that does not tell ──
      const icon = await page.goto(`${server.url}/favicon.ico`);
      assert.equal(icon?.status(), 200);
      await page.goto(`${server.url}/not-found`);
      assert.equal((await page.textContent("[data-testid=dashboard-button]"))?.trim(), "Översikt");
      await page.goto(`${server.url}/reset-password-request`);
      await hydrated(page);
      await page.fill("[data-testid=field-email]", "finns-inte@klubb.se");
      await page.click("[data-testid=reset-request-form] button[type=submit]");
      await page.waitForSelector("[data-testid=reset-sent]");

      await b.context.addCookies(cookies(s.admin));
      // ── no checklist once district, club, project and a second user exist ──
      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      assert.equal(await page.locator("[data-testid=first-run]").count(), 0);

      // ── skip link: the first Tab stop, it moves focus to the main content ──
      await page.keyboard.press("Tab");
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
        "skip-link",
      );
      assert.ok(await page.isVisible("[data-testid=skip-link]"));
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "main");

      // ── follow-up sort: ascending and descending, undated last both ways ──
      await page.waitForSelector("[data-testid=prospect-grid] tbody tr[data-testid^=row-]");
      assert.deepEqual(await firstNames(page), ["Tidig", "Mitten", "Sen", "Utan"]);
      await page.click("[data-testid=sort-followUpDate]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid^=firstName-]:not([data-testid=firstName-new])")
          ?.getAttribute("value") !== "Tidig"
      );
      await page.waitForTimeout(200);
      assert.deepEqual(await firstNames(page), ["Sen", "Mitten", "Tidig", "Utan"]);

      // ── dates in the page's format (sv), not the en-US browser's ──
      const follow = page.locator("[data-testid^=followUpDate-]").first();
      assert.match(await follow.inputValue(), /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(await follow.getAttribute("placeholder"), "åååå-mm-dd");

      // ── a disabled control says why: tooltip and aria-describedby ──
      const senId = await page.$eval(
        "[data-testid^=firstName-][value=Sen]",
        (e) => e.getAttribute("data-testid")!.slice("firstName-".length),
      );
      assert.equal(await page.textContent(`[data-testid=activity-${senId}]`), "Pausad");
      const status = page.locator(`[data-testid=sellStatus-${senId}]`);
      assert.ok(await status.isDisabled(), "Paused: its status is locked");
      const why = await status.evaluate((el) => ({
        title: el.getAttribute("title"),
        described: document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent,
      }));
      assert.match(why.title ?? "", /Pausad/);
      assert.equal(why.described, why.title);
      assert.ok(await page.isDisabled(`[data-testid=save-${senId}]`));
      assert.equal(
        await page.getAttribute(`[data-testid=save-${senId}]`, "title"),
        "Inget är ändrat än",
      );
      const newStatus = page.locator("[data-testid=sellStatus-new]");
      assert.match((await newStatus.getAttribute("title")) ?? "", /sparats/);

      // ── the two "Väntar på kund…" statuses fit their select (not cut to the same text) ──
      const fits = await status.evaluate((el) => {
        const sel = el as HTMLSelectElement;
        const ctx = document.createElement("canvas").getContext("2d")!;
        const cs = getComputedStyle(sel);
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const texts = [...sel.options].map((o) => o.text);
        const widest = Math.max(...texts.map((t) => ctx.measureText(t).width));
        // Room for the text: the width less the paddings and the arrow (~16 px).
        const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) -
          16;
        return { widest, room, texts: texts.filter((t) => t.startsWith("Väntar")) };
      });
      assert.deepEqual(fits.texts, ["Väntar på kundens samtal", "Väntar på kund"]);
      assert.ok(fits.widest <= fits.room, `status text fits: ${JSON.stringify(fits)}`);

      // ── a reversed register range: a clear message, not 0 rows ──
      await page.fill("[data-testid=filter-registerDate]", "2026-03-10");
      await page.fill("[data-testid=filter-registerEndDate]", "2026-03-01");
      await page.click("[data-testid=filter-bar] button[type=submit]");
      await page.locator("[data-testid=toast-error]", { hasText: /Till-datumet är före/ })
        .waitFor();
      const api = await page.evaluate(async () => {
        const r = await fetch(
          "/api/prospects?marketProjectId=7&registerDate=2026-03-10&registerEndDate=2026-03-01",
        );
        return { status: r.status, body: await r.json() };
      });
      assert.equal(api.status, 400);
      assert.match(api.body.message, /Till-datumet är före från-datumet/);
      await page.click("[data-testid=toast-error] [data-testid=toast-close]");
      await page.fill("[data-testid=filter-registerDate]", "");
      await page.fill("[data-testid=filter-registerEndDate]", "");

      // ── notes dialog: a toast shows above it and can be closed; focus returns to the opener ──
      const notesBtn = page.locator("[data-testid^=notes-]").first();
      const opener = await notesBtn.getAttribute("data-testid");
      await notesBtn.focus();
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=notes-dialog][open]");
      await page.fill("[data-testid=note-textarea]", "Ringde, svarade inte.");
      await page.click("[data-testid=note-add]");
      const toast = page.locator("[data-testid=notes-dialog] [data-testid=toast-success]");
      await toast.waitFor();
      const onTop = await toast.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
      });
      assert.ok(onTop, "the toast is on top of the dialog and its backdrop");
      await screenshot(page, "receptionist-toast-over-dialog");
      await toast.locator("[data-testid=toast-close]").click();
      assert.equal(await toast.count(), 0, "dismissed while the dialog is open");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=notes-dialog]", { state: "detached" });
      await page.waitForFunction(
        (id) => document.activeElement?.getAttribute("data-testid") === id,
        opener,
      );

      // ── users: Esc closes the drawer, focus back ──
      await page.goto(`${server.url}/admin/users`);
      await hydrated(page);
      await page.click("[data-testid=user-row] >> text=en@klubb.se");
      await page.waitForSelector("[data-testid=drawer-view]");
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=drawer-view]", { state: "detached" });

      // ── Admin preselected when registering from the chooser ──
      await page.goto(`${server.url}/registration`);
      await page.click("[data-testid=choose-admin]");
      await page.waitForURL(/\/registration\/admin-user$/);
      await hydrated(page);
      assert.equal(await page.inputValue("[data-testid=field-role]"), "ROLE_ADMIN");
      await page.click("[data-testid=chooser-user]");
      await page.waitForURL(/\/registration\/user$/);
      await hydrated(page);
      assert.equal(await page.inputValue("[data-testid=field-role]"), "ROLE_USER");
      await page.click("[data-testid=chooser-admin]");
      await page.waitForURL(/\/registration\/admin-user$/);
      await hydrated(page);
      assert.equal(await page.inputValue("[data-testid=field-role]"), "ROLE_ADMIN");

      // ── reports: the reference date in yyyy-MM-dd on the Swedish page ──
      await page.goto(`${server.url}/reports`);
      await hydrated(page);
      assert.equal(await page.inputValue("[data-testid=age-date]"), s.today);

      // ── phone: cards, 40 px targets, no sideways scrolling ──
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/prospects?marketProjectId=7`);
      await hydrated(page);
      await page.waitForSelector("[data-testid=prospect-grid] tbody tr[data-testid^=row-]");
      const layout = await page.evaluate(() => {
        const row = document.querySelector<HTMLElement>(
          "[data-testid=prospect-grid] tbody tr[data-testid^=row-]",
        )!;
        const box = (sel: string) => row.querySelector(sel)!.getBoundingClientRect();
        // The cells: on a phone name and phone read as text until the row is edited.
        const first = box("td[data-col=first]");
        const phone = box("td[data-col=phone]");
        const small: string[] = [];
        for (
          const el of document.querySelectorAll<HTMLElement>(
            "main button, main select, main input:not([type=checkbox]):not([type=date]), main a.btn",
          )
        ) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue; // not shown
          if (r.height < 40) {
            small.push(`${el.getAttribute("data-testid") ?? el.tagName} ${r.height}`);
          }
        }
        return {
          display: getComputedStyle(row).display,
          phoneBelowName: phone.top > first.bottom,
          overflow: document.documentElement.scrollWidth - innerWidth,
          small,
        };
      });
      assert.equal(layout.display, "grid", "each prospect is a card");
      assert.ok(layout.phoneBelowName, "the phone is on the card's second line");
      assert.ok(layout.overflow <= 0, `no sideways scrolling (${layout.overflow}px)`);
      assert.deepEqual(layout.small, [], "every control is at least 40 px tall");
      await screenshot(page, "receptionist-prospects-390");
      await page.locator("[data-testid^=notes-]").first().click();
      await page.waitForSelector("[data-testid=notes-dialog][open]");
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
        "the notes dialog fits the phone",
      );
      await screenshot(page, "receptionist-notes-390");
      await page.keyboard.press("Escape");

      // ── the English page: its own format, whatever the browser ──
      await b.context.addCookies(cookies(s.en));
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.url}/reports`);
      await hydrated(page);
      const [y, m, d] = s.today.split("-");
      assert.equal(await page.inputValue("[data-testid=age-date]"), `${d}/${m}/${y}`);
      assert.equal(await page.getAttribute("[data-testid=age-date]", "placeholder"), "dd/mm/yyyy");
      assert.deepEqual(b.problems, [], "no console errors");
    } finally {
      await b.close();
      await server.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
