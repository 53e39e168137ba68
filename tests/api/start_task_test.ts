/**
 * The README's first command: `deno task start` on an empty store serves the Swedish login page
 * with its CSS, answers 404 for an unknown page (button "Översikt"), serves /favicon.ico, prints
 * the one-time setup link and no "Ignored build scripts" warning.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test({
  name: "deno task start: an empty store serves /login in Swedish and prints the setup link",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir();
    const port = freePort();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["task", "start"],
      cwd: ROOT,
      env: { PORT: String(port), KV_PATH: `${dir}/app.kv`, CRON: "false", ACCESS_LOG: "false" },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const out: string[] = [];
    const pump = async (s: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder();
      for await (const chunk of s) out.push(decoder.decode(chunk, { stream: true }));
    };
    const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
    try {
      const base = `http://127.0.0.1:${port}`;
      let up = false;
      for (let i = 0; i < 300 && !up; i++) {
        try {
          const r = await fetch(`${base}/api/health`);
          await r.body?.cancel();
          up = r.ok;
        } catch { /* not yet */ }
        if (!up) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(up, `the server came up:\n${out.join("")}`);
      const login = await fetch(`${base}/login`);
      const html = await login.text();
      assert.equal(login.status, 200);
      assert.match(html, /lang="sv"/);
      assert.match(html, /Logga in/);
      const css = /href="(\/static\/[^"]+\.css)"/.exec(html);
      assert.ok(css, "the page links its stylesheet");
      const sheet = await fetch(base + css[1]);
      await sheet.body?.cancel();
      assert.equal(sheet.status, 200);
      const missing = await fetch(`${base}/no-such-page`);
      const missingHtml = await missing.text();
      assert.equal(missing.status, 404);
      // The error page's button is Swedish too (it said "Dashboard").
      assert.match(missingHtml, /Översikt/);
      assert.doesNotMatch(missingHtml, /Dashboard/);
      const icon = await fetch(`${base}/favicon.ico`);
      assert.equal(icon.status, 200);
      assert.equal(icon.headers.get("content-type"), "image/svg+xml");
      assert.match(await icon.text(), /<svg/);
      assert.match(out.join(""), /\/setup\?token=/);
      // deno.json denies the npm build scripts nobody needs: no "deno approve-scripts" nagging.
      assert.doesNotMatch(out.join(""), /Ignored build scripts|approve-scripts/);
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await pumps.catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "a fresh clone's first install prints no 'Ignored build scripts … approve-scripts'",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // @parcel/watcher (under @tailwindcss/cli) and @scarf/scarf (under swagger-ui-dist) declare
    // install scripts nobody here needs; deno.json denies them. A fresh node_modules shows it.
    const dir = await Deno.makeTempDir();
    try {
      for (const f of ["deno.json", "deno.lock"]) await Deno.copyFile(`${ROOT}${f}`, `${dir}/${f}`);
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["install"],
        cwd: dir,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, text);
      assert.doesNotMatch(text, /Ignored build scripts|approve-scripts/);
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
