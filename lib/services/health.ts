/** Liveness: whether the store answers a read. */
import { healthKey } from "@/lib/db/keys.ts";

export async function kvAnswers(kv: Deno.Kv): Promise<boolean> {
  try {
    await kv.get(healthKey());
    return true;
  } catch {
    return false;
  }
}
