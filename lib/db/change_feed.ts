/**
 * The change feed's index: every prospect under ["prospects_by_updated", updatedAt, id], kept by
 * the write engine with the record (prospect_indexes.ts), so a reader walks the prospects in the
 * order of their last change. A change moves the prospect to the end: a walk that goes on while
 * others write meets it again later, never skips it.
 */
import { prospectsByUpdatedPrefix } from "@/lib/db/keys.ts";
import { getRecords, listRecords, type StoredProspect } from "@/lib/db/prospect_record.ts";
import { ID_IN_KEY } from "@/lib/db/prospect_indexes.ts";

/** A position in the feed: the last change read (its instant and prospect id). */
export interface FeedPosition {
  at: string;
  id: string;
}

/**
 * The prospects changed after `after` (exclusive) and before `until` (exclusive), in change
 * order, `limit` at most, with their records; `more` when the range holds more.
 */
export async function readChanges(
  kv: Deno.Kv,
  o: { after: FeedPosition | null; until: string; limit: number },
): Promise<{
  entries: { pos: FeedPosition; record: StoredProspect | null; version: string | null }[];
  more: boolean;
}> {
  const start = o.after
    ? [...prospectsByUpdatedPrefix(o.after.at, o.after.id), ""]
    : prospectsByUpdatedPrefix();
  const end = prospectsByUpdatedPrefix(o.until);
  const keys: FeedPosition[] = [];
  let more = false;
  const batchSize = Math.min(o.limit + 1, 500);
  for await (const e of kv.list({ start, end }, { limit: o.limit + 1, batchSize })) {
    if (keys.length === o.limit) {
      more = true;
      break;
    }
    keys.push({ at: e.key[1] as string, id: e.key[2] as string });
  }
  const records = await getRecords(kv, keys.map((k) => k.id));
  return {
    entries: keys.map((pos, i) => ({
      pos,
      record: records[i].value,
      version: records[i].versionstamp,
    })),
    more,
  };
}

/**
 * Writes the feed's index entry of every stored prospect (a store written before the feed);
 * idempotent: an entry already there is written again with the same value.
 */
export async function backfillChangeFeed(kv: Deno.Kv): Promise<number> {
  let n = 0;
  let op = kv.atomic();
  let inOp = 0;
  for await (const e of listRecords(kv)) {
    const p = e.value;
    op.set(prospectsByUpdatedPrefix(p.updatedAt ?? p.registerDate, p.id), ID_IN_KEY);
    n++;
    if (++inOp === 500) {
      await op.commit();
      op = kv.atomic();
      inOp = 0;
    }
  }
  if (inOp) await op.commit();
  return n;
}
