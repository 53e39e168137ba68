/** The real server (main.ts) on a free loopback port over a given KV file, for the benchmarks. */
export async function startServer(root: string, env: { KV_PATH: string; SECRET_KEY: string }) {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: root,
    env: {
      ...env,
      APP_ENV: "production",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_URL: `http://localhost:${port}`,
      MFA_MODE: "off",
      ACCESS_LOG: "false",
      CRON: "false",
      // The bench's one user sends thousands of requests a second: a limit it never reaches keeps
      // the limiter's work in the figures without refusing them.
      RATE_LIMIT: "1000000/1000000",
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let err = "";
  (async () => {
    for await (const c of child.stderr) err += new TextDecoder().decode(c);
  })();
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${url}/api/health`);
      await r.body?.cancel();
      if (r.ok) return { url, child, err: () => err };
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`server did not start:\n${err}`);
}
