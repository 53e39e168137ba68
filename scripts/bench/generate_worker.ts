/**
 * The generator's worker (generate.ts, writeProspects): generates the plan's prospects a chunk at
 * a time and posts each chunk's sorted entries, at most CHUNKS_AHEAD chunks ahead of what the
 * writing thread has confirmed: all of them, or one part of them (generate_load.ts runs two). Asked
 * to encode, it posts each chunk as rows of the KV file (kv_load.ts).
 */
import {
  CHUNKS_AHEAD,
  type GenerateMessage,
  prospectChunks,
  type ProspectPlan,
} from "@/scripts/bench/generate.ts";
import { chunkBuffers, ChunkEncoder, keyOrder } from "@/scripts/bench/kv_load.ts";

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
    run(m.plan, m.part, m.encode).catch((err) =>
      port.postMessage({ type: "failed", error: String(err?.stack ?? err) })
    );
  }
};

async function run(
  plan: ProspectPlan,
  part?: { index: number; of: number },
  encode?: { v8Version: number },
) {
  const encoder = encode && new ChunkEncoder(encode.v8Version);
  let posted = 0;
  for (const chunk of prospectChunks(plan, part, !encoder)) {
    if (!encoder) port.postMessage({ type: "chunk", ...chunk });
    else {
      for (const e of chunk.entries) {
        if (e.sum) encoder.add(e.key, e.value as bigint);
        else encoder.set(e.key, e.value);
      }
      const rows = encoder.take();
      rows.order = keyOrder(rows);
      port.postMessage(
        { type: "encoded", chunk: rows, prospects: chunk.prospects },
        chunkBuffers(rows),
      );
    }
    posted++;
    while (posted - written >= CHUNKS_AHEAD) await new Promise<void>((r) => wake = r);
  }
  port.postMessage({ type: "end" });
}
