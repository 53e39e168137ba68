/**
 * Whether a store migrated to the families' tags holds what it held before: compares a copy taken
 * before `db:migrate` with the migrated store, family by family in key order (each tagged family
 * under its name in the one, its tag in the other; every other family as it is), entry by entry as
 * `db:dump` writes them (key parts and tagged values).
 *
 *   deno run -A scripts/bench/rekey_compare.ts --before /tmp/old.kv --after /tmp/migrated.kv
 */
import { parseArgs } from "node:util";
import { encodeKey, encodeValue } from "@/lib/db/dump.ts";
import { FAMILY_TAGS, familyName, migrationKey } from "@/lib/db/keys.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { before: { type: "string" }, after: { type: "string" } },
});
if (!values.before || !values.after) throw new Error("--before and --after KV files are required");
const before = await Deno.openKv(values.before);
const after = await Deno.openKv(values.after);

const line = (key: Deno.KvKey, value: unknown) =>
  JSON.stringify([encodeKey(key.slice(1)), encodeValue(value)]);

/** The first key parts of a store, by listing past each family. */
async function families(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  let start: Deno.KvKey = [""];
  for (;;) {
    const [e] = await Array.fromAsync(kv.list({ start, end: ["\uffff"] }, { limit: 1 }));
    if (!e) return out;
    const f = e.key[0] as string;
    out.push(f);
    start = [f + "\0"];
  }
}

const t0 = performance.now();
const names = new Set([...(await families(before)), ...(await families(after)).map(familyName)]);
let entries = 0;
let differ = 0;
for (const name of [...names].sort()) {
  const tag = (FAMILY_TAGS as Record<string, string>)[name] ?? name;
  const a = before.list({ prefix: [name] }, { batchSize: 1000 });
  const b = after.list({ prefix: [tag] }, { batchSize: 1000 });
  let n = 0;
  for (;;) {
    const [x, y] = await Promise.all([a.next(), b.next()]);
    if (x.done && y.done) break;
    // The migration's own record is the one entry only the migrated store has.
    if (!y.done && name === "_migrations" && y.value.key[1] === migrationKey(5)[1] && x.done) {
      continue;
    }
    const lx = x.done ? "(none)" : line(x.value.key, x.value.value);
    const ly = y.done ? "(none)" : line(y.value.key, y.value.value);
    if (lx !== ly) {
      if (differ++ < 5) {
        console.log(`${name}:\n  before ${lx.slice(0, 200)}\n  after  ${ly.slice(0, 200)}`);
      }
      break;
    }
    n++;
  }
  entries += n;
}
console.log(
  `${entries} entries in ${names.size} families compared in ${
    ((performance.now() - t0) / 1000).toFixed(0)
  } s: ${differ ? `${differ} families differ` : "the same"}`,
);
before.close();
after.close();
