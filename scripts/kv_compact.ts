/**
 * Rewrites a KV file so that the bytes of deleted entries leave it: SQLite keeps freed pages (and
 * old versions of pages in its write-ahead log) until the space is reused, so an erased surname
 * can still be read from the file with `strings` although no key holds it. Run with the server
 * stopped (`deno task db:compact`).
 *
 * The file is opened with SQLite's exclusive locking and taken out of WAL mode, which succeeds
 * only when no other connection has it open: a running server, a checkpointer or a script makes
 * it refuse (KvFileInUse) before anything is changed. Then VACUUM builds the store afresh (only the
 * live rows, into new pages) and copies it over the file, the log is checkpointed and removed, and
 * the file goes back to WAL mode as Deno KV opens it.
 */
import { DatabaseSync } from "node:sqlite";
import { resolve } from "node:path";

export class KvFileInUse extends Error {}

/** The KV file and the log and index files SQLite keeps beside it. */
export const kvFiles = (path: string) => [path, `${path}-wal`, `${path}-shm`, `${path}-journal`];

async function totalSize(path: string): Promise<number> {
  let n = 0;
  for (const f of kvFiles(path)) n += await Deno.stat(f).then((s) => s.size, () => 0);
  return n;
}

const isLocked = (e: unknown) =>
  /database is locked|SQLITE_BUSY|database table is locked/i.test(String(e));

/** Compacts the KV file at `path`; answers its size (with its log) before and after, in bytes. */
export async function compactKvFile(path: string): Promise<{ before: number; after: number }> {
  const file = resolve(path);
  const stat = await Deno.stat(file).catch(() => null);
  if (!stat?.isFile) throw new Deno.errors.NotFound(`no KV file at ${file}`);
  const before = await totalSize(file);
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    let mode: string;
    try {
      mode = String(
        (db.prepare("PRAGMA journal_mode = DELETE").get() as Record<string, unknown>)
          .journal_mode,
      );
      // The exclusive lock is taken by a read: another connection makes it fail here at the latest.
      db.prepare("SELECT count(*) FROM sqlite_master").get();
    } catch (e) {
      if (isLocked(e)) throw new KvFileInUse(`${file} is in use`);
      throw e;
    }
    if (mode !== "delete") throw new KvFileInUse(`${file} is in use (journal mode ${mode})`);
    db.exec("PRAGMA secure_delete = ON");
    db.exec("VACUUM");
    db.prepare("PRAGMA journal_mode = WAL").get();
  } finally {
    db.close();
  }
  return { before, after: await totalSize(file) };
}
