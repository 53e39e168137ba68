/**
 * Rebuilds what counts escalated prospects once and what the status-project report's
 * firstProspectIn reads (a change of TZ_NAME, report_zone.ts): for every stored prospect it sets
 * `firstEscalatedAt` (the first entry into Escalated in its event log) and rebuilds, from the same
 * replay as report_backfill.ts, the escalation counters (e, eh, ed: live prospects escalated at
 * least once) and the ["report_first_in", …] entries; kept "pe"/"pf" snapshots are dropped.
 * Rerunnable: it clears what it rebuilds first.
 */
import { encodeRecord, getRecord } from "@/lib/db/prospect_record.ts";
import { prospectKey, reportCounterKey, reportFirstInKey } from "@/lib/db/keys.ts";
import { reportSnapshotKey } from "@/lib/db/keys.ts";
import { CounterSums, deletePrefix } from "@/lib/db/kv.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { prospectsWithEvents, replay, setAll } from "@/lib/db/report_backfill.ts";
import { reportMutations } from "@/lib/db/report_keys.ts";
import { foldAll } from "@/lib/db/report_pending.ts";

type State = Parameters<typeof reportMutations>[0] & object;
const ESCALATION_SCOPES = new Set(["e", "eh", "ed"]);
const FIRST_IN = reportFirstInKey()[0];

/** Rebuilds firstEscalatedAt, the escalation counters and the first-in entries from the events. */
export async function backfillEscalationsAndFirstIn(
  kv: Deno.Kv,
  timeZone: string,
): Promise<{ prospects: number }> {
  // Pending deltas hold escalation counts of writes replayed below: fold them before the rebuild.
  await foldAll(kv);
  for (const scope of ESCALATION_SCOPES) await deletePrefix(kv, reportCounterKey(scope));
  await deletePrefix(kv, reportFirstInKey());
  await deletePrefix(kv, reportSnapshotKey("pe"));
  await deletePrefix(kv, reportSnapshotKey("pf"));

  const counters = new CounterSums();
  let sets: { key: Deno.KvKey; value: unknown }[] = [];
  const flush = async () => {
    await setAll(kv, sets);
    sets = [];
  };
  // Records to mark, written 200 per atomic, each checked against the versionstamp it was read
  // with (a record written meanwhile is re-read and marked on its own).
  let marks: { entry: Deno.KvEntry<StoredProspect>; first: string | null }[] = [];
  const flushMarks = async () => {
    const op = kv.atomic();
    for (const m of marks) {
      op.check(m.entry).set(
        m.entry.key,
        encodeRecord({ ...m.entry.value, firstEscalatedAt: m.first }),
      );
    }
    if (!(await op.commit()).ok) {
      for (const m of marks) await markRecord(kv, m.entry.value.id, m.first);
    }
    marks = [];
  };
  let prospects = 0;
  for await (const { entry: e, events: mine } of prospectsWithEvents(kv)) {
    const rec = e.value;
    prospects++;
    // A record without a registration cannot be replayed (nothing reports it either).
    if (!rec.registerDate || !Number.isFinite(Date.parse(rec.registerDate))) continue;
    let first: string | null = null;
    let prev: State | null = null;
    for (const [, after, at] of replay(rec, mine)) {
      if (!first && after.activityStatus === "Escalated") first = new Date(at).toISOString();
      const next: State = { ...after, firstEscalatedAt: first };
      // Only the escalation counters and first-in entries are kept: no district buckets.
      const m = reportMutations(prev, next, at, timeZone, new Map());
      prev = next;
      for (const c of m.counterDeltas) {
        if (ESCALATION_SCOPES.has(c.key[1] as string)) counters.add(c.key, c.delta);
      }
      for (const s of m.sets) if (s.key[0] === FIRST_IN) sets.push(s);
    }
    if ((rec.firstEscalatedAt ?? null) !== first) marks.push({ entry: e, first });
    if (marks.length >= 200) await flushMarks();
    if (sets.length >= 2000) await flush();
  }
  await flushMarks();
  await flush();
  await counters.commit(kv);
  return { prospects };
}

/** Sets firstEscalatedAt on the stored record, checked against its versionstamp. */
async function markRecord(kv: Deno.Kv, id: string, first: string | null) {
  for (let i = 0; i < 5; i++) {
    const e = await getRecord(kv, id);
    if (!e.value) return;
    const res = await kv.atomic().check(e).set(
      prospectKey(id),
      encodeRecord({ ...e.value, firstEscalatedAt: first }),
    ).commit();
    if (res.ok) return;
  }
}
