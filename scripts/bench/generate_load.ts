/**
 * The process that loads a chain's prospects straight into a KV file (generate.ts, fillChain with
 * `file`; kv_load.ts): two workers generate and encode the chunks while this thread stages each,
 * then writes them all in key order. A process of its own, because the process that asked has the
 * file open in Deno KV (two SQLite libraries in one process do not see each other's locks). The
 * job arrives V8-serialised on stdin (LoadJob): a plan, with a line `{"done": n}` on stdout after
 * each chunk; or key ranges to delete (the keep step's prune), answered `{"deleted": n}`; or the
 * rows a plan's load held back, to write now.
 */
import v8 from "node:v8";
import {
  type GenerateMessage,
  LOAD_REFUSED,
  type LoadJob,
  type ProspectPlan,
} from "@/scripts/bench/generate.ts";
import { FormatRefused, type HeldRows, KvFileLoader } from "@/scripts/bench/kv_load.ts";

/** Workers generating the chain's chunks side by side (prospectChunks' parts). */
const WORKERS = 2;

/**
 * Loads the plan's prospects into the KV file at `path`, calling `onChunk` after each chunk; with
 * `hold`, the rows outside its ranges into its file instead (KvFileLoader.finish).
 */
export async function loadProspects(
  path: string,
  plan: ProspectPlan,
  onChunk: (done: number) => void,
  hold?: HeldRows,
): Promise<void> {
  const loader = new KvFileLoader(path);
  const workers: Worker[] = [];
  try {
    const encode = { v8Version: loader.v8Version() };
    let done = 0;
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => {
      const worker = new Worker(new URL("./generate_worker.ts", import.meta.url).href, {
        type: "module",
      });
      workers.push(worker);
      return new Promise<void>((resolve, reject) => {
        worker.onmessage = (e: MessageEvent<GenerateMessage>) => {
          const m = e.data;
          try {
            if (m.type === "encoded") {
              loader.set(m.chunk);
              worker.postMessage({ type: "written" } satisfies GenerateMessage);
              onChunk(done += m.prospects);
            } else if (m.type === "end") resolve();
            else if (m.type === "failed") reject(new Error(`generate: ${m.error}`));
          } catch (err) {
            reject(err);
          }
        };
        worker.onerror = (e) => {
          e.preventDefault();
          reject(new Error(`generate: ${e.message}`));
        };
        const part = { index, of: WORKERS };
        worker.postMessage({ type: "start", plan, part, encode } satisfies GenerateMessage);
      });
    }));
    const t0 = performance.now();
    loader.finish(hold);
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    const log = loader.withoutLog ? "without" : "through";
    console.error(JSON.stringify({ level: "info", loadedInKeyOrder: `${s} s, ${log} the log` }));
  } finally {
    for (const w of workers) w.terminate();
    loader.close();
  }
}

if (import.meta.main) {
  const job = v8.deserialize(
    new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer()),
  ) as LoadJob;
  try {
    if ("plan" in job) {
      const onChunk = (done: number) => console.log(JSON.stringify({ done }));
      await loadProspects(Deno.args[0], job.plan, onChunk, job.hold);
    } else {
      const loader = new KvFileLoader(Deno.args[0]);
      try {
        if ("held" in job) loader.writeHeld(job.held);
        else {
          const deleted = loader.deleteRanges(job.deleteRanges as [Uint8Array, Uint8Array][]);
          console.log(JSON.stringify({ deleted }));
        }
      } finally {
        loader.close();
      }
    }
  } catch (e) {
    if (!(e instanceof FormatRefused)) throw e;
    console.error(JSON.stringify({ level: "warn", generate: String(e.message) }));
    Deno.exit(LOAD_REFUSED);
  }
}
