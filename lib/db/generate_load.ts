/**
 * The process that loads a chain's prospects straight into a KV file (generate.ts, writeProspects
 * with `file`; kv_load.ts): its worker generates and encodes each chunk while this thread inserts
 * the one before, a transaction each. A process of its own, because the process that asked has the
 * file open in Deno KV (two SQLite libraries in one process do not see each other's locks). The
 * plan arrives V8-serialised on stdin; a line `{"done": n}` on stdout after each chunk.
 */
import v8 from "node:v8";
import type { GenerateMessage, ProspectPlan } from "@/lib/db/generate.ts";
import { KvFileLoader } from "@/lib/db/kv_load.ts";

/** Loads the plan's prospects into the KV file at `path`, calling `onChunk` after each chunk. */
export async function loadProspects(
  path: string,
  plan: ProspectPlan,
  onChunk: (done: number) => void,
): Promise<void> {
  const loader = new KvFileLoader(path);
  const worker = new Worker(new URL("./generate_worker.ts", import.meta.url).href, {
    type: "module",
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<GenerateMessage>) => {
        const m = e.data;
        try {
          if (m.type === "encoded") {
            loader.set(m.chunk);
            worker.postMessage({ type: "written" } satisfies GenerateMessage);
            onChunk(m.done);
          } else if (m.type === "sums") loader.sum(m.chunk);
          else if (m.type === "end") resolve();
          else if (m.type === "failed") reject(new Error(`generate: ${m.error}`));
        } catch (err) {
          reject(err);
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error(`generate: ${e.message}`));
      };
      const encode = { v8Version: loader.v8Version() };
      worker.postMessage({ type: "start", plan, encode } satisfies GenerateMessage);
    });
  } finally {
    worker.terminate();
    loader.close();
  }
}

if (import.meta.main) {
  const plan = v8.deserialize(
    new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer()),
  ) as ProspectPlan;
  await loadProspects(Deno.args[0], plan, (done) => console.log(JSON.stringify({ done })));
}
