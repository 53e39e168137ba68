/**
 * A KV file opened with reader connections (lib/db/kv.ts): every read sees every commit that has
 * returned, a versionstamp read on a reader still guards a commit, watch sees the commits, and
 * close releases every connection (the resource sanitizer is on).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openKv } from "@/lib/db/kv.ts";

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
