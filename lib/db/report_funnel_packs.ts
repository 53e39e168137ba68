/**
 * The conversion funnel's cells, packed. A funnel counter ["report_counters", scope, mp, …, metric]
 * (lib/db/report_keys.ts funnelKeys) lives in the value of one pack: all groups of a scope's day or
 * month (by club for `fxd`/`fxm`), split by group into CHUNKS values of each cell's counts.
 * A report then reads a few hundred small values instead of one entry per group and metric — the
 * club and user groupings over a large project read ~200k counters unpacked.
 *
 * The fold (lib/db/report_pending.ts) adds a batch's funnel deltas to the packs in the atomic that
 * adds its other counters, checked like them on the project's bucketsMovedKey, so packs are exact as
 * counters were. Writers that set counters in bulk (the funnel backfill, the zone rebuild, the bench
 * generator) end with packFunnelCounters, which moves a project's counters into packs while folds
 * of that project wait (its state "packing": its reports read the counters as of the claim), then
 * marks it "done".
 */
import {
  funnelPackKey,
  funnelPacksOnKey,
  funnelPackStateKey,
  reportCounterKey,
} from "@/lib/db/keys.ts";
import { counterValue, deletePrefix, ulid } from "@/lib/db/kv.ts";
import { bucketsMovedKey } from "@/lib/db/report_keys.ts";
import { type FunnelCell, funnelReads } from "@/lib/domain/funnel.ts";

/** The funnel's counter scopes (report_keys.ts funnelKeys). */
export const FUNNEL_SCOPES = ["fsd", "fsm", "fcd", "fcm", "fud", "fum", "fxd", "fxm"] as const;
const SCOPES = new Set<string>(FUNNEL_SCOPES);
export const isFunnelScope = (scope: unknown) => SCOPES.has(scope as string);

/**
 * Values a scope's day or month is split into, by its group. At 1M (the largest project ~300k
 * prospects, ~400 assignees) a user-grouped month is ~40 KB and a day ~16 KB in all; a value holds
 * at most 64 KB, so this leaves each ~5× room.
 */
const CHUNKS: Record<string, number> = {
  fsd: 1,
  fsm: 1,
  fcd: 2,
  fcm: 4,
  fud: 2,
  fum: 4,
  fxd: 1,
  fxm: 1,
};

/** A pack being changed: cell → metric → count. */
type Pack = Record<string, Record<string, number>>;
/**
 * A pack as stored: its cells, and per cell in `v` the number of `d:` pairs k, then l, r, b, m and
 * k pairs of days and count. Numbers in one array decode several times faster than an object per
 * cell with a key per metric (at 1M a user-grouped report decodes ~260 packs).
 */
type StoredPack = { c: string[]; v: number[] };

const BASE = ["l", "r", "b", "m"] as const;

function encode(pack: Pack): StoredPack {
  const c: string[] = [];
  const v: number[] = [];
  for (const [cell, metrics] of Object.entries(pack)) {
    c.push(cell);
    const pairs: number[] = [];
    for (const [m, n] of Object.entries(metrics)) {
      if (m.startsWith("d:")) pairs.push(Number(m.slice(2)), n);
    }
    v.push(pairs.length / 2, ...BASE.map((m) => metrics[m] ?? 0), ...pairs);
  }
  return { c, v };
}

/** Calls `each(cell, at, k)` for every cell of a stored pack: l, r, b, m at `at`, then k pairs. */
function walk(
  p: StoredPack,
  each: (cell: string, at: number, k: number) => void,
) {
  let at = 0;
  for (const cell of p.c) {
    const k = p.v[at];
    each(cell, at + 1, k);
    at += 5 + 2 * k;
  }
}

function decode(p: StoredPack | null): Pack {
  const out: Pack = {};
  if (!p) return out;
  walk(p, (cell, at, k) => {
    const metrics: Record<string, number> = {};
    BASE.forEach((m, i) => {
      if (p.v[at + i] !== 0) metrics[m] = p.v[at + i];
    });
    for (let i = 0; i < k; i++) metrics[`d:${p.v[at + 4 + 2 * i]}`] = p.v[at + 5 + 2 * i];
    out[cell] = metrics;
  });
  return out;
}
export type PackState = { state: "packing"; by: string } | { state: "done" };

function chunkOf(scope: string, group: string): number {
  const n = CHUNKS[scope];
  if (n === 1) return 0;
  let h = 2166136261;
  for (let i = 0; i < group.length; i++) h = Math.imul(h ^ group.charCodeAt(i), 16777619);
  return (h >>> 0) % n;
}

/** Where a funnel counter key lives: its pack, the cell in it and the metric. */
export function packPlace(key: Deno.KvKey): { pack: Deno.KvKey; cell: string; metric: string } {
  const scope = key[1] as string;
  const mp = key[2] as number;
  const family = scope.slice(0, 2);
  const metric = key[key.length - 1] as string;
  if (family === "fx") {
    // [fx?, mp, club, period, source, user, metric]
    const [club, period, src, user] = key.slice(3, 7);
    return {
      pack: funnelPackKey(scope, mp, club, period, 0),
      cell: `${String(src)}|${String(user)}`,
      metric,
    };
  }
  // [f??, mp, period, group, metric]
  const group = String(key[4]);
  return {
    pack: funnelPackKey(scope, mp, key[3], chunkOf(scope, group)),
    cell: group,
    metric,
  };
}

/** Whether a project's funnel cells are read from and folded into packs. */
export function packed(state: PackState | null, on: boolean | null): boolean {
  if (state?.state === "packing") return false;
  return state?.state === "done" || on === true;
}

/** Reads whether project `mp` is packed, with the entries a fold checks. */
export async function packMode(kv: Deno.Kv, mp: number) {
  const [state, on] = await kv.getMany<[PackState, boolean]>([
    funnelPackStateKey(mp),
    funnelPacksOnKey(),
  ]);
  return { state, on, packed: packed(state.value, on.value) };
}

const getAll = async (kv: Deno.Kv, keys: Deno.KvKey[]) => {
  const parts: Promise<Deno.KvEntryMaybe<StoredPack>[]>[] = [];
  for (let i = 0; i < keys.length; i += 10) {
    parts.push(kv.getMany<StoredPack[]>(keys.slice(i, i + 10)));
  }
  return (await Promise.all(parts)).flat();
};

function apply(pack: Pack, cell: string, metric: string, delta: number) {
  const c = pack[cell] ??= {};
  const n = (c[metric] ?? 0) + delta;
  if (n === 0) delete c[metric];
  else c[metric] = n;
  if (!Object.keys(c).length) delete pack[cell];
}

/**
 * Adds funnel counter deltas to their packs in `op` (read now; the caller's atomic checks what
 * makes them current). Answers the mutations and the bytes (JSON) it set.
 */
export async function addToPacks(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  deltas: { key: Deno.KvKey; delta: number }[],
): Promise<{ mutations: number; bytes: number }> {
  const byPack = new Map<string, { key: Deno.KvKey; items: [string, string, number][] }>();
  for (const d of deltas) {
    const { pack, cell, metric } = packPlace(d.key);
    const id = JSON.stringify(pack);
    let p = byPack.get(id);
    if (!p) byPack.set(id, p = { key: pack, items: [] });
    p.items.push([cell, metric, d.delta]);
  }
  const list = [...byPack.values()];
  const current = await getAll(kv, list.map((p) => p.key));
  let bytes = 0;
  list.forEach((p, i) => {
    const pack = decode(current[i].value);
    for (const [cell, metric, delta] of p.items) apply(pack, cell, metric, delta);
    if (Object.keys(pack).length) {
      const stored = encode(pack);
      op.set(p.key, stored);
      bytes += JSON.stringify(stored).length;
    } else op.delete(p.key);
  });
  return { mutations: list.length, bytes };
}

/**
 * The funnel cells of project `mp`'s prospects registered in the local dates [from, to], summed per
 * group of `dim` (the group "" for none), from the packs of funnelReads. `clubs` null reads the
 * project-wide packs (every club); else each club's.
 */
export async function packedFunnelCells(
  kv: Deno.Kv,
  mp: number,
  from: string,
  to: string,
  dim: "source" | "club" | "user" | null,
  clubs: readonly number[] | null,
): Promise<Map<string, FunnelCell>> {
  const periods = funnelReads(from, to);
  const keys: Deno.KvKey[] = [];
  const groupOf: ((cell: string) => string)[] = [];
  const signs: number[] = [];
  if (clubs === null) {
    const family = dim === "club" ? "fc" : dim === "user" ? "fu" : "fs";
    const group = dim === null ? () => "" : (cell: string) => cell;
    for (const [g, period, sign] of periods) {
      for (let c = 0; c < CHUNKS[family + g]; c++) {
        keys.push(funnelPackKey(family + g, mp, period, c));
        groupOf.push(group);
        signs.push(sign);
      }
    }
  } else {
    for (const club of clubs) {
      const group = dim === "club"
        ? () => String(club)
        : dim === "source"
        ? (cell: string) => cell.slice(0, cell.indexOf("|"))
        : dim === "user"
        ? (cell: string) => cell.slice(cell.indexOf("|") + 1)
        : () => "";
      for (const [g, period, sign] of periods) {
        keys.push(funnelPackKey("fx" + g, mp, club, period, 0));
        groupOf.push(group);
        signs.push(sign);
      }
    }
  }
  const sums = new Map<string, { base: number[]; days: Map<number, number> }>();
  const packs = await getAll(kv, keys);
  packs.forEach((e, i) => {
    const p = e.value;
    if (!p) return;
    walk(p, (cell, at, k) => {
      const group = groupOf[i](cell);
      let sum = sums.get(group);
      if (!sum) sums.set(group, sum = { base: [0, 0, 0, 0], days: new Map() });
      const sign = signs[i];
      for (let j = 0; j < 4; j++) sum.base[j] += sign * p.v[at + j];
      for (let j = 0; j < k; j++) {
        const d = p.v[at + 4 + 2 * j];
        sum.days.set(d, (sum.days.get(d) ?? 0) + sign * p.v[at + 5 + 2 * j]);
      }
    });
  });
  const out = new Map<string, FunnelCell>();
  for (const [group, { base, days }] of sums) {
    const cell: FunnelCell = new Map();
    BASE.forEach((m, j) => base[j] !== 0 && cell.set(m, base[j]));
    for (const [d, n] of days) if (n !== 0) cell.set(`d:${d}`, n);
    // A group whose cells were all in the days taken away is not in the period.
    if (cell.size) out.set(group, cell);
  }
  return out;
}

/** The projects that hold funnel counters. */
async function projectsWithCounters(kv: Deno.Kv): Promise<number[]> {
  const mps = new Set<number>();
  for (const scope of FUNNEL_SCOPES) {
    let after: number | null = null;
    for (;;) {
      let mp: number | null = null;
      const sel: Deno.KvListSelector = after === null
        ? { prefix: reportCounterKey(scope) }
        : { prefix: reportCounterKey(scope), start: reportCounterKey(scope, after + 1) };
      for await (const e of kv.list(sel, { limit: 1 })) mp = e.key[2] as number;
      if (mp === null) break;
      mps.add(mp);
      after = mp;
    }
  }
  return [...mps].sort((a, b) => a - b);
}

/** How long a claim to pack a project holds without its owner finishing (a crash frees it). */
const CLAIM_MS = 10 * 60_000;
/** Bytes (JSON) and mutations per atomic of packs: under KV's 800 KB and 1,000 per atomic. */
const WRITE_BYTES = 400_000;
const WRITE_MUTATIONS = 400;

/**
 * Moves every project's funnel counters into packs, then marks the store so new projects start
 * packed. Safe beside folds (a project being packed folds into counters; every write checks the
 * project's bucketsMovedKey and starts again when a fold came between) and beside a second caller
 * (a project is claimed; the other waits for it).
 */
export async function packFunnelCounters(kv: Deno.Kv): Promise<{ projects: number }> {
  let projects = 0;
  // A fold that read the store unmarked adds to counters; once it is marked such a fold commits
  // nothing (it checks the mark) and folds into packs. A second round packs what came between.
  for (let round = 0; round < 3; round++) {
    const mps = await projectsWithCounters(kv);
    for (const mp of mps) await packProject(kv, mp);
    await kv.set(funnelPacksOnKey(), true);
    projects += mps.length;
    if (!mps.length) break;
  }
  return { projects };
}

async function packProject(kv: Deno.Kv, mp: number) {
  const me = ulid();
  const claim = { state: "packing", by: me } as const;
  // Claim the project: its folds wait until it is done (report_pending.ts), so no count moves
  // while its counters are read; a claim not renewed for CLAIM_MS (a crash) lapses.
  let held: string;
  for (;;) {
    const state = await kv.get<PackState>(funnelPackStateKey(mp));
    const s = state.value;
    if (s?.state === "done") return; // packed by another caller
    if (s?.state === "packing") {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const claimed = await kv.atomic().check(state)
      .set(funnelPackStateKey(mp), claim, { expireIn: CLAIM_MS })
      .commit();
    if (claimed.ok) {
      held = claimed.versionstamp;
      break;
    }
  }
  // What folds added to packs before the claim (a project first written after the store was
  // marked): the counters are added to it.
  const base = new Map<string, Pack>();
  for (const scope of FUNNEL_SCOPES) {
    for await (const e of kv.list<StoredPack>({ prefix: funnelPackKey(scope, mp) })) {
      base.set(JSON.stringify(e.key), decode(e.value));
    }
  }
  for (;;) {
    // A fold that read the project before the claim may still commit: it moves this key.
    const moved = await kv.get(bucketsMovedKey(mp));
    const packs = new Map<string, { key: Deno.KvKey; value: Pack }>();
    for (const [id, value] of base) {
      packs.set(id, { key: JSON.parse(id), value: structuredClone(value) });
    }
    for (const scope of FUNNEL_SCOPES) {
      for await (const e of kv.list({ prefix: reportCounterKey(scope, mp) }, { batchSize: 1000 })) {
        const n = counterValue(e.value);
        if (n === 0) continue;
        const { pack, cell, metric } = packPlace(e.key);
        const id = JSON.stringify(pack);
        let p = packs.get(id);
        if (!p) packs.set(id, p = { key: pack, value: {} });
        apply(p.value, cell, metric, n);
      }
    }
    const stale: Deno.KvKey[] = [];
    for (const scope of FUNNEL_SCOPES) {
      for await (const e of kv.list({ prefix: funnelPackKey(scope, mp) })) {
        if (!packs.has(JSON.stringify(e.key))) stale.push(e.key);
      }
    }
    const writes = [...packs.values()];
    let ok = true;
    let i = 0;
    let j = 0;
    // Each part checks the claim is still this caller's and renews it.
    const mine = () => ({ key: funnelPackStateKey(mp), versionstamp: held });
    while (ok && (i < writes.length || j < stale.length)) {
      const op = kv.atomic().check(moved, mine())
        .set(funnelPackStateKey(mp), claim, { expireIn: CLAIM_MS });
      let bytes = 0;
      let n = 0;
      for (; i < writes.length && n < WRITE_MUTATIONS && bytes < WRITE_BYTES; i++, n++) {
        const stored = encode(writes[i].value);
        op.set(writes[i].key, stored);
        bytes += JSON.stringify(stored).length;
      }
      for (; j < stale.length && n < WRITE_MUTATIONS; j++, n++) op.delete(stale[j]);
      const res = await op.commit();
      ok = res.ok;
      if (res.ok) held = res.versionstamp;
    }
    if (!ok) {
      // The claim lapsed and another caller took it: theirs to finish.
      if ((await kv.get(funnelPackStateKey(mp))).versionstamp !== held) return;
      continue; // a fold came between: read the counters again
    }
    // Done: from here its folds add to the packs; the counters are no longer read.
    const done = await kv.atomic().check(moved, mine())
      .set(funnelPackStateKey(mp), { state: "done" })
      .commit();
    if (done.ok) break;
    if ((await kv.get(funnelPackStateKey(mp))).versionstamp !== held) return;
  }
  for (const scope of FUNNEL_SCOPES) await deletePrefix(kv, reportCounterKey(scope, mp));
}
