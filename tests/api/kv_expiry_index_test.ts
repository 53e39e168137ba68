/**
 * Deno KV's expiry index holds only the entries that expire (lib/db/kv.ts leanExpirationIndex,
 * decision 14 in docs/architecture.md): a file opened by the app gets the partial index, an old
 * file is converted once and keeps every entry, expiring entries are still swept, and several
 * processes converting the same file at once convert it once.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { leanExpirationIndex, openKv } from "@/lib/db/kv.ts";
import { withDir } from "@/tests/helpers.ts";

/** Deno KV's own statements that use the index (denokv's sqlite backend). */
const SWEEP = "DELETE FROM kv WHERE expiration_ms >= 0 AND expiration_ms <= ? RETURNING k";
const NEXT = "SELECT expiration_ms FROM kv WHERE expiration_ms >= 0 ORDER BY expiration_ms LIMIT 1";

function inspect(path: string) {
  const db = new DatabaseSync(path);
  try {
    const index = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'kv_expiration_ms_idx'")
      .get() as { sql: string };
    const plan = (q: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${q}`).all(...(q.includes("?") ? [0] : [])) as {
        detail: string;
      }[]).map((r) => r.detail).join(" ");
    const pragma = (p: string) => Object.values(db.prepare(`PRAGMA ${p}`).get()!)[0] as number;
    return {
      index: index.sql,
      sweepPlan: plan(SWEEP),
      nextPlan: plan(NEXT),
      pagesInUse: pragma("page_count") - pragma("freelist_count"),
      rows: (db.prepare("SELECT count(*) AS n FROM kv").get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

Deno.test("a new KV file gets the partial expiry index; Deno KV's sweep still uses it", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "app.kv");
    const kv = await openKv({ kvPath: path, kvUrl: undefined });
    await kv.set(["kept"], "no expiry");
    kv.close();
    const s = inspect(path);
    assert.match(s.index, /WHERE expiration_ms >= 0/);
    assert.match(s.sweepPlan, /INDEX kv_expiration_ms_idx/);
    assert.match(s.nextPlan, /INDEX kv_expiration_ms_idx/);
  });
});

Deno.test("an old KV file is converted once: every entry kept, fewer pages, expiry still sweeps", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "old.kv");
    // Written as Deno KV alone writes it: the full index, one entry per key.
    const raw = await Deno.openKv(path);
    for (let i = 0; i < 40; i++) {
      const op = raw.atomic();
      for (let j = 0; j < 100; j++) {
        op.set(["prospects_by_project_club_status", i, j, "01KAXYZ0000000000000000000"], j);
      }
      assert.ok((await op.commit()).ok);
    }
    raw.close();
    const before = inspect(path);
    assert.doesNotMatch(before.index, /WHERE/i);

    const kv = await openKv({ kvPath: path, kvUrl: undefined });
    try {
      let n = 0;
      for await (const _ of kv.list({ prefix: ["prospects_by_project_club_status"] })) n++;
      assert.equal(n, 4_000);
      // Entries with an expiry go into the index.
      await kv.set(["session", "s1"], "short", { expireIn: 300 });
      await kv.set(["session", "s2"], "long", { expireIn: 3_600_000 });
    } finally {
      kv.close(); // (inspected only with no KV handle open in this process: see leanExpirationIndex)
    }
    const after = inspect(path);
    assert.match(after.index, /WHERE expiration_ms >= 0/);
    assert.equal(after.rows, before.rows + 2);
    // The index no longer repeats the 4,000 keys (~60 bytes each, ~60 pages of them).
    assert.ok(
      after.pagesInUse < before.pagesInUse - 30,
      `${before.pagesInUse} → ${after.pagesInUse} pages`,
    );
    // Deno KV sweeps once a minute with these two statements, which read the index: the expired
    // entry is found there and deleted, the other is the next to expire, the rest stay.
    await new Promise((r) => setTimeout(r, 400));
    const db = new DatabaseSync(path);
    try {
      const swept = db.prepare(SWEEP).all(Date.now()) as { k: Uint8Array }[];
      assert.equal(swept.length, 1);
      assert.ok(new TextDecoder().decode(swept[0].k).includes("s1"));
      const next = db.prepare(NEXT).get() as { expiration_ms: number };
      assert.ok(next.expiration_ms > Date.now() + 3_000_000);
      assert.equal((db.prepare("SELECT count(*) AS n FROM kv").get() as { n: number }).n, 4_001);
    } finally {
      db.close();
    }
    // A second open finds nothing to do.
    assert.equal(await leanExpirationIndex(path), null);
  });
});

Deno.test("four processes opening an old KV file at once convert it once and lose nothing", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "old.kv");
    const raw = await Deno.openKv(path);
    const op = raw.atomic();
    for (let j = 0; j < 500; j++) op.set(["n", j], j);
    assert.ok((await op.commit()).ok);
    raw.close();
    const code = `import { leanExpirationIndex } from "${
      new URL("../../lib/db/kv.ts", import.meta.url).href
    }"; console.log(await leanExpirationIndex(${JSON.stringify(path)}));`;
    const outs = await Promise.all(Array.from({ length: 4 }, async () => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["eval", "--unstable-kv", code],
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.ok(out.success, new TextDecoder().decode(out.stderr));
      return new TextDecoder().decode(out.stdout).trim();
    }));
    assert.deepEqual(outs.sort(), ["converted", "null", "null", "null"]);
    const s = inspect(path);
    assert.match(s.index, /WHERE expiration_ms >= 0/);
    assert.equal(s.rows, 500);
  });
});
