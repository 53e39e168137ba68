/**
 * deno task screenshots: retakes the README pictures under docs/screenshots/ from the demo chain
 * (scripts/demo.ts on a fresh KV file), at 1280 px and on a phone (390 × 844). The browser suite
 * (`deno task e2e`) never writes outside the ignored tests/e2e/screenshots/.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { hydrated, openBrowser, startServer } from "@/tests/e2e/harness.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "@/scripts/demo.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT = join(ROOT, "docs/screenshots");

/** Signs in; an admin lands on the Prospects screen at /, staff on /today. */
async function signIn(page: Page, url: string, email: string, landing: RegExp) {
  await page.goto(`${url}/login`);
  await hydrated(page);
  await page.fill("[data-testid=field-email]", email);
  await page.fill("[data-testid=field-password]", DEMO_PASSWORD);
  await page.press("[data-testid=field-password]", "Enter");
  await page.waitForURL(landing);
  await hydrated(page);
}

async function prospects(page: Page) {
  const first = await page.locator("[data-testid=filter-marketProjectId] option").nth(1)
    .getAttribute("value");
  await page.selectOption("[data-testid=filter-marketProjectId]", first!);
  await page.waitForSelector("[data-testid=prospect-grid] tbody tr[data-testid^=row-]");
  await page.waitForTimeout(400);
}

async function report(page: Page, url: string) {
  await page.goto(`${url}/reports`);
  await hydrated(page);
  await page.click("[data-testid=tab-statusProject]");
  await page.click("[data-testid=project-projects-summary]");
  const options = page.locator("[data-testid^=project-projects-option-]");
  const n = Math.min(await options.count(), 4);
  for (let i = 0; i < n; i++) await options.nth(i).check();
  await page.click("[data-testid=project-projects-summary]");
  await page.click("[data-testid=project-filter]");
  await page.locator("[data-testid=project-table] tbody tr").nth(1).waitFor();
}

const server = await startServer({}, "scripts/demo.ts");
try {
  await Deno.mkdir(OUT, { recursive: true });
  for (
    const [suffix, viewport] of [["", { width: 1440, height: 900 }], ["-phone", {
      width: 390,
      height: 844,
    }]] as const
  ) {
    const b = await openBrowser(viewport);
    try {
      const { page } = b;
      await signIn(page, server.url, DEMO_LOGINS.user, /\/today$/);
      await page.screenshot({ path: join(OUT, `today${suffix}.png`) });
      await b.context.clearCookies();
      await signIn(page, server.url, DEMO_LOGINS.admin, /\/$/);
      await prospects(page);
      await page.screenshot({ path: join(OUT, `prospects-grid${suffix}.png`) });
      await report(page, server.url);
      await page.screenshot({
        path: join(OUT, `report-status-project${suffix}.png`),
        fullPage: suffix === "",
      });
      console.log(
        `screenshots: today${suffix}.png, prospects-grid${suffix}.png, ` +
          `report-status-project${suffix}.png`,
      );
    } finally {
      await b.close();
    }
  }
} finally {
  await server.stop();
}
