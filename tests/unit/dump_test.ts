/** db:dump then db:restore into an empty store reproduces every entry exactly. */
import assert from "node:assert/strict";
import { decodeValue, dumpKv, encodeValue, restoreKv } from "@/lib/db/dump.ts";
import { runMigrations } from "@/lib/db/migrations.ts";

async function* linesOf(text: string) {
  yield* text.split("\n");
}

const SAMPLES: [Deno.KvKey, unknown][] = [
  [["str", "a"], "hello åäö"],
  [["num", 1], 42.5],
  [["num", 2], -0],
  [["num", 3], NaN],
  [["num", 4], Infinity],
  [["big", 1n], 12345678901234567890n],
  [["u8", new Uint8Array([1, 2, 255])], new Uint8Array([0, 9, 200, 255])],
  [["date", true], new Date("2026-03-29T01:30:00.000Z")],
  [["u64"], new Deno.KvU64(18446744073709551615n)],
  [["obj", false], {
    a: 1,
    nested: { d: new Date(0), b: [1n, "x", null, undefined] },
    $t: "tricky",
  }],
  [["map"], new Map<unknown, unknown>([["k", new Set([1, 2])], [3, /re+/gi]])],
  [["null"], null],
  [["bool"], false],
];

Deno.test("encodeValue/decodeValue round-trip every KV value type", () => {
  for (const [, v] of SAMPLES) {
    const back = decodeValue(JSON.parse(JSON.stringify(encodeValue(v))));
    if (v instanceof Deno.KvU64) assert.equal((back as Deno.KvU64).value, v.value);
    else assert.deepEqual(back, v);
  }
});

Deno.test("dump then restore into an empty store reproduces every entry", async () => {
  const a = await Deno.openKv(":memory:");
  const b = await Deno.openKv(":memory:");
  try {
    await runMigrations(a);
    let seeded = 0; // migrations write their records and seed rows
    for await (const _ of a.list({ prefix: [] })) seeded++;
    for (const [k, v] of SAMPLES) await a.set(k, v);
    for (let i = 0; i < 1200; i++) await a.set(["bulk", i], { i, s: "x".repeat(i % 50) });
    let text = "";
    const n = await dumpKv(a, (l) => {
      text += l;
      return Promise.resolve();
    });
    assert.equal(n, SAMPLES.length + 1200 + seeded);
    assert.equal(await restoreKv(b, linesOf(text)), n);
    const all = async (kv: Deno.Kv) => {
      const out: [Deno.KvKey, unknown][] = [];
      for await (const e of kv.list({ prefix: [] })) {
        out.push([e.key, e.value instanceof Deno.KvU64 ? `u64:${e.value.value}` : e.value]);
      }
      return out;
    };
    assert.deepEqual(await all(b), await all(a));
  } finally {
    a.close();
    b.close();
  }
});
