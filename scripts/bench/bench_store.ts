/**
 * Store figures: keys and bytes per prospect of a KV file, and the mutations one change of each
 * kind costs on the write engine. `deno task bench` prints them after its run;
 * `deno task bench:store --kv path` prints them for any store.
 */
import { parseArgs } from "node:util";
import {
  type ProspectWrite,
  prospectWrite,
  type StoredProspect,
  writeSize,
} from "@/lib/db/prospects.ts";
import { prospectsPrefix } from "@/lib/db/keys.ts";
import { recordEntry } from "@/lib/db/prospect_record.ts";
import { clubDistricts } from "@/lib/db/reference.ts";
import { DEFAULT_TIME_ZONE } from "@/lib/domain/worktime.ts";

/**
 * The bytes of a SQLite file's pages in use: its page count less the free pages (the file does not
 * shrink when keys are deleted — pruned keys leave free pages that later writes reuse). From the
 * database header (page size at 16, page count at 28, free pages at 36), read after the store is
 * closed (its WAL checkpointed). Null when the file is not SQLite.
 */
async function bytesInUse(path: string): Promise<number | null> {
  const f = await Deno.open(path).catch(() => null);
  if (!f) return null;
  try {
    const h = new Uint8Array(100);
    if ((await f.read(h)) !== 100) return null;
    if (new TextDecoder().decode(h.subarray(0, 15)) !== "SQLite format 3") return null;
    const v = new DataView(h.buffer);
    const pageSize = v.getUint16(16) === 1 ? 65536 : v.getUint16(16);
    return (v.getUint32(28) - v.getUint32(36)) * pageSize;
  } finally {
    f.close();
  }
}

/**
 * What one change writes: its mutations, how many of them update a counter (a sum), and the report
 * counter deltas its pending entry carries to a later fold (lib/db/report_pending.ts).
 */
interface ChangeCost {
  mutations: number;
  counters: number;
  deferred: number;
}

/**
 * Counts every key of the store and the prospects among them; the file's size on disk and the bytes
 * of its pages in use.
 */
async function countStore(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    let keys = 0;
    let prospects = 0;
    let sample: Deno.KvEntry<StoredProspect> | null = null;
    for await (const e of kv.list({ prefix: [] }, { batchSize: 1000 })) {
      keys++;
      if (e.key[0] === prospectsPrefix()[0] && e.key.length === 2) {
        prospects++;
        const r = recordEntry(e) as Deno.KvEntry<StoredProspect>;
        if (!sample && !r.value.deleted && !r.value.assignId) sample = r;
      }
    }
    const at = new Date().toISOString();
    const districts = await clubDistricts(kv);
    const meta = { userId: null, at, timeZone: DEFAULT_TIME_ZONE, districts };
    // A counter update (`sum`) costs KV's SQLite two statements (it reads the row, then writes
    // it), any other mutation one: the committing thread's work per change is about mutations +
    // counter updates (docs/performance.md, sixteenth round).
    const cost = (w: ProspectWrite): ChangeCost => ({
      mutations: writeSize(w),
      counters: w.diff.counters.length,
      deferred: w.diff.report.length,
    });
    const none: ChangeCost = { mutations: 0, counters: 0, deferred: 0 };
    const change = (patch: Partial<StoredProspect>) =>
      sample
        ? cost(prospectWrite(sample, { ...sample.value, ...patch, updatedAt: at }, meta))
        : none;
    const created = sample
      ? cost(prospectWrite({ ...sample, value: null } as never, sample.value, meta))
      : none;
    return {
      prospects,
      keys,
      keysPerProspect: prospects ? keys / prospects : 0,
      mutations: {
        create: created,
        sellStatus: change({
          sellStatus: sample?.value.sellStatus === "NoAnswer1" ? "NoAnswer2" : "NoAnswer1",
          lastSellStatusChange: at,
        }),
        assign: change({ assignId: "bench@example.se", assignName: "Bench", assignUserId: "u" }),
        followUp: change({ followUpDate: "2030-01-01" }),
      },
    };
  } finally {
    kv.close();
  }
}

export async function storeFigures(kvPath: string) {
  const f = await countStore(kvPath);
  let bytes = 0;
  for (const suffix of ["", "-wal", "-shm"]) {
    bytes += await Deno.stat(kvPath + suffix).then((s) => s.size).catch(() => 0);
  }
  const inUse = await bytesInUse(kvPath) ?? bytes;
  const per = (n: number) => (f.prospects ? n / f.prospects : 0);
  return { ...f, bytes, bytesPerProspect: per(bytes), inUse, inUsePerProspect: per(inUse) };
}

export function printStoreFigures(f: Awaited<ReturnType<typeof storeFigures>>) {
  console.log(
    `store: ${f.prospects} prospects, ${f.keys} keys (${
      f.keysPerProspect.toFixed(1)
    } per prospect), ` +
      `${(f.bytes / 1e6).toFixed(0)} MB on disk (${
        (f.bytesPerProspect / 1024).toFixed(2)
      } KB per prospect), ${(f.inUse / 1e6).toFixed(0)} MB of pages in use (${
        (f.inUsePerProspect / 1024).toFixed(2)
      } KB per prospect)`,
  );
  const m = f.mutations;
  const cost = (c: ChangeCost) =>
    `${c.mutations} (${c.counters} of them counters; ${c.deferred} report deltas pending)`;
  console.log(
    `mutations per change: create ${cost(m.create)}, sell status ${cost(m.sellStatus)}, ` +
      `assign ${cost(m.assign)}, follow-up date ${cost(m.followUp)}`,
  );
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { kv: { type: "string" } } });
  if (!values.kv) throw new Error("--kv path of a store is required");
  printStoreFigures(await storeFigures(values.kv));
}
