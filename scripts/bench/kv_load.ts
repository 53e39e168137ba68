/**
 * Loading entries straight into a Deno KV file (issue #17: generating a 1M chain in ≤ 5 min).
 *
 * Committed through Deno KV, the generator's ~16 M rows of a 1M chain took ~380 s, nearly all of it
 * SQLite putting each row where it belongs in a table growing to 3 GB; inserted directly in the
 * order they were generated they took longer still. The generator's workers encode each chunk here
 * as Deno KV would (its key codec, its value encodings), and a process of its own
 * (generate_load.ts) stages the rows in SQLite's temporary file, then writes them into KV's table
 * in key order in one transaction that takes its version from the file's version counter as a
 * commit does (decision 17 in docs/architecture.md).
 *
 * It writes the schema Deno KV made (version 3 of denokv's SQLite backend: table `kv` with `k`, `v`,
 * `v_encoding`, `version`; `data_version`) and V8's serialisation format of the versions it knows,
 * checked before a row is written: another file is refused (FormatRefused), and the generator
 * commits through KV instead. A test writes the same chain both ways and finds every row's key,
 * value and encoding byte-identical (tests/bench/kv_load_test.ts).
 * Must not run in a process that has the file open in Deno KV: two SQLite libraries in one process
 * do not see each other's POSIX locks.
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";

/** Deno KV's value encodings (denokv: VALUE_ENCODING_V8, _LE64, _BYTES). */
export const VALUE_V8 = 1;
export const VALUE_LE64 = 2;
export const VALUE_BYTES = 3;
/** Not Deno KV's: a chunk's row that is a counter's delta (ChunkEncoder.add). */
const SUM_DELTA = 0;

/** Key part tags of denokv's key codec (proto/codec.rs; FoundationDB's tuple layer). */
const BYTES = 0x01;
const STRING = 0x02;
const INTZERO = 0x14;
const NEGINTSTART = 0x0b;
const POSINTEND = 0x1d;
const DOUBLE = 0x21;
const FALSE = 0x26;
const TRUE = 0x27;

const utf8 = new TextEncoder();

/** A growing byte buffer. */
class Bytes {
  buf: Uint8Array;
  n = 0;

  constructor(size = 1 << 16) {
    this.buf = new Uint8Array(size);
  }

  room(extra: number) {
    if (this.n + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }

  push(b: number) {
    this.room(1);
    this.buf[this.n++] = b;
  }

  /** Bytes with every 0x00 followed by 0xff, then a 0x00 (a string or bytes part). */
  escaped(bytes: Uint8Array) {
    this.room(bytes.length * 2 + 1);
    for (const b of bytes) {
      this.buf[this.n++] = b;
      if (b === 0) this.buf[this.n++] = 0xff;
    }
    this.buf[this.n++] = 0;
  }

  append(bytes: Uint8Array) {
    this.room(bytes.length);
    this.buf.set(bytes, this.n);
    this.n += bytes.length;
  }
}

const f64 = new DataView(new ArrayBuffer(8));

function encodePart(out: Bytes, part: Deno.KvKeyPart) {
  if (typeof part === "string") {
    out.push(STRING);
    let ascii = true;
    for (let i = 0; i < part.length; i++) {
      if (part.charCodeAt(i) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (!ascii) return out.escaped(utf8.encode(part));
    out.room(part.length * 2 + 1);
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      out.buf[out.n++] = c;
      if (c === 0) out.buf[out.n++] = 0xff;
    }
    out.buf[out.n++] = 0;
  } else if (typeof part === "number") {
    out.push(DOUBLE);
    f64.setFloat64(0, Number.isNaN(part) ? NaN : part); // V8's NaN is the canonical 0x7ff8…
    const negative = (f64.getUint8(0) & 0x80) !== 0;
    out.room(8);
    for (let i = 0; i < 8; i++) {
      const b = f64.getUint8(i);
      out.buf[out.n++] = negative ? b ^ 0xff : i === 0 ? b ^ 0x80 : b;
    }
  } else if (typeof part === "bigint") {
    if (part === 0n) return out.push(INTZERO);
    const negative = part < 0n;
    let hex = (negative ? -part : part).toString(16);
    if (hex.length % 2) hex = "0" + hex;
    const n = hex.length / 2;
    if (n <= 8) out.push(negative ? INTZERO - n : INTZERO + n);
    else if (n <= 255) {
      out.push(negative ? NEGINTSTART : POSINTEND);
      out.push(negative ? n ^ 0xff : n);
    } else throw new RangeError("a bigint key part of more than 255 bytes");
    for (let i = 0; i < n; i++) {
      const b = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
      out.push(negative ? b ^ 0xff : b);
    }
  } else if (typeof part === "boolean") out.push(part ? TRUE : FALSE);
  else if (part instanceof Uint8Array) {
    out.push(BYTES);
    out.escaped(part);
  } else throw new TypeError(`not a KV key part: ${String(part)}`);
}

/** A key as Deno KV stores it in its SQLite file (denokv's key codec). */
export function kvFileKey(key: Deno.KvKey): Uint8Array {
  const out = new Bytes(64);
  for (const part of key) encodePart(out, part);
  return out.buf.slice(0, out.n);
}

/** An unsigned LEB128 varint, as V8's serialiser writes lengths. */
function varint(out: Bytes, n: number) {
  out.room(5);
  while (n >= 0x80) {
    out.buf[out.n++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  out.buf[out.n++] = n;
}

/** An array index as V8 has it: a canonical whole number below 2^32 − 1. */
const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * Writes `v` as V8's ValueSerializer does (value-serializer.cc) for the plain values the generator
 * stores — null, undefined, booleans, numbers, strings, arrays, plain objects —
 * after the header `start` began, as they are once handed to another thread (a structured clone:
 * a whole number in 32 bits is a Smi) and `packed`; false for anything else. node:v8 is no help:
 * its serialize costs ~9 µs a value here (this ~0.5) and writes typed arrays as Node's host
 * objects, which Deno cannot read.
 */
function serializeV8(out: Bytes, v: unknown, start: number): boolean {
  switch (typeof v) {
    case "number":
      if (isSmi(v)) {
        out.push(0x49); // 'I', zigzag
        varint(out, ((v << 1) ^ (v >> 31)) >>> 0);
      } else writeDouble(out, v);
      return true;
    case "string":
      serializeString(out, v, start);
      return true;
    case "boolean":
      out.push(v ? 0x54 : 0x46); // 'T', 'F'
      return true;
    case "undefined":
      out.push(0x5f); // '_'
      return true;
    case "object": {
      if (v === null) {
        out.push(0x30); // '0'
        return true;
      }
      if (Array.isArray(v)) {
        const { sparse, doubles } = elementsKind(v);
        out.push(sparse ? 0x61 : 0x41); // 'a' or 'A'
        varint(out, v.length);
        for (let i = 0; i < v.length; i++) {
          if (sparse) serializeV8(out, i, start);
          if (doubles) writeDouble(out, v[i]);
          else if (!serializeV8(out, v[i], start)) return false;
        }
        out.push(sparse ? 0x40 : 0x24); // '@' or '$'
        varint(out, sparse ? v.length : 0); // the properties written
        varint(out, v.length);
        return true;
      }
      if (Object.getPrototypeOf(v) !== Object.prototype) return false;
      out.push(0x6f); // 'o'
      const keys = Object.keys(v); // array indices first, ascending, as V8 writes them
      for (const k of keys) {
        const i = INDEX.test(k) ? Number(k) : -1;
        if (i >= 0 && i < 0xffffffff) serializeV8(out, i, start);
        else serializeString(out, k, start);
        if (!serializeV8(out, (v as Record<string, unknown>)[k], start)) return false;
      }
      out.push(0x7b); // '{'
      varint(out, keys.length);
      return true;
    }
    default:
      return false;
  }
}

/**
 * How V8 holds an array that `packed` built (Array.from, appending): the elements kind starts at
 * small integers, turns to doubles at a number that is not one, to holey doubles at an undefined
 * (V8 keeps undefined in a double array), to any value at anything else (staying holey once
 * holey). A holey array is written in the sparse form, each element with its index; a double array
 * every element as a double; otherwise each value as itself.
 */
function elementsKind(v: unknown[]): { sparse: boolean; doubles: boolean } {
  let kind: "smi" | "double" | "any" = "smi";
  let holey = false;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x === "number") {
      if (kind === "smi" && !isSmi(x)) kind = "double";
    } else if (x === undefined) {
      if (kind !== "any") holey = true;
    } else kind = "any";
  }
  return { sparse: holey, doubles: !holey && kind === "double" };
}

/** A number V8 holds as a small integer (32 bits here: Deno's V8 has no pointer compression). */
const isSmi = (v: number) =>
  Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff && !Object.is(v, -0);

function writeDouble(out: Bytes, v: number) {
  out.push(0x4e); // 'N'
  out.room(8);
  new DataView(out.buf.buffer).setFloat64(out.n, v, true);
  out.n += 8;
}

/** A string: Latin-1 as one byte a character, else UTF-16 aligned to 2 bytes from `start`. */
function serializeString(out: Bytes, s: string, start: number) {
  let oneByte = true;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0xff) {
      oneByte = false;
      break;
    }
  }
  if (oneByte) {
    out.push(0x22); // '"'
    varint(out, s.length);
    out.room(s.length);
    for (let i = 0; i < s.length; i++) out.buf[out.n++] = s.charCodeAt(i);
    return;
  }
  const bytes = s.length * 2;
  let varintBytes = 1;
  for (let n = bytes; n >= 0x80; n >>>= 7) varintBytes++;
  if ((out.n - start + 1 + varintBytes) & 1) out.push(0x00); // padding
  out.push(0x63); // 'c'
  varint(out, bytes);
  out.room(bytes);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out.buf[out.n++] = c & 0xff;
    out.buf[out.n++] = c >> 8;
  }
}

/** A KvU64's value as stored: 8 bytes, little-endian. */
function le64(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt.asUintN(64, n), true);
  return out;
}

/**
 * A chunk of entries encoded for the file: keys and values end to end with where each ends, and
 * each value's encoding. Its buffers can be transferred to another thread.
 */
export interface EncodedChunk {
  count: number;
  keys: Uint8Array;
  keyEnds: Uint32Array;
  values: Uint8Array;
  valueEnds: Uint32Array;
  encodings: Uint8Array;
  /** The order to stage the rows in (keyOrder), if not as they are. */
  order?: Uint32Array;
}

/**
 * Encodes entries as Deno KV stores them. `v8Version` is the serialiser version byte of the Deno
 * that owns the file: KvFileLoader.v8Version reads it from a value that Deno KV wrote.
 */
export class ChunkEncoder {
  #keys = new Bytes();
  #values = new Bytes();
  #keyEnds: number[] = [];
  #valueEnds: number[] = [];
  #encodings: number[] = [];

  constructor(readonly v8Version: number) {}

  get count() {
    return this.#keyEnds.length;
  }

  /** A value to set: a Uint8Array as bytes, a KvU64 as 8 bytes, anything else V8-serialised. */
  set(key: Deno.KvKey, value: unknown) {
    const keyStart = this.#keys.n;
    for (const part of key) encodePart(this.#keys, part);
    if (value instanceof Uint8Array) {
      this.#values.append(value);
      this.#encodings.push(VALUE_BYTES);
    } else if (value instanceof Deno.KvU64) {
      this.#values.append(le64(value.value));
      this.#encodings.push(VALUE_LE64);
    } else {
      const out = this.#values, start = out.n;
      out.push(0xff);
      out.push(this.v8Version);
      if (!serializeV8(out, value, start)) {
        out.n = start;
        this.#keys.n = keyStart;
        throw new TypeError(
          `kv_load: not a value the loader writes as KV does: ${Deno.inspect(value)}`,
        );
      }
      this.#encodings.push(VALUE_V8);
    }
    this.#keyEnds.push(this.#keys.n);
    this.#valueEnds.push(this.#values.n);
  }

  /**
   * A delta to add to the KvU64 counter under `key` (a sum mutation's operand: a decrement wrapped
   * around 2^64), summed with the key's other deltas by KvFileLoader.finish. A key is either set or
   * summed.
   */
  add(key: Deno.KvKey, delta: bigint) {
    for (const part of key) encodePart(this.#keys, part);
    this.#keyEnds.push(this.#keys.n);
    this.#values.append(le64(delta));
    this.#valueEnds.push(this.#values.n);
    this.#encodings.push(SUM_DELTA);
  }

  /** The chunk so far, and starts a new one. */
  take(): EncodedChunk {
    const chunk = {
      count: this.#keyEnds.length,
      keys: this.#keys.buf.slice(0, this.#keys.n),
      keyEnds: Uint32Array.from(this.#keyEnds),
      values: this.#values.buf.slice(0, this.#values.n),
      valueEnds: Uint32Array.from(this.#valueEnds),
      encodings: Uint8Array.from(this.#encodings),
    };
    this.#keys.n = this.#values.n = 0;
    this.#keyEnds = [];
    this.#valueEnds = [];
    this.#encodings = [];
    return chunk;
  }
}

/**
 * The order of the chunk's rows by key (the bytes compared as SQLite compares the blobs; rows of
 * one key in the order they came), for KvFileLoader.set to stage them in. KvFileLoader.finish
 * writes the staged rows in key order through SQLite's sorter, which merges runs already in order
 * faster (at 100k: 6.2 s of that step against 10 s for rows in the order generated); ordering
 * them here, on the generating workers' threads, costs a third of what sorting the entries as
 * strings did. A multikey quicksort (Bentley and Sedgewick), three bytes at a time: keys that
 * share long prefixes (a family, a project, a club) are compared byte by byte once.
 */
export function keyOrder(c: Pick<EncodedChunk, "count" | "keys" | "keyEnds">): Uint32Array {
  const { count, keys, keyEnds } = c;
  const starts = new Uint32Array(count);
  for (let i = 1; i < count; i++) starts[i] = keyEnds[i - 1];
  const idx = new Uint32Array(count);
  for (let i = 0; i < count; i++) idx[i] = i;
  // The 3 bytes of row r from depth d as one number (missing bytes 0), times 4, plus how many of
  // them the key has: ordered as the bytes are, a key before its extensions (a small integer).
  const at = (r: number, d: number) => {
    const p = starts[r] + d, n = keyEnds[r] - p;
    if (n >= 3) return ((keys[p] << 16 | keys[p + 1] << 8 | keys[p + 2]) << 2) | 3;
    if (n === 2) return ((keys[p] << 16 | keys[p + 1] << 8) << 2) | 2;
    return n === 1 ? (keys[p] << 18) | 1 : 0;
  };
  const swap = (i: number, j: number) => {
    const t = idx[i];
    idx[i] = idx[j];
    idx[j] = t;
  };
  // Whether row a comes before row b, both equal in their first d bytes (one key: by row).
  const before = (a: number, b: number, d: number) => {
    for (;; d += 3) {
      const x = at(a, d), y = at(b, d);
      if (x !== y) return x < y;
      if ((x & 3) < 3) return a < b;
    }
  };
  // Sorts rows lo..hi-1, equal in their first d bytes.
  const sort = (lo: number, hi: number, d: number): void => {
    while (hi - lo > 16) {
      const pivot = at(idx[lo + ((hi - lo) >> 1)], d);
      let lt = lo, gt = hi - 1, i = lo;
      while (i <= gt) {
        const w = at(idx[i], d);
        if (w < pivot) swap(lt++, i++);
        else if (w > pivot) swap(i, gt--);
        else i++;
      }
      sort(lo, lt, d);
      if ((pivot & 3) === 3) sort(lt, gt + 1, d + 3);
      else idx.subarray(lt, gt + 1).sort(); // one key's rows: in the order they came
      lo = gt + 1;
    }
    for (let i = lo + 1; i < hi; i++) {
      const r = idx[i];
      let j = i;
      for (; j > lo && before(r, idx[j - 1], d); j--) idx[j] = idx[j - 1];
      idx[j] = r;
    }
  };
  sort(0, count, 0);
  return idx;
}

/**
 * Entries in Deno KV's key order (keyOrder over their encoded keys; one key's in the order they
 * came): the generator's chunks when they are committed through KV.
 */
export function inKeyOrder<T extends { key: Deno.KvKey }>(entries: T[]): T[] {
  const keys = new Bytes();
  const keyEnds = new Uint32Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    for (const part of entries[i].key) encodePart(keys, part);
    keyEnds[i] = keys.n;
  }
  const order = keyOrder({ count: entries.length, keys: keys.buf, keyEnds });
  return Array.from(order, (i) => entries[i]);
}

/** The buffers of a chunk, to transfer with postMessage. */
export const chunkBuffers = (c: EncodedChunk): ArrayBuffer[] =>
  [c.keys, c.keyEnds, c.values, c.valueEnds, c.encodings, ...(c.order ? [c.order] : [])]
    .map((a) => a.buffer as ArrayBuffer);

/** The V8 serialisation versions serializeV8 writes the format of (Deno 2.9 writes 16). */
const V8_VERSIONS = [15, 16];

/** A file the loader does not write: not the schema or value format it knows. */
export class FormatRefused extends Error {
  constructor(why: string) {
    super(`kv_load: ${why}`);
  }
}

/**
 * Rows inserted into a table ROWS_PER_INSERT to a statement: a call into SQLite costs more than
 * binding a row (staging a 100k chain's rows took 3.8–4.2 s of the loading thread against 5.6–6.0
 * one row to a statement). flush() inserts the rest.
 */
class RowInserts {
  #many: StatementSync;
  #one: StatementSync;
  #args: (Uint8Array | number | bigint)[] = [];

  constructor(db: DatabaseSync, table: string, readonly width: number) {
    const row = `(${Array.from({ length: width }, () => "?").join(", ")})`;
    this.#many = db.prepare(
      `INSERT INTO ${table} VALUES ${Array.from({ length: ROWS_PER_INSERT }, () => row)}`,
    );
    this.#one = db.prepare(`INSERT INTO ${table} VALUES ${row}`);
  }

  add(...row: (Uint8Array | number | bigint)[]) {
    this.#args.push(...row);
    if (this.#args.length === this.width * ROWS_PER_INSERT) {
      this.#many.run(...this.#args);
      this.#args.length = 0;
    }
  }

  flush() {
    for (let i = 0; i < this.#args.length; i += this.width) {
      this.#one.run(...this.#args.slice(i, i + this.width));
    }
    this.#args.length = 0;
  }
}

const ROWS_PER_INSERT = 64;

/** The columns of Deno KV's table that a row is written with; others keep their defaults. */
const KV_COLUMNS = ["k", "v", "v_encoding", "version"];

/** Writes encoded rows into a KV file whose schema Deno KV made (see the module's comment). */
export class KvFileLoader {
  #db: DatabaseSync;
  /** Whether the rows go into the file itself (#withoutLog), its log put back by close(). */
  #logOff: boolean;
  #stage: RowInserts;
  #delta: RowInserts;
  #put: StatementSync;
  #bump: StatementSync;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
    try {
      this.#logOff = this.#withoutLog();
      this.#db.exec("PRAGMA busy_timeout = 60000");
      const tables = this.#db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()
        .map((t) => t.name);
      const schema = tables.includes("migration_state")
        ? this.#db.prepare("SELECT version FROM migration_state WHERE k = 0").get() as
          | { version: number }
          | undefined
        : undefined;
      const columns = (this.#db.prepare("PRAGMA table_info(kv)").all() as { name: string }[])
        .map((c) => c.name);
      if (schema?.version !== 3 || KV_COLUMNS.some((c) => !columns.includes(c))) {
        throw new FormatRefused(`not Deno KV's schema 3 (${schema?.version}; ${columns})`);
      }
      // Not synced until KV next checkpoints the file: a machine that fails mid-load loses a store
      // the generator starts again from empty (a process that fails leaves it as it was).
      this.#db.exec("PRAGMA synchronous = OFF");
      this.#db.exec("PRAGMA cache_size = -524288");
      this.#db.exec("PRAGMA threads = 2"); // the sorter's helper
      this.#db.exec("PRAGMA temp_store = FILE");
      this.#db.exec("PRAGMA temp.cache_size = -131072");
      this.#db.exec("CREATE TEMP TABLE staged (k BLOB NOT NULL, v BLOB NOT NULL, e INT NOT NULL)");
      this.#db.exec("CREATE TEMP TABLE sums (k BLOB NOT NULL, d INT NOT NULL)");
      this.#stage = new RowInserts(this.#db, "temp.staged (k, v, e)", 3);
      this.#delta = new RowInserts(this.#db, "temp.sums (k, d)", 2);
      this.#put = this.#db.prepare(
        "INSERT INTO main.kv (k, v, v_encoding, version) VALUES (?, ?, ?, ?) " + UPSERT,
      );
      // What each commit of Deno KV does first (denokv's STATEMENT_INC_AND_GET_DATA_VERSION).
      this.#bump = this.#db.prepare(
        "UPDATE main.data_version SET version = version + 1 WHERE k = 0 RETURNING version",
      );
    } catch (e) {
      this.#db.close();
      throw e;
    }
  }

  /**
   * Rows written into the file itself rather than into SQLite's write-ahead log, when no other
   * connection has the file open (the generator closes its handles while it loads): at 1M the
   * load's transaction took 62 s instead of 76, and KV had no 3.7 GB log to copy into the file
   * afterwards. Another connection open (the keep step's deletes), or a file not in WAL mode,
   * keeps its journal. Answers whether the log was turned off (close() turns it on again).
   */
  #withoutLog(): boolean {
    const mode = () =>
      (this.#db.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode;
    if (mode() !== "wal") return false;
    // With another connection open SQLite answers busy at once (no waiting): the log stays.
    try {
      this.#db.exec("PRAGMA journal_mode = DELETE");
    } catch (e) {
      if (!/locked|busy/i.test(String(e))) throw e;
    }
    return mode() === "delete";
  }

  /** Whether the rows are written into the file without SQLite's write-ahead log. */
  get withoutLog(): boolean {
    return this.#logOff;
  }

  /** The V8 serialiser version byte of a value Deno KV wrote into the file. */
  v8Version(): number {
    const row = this.#db.prepare("SELECT v FROM main.kv WHERE v_encoding = ? LIMIT 1").get(
      VALUE_V8,
    ) as { v: Uint8Array } | undefined;
    if (!row || row.v[0] !== 0xff) throw new Error("kv_load: no value written by Deno KV to read");
    // A later V8 may write more than the format serializeV8 knows.
    if (!V8_VERSIONS.includes(row.v[1])) {
      throw new FormatRefused(`V8 serialisation version ${row.v[1]} (known: ${V8_VERSIONS})`);
    }
    return row.v[1];
  }

  #transaction(begin: string, fn: () => void) {
    this.#db.exec(begin);
    try {
      fn();
      this.#db.exec("COMMIT");
    } catch (e) {
      if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
      throw e;
    }
  }

  /**
   * Stages a chunk: its sets (a later set of a key wins) in a table of their own (SQLite's temporary
   * file) until finish() writes them in key order, its counter deltas in another until finish()
   * sums them.
   */
  set(c: EncodedChunk) {
    this.#transaction("BEGIN", () => {
      for (let j = 0; j < c.count; j++) {
        const i = c.order ? c.order[j] : j;
        const key = c.keys.subarray(i ? c.keyEnds[i - 1] : 0, c.keyEnds[i]);
        const value = c.values.subarray(i ? c.valueEnds[i - 1] : 0, c.valueEnds[i]);
        if (c.encodings[i] !== SUM_DELTA) this.#stage.add(key, value, c.encodings[i]);
        else this.#delta.add(key, BigInt.asIntN(64, le64Value(value)));
      }
      this.#stage.flush();
      this.#delta.flush();
    });
  }

  /**
   * Writes what was staged into Deno KV's table, one transaction (one version, as one commit of KV).
   * Each counter's deltas summed, as sum mutations add: a counter the store holds is added to, the
   * others start at 0; the result wraps around 2^64. Then the sets and new counters in key order:
   * SQLite sorts them (a merge of sorted runs on disk) and appends each page once, where rows
   * written in the order they came touch pages all over the table (a 1M chain took ~420 s that
   * way, ~380 s through KV's commits). With `hold`, the staged rows outside its ranges go to its
   * file instead, for writeHeld.
   */
  finish(hold?: HeldRows) {
    const now = hold?.now.map(() => "(k >= ? AND k < ?)").join(" OR ");
    if (hold) this.#attachHeld(hold.path);
    this.#transaction("BEGIN IMMEDIATE", () => {
      const version = (this.#bump.get() as { version: number }).version;
      if (hold) {
        const bounds = hold.now.flat();
        this.#db.exec("CREATE TABLE held.rows (k BLOB NOT NULL, v BLOB NOT NULL, e INT NOT NULL)");
        this.#db.prepare(
          `INSERT INTO held.rows SELECT k, v, e FROM temp.staged WHERE NOT (${now}) ORDER BY k, rowid`,
        ).run(...bounds);
        this.#db.prepare(`DELETE FROM temp.staged WHERE NOT (${now})`).run(...bounds);
      }
      // Each counter's deltas summed once (SQLite sorts them: ~11 million at 1M).
      this.#db.exec(
        "CREATE TEMP TABLE summed AS SELECT k, SUM(d) AS d FROM temp.sums GROUP BY k ORDER BY k",
      );
      const held = this.#db.prepare(
        "SELECT s.k AS k, s.d AS d, kv.v AS v, kv.v_encoding AS e FROM " +
          "temp.summed s JOIN main.kv kv ON kv.k = s.k",
      ).all() as { k: Uint8Array; d: number; v: Uint8Array; e: number }[];
      for (const r of held) {
        if (r.e !== VALUE_LE64) throw new Error("kv_load: a sum on a value not KvU64");
        this.#put.run(r.k, le64(le64Value(r.v) + BigInt(r.d)), VALUE_LE64, version);
      }
      // A KvU64 as KV stores it: 8 bytes, little-endian (printf's %x writes a negative sum as
      // its wrap around 2^64), in SQL: a function of ours cost a call into JavaScript a counter.
      const bytes = [15, 13, 11, 9, 7, 5, 3, 1].map((i) => `substr(h, ${i}, 2)`).join(" || ");
      this.#db.exec(
        `INSERT INTO temp.staged (k, v, e) SELECT k, unhex(${bytes}), ${VALUE_LE64} FROM ` +
          "(SELECT k, printf('%016x', d) AS h FROM temp.summed " +
          "WHERE k NOT IN (SELECT k FROM main.kv))",
      );
      this.#db.prepare(
        "INSERT INTO main.kv (k, v, v_encoding, version) " +
          "SELECT k, v, e, ? FROM temp.staged WHERE true ORDER BY k, rowid " + UPSERT,
      ).run(version);
      this.#db.exec("DELETE FROM temp.staged");
      this.#db.exec("DELETE FROM temp.sums");
      this.#db.exec("DROP TABLE temp.summed");
    });
    if (hold) this.#db.exec("DETACH DATABASE held");
  }

  /** Opens the file of held-back rows (finish, writeHeld) without a journal: it is scratch. */
  #attachHeld(path: string) {
    this.#db.prepare("ATTACH DATABASE ? AS held").run(path);
    this.#db.exec("PRAGMA held.journal_mode = OFF");
    this.#db.exec("PRAGMA held.synchronous = OFF");
  }

  /**
   * Writes the rows finish() held back into Deno KV's table in key order, one transaction (one
   * commit of KV): into the pages the keep step's deletes freed, which SQLite reuses before it
   * grows the file.
   */
  writeHeld(path: string) {
    this.#attachHeld(path);
    try {
      this.#transaction("BEGIN IMMEDIATE", () => {
        const version = (this.#bump.get() as { version: number }).version;
        this.#db.prepare(
          "INSERT INTO main.kv (k, v, v_encoding, version) " +
            "SELECT k, v, e, ? FROM held.rows WHERE true ORDER BY k, rowid " + UPSERT,
        ).run(version);
      });
    } finally {
      this.#db.exec("DETACH DATABASE held");
    }
  }

  /**
   * Deletes every key in each [start, end) of encoded keys, one transaction (one commit of KV).
   * Answers how many keys it deleted.
   */
  deleteRanges(ranges: [Uint8Array, Uint8Array][]): number {
    let n = 0;
    this.#transaction("BEGIN IMMEDIATE", () => {
      this.#bump.get();
      const del = this.#db.prepare("DELETE FROM main.kv WHERE k >= ? AND k < ?");
      for (const [start, end] of ranges) n += Number(del.run(start, end).changes);
    });
    return n;
  }

  close() {
    try {
      if (this.#logOff) this.#db.exec("PRAGMA journal_mode = WAL");
    } finally {
      this.#db.close();
    }
  }
}

/**
 * Rows finish() writes later (writeHeld): all but those in the key ranges `now` ([start, end) of
 * encoded keys), kept in the SQLite file at `path` meanwhile.
 */
export interface HeldRows {
  path: string;
  now: [Uint8Array, Uint8Array][];
}

/** A set of a key that may be there: Deno KV's own statement (denokv's STATEMENT_KV_POINT_SET). */
const UPSERT = "ON CONFLICT(k) DO UPDATE SET v = excluded.v, v_encoding = excluded.v_encoding, " +
  "version = excluded.version, expiration_ms = -1";

const le64Value = (b: Uint8Array) =>
  new DataView(b.buffer, b.byteOffset, b.byteLength).getBigUint64(0, true);
