/**
 * Builds the browser assets: one client entry plus one chunk per island (esbuild, code-split,
 * react-jsx on Preact) and the Tailwind CSS, with content-hashed names and a manifest.
 * `deno task build` (scripts/build.ts) forces a build; main.ts calls ensureAssets(), which builds
 * only when the inputs changed since the last build and the output folder may be written. Where it
 * may not (Deno Deploy), the server serves what `deno task build` left and imports no builder.
 */
import { join } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";

const ROOT = fromFileUrl(new URL("../", import.meta.url));
const OUT = join(ROOT, "static/build");
const MANIFEST = join(OUT, "manifest.json");
const INPUT_DIRS = [
  "islands",
  "components",
  "lib/client",
  "lib/i18n",
  "lib/domain",
  "routes",
  "styles",
];

export interface Manifest {
  inputsHash: string;
  entry: string;
  css: string;
  /** Every built JS file and its gzip size (for the size budget). */
  files: Record<string, number>;
}

async function hashInputs(): Promise<string> {
  const parts: string[] = [];
  async function walk(dir: string) {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else if (/\.(tsx?|json|css)$/.test(e.name)) parts.push(p, await Deno.readTextFile(p));
    }
  }
  for (const d of INPUT_DIRS) await walk(join(ROOT, d));
  parts.push(await Deno.readTextFile(join(ROOT, "deno.json")));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\0")));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

export async function readManifest(): Promise<Manifest | null> {
  try {
    return JSON.parse(await Deno.readTextFile(MANIFEST));
  } catch {
    return null;
  }
}

export async function buildAssets(options: { quiet?: boolean } = {}): Promise<Manifest> {
  const esbuild = await import("esbuild");
  const started = performance.now();
  const inputsHash = await hashInputs();
  await Deno.remove(OUT, { recursive: true }).catch(() => {});
  await Deno.mkdir(OUT, { recursive: true });

  const aliasPlugin: import("esbuild").Plugin = {
    name: "project-alias",
    setup(build) {
      build.onResolve({ filter: /^@\// }, (args) => ({ path: join(ROOT, args.path.slice(2)) }));
    },
  };
  const result = await esbuild.build({
    entryPoints: { client: join(ROOT, "islands/hydrate.ts") },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    minify: true,
    outdir: OUT,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: {
      "react": "preact/compat",
      "react-dom": "preact/compat",
      "react/jsx-runtime": "preact/jsx-runtime",
    },
    nodePaths: [join(ROOT, "node_modules")],
    plugins: [aliasPlugin],
    metafile: true,
    write: true,
    logLevel: options.quiet ? "silent" : "warning",
    legalComments: "none",
  });
  await esbuild.stop();
  const files: Record<string, number> = {};
  let entry = "";
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const name = out.split("/").pop()!;
    files[name] = await gzipSize(await Deno.readFile(join(ROOT, out)));
    if (meta.entryPoint && name.startsWith("client-")) entry = `/static/build/${name}`;
  }

  const cssTmp = join(OUT, "app.tmp.css");
  const tw = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "npm:@tailwindcss/cli@4.3.3",
      "-i",
      join(ROOT, "styles/app.css"),
      "-o",
      cssTmp,
      "--minify",
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!tw.success) throw new Error("tailwind failed:\n" + new TextDecoder().decode(tw.stderr));
  const css = await Deno.readFile(cssTmp);
  const cssHash = Array.from(
    new Uint8Array(await crypto.subtle.digest("SHA-256", css)).slice(0, 5),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
  const cssName = `app-${cssHash}.css`;
  await Deno.rename(cssTmp, join(OUT, cssName));

  // Swagger UI for /api/docs, vendored from npm so the docs work on a closed network.
  const vendor = join(OUT, "vendor");
  await Deno.mkdir(vendor, { recursive: true });
  for (const f of ["swagger-ui.css", "swagger-ui-bundle.js"]) {
    await Deno.copyFile(join(ROOT, "node_modules/swagger-ui-dist", f), join(vendor, f));
  }

  const manifest: Manifest = { inputsHash, entry, css: `/static/build/${cssName}`, files };
  await Deno.writeTextFile(MANIFEST, JSON.stringify(manifest, null, 2));
  if (!options.quiet) {
    const total = Object.values(files).reduce((a, b) => a + b, 0);
    console.log(
      `build: ${Object.keys(files).length} JS files (${
        (total / 1024).toFixed(1)
      } KB gzip in all), ${cssName} in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return manifest;
}

/** The message when the assets are missing or stale and this process may not build them. */
export const RUN_BUILD_HINT =
  "The browser assets are missing or older than their sources, and this process may not write " +
  "static/build: run `deno task build` before starting the server.";

/**
 * Builds when static/build is missing or older than its inputs and may be written; returns the
 * manifest in use, or null when there is none and none may be built. Under a read-only file system
 * (Deno Deploy) stale assets are served as they are, after one line saying to run the build.
 */
export async function ensureAssets(options: { quiet?: boolean } = {}): Promise<Manifest | null> {
  const current = await readManifest();
  if (current && current.inputsHash === await hashInputs()) return current;
  const write = await Deno.permissions.query({ name: "write", path: ROOT });
  const run = await Deno.permissions.query({ name: "run" });
  if (write.state !== "granted" || run.state !== "granted" || Deno.env.get("DENO_DEPLOYMENT_ID")) {
    console.error(RUN_BUILD_HINT);
    return current;
  }
  return await buildAssets(options);
}
