/**
 * Moves a store's entries from one first key part to another, value unchanged: the migration that
 * brings a store written under the families' names to their tags (keys.ts FAMILY_TAGS), and any
 * later change of a tag.
 *
 * One instance moves at a time. It takes the claim (set once per holder) and beats a heartbeat
 * every BEAT_MS; every move atomic checks the claim, so a holder that lost it commits nothing more.
 * The others wait, and take the claim over when the heartbeat has not moved for `staleMs` (its
 * holder stopped). A stopped move resumes where it was: what is still under a source part is what
 * is left to move.
 */
import { rekeyBeatKey, rekeyClaimKey } from "@/lib/db/keys.ts";

/** How often the holder beats; a waiter takes over after `staleMs` without a beat. */
const BEAT_MS = 1_000;
export const REKEY_STALE_MS = 15_000;
/** Entries listed per batch and moved per atomic (KV allows 1000 mutations and 80 KB of keys). */
const MOVE_ENTRIES = 400;
const MOVE_KEY_BYTES = 60_000;
const MOVE_VALUE_BYTES = 600_000;
/** Families moved at once (each lists while the last batch commits). */
const PARALLEL = 3;

export interface RekeyOptions {
  staleMs?: number;
  /** Told after each committed batch, with the entries moved so far (tests take the claim here). */
  onBatch?: (moved: number) => Promise<void> | void;
}

/**
 * Moves every entry under each `from` first part to the same key under `to`, waiting while another
 * instance moves. Answers when nothing is left under any `from`.
 */
export async function rekeyFamilies(
  kv: Deno.Kv,
  moves: readonly (readonly [from: string, to: string])[],
  opts: RekeyOptions = {},
): Promise<number> {
  const staleMs = opts.staleMs ?? REKEY_STALE_MS;
  let moved = 0;
  let seen: { stamp: string | null; since: number } | null = null;
  for (;;) {
    const [claim, beat] = await kv.getMany([rekeyClaimKey(), rekeyBeatKey()]);
    const stamp = beat.versionstamp;
    if (!seen || seen.stamp !== stamp) seen = { stamp, since: Date.now() };
    const free = claim.versionstamp === null || Date.now() - seen.since >= staleMs;
    if (!free) {
      await new Promise((r) => setTimeout(r, Math.min(250, staleMs / 4)));
      continue;
    }
    const owner = crypto.randomUUID();
    const took = await kv.atomic().check(claim, beat)
      .set(rekeyClaimKey(), owner)
      .set(rekeyBeatKey(), owner)
      .commit();
    if (!took.ok) continue;
    const count = { moved: 0 };
    const r = await moveAsHolder(
      kv,
      moves,
      {
        key: rekeyClaimKey(),
        versionstamp: took.versionstamp,
      },
      opts,
      count,
    );
    moved += count.moved;
    if (r === "lost") {
      seen = null;
      continue;
    }
    // Done: the claim goes (a waiter then finds nothing left and returns).
    await kv.atomic().check({ key: rekeyClaimKey(), versionstamp: took.versionstamp })
      .delete(rekeyClaimKey()).delete(rekeyBeatKey()).commit();
    return moved;
  }
}

async function moveAsHolder(
  kv: Deno.Kv,
  moves: readonly (readonly [string, string])[],
  claim: Deno.AtomicCheck,
  opts: RekeyOptions,
  count: { moved: number },
): Promise<"done" | "lost"> {
  let lost = false;
  let stopped = false;
  const beating = (async () => {
    while (!stopped && !lost) {
      await new Promise((r) => setTimeout(r, BEAT_MS));
      if (stopped) break;
      // The beat is written only while the claim is still ours.
      const ok = await kv.atomic().check(claim).set(rekeyBeatKey(), Date.now()).commit();
      if (!ok.ok) lost = true;
    }
  })();
  const queue = [...moves];
  const worker = async () => {
    for (let m = queue.shift(); m && !lost; m = queue.shift()) {
      if (await moveFamily(kv, m[0], m[1], claim, () => lost, opts, count) === "lost") lost = true;
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } finally {
    stopped = true;
    await beating;
  }
  return lost ? "lost" : "done";
}

const keyBytes = (k: Deno.KvKey) =>
  JSON.stringify(k, (_k, v) => typeof v === "bigint" ? String(v) : v).length + 8;
function valueBytes(v: unknown): number {
  if (typeof v === "string") return 2 * v.length + 8;
  if (v instanceof Uint8Array) return v.byteLength;
  if (v instanceof Deno.KvU64) return 8;
  // KV stores other values in V8's serialization, which writes some numbers wider than JSON does;
  // node:v8's serialize would tell exactly, at many times JSON's cost (docs/performance.md); a
  // batch the estimate undercounts is committed in halves.
  return 2 * (JSON.stringify(v, (_k, x) => typeof x === "bigint" ? String(x) : x)?.length ?? 4);
}

/** Moves one family, a batch per atomic; the list reads the next batch while one commits. */
async function moveFamily(
  kv: Deno.Kv,
  from: string,
  to: string,
  claim: Deno.AtomicCheck,
  isLost: () => boolean,
  opts: RekeyOptions,
  count: { moved: number },
): Promise<"done" | "lost"> {
  let failed = false;
  let pending: Promise<void> = Promise.resolve();
  const commit = async (batch: Deno.KvEntry<unknown>[]): Promise<void> => {
    const op = kv.atomic().check(claim);
    for (const e of batch) op.set([to, ...e.key.slice(1)], e.value).delete(e.key);
    let r: Deno.KvCommitResult | Deno.KvCommitError;
    try {
      r = await op.commit();
    } catch (e) {
      // Past an atomic's size limit (values the estimate undercounts): the halves, one by one.
      if (batch.length < 2 || !String(e).includes("too large")) throw e;
      const half = Math.ceil(batch.length / 2);
      await commit(batch.slice(0, half));
      if (!failed) await commit(batch.slice(half));
      return;
    }
    if (!r.ok) failed = true;
    else {
      count.moved += batch.length;
      await opts.onBatch?.(count.moved);
    }
  };
  let batch: Deno.KvEntry<unknown>[] = [];
  let kb = 0, vb = 0;
  for await (const e of kv.list({ prefix: [from] }, { batchSize: MOVE_ENTRIES })) {
    const k = 2 * keyBytes(e.key), v = valueBytes(e.value);
    if (
      batch.length &&
      (batch.length >= MOVE_ENTRIES || kb + k > MOVE_KEY_BYTES || vb + v > MOVE_VALUE_BYTES)
    ) {
      await pending;
      if (failed || isLost()) return "lost";
      pending = commit(batch);
      batch = [];
      kb = vb = 0;
    }
    batch.push(e);
    kb += k;
    vb += v;
  }
  await pending;
  if (failed || isLost()) return "lost";
  if (batch.length) await commit(batch);
  return failed ? "lost" : "done";
}
