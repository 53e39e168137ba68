/** Liveness: whether the store answers a read. */
import { readValue } from "@/lib/db/records.ts";
import { healthKey } from "@/lib/db/keys.ts";

/** Whether the store answers a read. */
export async function kvAnswers(kv: Deno.Kv): Promise<boolean> {
  try {
    await readValue(kv, healthKey());
    return true;
  } catch {
    return false;
  }
}
