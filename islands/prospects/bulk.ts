/**
 * The grid's bulk changes in the browser: the chosen rows sent in calls of at most BULK_MAX ids,
 * each call with its own Idempotency-Key (a retry after a lost answer changes nothing twice), and
 * the rows' outcomes counted for the summary line.
 */
import { ApiError, get, post } from "@/lib/client/api.ts";
import { BULK_MAX, type BulkRowStatus } from "@/lib/domain/prospect_bulk.ts";

export type BulkCounts = Record<BulkRowStatus, number>;

export type BulkChange =
  | { set: Record<string, string | number | null> }
  | { delete: true };

interface BulkAnswer {
  updated: number;
  results: { id: string; status: BulkRowStatus }[];
}

const emptyCounts = (): BulkCounts => ({
  updated: 0,
  conflict: 0,
  forbidden: 0,
  invalid: 0,
  notFound: 0,
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One call, retried with its key while the network fails or the first try still runs. */
async function sendChunk(body: unknown, key: string): Promise<BulkAnswer> {
  for (let attempt = 0;; attempt++) {
    try {
      const r = await post<BulkAnswer>("/api/prospects/bulk", body, {
        headers: { "Idempotency-Key": key },
      });
      return r.data;
    } catch (e) {
      const retry = !(e instanceof ApiError) ||
        (e.status === 409 && e.code === "IDEMPOTENCY_KEY_IN_USE");
      if (!retry || attempt >= 4) throw e;
      await pause(500 * (attempt + 1));
    }
  }
}

/**
 * Applies `change` to `ids` in calls of BULK_MAX; `versions` (the rows the grid shows) make a row
 * changed meanwhile answer conflict. `onProgress` hears how many rows are done.
 */
export async function runBulk(
  ids: string[],
  change: BulkChange,
  versions: Record<string, string>,
  onProgress: (done: number) => void,
): Promise<BulkCounts> {
  const counts = emptyCounts();
  for (let i = 0; i < ids.length; i += BULK_MAX) {
    const chunk = ids.slice(i, i + BULK_MAX);
    const seen = Object.fromEntries(
      chunk.filter((id) => versions[id]).map((id) => [
        id,
        versions[id],
      ]),
    );
    const out = await sendChunk(
      { ...change, ids: chunk, versions: Object.keys(seen).length ? seen : undefined },
      crypto.randomUUID(),
    );
    for (const r of out.results) counts[r.status]++;
    onProgress(Math.min(i + BULK_MAX, ids.length));
  }
  return counts;
}

/** Every id matching the grid's query (at most the server's select-all limit). */
export async function matchingIds(
  query: Record<string, string | number | boolean | undefined>,
): Promise<string[]> {
  const { page: _p, size: _s, ...filters } = query;
  return (await get<{ ids: string[] }>("/api/prospects/ids", { query: filters })).data.ids;
}

/** The summary line's parts, in order: what changed first, then why the others did not. */
export function summaryParts(
  t: (k: string, v?: Record<string, unknown>) => string,
  c: BulkCounts,
): string[] {
  const order: BulkRowStatus[] = ["updated", "conflict", "forbidden", "invalid", "notFound"];
  return order.filter((s) => s === "updated" || c[s] > 0).map((s) =>
    t(`bulk.summary.${s}`, { count: c[s] })
  );
}
