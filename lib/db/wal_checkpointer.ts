/**
 * The write-ahead log of a local KV file, checkpointed by a separate process.
 *
 * Deno KV's SQLite copies its log back into the database file on the committing connection each
 * time the log passes 1,000 pages, and every commit queued behind that copy waits for it and its
 * sync (the p95 of single saves at a million prospects; docs/performance.md). This process
 * checkpoints passively while the log grows, so commits seldom wait for the copy. It speaks
 * SQLite's own multi-process WAL protocol from its own process: a second SQLite library inside the
 * server would not be excluded by the KV's POSIX locks.
 *
 * It is the only code that opens a KV file from outside Deno KV, and it only reads the schema and
 * checkpoints. It runs only for a local file and only while the file's schema is the one of the
 * pinned Deno (`KV_SCHEMA`); on any other schema it stands down with one log line and the KV
 * checkpoints as it always does. The child exits when its stdin closes (its parent is gone) and is
 * stopped when the KV is closed. If it cannot start (no subprocesses, a compiled binary), the KV
 * checkpoints as before.
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

/**
 * The SQLite schema Deno KV (schema version 3, as Deno 2.9.6 writes it) gives a file: the
 * checkpointer was written for this layout and touches nothing else.
 */
export const KV_SCHEMA = {
  version: 3,
  objects: [
    "index:kv_expiration_ms_idx:on kv (expiration_ms)",
    "index:sqlite_autoindex_queue_1:",
    "index:sqlite_autoindex_queue_running_1:",
    "table:data_version:",
    "table:kv:",
    "table:migration_state:",
    "table:queue:",
    "table:queue_running:",
  ],
} as const;

/**
 * What a KV file's schema is: Deno KV's schema version and its objects (tables by name, indexes by
 * what they cover).
 */
export function readKvSchema(db: DatabaseSync): { version: number | null; objects: string[] } {
  const objects = (db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
    .all() as { type: string; name: string; sql: string | null }[])
    .map((o) => {
      const covers = o.type === "index" ? (o.sql ?? "").replace(/^\S+\s+\S+\s+\S+\s+/, "") : "";
      return `${o.type}:${o.name}:${covers}`;
    });
  let version: number | null = null;
  try {
    const row = db.prepare("SELECT version FROM migration_state WHERE k = 0").get() as
      | { version: number }
      | undefined;
    version = row?.version ?? null;
  } catch { /* not a KV file */ }
  return { version, objects };
}

/** Whether the file's schema is the one this checkpointer was written for. */
export function isKnownKvSchema(schema: { version: number | null; objects: string[] }): boolean {
  return schema.version === KV_SCHEMA.version &&
    schema.objects.join("\n") === KV_SCHEMA.objects.join("\n");
}

/** Checkpoints `path` passively until `stop` settles; stands down on an unknown schema. */
export async function checkpointUntil(path: string, stop: Promise<unknown>): Promise<void> {
  const db = new DatabaseSync(path);
  let done = false;
  stop.then(() => done = true, () => done = true);
  try {
    const schema = readKvSchema(db);
    if (!isKnownKvSchema(schema)) {
      console.error(JSON.stringify({
        level: "warn",
        walCheckpointer: "standing down: the KV file's schema is not the one it was written for",
        version: schema.version,
      }));
      return;
    }
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
