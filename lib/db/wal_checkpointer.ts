/**
 * The write-ahead log of a KV file, checkpointed by a separate process (issue #17).
 *
 * Deno KV's SQLite copies its write-ahead log back into the database file on the committing
 * connection each time the log passes 1,000 pages. At 1M prospects a prospect save writes ~70
 * pages, so every ~14th save waited ~7 ms for that copy and its sync, and every commit queued
 * behind it (the p95 of single saves; docs/performance.md, sixth round). This process checkpoints
 * passively while the log grows, so the writer's threshold is seldom reached and commits do not
 * wait for the copy. It speaks SQLite's own multi-process WAL protocol from its own process: a
 * second SQLite library inside the server would not be excluded by the KV's POSIX locks.
 *
 * The child exits when its stdin closes (its parent is gone) and is stopped when the KV is closed.
 * If it cannot start (no subprocesses, a compiled binary), the KV checkpoints as before.
 */
import { DatabaseSync } from "node:sqlite";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Pause between checkpoints while the log grows, and while it does not. */
const BUSY_MS = 3;
const IDLE_MS = 25;

export interface WalCheckpointer {
  stop(): void;
}

/**
 * Starts the checkpointing process for a KV file; null when it cannot: not run by the `deno`
 * executable (a compiled binary would start another server), or a directory whose name has a comma
 * (Deno's permission lists are comma-separated).
 */
export function startWalCheckpointer(path: string): WalCheckpointer | null {
  const dir = resolve(dirname(path));
  const deno = Deno.execPath();
  if (!/(^|[/\\])deno(\.exe)?$/.test(deno) || dir.includes(",")) return null;
  try {
    const child = new Deno.Command(deno, {
      args: [
        "run",
        "--no-config",
        `--allow-read=${dir}`,
        `--allow-write=${dir}`,
        fileURLToPath(import.meta.url),
        resolve(path),
      ],
      stdin: "piped",
      stdout: "null",
      stderr: "inherit",
    }).spawn();
    child.unref();
    const stdin = child.stdin.getWriter();
    let stopped = false;
    return {
      stop() {
        if (stopped) return;
        stopped = true;
        stdin.close().catch(() => {});
        try {
          child.kill("SIGTERM");
        } catch { /* already gone */ }
      },
    };
  } catch (e) {
    console.error(JSON.stringify({ level: "warn", walCheckpointer: String(e) }));
    return null;
  }
}

/** Checkpoints `path` passively until `stop` settles. */
export async function checkpointUntil(path: string, stop: Promise<unknown>): Promise<void> {
  const db = new DatabaseSync(path);
  let done = false;
  stop.then(() => done = true, () => done = true);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
    let lastLog = -1;
    while (!done) {
      let log = lastLog;
      try {
        log = (checkpoint.get() as { busy: number; log: number; checkpointed: number }).log;
      } catch { /* the file is locked a moment (a restore): the next round tries again */ }
      const growing = log !== lastLog; // (a restarted log, too)
      lastLog = log;
      await Promise.race([
        stop,
        new Promise((res) => setTimeout(res, growing ? BUSY_MS : IDLE_MS)),
      ]);
    }
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  // Until the parent closes our stdin (it stopped, or it is gone).
  const closed = (async () => {
    try {
      for await (const _ of Deno.stdin.readable) { /* nothing is sent */ }
    } catch { /* a broken pipe ends it too */ }
  })();
  Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
  await checkpointUntil(Deno.args[0], closed);
}
