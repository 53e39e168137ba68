/**
 * Opens Deno KV as configured: a KV Connect URL, a file path, ":memory:", or "" for the runtime's
 * default store (Deno Deploy's KV on Deploy; docs/scaling.md).
 */
import type { Config } from "@/lib/config.ts";

/**
 * Opens the store the configuration names (KV_URL, KV_PATH file, `:memory:`, or the runtime's
 * default), with reader handles and the WAL checkpointer for a file.
 *
 * @example
 * const kv = await openKv({ kvPath: ":memory:", kvUrl: undefined });
 */
export async function openKv(
  config: Pick<Config, "kvPath" | "kvUrl"> & { kvReaders?: number; kvCheckpointer?: boolean },
): Promise<Deno.Kv> {
  if (config.kvUrl) return await Deno.openKv(config.kvUrl);
  if (config.kvPath === ":memory:") return await Deno.openKv(config.kvPath);
  if (config.kvPath === "") return await Deno.openKv();
  const dir = config.kvPath.replace(/[/\\][^/\\]*$/, "");
  if (dir && dir !== config.kvPath) await Deno.mkdir(dir, { recursive: true });
  const open = () => retryBusy(() => Deno.openKv(config.kvPath));
  const writer = await open();
  const readers: Deno.Kv[] = [];
  try {
    for (let i = 0; i < (config.kvReaders ?? 0); i++) readers.push(await open());
  } catch (e) {
    for (const h of [writer, ...readers]) h.close();
    throw e;
  }
  // The log checkpointed by another process, off the committing connection (wal_checkpointer.ts,
  // loaded only here: the default store and KV Connect never import node:sqlite).
  const checkpointer = config.kvCheckpointer
    ? (await import("@/lib/db/wal_checkpointer.ts")).startWalCheckpointer(config.kvPath)
    : null;
  return fileKv(writer, readers, () => checkpointer?.stop());
}

/** SQLite's answer when another process holds the file's write lock for a moment. */
export const isBusy = (e: unknown) =>
  /database is locked|SQLITE_BUSY|database table is locked/i
    .test(String((e as Error)?.message ?? e));

/** Runs `fn` again with growing, jittered pauses (≈ 2 s in all) while the file is busy. */
export async function retryBusy<T>(fn: () => Promise<T>, tries = 10): Promise<T> {
  for (let i = 0;; i++) {
    try {
      return await fn();
    } catch (e) {
      if (!isBusy(e) || i >= tries - 1) throw e;
      await new Promise((r) => setTimeout(r, (2 ** Math.min(i, 8)) * (1 + Math.random())));
    }
  }
}

/**
 * A KV file: one handle that commits, and `readers` more handles on the same file that serve
 * `get`, `getMany` and `list` in turn. Deno runs each handle's SQLite connection on one thread
 * that takes reads and commits in arrival order, so with one handle every read waits behind the
 * commits queued before it (each synced to disk); the WAL lets the other connections read while
 * a commit is under way, and each read sees every commit that has returned. Checks are evaluated
 * by the committing connection, so a versionstamp read on any handle guards the write as before;
 * watch and queues stay on the committing handle (Deno notifies every handle of a file in the
 * process). docs/scaling.md.
 *
 * The file may also be shared by several processes (a second instance, or `deno task
 * create-admin` beside a running server): commits and reads that meet a busy file are retried
 * with backoff instead of failing the request. Only the file store needs this; KV Connect
 * serialises on the server.
 */
function fileKv(kv: Deno.Kv, readers: Deno.Kv[], onClose: () => void): Deno.Kv {
  const wrapAtomic = (op: Deno.AtomicOperation): Deno.AtomicOperation =>
    new Proxy(op, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target);
        if (prop === "commit") return () => retryBusy(() => target.commit());
        if (typeof v !== "function") return v;
        return (...args: unknown[]) => {
          const out = v.apply(target, args);
          return out === target ? wrapAtomic(target) : out;
        };
      },
    });
  const retried = new Set(["get", "getMany", "set", "delete"]);
  const reads = new Set(["get", "getMany", "list"]);
  let turn = 0;
  const reader = () => (readers.length ? readers[turn++ % readers.length] : kv);
  const closeAll = () => {
    onClose();
    for (const h of [...readers, kv]) h.close();
  };
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === "atomic") return () => wrapAtomic(target.atomic());
      if (prop === "close" || prop === Symbol.dispose) return closeAll;
      const v = Reflect.get(target, prop, target);
      if (typeof v !== "function") return v;
      const name = prop as string;
      if (!reads.has(name) && !retried.has(name)) return v.bind(target);
      return (...args: unknown[]) => {
        const h = reads.has(name) ? reader() : target;
        const call = () => Reflect.get(h, prop, h).apply(h, args);
        return retried.has(name) ? retryBusy(call) : call();
      };
    },
  });
}

/** Whether no entry lies under a prefix (one list of at most one entry). */
export async function isEmpty(kv: Deno.Kv, prefix: Deno.KvKey): Promise<boolean> {
  for await (const _ of kv.list({ prefix }, { limit: 1 })) return false;
  return true;
}

/** Lists every entry under a prefix into an array (use only for small prefixes). */
export async function listAll<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  options: Deno.KvListOptions = {},
): Promise<Deno.KvEntry<T>[]> {
  const out: Deno.KvEntry<T>[] = [];
  for await (const e of kv.list<T>({ prefix }, options)) out.push(e);
  return out;
}

/** Reads many keys, 10 per getMany (the KV limit), keeping order. */
export async function getManyChunked<T>(
  kv: Deno.Kv,
  keys: Deno.KvKey[],
): Promise<Deno.KvEntryMaybe<T>[]> {
  const chunks: Promise<Deno.KvEntryMaybe<T>[]>[] = [];
  for (let i = 0; i < keys.length; i += 10) {
    chunks.push(kv.getMany<T[]>(keys.slice(i, i + 10)) as Promise<Deno.KvEntryMaybe<T>[]>);
  }
  return (await Promise.all(chunks)).flat();
}

/** How many keys one getMany may read (Deno KV's limit). */
export const GET_MANY_MAX = 10;

/**
 * Entries read ahead of their use in one snapshot: a route's keys read with the caller's session
 * (routes/api/define.ts, `prefetch`), so an update costs one read call before its commit instead
 * of three, two of them one after the other. Each entry is taken at most once: a
 * write that retries after a conflict reads afresh. Whoever takes entries gets them all from the
 * same snapshot, as from one getMany.
 */
export class Prefetched {
  readonly #entries = new Map<string, Deno.KvEntryMaybe<unknown>>();
  constructor(entries: Deno.KvEntryMaybe<unknown>[]) {
    for (const e of entries) this.#entries.set(keyString(e.key), e);
  }
  /** The entries of these keys, in their order, or null (and none taken) when one is not here. */
  take<T>(keys: Deno.KvKey[]): Deno.KvEntryMaybe<T>[] | null {
    const ids = keys.map(keyString);
    if (!ids.every((id) => this.#entries.has(id))) return null;
    const out = ids.map((id) => this.#entries.get(id) as Deno.KvEntryMaybe<T>);
    for (const id of ids) this.#entries.delete(id);
    return out;
  }
}

/** A signed delta as the KvU64 a sum adds (a decrement wraps around 2^64). */
export const counterDelta = (delta: number) =>
  new Deno.KvU64(delta > 0 ? BigInt(delta) : (1n << 64n) + BigInt(delta));

/** Adds a signed delta to a KvU64 counter inside an atomic. */
export function addToCounter(op: Deno.AtomicOperation, key: Deno.KvKey, delta: number) {
  if (delta === 0) return op;
  return op.sum(key, counterDelta(delta).value);
}

/**
 * Rewrites a counter with its value unchanged (0 when missing), so its versionstamp moves: `max` of
 * 0 keeps any count, and whatever `sum` the same atomic adds to it before or after.
 */
export const touchCounter = (op: Deno.AtomicOperation, key: Deno.KvKey) => op.max(key, 0n);

/**
 * A string naming a KV key in memory (a Map's key): different keys give different strings. Each
 * part is its type's letter after a NUL, then the part; a string holding a NUL is written as JSON
 * (which escapes it), so no part's text can pass for the next part. Several times faster than
 * JSON.stringify of the whole key.
 */
export function keyString(key: Deno.KvKey): string {
  let out = "";
  for (const part of key) {
    if (typeof part === "string") {
      out += part.includes("\0") ? "\0j" + JSON.stringify(part) : "\0s" + part;
    } else if (typeof part === "number") out += "\0n" + part;
    else if (typeof part === "bigint") out += "\0b" + part;
    else if (typeof part === "boolean") out += part ? "\0t" : "\0f";
    else out += "\0o" + String(part); // Uint8Array: its bytes, "1,2,3"
  }
  return out;
}

/**
 * A value with its arrays packed again, to be stored as densely as a new one. V8 deserialises an
 * array (read from KV, or received from a worker) as holey, and KV's serialiser stores a holey
 * array in its sparse form, an index beside every element: a history appended to after a read, or
 * a generated record received from the generator's worker, took more bytes than the same value
 * built in place (docs/performance.md). Array.from over an array's iterator builds a packed one (a spread or map of
 * a holey array stays holey); plain objects are kept, their values packed in place.
 */
export function packed<T>(v: T): T {
  if (Array.isArray(v)) return Array.from(v, packed) as T;
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Record<string, unknown>;
    for (const k in o) o[k] = packed(o[k]);
  }
  return v;
}

/** Counter deltas summed in memory by key, to be written later (backfills, the generator). */
export class CounterSums {
  #sums = new Map<string, { key: Deno.KvKey; delta: number }>();

  add(key: Deno.KvKey, delta: number) {
    const k = keyString(key);
    const cur = this.#sums.get(k);
    if (cur) cur.delta += delta;
    else this.#sums.set(k, { key, delta });
  }

  /** How many keys it holds sums of. */
  get size(): number {
    return this.#sums.size;
  }

  /** The sums that are not zero, and forgets them all. */
  take(): { key: Deno.KvKey; delta: number }[] {
    const out = [...this.#sums.values()].filter((c) => c.delta !== 0);
    this.#sums.clear();
    return out;
  }

  /** Adds the sums to the stored counters, 500 per atomic. */
  async commit(kv: Deno.Kv) {
    const sums = this.take();
    for (let i = 0; i < sums.length; i += 500) {
      const op = kv.atomic();
      for (const c of sums.slice(i, i + 500)) addToCounter(op, c.key, c.delta);
      await op.commit();
    }
  }
}

/** Reads a KvU64 counter as a signed number. */
export function counterValue(v: unknown): number {
  if (v instanceof Deno.KvU64) {
    const n = v.value;
    return n >= 1n << 63n ? Number(n - (1n << 64n)) : Number(n);
  }
  return 0;
}

/**
 * A ULID: 48-bit time then randomness, increasing within one millisecond of this process.
 *
 * @example
 * const id = ulid(ctx.now.getTime()); // "01J…", sorts after every id made before
 */
export const ulid = (() => {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  let lastTime = 0;
  let lastRandom: number[] = [];
  /** A monotonic ULID: time-ordered, unique within the process. */
  return function ulid(now = Date.now()): string {
    let rand: number[];
    if (now <= lastTime) {
      now = lastTime;
      rand = lastRandom.slice();
      for (let i = rand.length - 1; i >= 0; i--) {
        if (rand[i] < 31) {
          rand[i]++;
          break;
        }
        rand[i] = 0;
      }
    } else {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      rand = Array.from(bytes, (b) => b & 31);
    }
    lastTime = now;
    lastRandom = rand;
    let t = "";
    let time = now;
    for (let i = 0; i < 10; i++) {
      t = alphabet[time % 32] + t;
      time = Math.floor(time / 32);
    }
    return t + rand.map((r) => alphabet[r]).join("");
  };
})();

/** Part-by-part key equality (no string building: a write compares ~50 keys, cf. Map hashing). */
export function sameKey(a: Deno.KvKey, b: Deno.KvKey): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x === y) continue;
    if (!(x instanceof Uint8Array && y instanceof Uint8Array) || x.length !== y.length) {
      return false;
    }
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

/** Adds `delta` to the entry of `key` in a short list of deltas (linear: lists hold ~20 keys). */
export function addDelta(
  deltas: { key: Deno.KvKey; delta: number }[],
  key: Deno.KvKey,
  delta: number,
): void {
  for (const d of deltas) {
    if (sameKey(d.key, key)) {
      d.delta += delta;
      return;
    }
  }
  deltas.push({ key, delta });
}

/** Deletes every key under a prefix, 500 per atomic; safe to re-run after an interruption. */
export function deletePrefix(kv: Deno.Kv, prefix: Deno.KvKey): Promise<number> {
  return deleteRange(kv, { prefix });
}

/** Deletes every key a selector lists, 500 per atomic; safe to re-run after an interruption. */
export async function deleteRange(kv: Deno.Kv, selector: Deno.KvListSelector): Promise<number> {
  let n = 0;
  let batch: Deno.KvKey[] = [];
  const flush = async () => {
    const op = kv.atomic();
    for (const k of batch) op.delete(k);
    await op.commit();
    n += batch.length;
    batch = [];
  };
  for await (const e of kv.list(selector, { batchSize: 500 })) {
    batch.push(e.key);
    if (batch.length === 500) await flush();
  }
  if (batch.length) await flush();
  return n;
}
