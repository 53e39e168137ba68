/**
 * The Prospects screen in Chromium: pick a project, filter by club and name, add a prospect in the
 * last row with Assign, set a follow-up status with a date and save with Enter, add a Motivation
 * note, reload and see it all; a conflicting edit shows the current values; delete with confirm.
 * Screenshots of the grid at 1280 and 390 px and of the notes dialog.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import type { SessionUser } from "@/lib/domain/user.ts";

const SECRET = "e2e-prospects-secret-0123456789abcdef0123456789";
const TZ = "Europe/Stockholm";

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    const anna = await createTestUser(kv, {
      email: "anna@klubb.se",
      firstName: "Anna",
      lastName: "Berg",
    });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    await createClub(kv, { clubId: 102, name: "Norr", districtId: 1 });
    await createClub(kv, { clubId: 103, name: "Väst", districtId: 1 });
    await setClubSubscription(kv, anna.id, 101, true);
    await setClubSubscription(kv, anna.id, 102, true);
    const today = localDate(new Date(), TZ);
    await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
      today,
    );
    await createMarketProject(
      kv,
      { name: "Höstkampanj", startDate: today, marketProjectId: 8 },
      today,
    );
    const user: SessionUser = {
      id: anna.id,
      email: anna.email,
      firstName: anna.firstName,
      lastName: anna.lastName,
      roles: anna.roles,
      sid: null,
    };
    const ctx = { kv, config: { timeZone: TZ }, now: new Date(), user };
    const rows: [string, string, number][] = [
      ["Åsa", "Lind", 101],
      ["Bertil", "Ek", 102],
      ["Cecilia", "Öst", 101],
      ["Ärla", "Holm", 101],
      ["Viktor", "Väst", 103],
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
    return { tokens: await createSession(kv, SECRET, anna.id) };
  } finally {
    kv.close();
  }
}

Deno.test({
  name: "e2e: prospects grid — filter, add with Assign, follow-up save, Motivation note, reload",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { tokens } } = await startSeeded(seed, { SECRET_KEY: SECRET });
    const b = await openBrowser({ width: 1280, height: 900 });
    try {
      const { page } = b;
      await b.context.addCookies([
        { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
        { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
      ]);
      const toast = async (re: RegExp, kind: "success" | "error" = "success") => {
        const el = page.locator(`[data-testid=toast-${kind}]`, { hasText: re });
        await el.first().waitFor({ timeout: 10_000 });
      };
      /** The row id (customer id) of the row whose first-name input holds `name`. */
      const rowIdOf = async (name: string) => {
        await page.waitForFunction(
          (n) =>
            [...document.querySelectorAll("[data-testid^=firstName-]")].some((e) =>
              (e as HTMLInputElement).value === n
            ),
          name,
        );
        return await page.evaluate((n) => {
          const el = [...document.querySelectorAll("[data-testid^=firstName-]")].find((e) =>
            (e as HTMLInputElement).value === n
          )!;
          return el.getAttribute("data-testid")!.slice("firstName-".length);
        }, name);
      };
      const names = () =>
        page.locator(
          "[data-testid=prospect-grid] tbody tr[data-testid^=row-]:not([data-testid=row-new]) [data-testid^=firstName-]",
        )
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

      // No project chosen yet: the page asks for one (spec §5 'Select marketing project first').
      await page.goto(`${server.url}/prospects`);
      await hydrated(page);
      await page.waitForSelector("[data-testid=select-project-message]");
      await page.click("[data-testid=filter-submit]");
      await toast(/Välj marknadsprojekt först/, "error");
      const options = await page.locator("[data-testid=filter-marketProjectId] option")
        .allTextContents();
      assert.deepEqual(options.slice(1), ["Höstkampanj", "Vårkampanj"], "active, sorted by name");
      await page.selectOption("[data-testid=filter-marketProjectId]", "7");
      await page.waitForSelector("[data-testid=prospect-grid]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=total]")?.textContent?.startsWith("4")
      );
      assert.deepEqual(
        (await names()).sort(),
        ["Bertil", "Cecilia", "Ärla", "Åsa"].sort(),
        "all my clubs: Väst (not subscribed) is left out",
      );
      const clubOptions = await page.locator("[data-testid=filter-clubId] option")
        .allTextContents();
      assert.deepEqual(clubOptions.slice(1), ["Söder", "Norr"], "only subscribed clubs");

      // Filter by club and first name (å is its own letter).
      await page.selectOption("[data-testid=filter-clubId]", "101");
      await page.fill("[data-testid=filter-firstName]", "å");
      await page.click("[data-testid=filter-submit]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=total]")?.textContent?.startsWith("1")
      );
      assert.deepEqual(await names(), ["Åsa"]);
      await page.click("[data-testid=filter-clear]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=total]")?.textContent?.startsWith("4")
      );

      // Add a prospect in the last row and assign it at once.
      await page.fill("[data-testid=firstName-new]", "Disa");
      await page.fill("[data-testid=lastName-new]", "Ström");
      await page.fill("[data-testid=phoneNumber-new]", "0709998877");
      await page.fill("[data-testid=email-new]", "disa@example.se");
      await page.selectOption("[data-testid=clubId-new]", "102");
      await page.click("[data-testid=assign-new]");
      await toast(/skapats/);
      const rowId = await rowIdOf("Disa");
      const disaRow = page.locator(`[data-testid=row-${rowId}]`);
      assert.match(await disaRow.locator(`[data-testid=assignee-${rowId}]`).innerText(), /Anna/);
      assert.equal(
        await page.locator("[data-testid=firstName-new]").inputValue(),
        "",
        "add row reset",
      );

      // The follow-up picker is off for a non-follow-up status and on for Booked; Enter saves.
      const tomorrow = addDays(localDate(new Date(), TZ), 1);
      await page.selectOption(`[data-testid=sellStatus-${rowId}]`, "NoAnswer1");
      assert.equal(await page.isDisabled(`[data-testid=followUpDate-${rowId}]`), true);
      await page.selectOption(`[data-testid=sellStatus-${rowId}]`, "Booked");
      assert.equal(await page.isDisabled(`[data-testid=followUpDate-${rowId}]`), false);
      // Saving Booked without a date is refused on the spot.
      await page.click(`[data-testid=save-${rowId}]`);
      await page.waitForSelector(`[data-testid=errors-${rowId}]`);
      assert.match(await page.innerText(`[data-testid=errors-${rowId}]`), /uppföljningsdatum/);
      await toast(/inte sparats: Du måste ange ett uppföljningsdatum/, "error");
      await page.fill(`[data-testid=followUpDate-${rowId}]`, tomorrow);
      await page.focus(`[data-testid=tag-${rowId}]`);
      await page.keyboard.type("Instagram");
      await page.keyboard.press("Enter");
      await toast(/sparats/);
      await page.waitForSelector(`[data-testid=row-${rowId}]:not([data-dirty])`);
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        const wrap = document.querySelector("[data-testid=prospect-grid]")?.parentElement;
        if (wrap) wrap.scrollLeft = 0;
      });
      await screenshot(page, "prospects-grid-1280");
      // At 1280 px every column is in view: no sideways scrolling, assignee and age visible.
      const fit = await page.evaluate((id) => {
        const wrap = document.querySelector("[data-testid=prospect-grid]")!.parentElement!;
        const right = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().right;
        // The table's natural width too (it stretches to fill the card otherwise).
        const table = wrap.querySelector("table")!;
        table.style.width = "max-content";
        const natural = Math.ceil(table.getBoundingClientRect().width);
        table.style.width = "";
        return {
          natural,
          scroll: wrap.scrollWidth,
          client: wrap.clientWidth,
          wrapRight: wrap.getBoundingClientRect().right,
          assignee: right(`[data-testid=assignee-${id}]`),
          age: right(`[data-testid=age-${id}]`),
        };
      }, rowId);
      assert.ok(
        fit.scroll <= fit.client && fit.natural <= fit.client,
        `grid scrolls sideways at 1280 px: ${JSON.stringify(fit)}`,
      );
      assert.ok(
        fit.assignee <= fit.wrapRight && fit.age <= fit.wrapRight,
        "assignee and age in view",
      );

      // Esc puts back the stored values.
      await page.fill(`[data-testid=lastName-${rowId}]`, "Fel");
      await page.keyboard.press("Escape");
      assert.equal(await page.inputValue(`[data-testid=lastName-${rowId}]`), "Ström");

      // The notes dialog: a Motivation note gets the header pre-filled.
      await page.click(`[data-testid=notes-${rowId}]`);
      await page.waitForSelector("[data-testid=notes-dialog] [data-testid=notes-empty]");
      await page.selectOption("[data-testid=note-type-select]", "Motivation");
      const prefilled = await page.inputValue("[data-testid=note-textarea]");
      assert.match(prefilled, /Marknadsprojekt: Vårkampanj/);
      // The header alone is not a motivation: refused with the §8 message, nothing added.
      await page.click("[data-testid=note-add]");
      await toast(/Ange en motiveringstext/, "error");
      assert.equal(await page.locator("[data-testid=note-row]").count(), 0);
      await page.locator("[data-testid=note-textarea]").press("End");
      await page.keyboard.type("Vill börja träna före sommaren.");
      await page.click("[data-testid=note-add]");
      await page.waitForSelector("[data-testid=note-row]");
      assert.equal(await page.innerText("[data-testid=note-type]"), "Motivering");
      assert.match(await page.innerText("[data-testid=note-text]"), /före sommaren/);
      await screenshot(page, "prospects-notes-dialog");
      await page.click("[data-testid=notes-close]");

      // Notes of a prospect assigned to nobody are closed to me.
      const bertilId = await rowIdOf("Bertil");
      assert.equal(await page.isDisabled(`[data-testid=notes-${bertilId}]`), true);

      // Reload: everything is still there (filters live in the URL).
      await page.reload();
      await hydrated(page);
      const saved = page.locator(`[data-testid=row-${rowId}]`);
      await saved.waitFor();
      assert.equal(await page.inputValue(`[data-testid=sellStatus-${rowId}]`), "Booked");
      assert.equal(await page.inputValue(`[data-testid=followUpDate-${rowId}]`), tomorrow);
      assert.equal(await page.inputValue(`[data-testid=tag-${rowId}]`), "Instagram");
      assert.match(await saved.innerText(), /Anna/);
      await page.click(`[data-testid=notes-${rowId}]`);
      await page.waitForSelector("[data-testid=note-row]");
      assert.match(await page.innerText("[data-testid=note-text]"), /före sommaren/);
      await page.click("[data-testid=notes-close]");

      // Someone else saves the row first: my save answers 409 and shows the current values.
      await page.evaluate(
        async (id) => {
          const r = await fetch(`/api/prospects/${id}`);
          const p = await r.json();
          await fetch(`/api/prospects/${p.id}`, {
            method: "PATCH",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ tag: "Ändrad av kollega", version: p.version }),
          });
        },
        await page.evaluate(async (cid) => {
          const r = await fetch(`/api/prospects?marketProjectId=7&customerId=${cid}`);
          return (await r.json())[0].id;
        }, rowId),
      );
      await page.fill(`[data-testid=tag-${rowId}]`, "Min ändring");
      await page.keyboard.press("Enter");
      await page.waitForSelector(`[data-testid=conflict-${rowId}]`);
      assert.equal(await page.inputValue(`[data-testid=tag-${rowId}]`), "Ändrad av kollega");
      assert.match(await page.innerText(`[data-testid=conflict-${rowId}]`), /Min ändring/);

      // Sort by follow-up date descending puts the undated rows first.
      await page.click("[data-testid=sort-followUpDate]");
      await page.waitForFunction(() => location.search.includes("sortFollowUpDate=desc"));

      // Delete with the confirm dialog.
      await page.click(`[data-testid=delete-${bertilId}]`);
      await page.click("[data-testid=confirm-yes]");
      await toast(/tagits bort/);
      assert.equal(await page.locator(`[data-testid=row-${bertilId}]`).count(), 0);

      // The remembered project: /prospects opens it without a URL parameter ("/" is the staff's
      // today list).
      await page.goto(`${server.url}/prospects`);
      await hydrated(page);
      await page.waitForSelector("[data-testid=prospect-grid]");
      assert.equal(await page.inputValue("[data-testid=filter-marketProjectId]"), "7");

      // 390 px: the page stays usable (the grid scrolls sideways).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await hydrated(page);
      // On a phone the rarer filters fold away so the grid is on the first screen.
      assert.equal(await page.isVisible("[data-testid=filter-firstName]"), false);
      assert.equal(await page.isVisible("[data-testid=filter-marketProjectId]"), true);
      const gridTop = await page.evaluate(() =>
        document.querySelector("[data-testid=prospect-grid]")!.getBoundingClientRect().top
      );
      assert.ok(gridTop < 844, `the grid starts on the first screen (${gridTop}px)`);
      await screenshot(page, "prospects-grid-390");
      await page.click("[data-testid=filter-more]");
      await page.fill("[data-testid=filter-firstName]", "Dis");
      assert.match((await page.textContent("[data-testid=filter-more]"))!, /^Färre filter/);
      await screenshot(page, "prospects-filters-390");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= 400, `the page itself does not scroll sideways (${overflow}px)`);

      assert.deepEqual(b.problems, [], "no console errors");
      assert.deepEqual(b.external, [], "no request leaves 127.0.0.1");
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
