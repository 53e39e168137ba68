/**
 * The newcomer's path: `deno task demo` seeds a chain and serves it; the printed admin login shows
 * a full prospects grid and non-empty reports; the curl examples of docs/api.md run as written.
 * (The README pictures come from `deno task screenshots`; this suite writes only to the ignored
 * tests/e2e/screenshots/.)
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hydrated, openBrowser, screenshot, startServer } from "./harness.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The ```sh blocks under "## Examples" in docs/api.md. */
function apiExamples(): string[] {
  const md = Deno.readTextFileSync(join(ROOT, "docs/api.md"));
  const examples = md.slice(md.indexOf("## Examples"));
  return [...examples.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

async function bash(script: string, env: Record<string, string>, cwd: string) {
  const out = await new Deno.Command("bash", {
    args: ["-eo", "pipefail", "-c", script],
    env,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test({
  name: "e2e: deno task demo — admin login shows data, reports are not empty, docs/api.md runs",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer({}, "scripts/demo.ts");
    const b = await openBrowser();
    try {
      const out = server.output();
      const admin = /admin\s+(\S+@\S+) \/ (\S+)/.exec(out);
      assert.ok(admin, `the demo prints the admin login:\n${out}`);
      const [, email, password] = admin;
      assert.match(out, /B2B user\s+\S+@\S+/);
      assert.match(out, /outbox\s+\S+\/outbox/);

      // docs/api.md: every example runs as written against the demo.
      const dir = await Deno.makeTempDir();
      const examples = apiExamples();
      assert.equal(examples.length, 7);
      const env = {
        BASE: server.url,
        EMAIL: email,
        PASSWORD: password,
        PATH: Deno.env.get("PATH") ?? "",
      };
      const r1 = await bash(examples[0], env, dir);
      assert.equal(r1.code, 0, r1.stderr);
      const rows = r1.stdout.trim().split("\n").filter((l) => l.includes("\t"));
      assert.ok(rows.length > 50, `example 1 pages through open prospects (${rows.length} rows)`);
      const r2 = await bash(examples[1], env, dir);
      assert.equal(r2.code, 0, r2.stderr);
      const created = JSON.parse(r2.stdout);
      assert.ok(created.id && created.customerId && created.version, r2.stdout);
      const r3 = await bash(examples[2], env, dir);
      assert.equal(r3.code, 0, r3.stderr);
      const csv = await Deno.readTextFile(join(dir, "status-project.csv"));
      assert.ok(csv.startsWith("\uFEFF"), "CSV has a BOM");
      assert.ok(csv.trim().split("\n").length >= 2, "CSV has rows");
      const r4 = await bash(examples[3], env, dir);
      assert.equal(r4.code, 0, r4.stderr);
      const r5 = await bash(examples[4], env, dir);
      assert.equal(r5.code, 0, r5.stderr);
      const r6 = await bash(examples[5], env, dir);
      assert.equal(r6.code, 0, r6.stderr);
      assert.match(r6.stdout, /^retry: 2000/, "the event stream opens");
      const r7 = await bash(examples[6], env, dir);
      assert.equal(r7.code, 0, r7.stderr);
      assert.match(r7.stdout, /"unread":0/, "all marked read");
      await Deno.remove(dir, { recursive: true });

      // The browser: sign in with the printed login, see a full grid.
      const { page } = b;
      await page.goto(`${server.url}/login`);
      await hydrated(page);
      await page.fill("[data-testid=field-email]", email);
      await page.fill("[data-testid=field-password]", password);
      await page.press("[data-testid=field-password]", "Enter");
      // An admin lands on the chain overview; the Prospects screen is one menu item away.
      await page.waitForURL((u) => u.pathname === "/overview");
      await page.click("[data-testid=nav-prospects]");
      await page.waitForURL((u) => u.pathname === "/prospects");
      await hydrated(page);
      const firstProject = await page.locator("[data-testid=filter-marketProjectId] option").nth(1)
        .getAttribute("value");
      await page.selectOption("[data-testid=filter-marketProjectId]", firstProject!);
      await page.waitForSelector("[data-testid=prospect-grid]");
      await page.selectOption("[data-testid=page-size]", "25").catch(() => {});
      await page.waitForTimeout(500);
      const gridRows = await page.locator("[data-testid=prospect-grid] tbody tr[data-testid^=row-]")
        .count();
      assert.ok(gridRows >= 10, `the grid is full of data (${gridRows} rows)`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, "demo-prospects");

      await page.goto(`${server.url}/reports`);
      await hydrated(page);
      await page.click("[data-testid=tab-statusProject]");
      await page.click("[data-testid=project-projects-summary]");
      const options = page.locator("[data-testid^=project-projects-option-]");
      const n = Math.min(await options.count(), 4);
      for (let i = 0; i < n; i++) await options.nth(i).check();
      await page.click("[data-testid=project-projects-summary]");
      await page.click("[data-testid=project-filter]");
      await page.locator("[data-testid=project-table] tbody tr").nth(1).waitFor();
      const totals = await page.locator("[data-testid=project-table] tbody tr").allInnerTexts();
      assert.ok(totals.some((t) => /\d{2,}/.test(t)), "the status project report has counts");
      await screenshot(page, "demo-report");
      assert.deepEqual(b.problems, [], "no console errors");
      assert.deepEqual(b.external, [], "no request leaves 127.0.0.1");
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
