/**
 * The browser-test harness: starts the real server (main.ts) on a free port with a fresh KV file,
 * and Debian's Chromium through playwright-core with the flags that keep it off the network.
 */
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { listOutbox } from "@/lib/notify/mod.ts";
import { TEST_PASSWORD } from "@/tests/helpers.ts";
import axe from "axe-core";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SCREENSHOTS = join(ROOT, "tests/e2e/screenshots");
const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

export interface Server {
  url: string;
  kvPath: string;
  output: () => string;
  stop(): Promise<void>;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/**
 * Starts main.ts on a free port; resolves when /api/health answers. Without KV_PATH the store is
 * in a temporary directory that stop() removes; `seed` fills it before the server opens it.
 */
export async function startServer(
  env: Record<string, string> = {},
  script = "main.ts",
  seed?: (kvPath: string) => Promise<unknown>,
): Promise<Server> {
  const port = freePort();
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-e2e-" });
  const kvPath = env.KV_PATH ?? join(dir, "app.kv");
  if (seed) {
    await seed(kvPath).catch(async (e) => {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
      throw e;
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script],
    cwd: ROOT,
    env: {
      APP_ENV: "test",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      KV_PATH: kvPath,
      ACCESS_LOG: "false",
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const collect = async (s: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    for await (const chunk of s) out += dec.decode(chunk, { stream: true });
  };
  const collecting = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${url}/api/health`);
      await r.body?.cancel();
      if (r.ok) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    kvPath,
    output: () => out,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
      await collecting.catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** A server on a store that `seed` filled first (startServer); answers what `seed` returned too. */
export async function startSeeded<T>(
  seed: (kvPath: string) => Promise<T>,
  env: Record<string, string> = {},
): Promise<{ server: Server; seeded: T }> {
  let seeded!: T;
  const server = await startServer(env, "main.ts", async (kvPath) => {
    seeded = await seed(kvPath);
  });
  return { server, seeded };
}

export function chromiumAvailable(): boolean {
  try {
    Deno.statSync(CHROMIUM);
    return true;
  } catch {
    return false;
  }
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests seen so far. */
  problems: string[];
  /** Requests that tried to leave 127.0.0.1 / localhost. */
  external: string[];
  close(): Promise<void>;
}

/** A fresh browser profile; collects console errors and any request off the loopback. */
export async function openBrowser(
  viewport = { width: 1280, height: 800 },
  /** The browser's own language (the page's language is the app's choice, not this). */
  locale = "sv-SE",
  /** false: a browser with JavaScript off (the forms must work before islands hydrate). */
  javaScriptEnabled = true,
): Promise<BrowserSession> {
  if (!chromiumAvailable()) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run 'apt-get install -y chromium' (or set CHROMIUM_PATH).`,
    );
  }
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-chromium-" });
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    locale,
    javaScriptEnabled,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--lang=${locale}`,
    ],
  });
  const page = context.pages()[0] ?? await context.newPage();
  const problems: string[] = [];
  const external: string[] = [];
  const watch = (p: Page) => {
    p.on("console", (m) => {
      // Failed loads are judged by the response listener below (a 404 page is a 404 on purpose).
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
        problems.push(`console: ${m.text()}`);
      }
    });
    p.on("response", (r) => {
      const type = r.request().resourceType();
      if (r.status() >= 400 && ["script", "stylesheet", "image", "font"].includes(type)) {
        problems.push(`${type} ${r.url()} answered ${r.status()}`);
      }
    });
    p.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    p.on("request", (r) => {
      const u = new URL(r.url());
      if (
        !["127.0.0.1", "localhost"].includes(u.hostname) && !["data:", "blob:"].includes(u.protocol)
      ) {
        external.push(r.url());
      }
    });
  };
  watch(page);
  context.on("page", watch);
  return {
    context,
    page,
    problems,
    external,
    async close() {
      await context.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

export async function screenshot(page: Page, name: string) {
  await Deno.mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The outbox's messages to `to`, newest first, read from the server's KV file (the API's outbox is
 * for admins only, and a sign-in needs its SMS code before anyone has a session).
 */
export async function readOutbox(server: Server, to: string): Promise<{ text: string }[]> {
  const kv = await Deno.openKv(server.kvPath);
  try {
    return await listOutbox(kv, { to, now: new Date() });
  } finally {
    kv.close();
  }
}

/** Waits until every island on the page has hydrated. */
export async function hydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated=true]", { timeout: 15_000 });
}

/** Signs in on the hydrated sign-in page of `baseUrl` with the test password; the caller waits. */
export async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await hydrated(page);
  await page.fill("[data-testid=field-email]", email);
  await page.fill("[data-testid=field-password]", TEST_PASSWORD);
  await page.press("[data-testid=field-password]", "Enter");
}

export interface Finding {
  screen: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page; returns its serious and critical violations. */
export async function audit(page: Page, screen: string): Promise<Finding[]> {
  const injected = await page.evaluate(() => "axe" in globalThis);
  // Evaluated over the DevTools protocol: the page's CSP (script-src 'self') stays as it is.
  if (!injected) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const r = await (globalThis as any).axe.run(document, {
      resultTypes: ["violations"],
    });
    // deno-lint-ignore no-explicit-any
    return r.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // deno-lint-ignore no-explicit-any
      targets: v.nodes.slice(0, 4).map((n: any) => String(n.target)),
    }));
  });
  return (violations as Omit<Finding, "screen">[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ screen, ...v }));
}
