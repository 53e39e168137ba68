/**
 * The import in a real browser (issue #15): Import → a partner's file → the dry run's counts and
 * first problems by file line → confirm → progress → the rows in the grid; at 390 px too.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { hydrated, openBrowser, screenshot, startSeeded } from "./harness.ts";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession } from "@/lib/auth/session.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { localDate } from "@/lib/domain/prospect.ts";

const SECRET = "e2e-intake-secret-0123456789abcdef0123456789ab";
const TZ = "Europe/Stockholm";

async function seed(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    const eva = await createTestUser(kv, { email: "eva@klubb.se", firstName: "Eva" });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    await createClub(kv, { clubId: 102, name: "Norr", districtId: 1 });
    await setClubSubscription(kv, eva.id, 101, true);
    await setClubSubscription(kv, eva.id, 102, true);
    const today = localDate(new Date(), TZ);
    await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
      today,
    );
    const user = { ...eva, sid: null };
    await createProspect({ kv, config: { timeZone: TZ }, now: new Date(), user }, {
      firstName: "Redan",
      lastName: "Här",
      clubId: 101,
      marketProjectId: 7,
      phoneNumber: "0701112233",
    });
    const admin = await createTestUser(kv, {
      email: "admin@klubb.se",
      firstName: "Ada",
      role: "ROLE_ADMIN",
    });
    return {
      eva: await createSession(kv, SECRET, eva.id),
      admin: await createSession(kv, SECRET, admin.id),
    };
  } finally {
    kv.close();
  }
}

const FILE = [
  "Förnamn;Efternamn;Telefon;E-post",
  "Greta;Garbo;070-200 00 01;greta@example.se",
  "Redan;Igen;+46 70 111 22 33;",
  "Utan;;0702000003;",
  "Olle;Ljung;'+46702000004;olle@example.se",
  "Stina;Sjö;0702000005;stina@",
  "Per;Pers;0702000006;",
].join("\r\n");

for (const width of [1280, 390]) {
  Deno.test({
    name: `e2e: import preview, confirm and progress (${width} px)`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const { server, seeded: { eva: tokens } } = await startSeeded(seed, { SECRET_KEY: SECRET });
      const b = await openBrowser({ width, height: 900 });
      try {
        const { page } = b;
        await b.context.addCookies([
          { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
          { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
        ]);
        await page.goto(`${server.url}/prospects?marketProjectId=7`);
        await hydrated(page);
        await page.click("[data-testid=import-csv]");
        await page.waitForSelector("[data-testid=import-dialog]");
        await page.selectOption("[data-testid=import-club]", "102");
        await page.setInputFiles("[data-testid=import-file]", {
          name: "partner.csv",
          mimeType: "text/csv",
          buffer: Buffer.from("\uFEFF" + FILE, "utf-8"),
        });
        await page.waitForSelector("[data-testid=import-preview]");
        assert.equal(
          await page.textContent("[data-testid=import-counts]"),
          "3 nya, 1 finns redan, 2 med fel",
        );
        const problems = await page.locator("[data-testid=import-problems] li").allTextContents();
        assert.equal(problems.length, 3);
        assert.match(problems[0], /^Rad 3: finns redan i marknadsprojektet/);
        assert.match(problems[1], /^Rad 4 \(Efternamn\): /);
        assert.match(problems[2], /^Rad 6 \(E-post\): /);
        await screenshot(page, `intake-import-preview-${width}`);
        assert.equal(
          await page.textContent("[data-testid=import-confirm]"),
          "Importera 3 prospekt",
        );
        await page.click("[data-testid=import-confirm]");
        await page.locator("[data-testid=toast-success]", { hasText: /3 prospekt importerade/ })
          .waitFor({ timeout: 15_000 });
        await page.waitForSelector("[data-testid=import-dialog]", { state: "detached" });
        await page.waitForFunction(() =>
          document.querySelector("[data-testid=total]")?.textContent?.startsWith("4")
        );
        const names = await page.locator("[data-testid^=firstName-]").evaluateAll((els) =>
          els.map((e) => (e as HTMLInputElement).value)
        );
        for (const n of ["Greta", "Olle", "Per"]) assert.ok(names.includes(n), `${n} in the grid`);
        await screenshot(page, `intake-import-done-${width}`);
      } finally {
        await b.close();
        await server.stop();
      }
    },
  });
}

Deno.test({
  name: "e2e: an admin creates a web-form key with its embed snippet, a lead posts through it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { admin } } = await startSeeded(seed, { SECRET_KEY: SECRET });
    const b = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = b;
      await b.context.addCookies([
        { name: "kl_at", value: admin.accessToken, domain: "127.0.0.1", path: "/" },
        { name: "kl_rt", value: admin.refreshToken, domain: "127.0.0.1", path: "/" },
      ]);
      await page.goto(`${server.url}/settings?tab=marketProjects`);
      await hydrated(page);
      await page.click("[data-testid=formkeys-open]");
      await page.waitForSelector("[data-testid=formkeys-dialog]");
      await page.fill("[data-testid=formkey-origins]", "https://kampanj.example.se/");
      await page.click("[data-testid=formkey-create]");
      const key = (await page.locator("[data-testid=formkey-key]").first().textContent())!;
      assert.match(key, /^fk_/);
      await page.click("[data-testid=formkeys-dialog] summary");
      const snippet = await page.textContent("[data-testid=formkey-snippet]");
      assert.ok(snippet?.includes(`${server.url}/api/intake/${key}`), snippet ?? "");
      await screenshot(page, "intake-formkeys-390");
      const res = await fetch(`${server.url}/api/intake/${key}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://kampanj.example.se" },
        body: JSON.stringify({
          firstName: "Web",
          lastName: "Lead",
          phoneNumber: "0708887766",
          clubId: 101,
        }),
      });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get("access-control-allow-origin"), "https://kampanj.example.se");
      await res.body?.cancel();
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
