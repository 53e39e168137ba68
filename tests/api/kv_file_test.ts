/**
 * A KV file opened with reader connections (lib/db/kv.ts): every read sees every commit that has
 * returned, a versionstamp read on a reader still guards a commit, watch sees the commits, and
 * close releases every connection (the resource sanitizer is on).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openKv } from "@/lib/db/kv.ts";
import { KV_SCHEMA, readKvSchema } from "@/lib/db/wal_checkpointer.ts";

async function withFileKv(fn: (kv: Deno.Kv) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-kvfile-" });
  const kv = await openKv({ kvPath: join(dir, "app.kv"), kvUrl: undefined, kvReaders: 3 });
  try {
    await fn(kv);
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a KV file with readers: each read after a commit sees it, whichever handle serves it", async () => {
  await withFileKv(async (kv) => {
    for (let i = 0; i < 60; i++) {
      const res = await kv.atomic().set(["n", i], i).commit();
      assert.ok(res.ok);
      // get, getMany and list each go to the next reader in turn: all of them see the commit.
      const one = await kv.get<number>(["n", i]);
      assert.equal(one.value, i);
      assert.equal(one.versionstamp, res.versionstamp);
      const many = await kv.getMany<number[]>([["n", i], ["n", 0]]);
      assert.deepEqual(many.map((e) => e.value), [i, 0]);
      let listed = 0;
      for await (const _ of kv.list({ prefix: ["n"] })) listed++;
      assert.equal(listed, i + 1);
    }
    await kv.set(["plain"], "set");
    assert.equal((await kv.get(["plain"])).value, "set");
    await kv.delete(["plain"]);
    assert.equal((await kv.get(["plain"])).value, null);
  });
});

Deno.test("a KV file with readers: 40 parallel read-check-commit increments lose none", async () => {
  await withFileKv(async (kv) => {
    await kv.set(["counter"], 0);
    let conflicts = 0;
    await Promise.all(Array.from({ length: 40 }, async () => {
      while (true) {
        const e = await kv.get<number>(["counter"]);
        const res = await kv.atomic().check(e).set(["counter"], (e.value ?? 0) + 1).commit();
        if (res.ok) return;
        conflicts++;
      }
    }));
    assert.equal((await kv.get<number>(["counter"])).value, 40);
    // The reads raced the commits: a stale versionstamp from a reader was refused, not applied.
    assert.ok(conflicts > 0, "expected some stale reads to be refused");
  });
});

Deno.test("a KV file with readers: watch sees commits", async () => {
  await withFileKv(async (kv) => {
    const stream = kv.watch([["w"]]);
    const reader = stream.getReader();
    assert.equal((await reader.read()).value?.[0].value, null);
    await kv.set(["w"], "changed");
    let seen: unknown = null;
    while (seen !== "changed") seen = (await reader.read()).value?.[0].value;
    await reader.cancel();
    assert.equal(seen, "changed");
  });
});

/** Pids of running log checkpointers of a KV file (Linux /proc). */
async function checkpointers(path: string): Promise<number[]> {
  const out: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`).catch(() => "");
    if (cmd.includes("wal_checkpointer.ts") && cmd.includes(path)) out.push(Number(e.name));
  }
  return out;
}

async function until(what: string, ok: () => Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) assert.fail(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A test on a fresh KV file's path with its log checkpointer; sanitizers off, since the child is
 * reaped after the body (its exit is asserted through /proc).
 */
function checkpointerTest(name: string, fn: (path: string) => Promise<void>) {
  Deno.test({
    name,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const dir = await Deno.makeTempDir({ prefix: "klubbleads-ckpt-" });
      try {
        await fn(join(dir, "app.kv"));
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}

checkpointerTest(
  "a KV file's log is copied into the database by a child process, not the committing one",
  async (path) => {
    const kv = await openKv({ kvPath: path, kvUrl: undefined, kvCheckpointer: true });
    try {
      await kv.set(["warm"], 1);
      await until("the checkpointer runs", async () => (await checkpointers(path)).length === 1);
      const before = (await Deno.stat(path)).size;
      // ~1.2 MB (~300 pages) into the log: below the 1,000 pages at which SQLite copies it on
      // the committing connection, so only the child copies it into the database file.
      for (let i = 0; i < 40; i++) {
        const op = kv.atomic();
        for (let j = 0; j < 10; j++) op.set(["blob", i, j], `${i}.${j}:${"x".repeat(3_000)}`);
        assert.ok((await op.commit()).ok);
      }
      await until(
        "the database file holds the log's pages",
        async () => (await Deno.stat(path)).size > before + 1_000_000,
      );
      for (let i = 0; i < 40; i++) {
        const got = await kv.getMany<string[]>(
          Array.from({ length: 10 }, (_, j) => ["blob", i, j]),
        );
        got.forEach((e, j) => assert.ok(e.value?.startsWith(`${i}.${j}:`), `${i}.${j}`));
      }
    } finally {
      kv.close();
    }
    await until(
      "the checkpointer has stopped",
      async () => (await checkpointers(path)).length === 0,
    );
  },
);

checkpointerTest(
  "the log checkpointer ends with a server that is killed (no orphan process)",
  async (path) => {
    const parent = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        new URL("./fixtures/checkpointer_parent.ts", import.meta.url).pathname,
        path,
      ],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    try {
      const reader = parent.stdout.pipeThrough(new TextDecoderStream()).getReader();
      let out = "";
      while (!out.includes("ready")) {
        const { value, done } = await reader.read();
        if (done) assert.fail(`the server ended: ${out}`);
        out += value;
      }
      reader.releaseLock();
      await until("its checkpointer runs", async () => (await checkpointers(path)).length === 1);
      parent.kill("SIGKILL");
      await parent.status;
      await until("the checkpointer is gone", async () => (await checkpointers(path)).length === 0);
    } finally {
      try {
        parent.kill("SIGKILL");
      } catch { /* ended */ }
      await parent.stdout.cancel().catch(() => {});
    }
  },
);

Deno.test("the checkpointer knows the schema the pinned Deno gives a KV file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-schema-" });
  try {
    const path = join(dir, "app.kv");
    const kv = await Deno.openKv(path);
    await kv.set(["x"], 1, { expireIn: 60_000 });
    kv.close();
    const db = new DatabaseSync(path);
    try {
      // Fails when a Deno upgrade changes KV's file: check the checkpointer against it first.
      assert.deepEqual(readKvSchema(db), {
        version: KV_SCHEMA.version,
        objects: [...KV_SCHEMA.objects],
      });
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

checkpointerTest(
  "on a KV file of another schema the checkpointer stands down, logged once, and changes nothing",
  async (path) => {
    (await Deno.openKv(path)).close();
    const db = new DatabaseSync(path);
    db.exec("UPDATE migration_state SET version = 99 WHERE k = 0");
    db.close();
    const before = await Deno.readFile(path);
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        new URL("../../lib/db/wal_checkpointer.ts", import.meta.url).pathname,
        path,
      ],
      stdin: "null",
      stderr: "piped",
    }).output();
    assert.equal(code, 0);
    const lines = new TextDecoder().decode(stderr).trim().split("\n");
    assert.equal(lines.length, 1);
    assert.match(lines[0], /standing down/);
    assert.deepEqual(await Deno.readFile(path), before);
  },
);
