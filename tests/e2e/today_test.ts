/**
 * The receptionist's desk in Chromium: a staff member signs in and lands on /today ("Idag"), sees
 * the web lead first with its "Webb" badge and age, the counts, an overdue follow-up in words,
 * and taps a tel: link; at 390 px the cards fit the screen with 40 px targets.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, signIn, startSeeded } from "./harness.ts";
import { TEST_PASSWORD } from "@/tests/helpers.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { seedDesk } from "./desk_seed.ts";

Deno.test({
  name:
    "e2e: staff land on Idag after sign-in; the web lead first with its badge, overdue in words, tel: and SMS links (1280 and 390 px)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        const { page } = b;
        try {
          await signIn(page, server.url, "reception@klubb.se");
          await page.waitForURL(/\/today$/);
          await page.waitForSelector("[data-testid=today-list]");
          const names = await page.$$eval(
            "[data-testid=today-item] h2",
            (els) => els.map((e) => e.textContent),
          );
          assert.deepEqual(names.slice(0, 1), ["Wilma Webb"], "the web lead comes first");
          assert.ok(!names.includes("Norrlund Kund"), "another club's prospect is not listed");
          // Then by urgency and follow-up date: Olof's overdue callback (due at least as long as
          // Ebba, who has no follow-up date) before Ebba.
          assert.deepEqual(names.slice(1), ["Olof Kund", "Ebba Kund"]);
          const first = page.locator("[data-testid=today-item]").first();
          assert.match(
            await first.locator("[data-testid=web-badge]").textContent() ?? "",
            /Webb\s*· \d+ min/,
          );
          assert.equal(
            await first.locator("[data-testid=today-call]").getAttribute("href"),
            "tel:+46701112204",
          );
          const olof = page.locator("[data-testid=today-item]", { hasText: "Olof" });
          assert.match(
            await olof.locator("[data-testid=today-overdue]").textContent() ?? "",
            /Försenad: uppföljning/,
          );
          assert.equal(await page.textContent("[data-testid=today-count-total] dd"), "3");
          assert.equal(await page.textContent("[data-testid=today-count-web] dd"), "1");
          assert.equal(await page.textContent("[data-testid=today-count-overdue] dd"), "1");
          assert.equal(
            await page.getAttribute("[data-testid=nav-today]", "aria-current"),
            "page",
          );
          if (viewport.width < 400) {
            const over = await page.evaluate(() =>
              document.documentElement.scrollWidth - globalThis.innerWidth
            );
            assert.ok(over <= 0, `no sideways scrolling (${over} px)`);
            const heights = await page.$$eval(
              "[data-testid=today-call], [data-testid=today-sms]",
              (els) => els.map((e) => e.getBoundingClientRect().height),
            );
            assert.ok(heights.every((h) => h >= 40), `40 px targets: ${heights}`);
          }
          await screenshot(page, `today-${viewport.width}`);
          assert.deepEqual(b.problems, []);
        } finally {
          await b.close();
        }
      }
    } finally {
      await server.stop();
    }
  },
});

Deno.test({
  name:
    "e2e: the grid's one search field finds a caller by phone in any form; a web lead shows its Webb badge and comes first under most urgent first (1280 and 390 px)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        const { page } = b;
        const names = () =>
          page.$$eval(
            "[data-testid=prospect-grid] tbody tr[data-testid^=row-]:not([data-testid=row-new]) [data-testid^=firstName-]",
            (els) => els.map((e) => (e as HTMLInputElement).value),
          );
        try {
          await page.goto(`${server.url}/login?redirect=%2Fprospects%3FmarketProjectId%3D7`);
          await hydrated(page);
          await page.fill("[data-testid=field-email]", "reception@klubb.se");
          await page.fill("[data-testid=field-password]", TEST_PASSWORD);
          await page.press("[data-testid=field-password]", "Enter");
          await page.waitForURL(/\/prospects\?marketProjectId=7$/);
          await hydrated(page);
          await page.selectOption("[data-testid=sort-by]", "urgency");
          await page.waitForFunction(() =>
            document.querySelector("[data-testid=prospect-grid] tbody [data-testid^=web-]") !== null
          );
          await page.waitForFunction(() => {
            const first = document.querySelector(
              "[data-testid=prospect-grid] tbody tr[data-testid^=row-] [data-testid^=firstName-]",
            ) as HTMLInputElement | null;
            return first?.value === "Wilma";
          });
          assert.equal((await names())[0], "Wilma", "the web lead first under most urgent first");
          const badge = page.locator("[data-testid^=web-]").first();
          assert.match(await badge.textContent() ?? "", /Webb\s*· \d+ min/);
          await screenshot(page, `desk-grid-urgency-${viewport.width}`);

          for (const phone of ["0046 70-111 22 01", "+46701112201", "070 111 22 01"]) {
            await page.fill("[data-testid=filter-search]", phone);
            await page.click("[data-testid=filter-submit]");
            await page.waitForFunction(() =>
              document.querySelectorAll(
                "[data-testid=prospect-grid] tbody tr[data-testid^=row-]:not([data-testid=row-new])",
              ).length === 1
            );
            assert.deepEqual(await names(), ["Olof"], phone);
          }
          assert.match(page.url(), /search=/);
          await screenshot(page, `desk-grid-search-${viewport.width}`);
          assert.deepEqual(b.problems, []);
        } finally {
          await b.close();
        }
      }
    } finally {
      await server.stop();
    }
  },
});

Deno.test({
  name:
    "e2e: on a phone the grid works with one hand — tel: and SMS links, name and phone as text with an edit control, 40 px targets, reasons as text, a headed new-prospect card, no header row, a notes dialog that fits; the add row keeps the club last used",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    const b = await openBrowser({ width: 390, height: 844 });
    const { page } = b;
    const signIn = async (email: string, to: string) => {
      await page.goto(`${server.url}/login?redirect=${encodeURIComponent(to)}`);
      await hydrated(page);
      await page.fill("[data-testid=field-email]", email);
      await page.fill("[data-testid=field-password]", TEST_PASSWORD);
      await page.press("[data-testid=field-password]", "Enter");
      await page.waitForURL((u) => u.pathname + u.search === to);
      await hydrated(page);
    };
    try {
      await signIn("reception@klubb.se", "/prospects?marketProjectId=7");
      const olof = page.locator("[data-testid=prospect-grid] tr", { hasText: "Olof" }).first();
      const rowId = (await olof.getAttribute("data-testid"))!.slice(4);
      assert.equal(
        await page.locator(`[data-testid=tel-${rowId}]`).getAttribute("href"),
        "tel:0701112201",
      );
      assert.equal(
        await page.locator(`[data-testid=sms-${rowId}]`).getAttribute("href"),
        "sms:0701112201",
      );
      assert.ok(await page.locator(`[data-testid=tel-${rowId}]`).isVisible());
      assert.equal(await page.locator(`[data-testid=firstName-${rowId}]`).isVisible(), false);
      assert.ok(await olof.locator("td[data-col=first] .as-text").isVisible());
      await page.click(`[data-testid=edit-contact-${rowId}]`);
      assert.ok(await page.locator(`[data-testid=firstName-${rowId}]`).isVisible(), "edit opens");
      assert.equal(await page.locator("[data-testid=prospect-grid] thead").isVisible(), false);
      const paula = page.locator("[data-testid=prospect-grid] tr", { hasText: "Paula" }).first();
      const why = paula.locator("[data-testid^=why-status-]");
      assert.ok(await why.isVisible(), "the reason for the disabled status is text");
      assert.match(
        await page.locator(`[data-testid=why-notes-${rowId}]`).textContent() ?? "",
        /ansvariga/,
        "and why the notes are closed",
      );
      assert.ok(await page.locator(`[data-testid=why-notes-${rowId}]`).isVisible());
      assert.match(await why.textContent() ?? "", /\S/);
      const heading = page.locator("[data-testid=row-new] h2");
      assert.equal(await heading.textContent(), "Nytt prospekt");
      assert.ok(await heading.isVisible());
      const small = await page.evaluate(() => {
        const out: string[] = [];
        const els = document.querySelectorAll<HTMLElement>(
          "main button, main a.btn, main select, main label:has(> input[type=checkbox]), main .touch",
        );
        for (const el of els) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.height < 40 || (el.matches("button, .touch") && r.width < 40)) {
            out.push(`${el.getAttribute("data-testid") ?? el.tagName} ${r.width}x${r.height}`);
          }
        }
        return out;
      });
      assert.deepEqual(small, [], "every target is at least 40 px");
      await screenshot(page, "desk-grid-phone-390");

      // "Ta" takes the prospect and opens its notes (the assignee's), which never scroll sideways.
      await page.click(`[data-testid=assign-${rowId}]`);
      await page.locator(`[data-testid=unassign-${rowId}]`).waitFor();
      const x = await page.locator(`[data-testid=unassign-${rowId}]`).boundingBox();
      assert.ok(x && x.width >= 40 && x.height >= 40, `unassign ✕ ${JSON.stringify(x)}`);
      await page.waitForSelector("[data-testid=notes-dialog][open]");
      await page.waitForSelector("[data-testid=notes-empty], [data-testid=notes-table]");
      const sideways = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(
          "[data-testid=notes-dialog], [data-testid=notes-dialog] *",
        )]
          .filter((e) =>
            e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible"
          )
          .map((e) => `${e.tagName}.${e.className} ${e.scrollWidth}>${e.clientWidth}`)
      );
      assert.deepEqual(sideways, [], "nothing in the notes dialog scrolls sideways");
      await screenshot(page, "desk-notes-390");
      await page.keyboard.press("Escape");
      assert.deepEqual(b.problems, []);

      // An admin (no subscriptions: every club, Norr first) adds to Söder; the add row stays there.
      await b.context.clearCookies();
      await signIn("admin@klubb.se", "/prospects?marketProjectId=7");
      const club = "[data-testid=row-new] [data-testid=clubId-new]";
      assert.equal(await page.inputValue(club), "102");
      const add = page.locator("[data-testid=row-new]");
      await add.locator("[data-testid=firstName-new]").fill("Sixten");
      await add.locator("[data-testid=lastName-new]").fill("Söder");
      await add.locator("[data-testid=phoneNumber-new]").fill("0701119999");
      await page.selectOption(club, "101");
      await page.click("[data-testid=save-new]");
      await page.locator("[data-testid=prospect-grid] tr", { hasText: "Sixten" }).first().waitFor();
      assert.equal(await page.inputValue(club), "101", "the club last used");
      await page.reload();
      await hydrated(page);
      await page.waitForFunction(
        (sel) => (document.querySelector(sel) as HTMLSelectElement | null)?.value === "101",
        club,
      );
    } finally {
      await b.close();
      await server.stop();
    }
  },
});

Deno.test({
  name:
    "e2e: an admin subscribed to one club chooses every club of the chain in the grid's club filter",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(async (kvPath) => {
      const { admin } = await seedDesk(kvPath);
      const kv = await Deno.openKv(kvPath);
      await setClubSubscription(kv, admin.id, 101, true);
      kv.close();
    });
    const b = await openBrowser();
    const { page } = b;
    try {
      await page.goto(`${server.url}/login?redirect=%2Fprospects%3FmarketProjectId%3D7`);
      await hydrated(page);
      await page.fill("[data-testid=field-email]", "admin@klubb.se");
      await page.fill("[data-testid=field-password]", TEST_PASSWORD);
      await page.press("[data-testid=field-password]", "Enter");
      await page.waitForURL(/marketProjectId=7$/);
      await hydrated(page);
      const grid = page.locator("[data-testid=prospect-grid]");
      assert.equal(await grid.locator("tr", { hasText: "Norrlund" }).count(), 0, "own clubs");
      await page.selectOption("[data-testid=filter-clubId]", "all");
      await page.click("[data-testid=filter-submit]");
      await grid.locator("tr", { hasText: "Norrlund" }).first().waitFor();
      assert.match(page.url(), /clubId=all/);
      await page.reload();
      await hydrated(page);
      await grid.locator("tr", { hasText: "Norrlund" }).first().waitFor();
      assert.equal(await page.inputValue("[data-testid=filter-clubId]"), "all");
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
      await server.stop();
    }
  },
});

Deno.test({
  name:
    "e2e: the reports page's Svarstid tab shows each club's web leads and response times, with CSV (1280 and 390 px, works as a plain form)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server } = await startSeeded(seedDesk);
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const b = await openBrowser(viewport);
        const { page } = b;
        try {
          await page.goto(`${server.url}/login?redirect=%2Freports%3Ftab%3DresponseTime`);
          await hydrated(page);
          await page.fill("[data-testid=field-email]", "admin@klubb.se");
          await page.fill("[data-testid=field-password]", TEST_PASSWORD);
          await page.press("[data-testid=field-password]", "Enter");
          await page.waitForURL(/tab=responseTime$/);
          assert.equal(await page.textContent("[data-testid=tab-responseTime]"), "Svarstid");
          await page.selectOption("[data-testid=response-project]", "7");
          await page.click("[data-testid=response-submit]");
          await page.waitForSelector("[data-testid=response-table]");
          const soder = page.locator("[data-testid=response-table] tbody tr", { hasText: "Söder" });
          assert.equal(await soder.locator("td[data-col=leads]").textContent(), "1");
          assert.equal(await soder.locator("td[data-col=contacted]").textContent(), "0");
          assert.equal(await soder.locator("td[data-col=medianMinutes]").textContent(), "–");
          const href = await page.getAttribute("[data-testid=response-csv]", "href");
          assert.match(href ?? "", /\/api\/reports\/response-time\?marketProjectId=7&.*format=csv/);
          const csv = await page.evaluate(async (h) => await (await fetch(h!)).text(), href);
          assert.match(csv, /Söder/);
          if (viewport.width < 400) {
            const over = await page.evaluate(() =>
              document.documentElement.scrollWidth - globalThis.innerWidth
            );
            assert.ok(over <= 0, `no sideways scrolling (${over} px)`);
          }
          await screenshot(page, `reports-response-time-${viewport.width}`);
          assert.deepEqual(b.problems, []);
        } finally {
          await b.close();
        }
      }
    } finally {
      await server.stop();
    }
  },
});
