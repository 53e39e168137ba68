/**
 * Report counters written after the save (docs/architecture.md, "Decisions").
 *
 * A prospect write does not add its report counter deltas (the `scd`, `sdd`, change and
 * escalation scopes of lib/db/report_keys.ts) to the counters in its own atomic: it sets one
 * pending entry per project, ["report_pending", mp, ulid] → its deltas, and a fold adds a batch of
 * a project's entries to the counters and deletes them in one atomic. Deno KV carries out a counter
 * sum as a read and a write of its row; a sell-status change added 10 of them to its save, and the
 * fold writes each counter key once for all the changes of a batch that share it (a day's changes
 * of one club share most of them).
 *
 * Every reader of the report counters folds the projects it reads first (lib/services/reports.ts,
 * keepMidnights), so a report answers as if the counters had been written with the record. A
 * fold checks and rewrites the project's bucketsMovedKey, which every fold of the project rewrites:
 * two folders (two instances, a report and the background folder) never add the same entry twice,
 * and that key's versionstamp still names the state of the project's buckets for the caches of
 * lib/db/report_districts.ts. The search totals stay in the save: the grid's counts are exact at
 * once.
 */
import { reportCounterKey, reportPendingKey, reportPendingPrefix } from "@/lib/db/keys.ts";
import { bucketsMovedKey } from "@/lib/db/report_keys.ts";
import { addToCounter, CounterSums, touchCounter, ulid } from "@/lib/db/kv.ts";
import { addToPacks, isFunnelScope, packMode } from "@/lib/db/report_funnel_packs.ts";

/** One counter delta of a pending entry: [scope, …rest, delta] (the key without its project). */
type PendingDelta = (string | number)[];

/** Report counter deltas of the writes of one atomic, summed per project and key. */
export class PendingReports {
  #projects = new Map<number, CounterSums>();

  add(deltas: readonly { key: Deno.KvKey; delta: number }[]): this {
    for (const d of deltas) {
      const mp = d.key[2] as number;
      let sums = this.#projects.get(mp);
      if (!sums) this.#projects.set(mp, sums = new CounterSums());
      sums.add(d.key, d.delta);
    }
    return this;
  }

  /**
   * Sets the pending entries into the atomic: one per project (none when every delta cancels), of
   * at most ENTRY_KEYS_MAX deltas each, so any entry fits in a fold's atomic.
   */
  write(op: Deno.AtomicOperation, kv: Deno.Kv): void {
    for (const [mp, sums] of this.#projects) {
      const deltas = sums.take();
      for (let i = 0; i < deltas.length; i += ENTRY_KEYS_MAX) {
        const value: PendingDelta[] = deltas.slice(i, i + ENTRY_KEYS_MAX).map(({ key, delta }) => [
          key[1] as string,
          ...key.slice(3) as (string | number)[],
          delta,
        ]);
        op.set(reportPendingKey(mp, ulid()), value);
      }
      if (deltas.length) markDirty(kv, mp);
    }
  }
}

/** How many projects a write's report deltas touch (its pending entries: a move touches two). */
export function pendingProjects(deltas: readonly { key: Deno.KvKey }[]): number {
  let first: unknown = undefined;
  for (const d of deltas) {
    if (first === undefined) first = d.key[2];
    else if (d.key[2] !== first) return 2;
  }
  return first === undefined ? 0 : 1;
}

/** Projects this process has written pending entries to since its folder last ran, per store. */
const dirty = new WeakMap<Deno.Kv, Set<number>>();
function markDirty(kv: Deno.Kv, mp: number) {
  let s = dirty.get(kv);
  if (!s) dirty.set(kv, s = new Set());
  s.add(mp);
}

/** Entries listed per fold round, and the mutations one fold atomic may hold (KV allows 1000). */
const FOLD_LIST = 800;
const FOLD_MUTATIONS = 900;
/** The most deltas one entry holds (a save's are ~10; a pack of many saves' may be more). */
const ENTRY_KEYS_MAX = 400;
/** Bytes (JSON) of funnel packs one fold atomic rewrites at most (KV takes 800 KB per atomic). */
const PACK_BYTES_MAX = 500_000;

/**
 * Adds every pending entry of a project to its counters and deletes them, a batch per atomic,
 * each checked on the project's bucketsMovedKey (a concurrent fold of the project makes it read
 * again). Answers how many entries it folded. Entries written while it runs may remain.
 */
export async function foldPending(kv: Deno.Kv, mp: number): Promise<number> {
  let folded = 0;
  let batch = FOLD_LIST;
  const list = async (limit: number) => {
    const out: Deno.KvEntry<PendingDelta[]>[] = [];
    const sel = { prefix: reportPendingPrefix(mp) };
    for await (const e of kv.list<PendingDelta[]>(sel, { limit, batchSize: limit })) out.push(e);
    return out;
  };
  for (let conflicts = 0; conflicts < 100;) {
    // Most reads find none: one list call. Else the key the commit checks is read before the
    // entries it deletes, so a fold committed in between fails the check.
    if (!(await list(1)).length) return folded;
    const moved = await kv.get(bucketsMovedKey(mp));
    const mode = await packMode(kv, mp);
    // A project whose funnel counters are being packed waits: its entries stay for the fold after.
    if (mode.state.value?.state === "packing") return folded;
    const entries = await list(batch);
    if (!entries.length) return folded;
    // As many entries as one atomic holds: a sum per counter key, a delete per entry, the touch.
    const sums = new CounterSums();
    let taken = 0;
    for (const e of entries) {
      if (taken && sums.size + e.value.length + taken + 4 > FOLD_MUTATIONS) break;
      for (const d of e.value) {
        sums.add(reportCounterKey(d[0], mp, ...d.slice(1, -1)), d[d.length - 1] as number);
      }
      taken++;
    }
    // The funnel's cells go to their packs while the project is packed (report_funnel_packs.ts);
    // the fold checks the mode it read, so a project being packed meanwhile makes it read again.
    const op = kv.atomic().check(moved, mode.state, mode.on);
    const funnel: { key: Deno.KvKey; delta: number }[] = [];
    for (const c of sums.take()) {
      if (mode.packed && isFunnelScope(c.key[1])) funnel.push(c);
      else addToCounter(op, c.key, c.delta);
    }
    if (funnel.length) {
      const { bytes } = await addToPacks(kv, op, funnel);
      // Packs rewritten whole: a batch of many days and clubs is taken in smaller parts.
      if (bytes > PACK_BYTES_MAX && taken > 1) {
        batch = Math.max(1, Math.floor(taken / 2));
        continue;
      }
    }
    // The project's buckets moved: its bucketsMovedKey gets a new versionstamp even without a
    // change to count (its own sum, when there is one, rewrites it anyway).
    touchCounter(op, bucketsMovedKey(mp));
    for (let i = 0; i < taken; i++) op.delete(entries[i].key);
    if ((await op.commit()).ok) {
      folded += taken;
      batch = FOLD_LIST;
    } else {
      conflicts++;
      await new Promise((r) => setTimeout(r, Math.random() * 5));
    }
  }
  throw new Error(`report fold of project ${mp}: too many concurrent folds`);
}

/** foldPending for each of these projects, at once. */
export async function foldProjects(kv: Deno.Kv, mps: Iterable<number>): Promise<number> {
  const n = await Promise.all([...new Set(mps)].map((mp) => foldPending(kv, mp)));
  return n.reduce((a, b) => a + b, 0);
}

/** Every project's pending entries (the nightly job, a rebuild, db:migrate --undo). */
export async function foldAll(kv: Deno.Kv): Promise<number> {
  let folded = 0;
  let after: number | null = null;
  for (;;) {
    let mp: number | null = null;
    const sel: Deno.KvListSelector = after === null
      ? { prefix: reportPendingPrefix() }
      : { prefix: reportPendingPrefix(), start: reportPendingPrefix(after + 1) };
    for await (const e of kv.list(sel, { limit: 1 })) mp = e.key[1] as number;
    if (mp === null) return folded;
    folded += await foldPending(kv, mp);
    after = mp;
  }
}

/** The projects this process wrote pending entries to since the last call (and forgets them). */
export function takeDirty(kv: Deno.Kv): number[] {
  const s = dirty.get(kv);
  if (!s?.size) return [];
  const out = [...s];
  s.clear();
  return out;
}
