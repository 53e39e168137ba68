/** Built asset names (from the build manifest) and the /static file handler with cache headers. */
import type { Hono } from "hono";
import { join, normalize } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import type { AppEnv, Assets } from "@/routes/env.ts";

export type { Assets };

const STATIC_ROOT = fromFileUrl(new URL("../static/", import.meta.url));

export async function loadAssets(): Promise<Assets> {
  try {
    const m = JSON.parse(await Deno.readTextFile(join(STATIC_ROOT, "build/manifest.json")));
    return { entry: m.entry ?? null, css: m.css ?? null };
  } catch {
    return { entry: null, css: null };
  }
}

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  json: "application/json",
  map: "application/json",
  html: "text/html; charset=utf-8",
  woff2: "font/woff2",
  ico: "image/x-icon",
};

export function staticRoutes(app: Hono<AppEnv>) {
  app.get("/static/*", async (c) => {
    const rel = normalize(decodeURIComponent(c.req.path.slice("/static/".length)));
    if (rel.startsWith("..") || rel.includes("\0") || rel.startsWith("/")) return c.notFound();
    const file = join(STATIC_ROOT, rel);
    let data: Uint8Array;
    try {
      data = await Deno.readFile(file);
    } catch {
      return c.notFound();
    }
    const ext = rel.split(".").pop() ?? "";
    const hashed = rel.startsWith("build/") && /-[A-Za-z0-9]{6,}\.(js|css)$/.test(rel);
    return c.body(data as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": TYPES[ext] ?? "application/octet-stream",
      "Cache-Control": hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    });
  });
  // Browsers and tools ask for /favicon.ico whatever the page links: answer with the SVG icon.
  app.get("/favicon.ico", async (c) => {
    const data = await Deno.readFile(join(STATIC_ROOT, "favicon.svg"));
    return c.body(data as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": TYPES.svg,
      "Cache-Control": "public, max-age=86400",
    });
  });
}
