/**
 * What a bench's saves may change back and forth: the server refuses a sell-status change while a
 * prospect is Paused (its waiting time, or a follow-up date ahead), as the grid's select is locked.
 */
import { getRecords } from "@/lib/db/prospect_record.ts";

/** Sell statuses that, under the seeded time limits, pause no prospect and need no follow-up date. */
export const UNPAUSED_STATUSES = ["Prospect", "RegretMeeting", "DidNotShowUp"] as const;

/**
 * The ids whose stored activity is not Paused, in their order. A stored status other than Paused
 * is not Paused now either: the clock only leaves Paused as time passes.
 */
export async function notPaused(kv: Deno.Kv, ids: string[]): Promise<string[]> {
  const records = await getRecords(kv, ids);
  return ids.filter((_, i) => {
    const p = records[i].value;
    return p && !p.deleted && p.activityStatus !== "Paused";
  });
}
