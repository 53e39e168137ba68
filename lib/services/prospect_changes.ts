/**
 * GET /api/prospects/changes: the change feed for scripts. Every prospect the caller may see whose
 * state changed after a cursor, in the order of its last change, each as its current API object —
 * `{id, deleted: true}` for a deleted one the caller may not read, `{id, erased: true}` for an
 * erased person. A change moves a prospect to the feed's end, so a walk while others write meets
 * it again and never skips it. The feed stops SETTLE_MS short of now: a write dated a moment ago
 * may still be committing.
 */
import { type FeedPosition, readChanges } from "@/lib/db/change_feed.ts";
import { maySee } from "@/lib/auth/permissions.ts";
import { badRequest } from "@/lib/domain/errors.ts";
import { isAdmin } from "@/lib/domain/user.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";
import { isErased } from "@/lib/services/privacy.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { withMay } from "@/lib/services/prospect_checks.ts";

/** How far behind now the feed ends: writes dated before it have committed. */
export const SETTLE_MS = 5_000;
/** Index entries read at most per call (entries the caller may not see are passed over). */
const SCAN_MAX = 5_000;

export type FeedItem =
  | Prospect
  | { id: string; deleted: true; marketProjectId: number }
  | { id: string; erased: true };

const encode = (p: FeedPosition) => btoa(JSON.stringify([p.at, p.id])).replace(/=+$/, "");

function decode(cursor: string): FeedPosition {
  try {
    const [at, id] = JSON.parse(atob(cursor));
    if (typeof at === "string" && typeof id === "string" && !Number.isNaN(Date.parse(at))) {
      return { at, id };
    }
  } catch { /* refused below */ }
  throw badRequest({ after: "validation.invalidValue" });
}

/**
 * One page of the feed after `after` (the start when absent): at most `limit` items, the cursor
 * to send next, and whether more are there now.
 */
export async function changesFor(
  ctx: ProspectCtx,
  q: { after?: string; limit: number },
): Promise<{ items: FeedItem[]; cursor: string | null; hasMore: boolean }> {
  let pos = q.after ? decode(q.after) : null;
  const until = new Date(ctx.now.getTime() - SETTLE_MS).toISOString();
  const items: FeedItem[] = [];
  let scanned = 0;
  let more = true;
  while (items.length < q.limit && more && scanned < SCAN_MAX) {
    const page = await readChanges(ctx.kv, { after: pos, until, limit: q.limit - items.length });
    more = page.more;
    for (const { pos: at, record, version } of page.entries) {
      scanned++;
      pos = at;
      if (!record || !maySee(ctx.user, { b2b: record.b2b })) continue;
      if (isErased(record)) items.push({ id: record.id, erased: true });
      else if (record.deleted && !isAdmin(ctx.user)) {
        items.push({ id: record.id, deleted: true, marketProjectId: record.marketProjectId });
      } else items.push(withMay(ctx.user, { ...record, version: version! } as Prospect));
    }
    if (!page.entries.length) break;
  }
  return { items, cursor: pos ? encode(pos) : q.after ?? null, hasMore: more };
}
