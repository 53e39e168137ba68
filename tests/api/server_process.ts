/** Starts main.ts as a child process on a free port (tests of several processes or raw HTTP). */
export const ROOT = new URL("../../", import.meta.url);

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** main.ts on a free port; `flags` are the permissions it runs with (all by default). */
export function startServer(kvPath: string, extra: Record<string, string>, flags = ["-A"]) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, "main.ts"],
    cwd: ROOT,
    env: { APP_ENV: "test", PORT: String(port), KV_PATH: kvPath, ACCESS_LOG: "false", ...extra },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const dec = new TextDecoder();
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const c of s) out += dec.decode(c, { stream: true });
  };
  const pumping = Promise.all([pump(child.stdout), pump(child.stderr)]);
  let exited: number | null = null;
  child.status.then((st) => (exited = st.code));
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    async ready() {
      for (let i = 0; i < 900 && exited === null; i++) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/api/health`);
          await r.body?.cancel();
          if (r.ok) return;
        } catch { /* not up yet */ }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not start (exit ${exited}):\n${out}`);
    },
    /** Sends a signal (SIGKILL: the process dies mid-request, as in a crash). */
    kill(signal: Deno.Signal) {
      child.kill(signal);
    },
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* it has exited already */ }
      await child.status;
      await pumping.catch(() => {});
    },
  };
}
