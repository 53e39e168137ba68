/**
 * Rebuilds the report keys (report_keys.ts) from the event history: each prospect's events are
 * replayed through reportMutations, then synced to the stored record (club moves leave no event).
 * A change of TZ_NAME runs it (report_zone.ts); without `force` it skips a store whose writes
 * already keep the keys.
 */
import { listRecords } from "@/lib/db/prospect_record.ts";
import {
  familyPart,
  prospectEventsFamily,
  prospectHistoryPrefix,
  prospectsPrefix,
  reportCounterKey,
  reportDistrictsFromKey,
} from "@/lib/db/keys.ts";
import { CounterSums, deletePrefix, isEmpty, keyString } from "@/lib/db/kv.ts";
import { eventsOfEntry, type ProspectEvent } from "@/lib/db/prospect_indexes.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { reportMutations } from "@/lib/db/report_keys.ts";
import { packFunnelCounters } from "@/lib/db/report_funnel_packs.ts";
import { clubDistricts } from "@/lib/db/reference.ts";
import type { ActivityStatus, SellStatus } from "@/lib/domain/statuses.ts";

/** What the backfill writes, plus the kept snapshots (computed from what it rewrites). */
const FAMILIES = [
  "report_counters",
  "report_funnel",
  "report_funnel_state",
  "report_stints",
  "report_changes_at",
  "report_changes_pruned",
  "report_snapshots",
  "report_kept",
  "report_districts",
  // Pending counter deltas: their writes are in the events replayed (lib/db/report_pending.ts).
  "report_pending",
].map(familyPart);
const RUNNING = ["report_backfill_running"];
type State = Parameters<typeof reportMutations>[0] & object;

async function clearFamilies(kv: Deno.Kv) {
  for (const f of FAMILIES) await deletePrefix(kv, [f]);
}

/** The states a prospect went through, from its events (oldest first) and the stored record. */
export function replay(rec: StoredProspect, events: ProspectEvent[]) {
  const steps: [State | null, State, string][] = [];
  let state: State | null = null;
  let last = rec.registerDate;
  for (const ev of events) {
    const where = { marketProjectId: ev.marketProjectId, clubId: ev.clubId };
    last = ev.at;
    if (!state) {
      state = {
        id: rec.id,
        ...where,
        sellStatus: (ev.type === "create" ? ev.to : null) as SellStatus | null,
        lastSellStatusChange: null,
        registerDate: rec.registerDate,
        activityStatus: "Paused",
        deleted: false,
        // The funnel's cell and marks come with the record's own step below.
        source: rec.source,
        assignUserId: null,
      };
      steps.push([null, state, ev.at]);
      if (ev.type === "create") continue;
    }
    const next: State = { ...state, ...where };
    if (ev.type === "sellStatus") {
      next.sellStatus = ev.to as SellStatus | null;
      next.lastSellStatusChange = ev.at;
    } else if (ev.type === "activity") next.activityStatus = ev.to as ActivityStatus;
    else if (ev.type === "delete") next.deleted = true;
    else if (ev.type === "restore") next.deleted = false;
    steps.push([state, next, ev.at]);
    state = next;
  }
  // The record itself: what no event tells (a move between clubs or projects).
  steps.push([state, rec, rec.updatedAt > last ? rec.updatedAt : last]);
  return steps;
}

/** The entries of one family for each prospect id in turn (the family is ordered by id). */
function byProspect(kv: Deno.Kv, prefix: Deno.KvKey) {
  const it = kv.list({ prefix }, { batchSize: 1000 });
  let head: IteratorResult<Deno.KvEntry<unknown>> | null = null;
  return async (id: string): Promise<Deno.KvEntry<unknown>[]> => {
    head ??= await it.next();
    const mine: Deno.KvEntry<unknown>[] = [];
    while (!head.done && (head.value.key[1] as string) <= id) {
      if (head.value.key[1] === id) mine.push(head.value);
      head = await it.next();
    }
    return mine;
  };
}

/**
 * Every stored prospect with its events, in id order: the records, the archived packs and the
 * history values are each ordered by prospect id, so this is one merged pass over each family.
 */
export async function* prospectsWithEvents(
  kv: Deno.Kv,
): AsyncGenerator<{ entry: Deno.KvEntry<StoredProspect>; events: ProspectEvent[] }> {
  const archived = byProspect(kv, prospectEventsFamily());
  const history = byProspect(kv, prospectHistoryPrefix());
  for await (const entry of listRecords(kv, 500)) {
    const id = entry.value.id;
    const mine = [...await archived(id), ...await history(id)];
    yield { entry, events: mine.flatMap(eventsOfEntry) };
  }
}

/** Sets the entries, 500 per atomic. */
export async function setAll(kv: Deno.Kv, entries: { key: Deno.KvKey; value: unknown }[]) {
  for (let i = 0; i < entries.length; i += 500) {
    const op = kv.atomic();
    for (const w of entries.slice(i, i + 500)) op.set(w.key, w.value);
    await op.commit();
  }
}

/** Rebuilds every report key from the prospects' event histories; resumes an interrupted run. */
export async function backfillReportKeys(
  kv: Deno.Kv,
  timeZone: string,
  opts: { force?: boolean } = {},
): Promise<{ prospects: number }> {
  const interrupted = (await kv.get(RUNNING)).value !== null;
  if (!opts.force && !interrupted && !(await isEmpty(kv, reportCounterKey()))) {
    return { prospects: 0 };
  }
  if (await isEmpty(kv, prospectsPrefix())) return { prospects: 0 };
  await kv.set(RUNNING, true);
  // Rebuilding history invalidates any value kept for a past instant; an interrupted run restarts.
  await clearFamilies(kv);

  const counters = new CounterSums();
  const sets = new Map<string, { key: Deno.KvKey; value: unknown }>();
  // The district buckets by today's districts: every past club move is replayed as in its club now.
  const districts = await clubDistricts(kv);
  let prospects = 0;
  for await (const { entry, events } of prospectsWithEvents(kv)) {
    for (const [before, after, at] of replay(entry.value, events)) {
      const m = reportMutations(before, after, at, timeZone, districts);
      for (const k of m.deletes) sets.delete(keyString(k));
      for (const s of m.sets) sets.set(keyString(s.key), s);
      for (const c of m.counterDeltas) counters.add(c.key, c.delta);
    }
    prospects++;
  }
  await setAll(kv, [...sets.values()]);
  await counters.commit(kv);
  await packFunnelCounters(kv);
  // Rebuilt by the districts of now, like after a club move: trusted from a midnight after this.
  await kv.set(reportDistrictsFromKey(), new Date().toISOString());
  await kv.delete(RUNNING);
  return { prospects };
}
