/**
 * NDJSON dump and restore of a whole KV store. Every value KV can hold round-trips exactly:
 * bigint, Uint8Array, Date, KvU64, Map, Set, RegExp, undefined and non-finite numbers are tagged.
 */

type Tagged = { $t: string; v?: unknown; f?: string };

/** A KV value as JSON, every type KV holds tagged so decodeValue restores it exactly. */
export function encodeValue(v: unknown): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (v === undefined) return { $t: "undef" };
  if (typeof v === "number") {
    if (Number.isFinite(v) && !Object.is(v, -0)) return v;
    return { $t: "num", v: Object.is(v, -0) ? "-0" : String(v) };
  }
  if (typeof v === "bigint") return { $t: "bigint", v: v.toString() };
  if (v instanceof Deno.KvU64) return { $t: "u64", v: v.value.toString() };
  if (v instanceof Uint8Array) return { $t: "u8", v: toBase64(v) };
  if (v instanceof Date) return { $t: "date", v: isNaN(v.getTime()) ? null : v.toISOString() };
  if (v instanceof RegExp) return { $t: "regexp", v: v.source, f: v.flags };
  if (v instanceof Map) {
    return { $t: "map", v: [...v].map(([k, x]) => [encodeValue(k), encodeValue(x)]) };
  }
  if (v instanceof Set) return { $t: "set", v: [...v].map(encodeValue) };
  if (Array.isArray(v)) return v.map(encodeValue);
  if (typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = encodeValue(x);
    return "$t" in o ? { $t: "obj", v: o } : o;
  }
  throw new Error(`Cannot encode a value of type ${typeof v}`);
}

/** The KV value encodeValue wrote. */
export function decodeValue(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(decodeValue);
  const o = v as Record<string, unknown>;
  if (typeof o.$t === "string") {
    const t = o as Tagged;
    switch (t.$t) {
      case "undef":
        return undefined;
      case "num":
        return t.v === "-0" ? -0 : Number(t.v);
      case "bigint":
        return BigInt(t.v as string);
      case "u64":
        return new Deno.KvU64(BigInt(t.v as string));
      case "u8":
        return fromBase64(t.v as string);
      case "date":
        return new Date(t.v === null ? NaN : (t.v as string));
      case "regexp":
        return new RegExp(t.v as string, t.f);
      case "map":
        return new Map(
          (t.v as [unknown, unknown][]).map(([k, x]) => [decodeValue(k), decodeValue(x)]),
        );
      case "set":
        return new Set((t.v as unknown[]).map(decodeValue));
      case "obj": {
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(t.v as object)) out[k] = decodeValue(x);
        return out;
      }
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) out[k] = decodeValue(x);
  return out;
}

export function encodeKey(key: Deno.KvKey): unknown[] {
  return key.map((p) => encodeValue(p));
}

export function decodeKey(parts: unknown[]): Deno.KvKey {
  return parts.map((p) => decodeValue(p) as Deno.KvKeyPart);
}

/** Writes every entry as one NDJSON line {"key": [...], "value": ...}; returns the count. */
export async function dumpKv(kv: Deno.Kv, write: (line: string) => Promise<void>): Promise<number> {
  let n = 0;
  for await (const e of kv.list({ prefix: [] })) {
    await write(JSON.stringify({ key: encodeKey(e.key), value: encodeValue(e.value) }) + "\n");
    n++;
  }
  return n;
}

/** Restores NDJSON lines into kv in batched atomics; returns the count. */
export async function restoreKv(kv: Deno.Kv, lines: AsyncIterable<string>): Promise<number> {
  let op = kv.atomic();
  let inBatch = 0;
  let bytes = 0;
  let n = 0;
  const flush = async () => {
    if (!inBatch) return;
    const res = await op.commit();
    if (!res.ok) throw new Error("restore: an atomic write failed");
    op = kv.atomic();
    inBatch = 0;
    bytes = 0;
  };
  for await (const line of lines) {
    if (!line.trim()) continue;
    const { key, value } = JSON.parse(line);
    if (inBatch >= 500 || bytes + line.length > 600_000) await flush();
    op.set(decodeKey(key), decodeValue(value));
    inBatch++;
    bytes += line.length;
    n++;
  }
  await flush();
  return n;
}

/** Splits a byte stream into lines. */
export async function* readLines(
  stream: ReadableStream<Uint8Array<ArrayBuffer>>,
): AsyncIterable<string> {
  const decoder = new TextDecoderStream();
  let rest = "";
  for await (const chunk of stream.pipeThrough(decoder)) {
    rest += chunk;
    const parts = rest.split("\n");
    rest = parts.pop() ?? "";
    yield* parts;
  }
  if (rest) yield rest;
}

function toBase64(u8: Uint8Array): string {
  let s = "";
  for (let i = 0; i < u8.length; i += 0x8000) {
    s += String.fromCharCode(...u8.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function fromBase64(s: string): Uint8Array {
  const bin = atob(s);
  const u8 = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) u8[i] = bin.charCodeAt(i);
  return u8;
}
