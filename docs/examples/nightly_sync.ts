/** Nightly warehouse sync: only what changed since the last run, through the change feed. */
import type { Api } from "./client.ts";
import type { components } from "./klubbleads.d.ts";

type Item = components["schemas"]["Prospect"] | { id: string; deleted?: true; erased?: true };

export async function nightlySync(
  api: Api,
  cursor: string | undefined,
  store: (items: Item[]) => Promise<void>,
): Promise<{ cursor: string | undefined; fetched: number }> {
  let fetched = 0;
  for (let more = true; more;) {
    const { data, error } = await api.GET("/api/prospects/changes", {
      params: { query: { limit: 1000, ...(cursor ? { after: cursor } : {}) } },
    });
    if (!data) throw new Error(error?.message ?? "the feed did not answer");
    await store(data.items as Item[]); // upsert by id; erased → delete the row
    fetched += data.items.length;
    cursor = data.cursor ?? cursor;
    more = data.hasMore;
  }
  return { cursor, fetched };
}
