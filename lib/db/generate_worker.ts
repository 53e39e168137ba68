/**
 * The generator's worker (generate.ts, writeProspects): generates the plan's prospects a chunk at
 * a time and posts each chunk's sorted entries, at most CHUNKS_AHEAD chunks ahead of what the
 * writing thread has confirmed.
 */
import {
  CHUNKS_AHEAD,
  type GenerateMessage,
  prospectChunks,
  type ProspectPlan,
} from "@/lib/db/generate.ts";

const port = self as unknown as {
  postMessage(m: GenerateMessage): void;
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
    run(m.plan).catch((err) =>
      port.postMessage({ type: "failed", error: String(err?.stack ?? err) })
    );
  }
};

async function run(plan: ProspectPlan) {
  let posted = 0;
  for (const chunk of prospectChunks(plan)) {
    port.postMessage({ type: "chunk", ...chunk });
    posted++;
    while (posted - written >= CHUNKS_AHEAD) await new Promise<void>((r) => wake = r);
  }
  port.postMessage({ type: "end" });
}
