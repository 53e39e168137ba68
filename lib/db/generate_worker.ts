/**
 * The generator's worker (generate.ts, writeProspects): generates the plan's prospects a chunk at
 * a time and posts each chunk's sorted entries, at most CHUNKS_AHEAD chunks ahead of what the
 * writing thread has confirmed. Asked to encode (generate_load.ts), it posts each chunk as rows of
 * the KV file (kv_load.ts) and the counters' sums over the whole chain at the end.
 */
import {
  CHUNKS_AHEAD,
  type GenerateMessage,
  prospectChunks,
  type ProspectPlan,
} from "@/lib/db/generate.ts";
import { chunkBuffers, ChunkEncoder } from "@/lib/db/kv_load.ts";
import { keyString } from "@/lib/db/kv.ts";

const port = self as unknown as {
  postMessage(m: GenerateMessage, transfer?: ArrayBuffer[]): void;
  onmessage: ((e: MessageEvent<GenerateMessage>) => void) | null;
};
let written = 0;
let wake: (() => void) | null = null;

port.onmessage = (e) => {
  const m = e.data;
  if (m.type === "written") {
    written++;
    wake?.();
  } else if (m.type === "start") {
    run(m.plan, m.encode).catch((err) =>
      port.postMessage({ type: "failed", error: String(err?.stack ?? err) })
    );
  }
};

async function run(plan: ProspectPlan, encode?: { v8Version: number }) {
  const encoder = encode && new ChunkEncoder(encode.v8Version);
  const sums = new Map<string, { key: Deno.KvKey; total: bigint }>();
  let posted = 0;
  for (const chunk of prospectChunks(plan)) {
    if (!encoder) port.postMessage({ type: "chunk", ...chunk });
    else {
      for (const e of chunk.entries) {
        if (!e.sum) encoder.set(e.key, e.value);
        else {
          const k = keyString(e.key);
          const cur = sums.get(k);
          if (cur) cur.total += e.value as bigint;
          else sums.set(k, { key: e.key, total: e.value as bigint });
        }
      }
      const rows = encoder.take();
      port.postMessage({ type: "encoded", chunk: rows, done: chunk.done }, chunkBuffers(rows));
    }
    posted++;
    while (posted - written >= CHUNKS_AHEAD) await new Promise<void>((r) => wake = r);
  }
  if (encoder) {
    for (const k of [...sums.keys()].sort()) {
      const s = sums.get(k)!;
      encoder.set(s.key, new Deno.KvU64(BigInt.asUintN(64, s.total)));
    }
    const rows = encoder.take();
    port.postMessage({ type: "sums", chunk: rows }, chunkBuffers(rows));
  }
  port.postMessage({ type: "end" });
}
