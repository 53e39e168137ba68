/**
 * The prospects grid as drawn in Chromium keeps every column at its width from the column table
 * (islands/prospects/columns.ts, whose sum tests/unit/grid_width_test.ts checks) with what a desk
 * really has in it: web leads waiting 7 minutes, 2 hours and 3 days, a contacted web lead, a
 * prospect months old assigned to someone with a long first name. At 1280 px, in Swedish and in
 * English, the "Ansvarig" column shows its header and its "Ta" buttons whole and the table needs no
 * sideways scrolling; at 390 px the page does not scroll sideways.
 */
import assert from "node:assert/strict";
import { audit, hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { useSession } from "./staff_seed.ts";
import { createTestUser, testConfig } from "@/tests/helpers.ts";
import { createSession, toSessionUser } from "@/lib/auth/session.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { updateUserSettings } from "@/lib/db/users.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { patchProspect } from "@/lib/services/prospects.ts";
import { searchForUser } from "@/lib/services/prospect_reads.ts";
import { createFormKey, receiveWebLead } from "@/lib/services/intake.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import { GRID_COLUMNS, prospectSearchSchema } from "@/lib/domain/prospect_schemas.ts";
import { columnWidths } from "@/islands/prospects/columns.ts";

const SECRET = "e2e-grid-fit-secret-0123456789abcdef0123456789abc";
const TZ = "Europe/Stockholm";
const MINUTE = 60_000;
/** The grid's cells have 3 px of padding on each side and no side borders. */
const CELL_PADDING_PX = 6;

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    const admin = await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@klubb.se" });
    // The Swedish desk's name is long: her own prospect shows it cut, with ✕ to unassign.
    const sv = await createTestUser(kv, {
      email: "maximiliana@klubb.se",
      firstName: "Maximiliana",
    });
    const en = await createTestUser(kv, { email: "ruth@klubb.se", firstName: "Ruth" });
    await updateUserSettings(kv, en.id, { language: "en" });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    for (const u of [sv, en]) await setClubSubscription(kv, u.id, 101, true);
    // Started before the oldest prospect was registered (as seen from that day).
    const start = addDays(localDate(new Date(), TZ), -200);
    const project = await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: start, marketProjectId: 7 },
      start,
    );
    const boss = toSessionUser(admin, null);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    const deps = (minutesAgo: number) => ({
      kv,
      config: testConfig({}),
      now: () => at(minutesAgo),
    });
    const fk = await createFormKey(deps(0), boss, project.id, ["https://kampanj.example.se"]);
    const web = async (firstName: string, minutesAgo: number, phone: string) =>
      assert.equal(
        await receiveWebLead(deps(minutesAgo), fk, {
          firstName,
          lastName: "Webb",
          phoneNumber: phone,
          clubId: 101,
        } as never, `203.0.113.${phone.slice(-2)}`),
        "created",
      );
    await web("Wilma", 7, "070-111 22 01");
    await web("Timo", 2 * 60 + 5, "070-111 22 02");
    await web("Dagny", 3 * 24 * 60 + 5, "070-111 22 03");
    await web("Kontaktad", 2 * 24 * 60, "070-111 22 04");
    const ctx = { kv, config: { timeZone: TZ }, now: new Date(), user: boss };
    const contacted = await createProspect(
      { ...ctx, now: at(123 * 24 * 60 + 13 * 60) },
      {
        firstName: "Gunilla",
        lastName: "Gammal",
        clubId: 101,
        marketProjectId: 7,
        phoneNumber: "070-111 22 05",
        assignId: "maximiliana@klubb.se",
      } as never,
    );
    assert.equal(contacted.assignName, "Maximiliana");
    // A sell status change is the web lead's first contact: its badge stays, without the minutes.
    const found = await searchForUser(
      ctx,
      prospectSearchSchema.parse({ marketProjectId: "7", search: "Kontaktad" }),
    );
    assert.equal(found.items.length, 1);
    await patchProspect(ctx, found.items[0].id, {
      sellStatus: "WaitingCustomerCall",
      followUpDate: addDays(localDate(new Date(), TZ), 1),
      version: found.items[0].version,
    } as never, ["sellStatus", "followUpDate", "version"]);
    return {
      sv: await createSession(kv, SECRET, sv.id),
      en: await createSession(kv, SECRET, en.id),
    };
  } finally {
    kv.close();
  }
}

/** What a width check needs of the drawn grid, read in the page. */
interface Drawn {
  heads: { text: string; width: number; clipped: boolean }[];
  tableWidth: number;
  scrollerWidth: number;
  /** Cells whose content spills out of them. */
  overflowing: string[];
  /** Controls and names in the Ansvarig column that another cell (the sticky one) covers. */
  covered: string[];
}

function drawn(assigneeHeader: string): Drawn {
  const grid = document.querySelector<HTMLElement>("[data-testid=prospect-grid]")!;
  const heads = [...grid.querySelectorAll<HTMLElement>("thead th")].map((th) => ({
    text: th.innerText.replace(/[▲▼]/g, "").trim(),
    width: th.getBoundingClientRect().width,
    clipped: th.scrollWidth > th.clientWidth,
  }));
  const overflowing = [...grid.querySelectorAll<HTMLElement>("tbody td[data-col]")]
    // A cell cut with an ellipsis on purpose (the project's name) hides its overflow.
    .filter((td) => td.scrollWidth > td.clientWidth && getComputedStyle(td).overflowX === "visible")
    .map((td) => `${td.dataset.col}: ${td.scrollWidth} > ${td.clientWidth}`);
  const covered: string[] = [];
  const assignHead = [...grid.querySelectorAll<HTMLElement>("thead th")].find((th) =>
    th.innerText.trim() === assigneeHeader
  );
  if (!assignHead) covered.push(`no header ${assigneeHeader}`);
  for (
    const el of [
      ...(assignHead ? [assignHead] : []),
      ...grid.querySelectorAll<HTMLElement>(
        "td[data-col=assign] button, [data-testid^=assignee-] > span",
      ),
    ]
  ) {
    const r = el.getBoundingClientRect();
    for (const x of [r.left + 1, r.right - 1]) {
      const top = document.elementFromPoint(x, r.top + r.height / 2);
      if (!top || !(el === top || el.contains(top))) {
        covered.push(`${el.dataset.testid ?? el.innerText} at x=${Math.round(x)}`);
      }
    }
  }
  return {
    heads,
    tableWidth: grid.scrollWidth,
    scrollerWidth: grid.parentElement!.clientWidth,
    overflowing,
    covered,
  };
}

Deno.test({
  name:
    "e2e: the 1280 px grid keeps every column's width with web-lead badges, old ages and a long assignee name (sv and en); no sideways scrolling at 390 px",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: sessions } = await startSeeded(seed, { SECRET_KEY: SECRET });
    const declared = columnWidths(GRID_COLUMNS).map((w) => w * 16 + CELL_PADDING_PX);
    try {
      for (
        const [lang, viewport] of [
          ["sv", { width: 1280, height: 900 }],
          ["en", { width: 1280, height: 900 }],
          ["sv", { width: 390, height: 844 }],
        ] as const
      ) {
        const b = await openBrowser(viewport);
        const { page } = b;
        const tag = `${lang}-${viewport.width}`;
        try {
          await useSession(b.context, sessions[lang]);
          await page.goto(`${server.url}/prospects?marketProjectId=7`);
          await hydrated(page);
          await page.waitForSelector("[data-testid=prospect-grid] tbody [data-testid^=web-]");
          const rowOf = async (firstName: string) => {
            const id = await page.$$eval(
              "[data-testid=prospect-grid] tbody [data-testid^=firstName-]",
              (els, name) =>
                (els as HTMLInputElement[]).find((e) => e.value === name)?.dataset.testid,
              firstName,
            );
            assert.ok(id, `${firstName}'s row`);
            return id.slice("firstName-".length);
          };
          const badge = async (firstName: string) => {
            const b = page.locator(`[data-testid=web-${await rowOf(firstName)}]`);
            return {
              shown: (await b.locator("[aria-hidden=true]").allInnerTexts())
                .map((s) => s.replace(/\s+/g, " ").trim()),
              title: await b.getAttribute("title") ?? "",
              read: (await b.locator(".sr-only").allTextContents()).join(""),
            };
          };
          await screenshot(page, `grid-fit-${tag}`);

          if (viewport.width === 1280) {
            const assignee = lang === "sv" ? "Ansvarig" : "Assignee";
            const d = await page.evaluate(drawn, assignee);
            assert.equal(d.heads.length, declared.length, tag);
            const off = d.heads
              .map((h, i) => ({ ...h, declared: declared[i] }))
              .filter((h) => Math.abs(h.width - h.declared) > 1)
              .map((h) => `${h.text}: ${h.width.toFixed(1)} px, declared ${h.declared} px`);
            assert.deepEqual(off, [], `every column at its declared width (${tag})`);
            if (lang === "sv") {
              const own = page.locator("[data-testid^=assignee-]", { hasText: "Maxim" });
              assert.ok(await own.locator("[data-testid^=unassign-]").isVisible(), "✕ on her own");
            }
            const head = d.heads.find((h) => h.text === assignee);
            assert.ok(head && !head.clipped, `the ${assignee} header whole (${tag})`);
            assert.deepEqual(d.covered, [], `nothing in the ${assignee} column covered (${tag})`);
            assert.deepEqual(d.overflowing, [], `every cell holds its content (${tag})`);
            assert.ok(
              d.tableWidth <= d.scrollerWidth,
              `the table (${d.tableWidth} px) fits its scroller (${d.scrollerWidth} px) (${tag})`,
            );
          } else {
            const over = await page.evaluate(() =>
              document.documentElement.scrollWidth - globalThis.innerWidth
            );
            assert.ok(over <= 0, `no sideways scrolling (${over} px)`);
            assert.ok(
              await page.locator(`[data-testid=assign-${await rowOf("Wilma")}]`).isVisible(),
            );
          }

          assert.deepEqual(await audit(page, `grid-fit-${tag}`), [], "axe: nothing serious");
          const web = lang === "sv" ? "Webb" : "Web";

          // The badge "Webb · 7 min", in two lines; the exact time stays in words.
          const wilma = await badge("Wilma");
          assert.equal(wilma.shown.length, 2, tag);
          assert.equal(wilma.shown[0], web, tag);
          assert.match(wilma.shown[1], /^[78] min$/, tag);
          assert.match(wilma.read, new RegExp(`^${web} · [78] min$`));
          const timo = await badge("Timo");
          assert.deepEqual(timo.shown, [web, "2 h"], tag);
          assert.match(timo.title, new RegExp(`^${web} · 2 h [56] min`));
          assert.match(timo.read, new RegExp(`^${web} · 2 h [56] min$`));
          const dagny = await badge("Dagny");
          assert.deepEqual(dagny.shown, [web, "3 d"], tag);
          assert.match(dagny.read, new RegExp(`^${web} · 72 h [56] min$`));
          const contacted = page.locator(`[data-testid=age-${await rowOf("Kontaktad")}]`);
          assert.equal((await contacted.innerText()).replace(/\s+/g, " "), `${web} 2 d 0 h`);
          const old = page.locator(`[data-testid=age-${await rowOf("Gunilla")}]`);
          assert.equal((await old.innerText()).replace(/\s+/g, " "), "123 d 13 h");
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
