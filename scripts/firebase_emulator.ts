/**
 * The Firebase Auth emulator for tests (issue #16): firebase-tools (pinned) installed from npm into
 * .ci/.firebase once, started offline with free auth, hub and logging ports, the UI off, and its
 * own TMPDIR and working directory, so several can run at once (../shared/STACK.md).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const FIREBASE_TOOLS_VERSION = "15.34.2";
export const EMULATOR_PROJECT_ID = "demo-klubbleads";
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PREFIX = join(ROOT, ".ci/.firebase");
const BIN = join(PREFIX, "node_modules/firebase-tools/lib/bin/firebase.js");

async function exists(path: string) {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Installs firebase-tools into .ci/.firebase unless that version is there. */
export async function ensureFirebaseTools(): Promise<string> {
  const pkg = join(PREFIX, "node_modules/firebase-tools/package.json");
  if (await exists(pkg)) {
    const { version } = JSON.parse(await Deno.readTextFile(pkg));
    if (version === FIREBASE_TOOLS_VERSION) return BIN;
  }
  console.error(
    `== installing firebase-tools@${FIREBASE_TOOLS_VERSION} (once, into .ci/.firebase)`,
  );
  await Deno.mkdir(PREFIX, { recursive: true });
  const out = await new Deno.Command("npm", {
    args: [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      "--prefix",
      PREFIX,
      `firebase-tools@${FIREBASE_TOOLS_VERSION}`,
    ],
    stdout: "null",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error("npm could not install firebase-tools");
  return BIN;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

/** Starts the Auth emulator and resolves once it answers. */
export async function startAuthEmulator(projectId = EMULATOR_PROJECT_ID): Promise<AuthEmulator> {
  const bin = await ensureFirebaseTools();
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-firebase-" });
  const port = freePort();
  await Deno.writeTextFile(
    join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: freePort() },
        logging: { host: "127.0.0.1", port: freePort() },
        ui: { enabled: false },
      },
    }),
  );
  const child = new Deno.Command("node", {
    args: [bin, "emulators:start", "--only", "auth", "--project", projectId],
    cwd: dir,
    env: { TMPDIR: dir, XDG_CONFIG_HOME: join(dir, "config"), HOME: dir, CI: "true" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const drain = async (s: ReadableStream<Uint8Array>) => {
    for await (const c of s) log += new TextDecoder().decode(c);
  };
  drain(child.stdout);
  drain(child.stderr);
  const host = `127.0.0.1:${port}`;
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    await child.status;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://${host}/`);
      await r.body?.cancel();
      if (r.ok) return { host, projectId, stop };
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the Auth emulator did not start:\n${log}`);
}

if (import.meta.main) {
  const emu = await startAuthEmulator();
  console.log(
    `FIREBASE_AUTH_EMULATOR_HOST=${emu.host} (project ${emu.projectId}); Ctrl-C stops it`,
  );
  Deno.addSignalListener("SIGINT", async () => {
    await emu.stop();
    Deno.exit(0);
  });
}
