/**
 * What a bench's saves may change back and forth: the server refuses a sell-status change while a
 * prospect is Paused (its waiting time, or a follow-up date ahead), as the grid's select is locked.
 */
import { getProspectEntry } from "@/lib/db/prospects.ts";

/** Sell statuses that, under the seeded time limits, pause no prospect and need no follow-up date. */
export const UNPAUSED_STATUSES = ["Prospect", "RegretMeeting", "DidNotShowUp"] as const;

/**
 * The ids whose stored activity is not Paused, in their order. A stored status other than Paused
 * is not Paused now either: the clock only leaves Paused as time passes.
 */
export async function notPaused(kv: Deno.Kv, ids: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    const entries = await Promise.all(batch.map((id) => getProspectEntry(kv, id)));
    entries.forEach((e, j) => {
      if (e.value && !e.value.deleted && e.value.activityStatus !== "Paused") out.push(batch[j]);
    });
  }
  return out;
}
