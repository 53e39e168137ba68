/**
 * Loading a chain straight into the KV file (scripts/bench/kv_load.ts, generate_load.ts): the same rows as
 * committing it through Deno KV, byte for byte, and a store that Deno KV goes on writing to.
 */
import {
  familyPart,
  prospectKey,
  prospectsPrefix,
  reportCounterKey,
  reportSnapshotKey,
} from "@/lib/db/keys.ts";
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  drawsAtMost,
  fillChain,
  fillChainInFile,
  keepChain,
  planChain,
  prng,
} from "@/scripts/bench/generate.ts";
import {
  ChunkEncoder,
  inKeyOrder,
  keyOrder,
  kvFileKey,
  KvFileLoader,
  VALUE_V8,
} from "@/scripts/bench/kv_load.ts";
import fc from "fast-check";
import { openKv, packed } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import v8 from "node:v8";
import { withDir } from "@/tests/helpers.ts";

type Row = { k: Uint8Array; v: Uint8Array; v_encoding: number; version: number };

/** Every row of the file's table, in key order (the store closed). */
function rows(path: string): Row[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare("SELECT k, v, v_encoding, version FROM kv ORDER BY k").all() as Row[];
  } finally {
    db.close();
  }
}

/** A V8-serialised value as JSON with its objects' keys sorted. */
function canonical(v: Uint8Array): string {
  const sorted = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sorted)
      : x !== null && typeof x === "object" && !(x instanceof Uint8Array)
      ? Object.fromEntries(
        Object.entries(x).sort(([a], [b]) => a < b ? -1 : 1).map(([k, y]) => [k, sorted(y)]),
      )
      : x;
  return JSON.stringify(sorted(v8.deserialize(v)), (_, x) => x instanceof Uint8Array ? [...x] : x);
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

Deno.test("keys encoded as Deno KV stores them: every kind of part, escapes, order", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "keys.kv");
    const keys: Deno.KvKey[] = [
      prospectKey("01JABC"),
      ["a\u0000b", 0, -0, 1, -1, 1.5, -2.25, 2 ** 53, -(2 ** 60), Infinity, -Infinity],
      ["åsa", "Öberg", "日本", "😀"],
      [0n, 1n, -1n, 255n, 256n, -256n, 2n ** 64n, -(2n ** 70n)],
      [true, false, new Uint8Array([0, 1, 0, 255]), new Uint8Array([])],
      reportCounterKey("sdd", 3, 1042, "2026-03-10", "Call1"),
    ];
    const kv = await Deno.openKv(path);
    for (const [i, key] of keys.entries()) await kv.set(key, i);
    kv.close();
    const stored = new Set(rows(path).map((r) => hex(r.k)));
    for (const key of keys) {
      assert.ok(stored.has(hex(kvFileKey(key))), `${String(key)} encoded as stored`);
    }
  });
});

Deno.test("values encoded as Deno KV stores them, and a sum adds as KV's does", async () => {
  await withDir(async (dir) => {
    const byKv = join(dir, "kv.kv"), loaded = join(dir, "loaded.kv");
    const values: unknown[] = [
      "text",
      { name: "Åsa", n: 1, at: null, tags: ["a", "b"], nested: { x: [1.5, -2, 2 ** 40] } },
      [1, "a", null, true, false, 0.25],
      new Uint8Array([1, 2, 3]),
      new Deno.KvU64(42n),
      12345678901234,
      // What V8 writes its own way: 32-bit whole numbers, -0, NaN; index-like keys (as numbers,
      // first); UTF-16 strings at both alignments; holes; undefined.
      [2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, -0, NaN, 0.1, -7],
      [1, 2, "x", 2.5, 3, [4, 0.5]],
      [1, 2.5, 3, "x", 4, null],
      { b: 1, "1042": "x", "7": 2, "4294967294": 3, "4294967295": 4, "-1": 5, "01": 6 },
      ["日本", "x日本", "xx日本", "Åsa Öberg", "😀", "a".repeat(200) + "é", "ü".repeat(70) + "日"],
      { a: undefined, b: [null, [[]], {}] },
      // Arrays holding undefined: sparse or dense by how V8 holds them.
      [[1, undefined], [undefined], [undefined, "x"], [1, undefined, "x"], [2 ** 40, undefined, 1]],
      [[null, undefined], ["x", undefined, 2], [[1], undefined], [-0, undefined], [1.5, undefined]],
    ];
    const sums: [Deno.KvKey, bigint][] = [[["c", 1], 5n], [["c", 2], (1n << 64n) - 3n]];
    for (const path of [byKv, loaded]) {
      const kv = await Deno.openKv(path);
      await kv.set(["first"], "written by KV"); // what the loader reads its V8 version from
      await kv.set(["c", 2], new Deno.KvU64(10n));
      if (path === byKv) {
        // As the generator's worker hands a value to the thread that commits it.
        for (const [i, v] of values.entries()) {
          const plain = !(v instanceof Uint8Array || v instanceof Deno.KvU64);
          await kv.set(["v", i], plain ? packed(structuredClone(v)) : v);
        }
        for (const [k, n] of sums) await kv.atomic().sum(k, n).commit();
      }
      kv.close();
    }
    const loader = new KvFileLoader(loaded);
    try {
      const enc = new ChunkEncoder(loader.v8Version());
      for (const [i, v] of values.entries()) enc.set(["v", i], v);
      loader.set(enc.take());
      // Deltas of one key in two chunks are summed; a counter the store holds is added to.
      for (const [k, n] of sums) enc.add(k, n - 1n);
      loader.set(enc.take());
      for (const [k] of sums) enc.add(k, 1n);
      loader.set(enc.take());
      loader.finish();
      // What it cannot write as KV would, it refuses rather than write otherwise.
      for (const v of [{ at: new Date(0) }, { b: new Uint8Array(1) }, [1n], new Map()]) {
        assert.throws(() => enc.set(["x"], v), /not a value/);
      }
      assert.equal(enc.take().count, 0, "a refused value leaves nothing behind");
    } finally {
      loader.close();
    }
    const strip = (rs: Row[]) => rs.map((r) => `${hex(r.k)} ${hex(r.v)} ${r.v_encoding}`);
    assert.deepEqual(strip(rows(loaded)), strip(rows(byKv)));
    // And Deno KV reads what was loaded, the 10 − 3 wrapped as KV wraps it.
    const kv = await Deno.openKv(loaded);
    try {
      assert.deepEqual((await kv.get(["v", 1])).value, values[1]);
      assert.equal((await kv.get<Deno.KvU64>(["c", 2])).value?.value, 7n);
      assert.equal((await kv.get<Deno.KvU64>(["c", 1])).value?.value, 5n);
    } finally {
      kv.close();
    }
  });
});

Deno.test("a loader writes without SQLite's log only when no other handle has the file open", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "log.kv");
    const journal = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        return db.prepare("PRAGMA journal_mode").get()?.journal_mode;
      } finally {
        db.close();
      }
    };
    const kv = await Deno.openKv(path);
    await kv.set(["a"], 1);
    // Open in Deno KV: the load goes through the log, and the other handle reads on.
    let loader = new KvFileLoader(path);
    assert.equal(loader.withoutLog, false);
    loader.close();
    assert.equal((await kv.get(["a"])).value, 1);
    kv.close();
    // Alone: without the log while it loads, the file in WAL mode again once it is done.
    loader = new KvFileLoader(path);
    assert.equal(loader.withoutLog, true);
    const encoder = new ChunkEncoder(loader.v8Version());
    encoder.set(["b"], 2);
    loader.set(encoder.take());
    loader.finish();
    loader.close();
    assert.equal(journal(), "wal");
    const after = await Deno.openKv(path);
    assert.deepEqual((await after.getMany([["a"], ["b"]])).map((e) => e.value), [1, 2]);
    after.close();
  });
});

Deno.test("a loader refuses a file whose schema is not the one it writes", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "other.db");
    const db = new DatabaseSync(path);
    db.exec("CREATE TABLE kv (k BLOB PRIMARY KEY, v BLOB)");
    db.close();
    assert.throws(() => new KvFileLoader(path), /schema/);
    // A KV file of a later schema (a Deno that changed it) is refused too.
    const later = join(dir, "later.kv");
    (await Deno.openKv(later)).close();
    const raw = new DatabaseSync(later);
    raw.exec("UPDATE migration_state SET version = 4");
    raw.close();
    assert.throws(() => new KvFileLoader(later), /schema/);
  });
});

Deno.test("a chain loaded into the file has the rows of one committed through KV, and KV writes on", async () => {
  await withDir(async (dir) => {
    const opts = {
      prospects: 700,
      districts: 2,
      clubs: 8,
      projects: 5,
      users: 12,
      seed: 7,
      now: new Date("2026-03-10T10:00:00Z"),
      passwordHash: "not-a-real-hash",
      chunk: 200, // several chunks: counters are summed over them
    };
    const paths = { committed: join(dir, "committed.kv"), loaded: join(dir, "loaded.kv") };
    const keptInFile = join(dir, "kept.kv");
    // Opened as the bench opens it: the lean expiry index, a reader connection.
    const open = (path: string) => openKv({ kvPath: path, kvReaders: 1 });
    // The reference data and users once (their ids and times differ from run to run), copied.
    const first = await open(paths.committed);
    await runMigrations(first);
    const plan = await planChain(first, opts);
    first.close();
    await Deno.copyFile(paths.committed, paths.loaded);
    await Deno.copyFile(paths.committed, keptInFile);
    const kv0 = await open(paths.committed);
    await fillChain(kv0, plan, { ...opts, keepMidnights: false });
    kv0.close();
    await fillChainInFile(paths.loaded, () => open(paths.loaded), plan, {
      ...opts,
      keepMidnights: false,
    });
    const committed = rows(paths.committed), loaded = rows(paths.loaded);
    assert.ok(committed.length > 700 * 10, `a chain of ${committed.length} rows`);
    const records = loaded.filter((r) => hex(r.k).startsWith(hex(kvFileKey(prospectsPrefix()))));
    assert.equal(records.length, 700, "every prospect of the plan, none generated twice");
    const bytes = (rs: Row[]) => rs.map((r) => `${hex(r.k)} ${hex(r.v)} ${r.v_encoding}`);
    assert.deepEqual(bytes(loaded), bytes(committed));
    // The nightly keep then finds the same: the same values (how V8 lays out a computed object,
    // its keys' order and a whole number as a double, depends on what the process ran before).
    // The loaded one as the generator keeps a loaded file: what it prunes deleted by SQLite.
    for (const [how, path] of Object.entries(paths)) {
      const kv = await open(path);
      await keepChain(kv, plan, how === "loaded" ? path : undefined);
      kv.close();
    }
    const values = (rs: Row[]) =>
      rs.map((r) => `${hex(r.k)} ${r.v_encoding === VALUE_V8 ? canonical(r.v) : hex(r.v)}`);
    const kept = values(rows(paths.loaded));
    assert.deepEqual(kept, values(rows(paths.committed)));
    assert.ok(kept.some((r) => r.startsWith(hex(kvFileKey(reportSnapshotKey())).slice(0, -2))));
    // Generated with its keep step, as the bench does: the same rows, and what the step pruned
    // filled again by the rows that waited for it rather than left as free pages.
    await fillChainInFile(keptInFile, () => open(keptInFile), plan, opts);
    assert.deepEqual(values(rows(keptInFile)), kept);
    const pages = (path: string) => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        const n = (p: string) => Object.values(db.prepare(`PRAGMA ${p}`).get()!)[0] as number;
        return { all: n("page_count"), free: n("freelist_count") };
      } finally {
        db.close();
      }
    };
    const inFile = pages(keptInFile), pruned = pages(paths.loaded);
    assert.ok(pruned.free > 0.1 * pruned.all, `pruned after the load: ${JSON.stringify(pruned)}`);
    assert.ok(
      inFile.free < 0.02 * inFile.all,
      `kept while loading: ${JSON.stringify(inFile)}, pruned after: ${JSON.stringify(pruned)}`,
    );
    assert.ok(loaded.some((r) => r.v_encoding === VALUE_V8));

    // Deno KV writes on: a new commit's versionstamp is above every loaded row's, and a check on a
    // loaded entry's versionstamp holds until it changes.
    const kv = await Deno.openKv(paths.loaded);
    try {
      const e = (await Array.fromAsync(kv.list({ prefix: prospectsPrefix() }, { limit: 1 })))[0];
      const r = await kv.atomic().check(e).set(e.key, e.value).commit();
      assert.ok(r.ok);
      const newest = Math.max(...loaded.map((x) => x.version));
      assert.ok(BigInt("0x" + r.versionstamp) > BigInt(newest) << 16n, "versionstamp after load");
      assert.equal((await kv.atomic().check(e).set(e.key, e.value).commit()).ok, false);
    } finally {
      kv.close();
    }
  });
});

Deno.test("a file the loader does not write is filled through KV's commits instead", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "later.kv");
    const opts = {
      prospects: 120,
      districts: 1,
      clubs: 3,
      projects: 2,
      users: 4,
      passwordHash: "x",
    };
    const first = await openKv({ kvPath: path });
    await runMigrations(first);
    const plan = await planChain(first, opts);
    first.close();
    // As if another Deno's KV had made the file: a schema the loader does not know.
    const raw = new DatabaseSync(path);
    raw.exec("UPDATE migration_state SET version = 4");
    raw.close();
    await fillChainInFile(path, () => Deno.openKv(path), plan, { ...opts, keepMidnights: false });
    const kv = await Deno.openKv(path);
    try {
      const records = await Array.fromAsync(kv.list({ prefix: prospectsPrefix() }));
      assert.equal(records.length, 120);
      // Committed in atomics of 500 mutations, not loaded in one transaction (one versionstamp).
      const stamps = new Set<string>();
      for (
        const family of ["prospects", "prospect_history", "prospects_by_phone", "report_first_in"]
          .map(familyPart)
      ) {
        for await (const e of kv.list({ prefix: [family] })) stamps.add(e.versionstamp);
      }
      assert.ok(stamps.size > 1, `${stamps.size} versionstamps`);
    } finally {
      kv.close();
    }
  });
});

Deno.test("each chunk of a chain draws from its own stretch of the chain's random sequence", () => {
  const whole = prng(42);
  const draws = Array.from({ length: 1000 }, () => whole());
  // Skipping k draws lands where drawing k would have.
  for (const k of [0, 1, 7, 999]) assert.equal(prng(42, k)(), draws[k]);
  assert.equal(prng(42, 2 ** 32)(), draws[0], "a whole cycle of 2^32 draws comes back");
  // A chunk that would draw into the next chunk's stretch fails instead.
  const capped = drawsAtMost(prng(42), 3);
  capped(), capped(), capped();
  assert.throws(() => capped(), /more than 3/);
});

Deno.test("a chunk's rows are ordered by their key bytes, one key's rows in the order they came", () => {
  // Short alphabets so that keys share long prefixes, end inside another's 3-byte step and repeat.
  const part = fc.oneof(
    fc.constantFrom("report_counters", "prospects", "a", ""),
    fc.string({ unit: fc.constantFrom("a", "b", "\u0000", "å"), maxLength: 5 }),
    fc.integer({ min: -3, max: 3 }),
    fc.uint8Array({ max: 2, maxLength: 3 }),
  );
  const key = fc.array(part, { maxLength: 4 });
  // Few keys, many rows each (runs of one key longer than the sort's small runs), and others.
  const rows = fc.tuple(fc.array(key, { minLength: 1, maxLength: 6 }), fc.array(key)).chain((
    [few, more],
  ) =>
    fc.array(fc.oneof(fc.constantFrom(...few), fc.constantFrom(...few), key), { maxLength: 300 })
      .map((keys) => [...keys, ...more])
  );
  fc.assert(
    fc.property(rows, (keys) => {
      const encoder = new ChunkEncoder(15);
      for (const [i, key] of keys.entries()) encoder.set(key, i);
      const chunk = encoder.take();
      const bytes = keys.map(kvFileKey);
      const compare = (a: Uint8Array, b: Uint8Array) => {
        for (let i = 0; i < Math.min(a.length, b.length); i++) {
          if (a[i] !== b[i]) return a[i] - b[i];
        }
        return a.length - b.length;
      };
      const expected = keys.map((_, i) => i).sort((a, b) => compare(bytes[a], bytes[b]) || a - b);
      assert.deepEqual([...keyOrder(chunk)], expected);
      assert.deepEqual(inKeyOrder(keys.map((key, i) => ({ key, i }))).map((e) => e.i), expected);
    }),
    { numRuns: 300 },
  );
});
