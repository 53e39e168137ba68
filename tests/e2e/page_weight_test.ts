/**
 * The JavaScript of the prospects page and of "Idag" as a phone downloads it: every script the page
 * requests until its islands have hydrated, each gzip-compressed, summed — at most 40 KB each.
 */
import assert from "node:assert/strict";
import { hydrated, openBrowser, startSeeded } from "./harness.ts";
import { seedStaffChain, useSession } from "./staff_seed.ts";
import { runMigrations } from "@/lib/db/migrations.ts";

const SECRET = "e2e-weight-secret-0123456789abcdef0123456789ab";
const BUDGET = 40 * 1024;

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

Deno.test({
  name:
    "e2e: the prospects page and Idag each load at most 40 KB of JavaScript, gzip, on a 390 px phone",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { server, seeded: { tokens } } = await startSeeded(async (kvPath) => {
      const kv = await Deno.openKv(kvPath);
      await runMigrations(kv);
      const seeded = await seedStaffChain(kv, SECRET);
      kv.close();
      return seeded;
    }, { SECRET_KEY: SECRET });
    const b = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = b;
      await useSession(b.context, tokens);
      let scripts: Promise<{ url: string; gzip: number }>[] = [];
      page.on("response", (res) => {
        if (res.request().resourceType() !== "script") return;
        scripts.push(
          res.body().then(async (body) => ({
            url: res.url(),
            gzip: await gzipSize(new Uint8Array(body)),
          })),
        );
      });
      for (
        const [path, ready, label] of [
          ["/prospects?marketProjectId=7", "[data-testid=prospect-grid]", "prospects page"],
          ["/today", "[data-testid=today-live]", "Idag"],
        ]
      ) {
        scripts = [];
        await page.goto(`${server.url}${path}`);
        await hydrated(page);
        await page.waitForSelector(ready, { timeout: 15_000 });
        await page.waitForLoadState("networkidle");
        const loaded = await Promise.all(scripts);
        const total = loaded.reduce((n, s) => n + s.gzip, 0);
        assert.ok(loaded.some((s) => /\/static\/build\/client-/.test(s.url)), "the client entry");
        assert.ok(loaded.length > 1, `${label}: its islands' chunks`);
        assert.ok(
          total <= BUDGET,
          `${label}: ${(total / 1024).toFixed(1)} KB gzip in ${loaded.length} scripts:\n` +
            loaded.map((s) => `${s.gzip} ${s.url}`).join("\n"),
        );
        console.log(`${label}: ${(total / 1024).toFixed(1)} KB gzip in ${loaded.length} scripts`);
      }
    } finally {
      await b.close();
      await server.stop();
    }
  },
});
