/**
 * What a save's number of mutations costs Deno KV, apart from the app: 8 clients each read a record
 * and commit one atomic of N mutations (the record and N − 1 index-like keys spread over the key
 * space), on a fresh store of 20,000 records, for N = 26 (a status change today), 12 and 6, and
 * 26 with the commits of 8 saves packed into one atomic (one log sync for eight saves). Rounds
 * alternate, so the machine's drift falls on every row alike.
 *
 *   deno task bench:commits [--seconds 4] [--rounds 2]
 */
import { parseArgs } from "node:util";
import { join } from "node:path";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "4" }, rounds: { type: "string", default: "2" } },
});
const SECONDS = Number(values.seconds);
const RECORDS = 20_000;
const CLIENTS = 8;
const dir = await Deno.makeTempDir({ prefix: "klubbleads-commits-" });
const kv = await Deno.openKv(join(dir, "commits.kv"));
const record = (id: number) => ({ id, text: "x".repeat(500), at: new Date().toISOString() });
for (let i = 0; i < RECORDS; i += 500) {
  const op = kv.atomic();
  for (let j = i; j < i + 500; j++) op.set(["r", j], record(j));
  await op.commit();
}

/** One save's mutations added to `op`: the record and n − 1 index keys at random places. */
function save(op: Deno.AtomicOperation, id: number, n: number) {
  for (let k = 0; k < n - 1; k++) op.set(["i", k, Math.random().toString(36).slice(2), id], 0);
  return op.set(["r", id], record(id));
}

/** Saves per second of CLIENTS clients for SECONDS; `pack`: saves per atomic (1: each its own). */
async function run(n: number, pack: number): Promise<number> {
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  const waiting: { id: number; ok: () => void }[] = [];
  let committing = false;
  const drain = async () => {
    committing = true;
    while (waiting.length) {
      const group = waiting.splice(0, pack);
      const op = kv.atomic();
      for (const s of group) save(op, s.id, n);
      await op.commit();
      for (const s of group) s.ok();
    }
    committing = false;
  };
  const client = async () => {
    while (performance.now() < end) {
      const id = Math.floor(Math.random() * RECORDS);
      await kv.get(["r", id]);
      if (pack === 1) await save(kv.atomic(), id, n).commit();
      else {
        await new Promise<void>((ok) => {
          waiting.push({ id, ok });
          if (!committing) drain();
        });
      }
      done++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return done / SECONDS;
}

const rows: [string, number, number][] = [
  ["26 mutations, one atomic per save", 26, 1],
  ["12 mutations, one atomic per save", 12, 1],
  ["6 mutations, one atomic per save", 6, 1],
  ["26 mutations, 8 saves per atomic", 26, 8],
];
const figures = rows.map(() => [] as number[]);
for (let r = 0; r < Number(values.rounds); r++) {
  for (const [i, [, n, pack]] of rows.entries()) figures[i].push(await run(n, pack));
}
kv.close();
await Deno.remove(dir, { recursive: true });
console.log(`\n${CLIENTS} clients · ${SECONDS} s per run · ${new Date().toISOString()}`);
console.log(`load average ${Deno.loadavg().map((l) => l.toFixed(2)).join(" ")}\n`);
console.log("| save | saves/s per round |\n|---|--:|");
for (const [i, [name]] of rows.entries()) {
  console.log(`| ${name} | ${figures[i].map((f) => f.toFixed(0)).join(" / ")} |`);
}
