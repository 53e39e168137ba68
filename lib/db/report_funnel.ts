/**
 * The conversion funnel for a store whose prospects lack it (a migration): every prospect gets the
 * funnel marks its event log tells — `bookedAt` and `memberAt` (its first sell status of the
 * booked and member stages, lib/domain/statuses.ts) and, when it has none, `firstContactAt` (its
 * first sell-status change or assignment after creation; notes written before are not counted) —
 * and the funnel counters (report_keys.ts funnelKeys) are set to what the live prospects count.
 * The counters are set, not added, from one full count, so a second starter running it at the same
 * time writes the same values. Pending deltas are folded first; the counters end in packs
 * (report_funnel_packs.ts).
 */
import { encodeRecord, getRecord } from "@/lib/db/prospect_record.ts";
import {
  funnelPackKey,
  funnelPackStatePrefix,
  prospectKey,
  reportCounterKey,
} from "@/lib/db/keys.ts";
import { CounterSums, deletePrefix } from "@/lib/db/kv.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { prospectsWithEvents } from "@/lib/db/report_backfill.ts";
import { funnelKeys } from "@/lib/db/report_keys.ts";
import { foldAll } from "@/lib/db/report_pending.ts";
import { FUNNEL_SCOPES, packFunnelCounters } from "@/lib/db/report_funnel_packs.ts";
import type { ProspectEvent } from "@/lib/db/prospect_indexes.ts";
import { BOOKED_SELL_STATUSES, MEMBER_SELL_STATUSES } from "@/lib/domain/statuses.ts";

type Marks = Pick<StoredProspect, "bookedAt" | "memberAt" | "firstContactAt">;

/** The marks a prospect's events tell (the record's own when it has them). */
export function funnelMarksOf(rec: StoredProspect, events: ProspectEvent[]): Marks {
  const iso = (at: string) => new Date(at).toISOString();
  let bookedAt = rec.bookedAt ?? null;
  let memberAt = rec.memberAt ?? null;
  let firstContactAt = rec.firstContactAt ?? null;
  for (const ev of [...events].sort((a, b) => a.at.localeCompare(b.at))) {
    const status = ev.type === "create" || ev.type === "sellStatus" ? ev.to : null;
    if (status && BOOKED_SELL_STATUSES.has(status)) bookedAt ??= iso(ev.at);
    if (status && MEMBER_SELL_STATUSES.has(status)) memberAt ??= iso(ev.at);
    if (ev.type === "sellStatus" || (ev.type === "assign" && ev.to)) firstContactAt ??= iso(ev.at);
  }
  return { bookedAt, memberAt, firstContactAt };
}

const same = (a: Marks, b: Marks) =>
  (a.bookedAt ?? null) === (b.bookedAt ?? null) && (a.memberAt ?? null) === (b.memberAt ?? null) &&
  (a.firstContactAt ?? null) === (b.firstContactAt ?? null);

/** Sets every prospect's funnel marks from its events and rebuilds the funnel counters. */
export async function backfillFunnel(kv: Deno.Kv, timeZone: string): Promise<{ marked: number }> {
  await foldAll(kv);
  const counts = new CounterSums();
  let marks: { entry: Deno.KvEntry<StoredProspect>; marks: Marks }[] = [];
  let marked = 0;
  const flushMarks = async () => {
    const op = kv.atomic();
    for (const m of marks) {
      op.check(m.entry).set(m.entry.key, encodeRecord({ ...m.entry.value, ...m.marks }));
    }
    if (!(await op.commit()).ok) {
      for (const m of marks) await markRecord(kv, m.entry.value.id, m.marks);
    }
    marked += marks.length;
    marks = [];
  };
  for await (const { entry, events } of prospectsWithEvents(kv)) {
    const rec = entry.value;
    if (!rec.registerDate || !Number.isFinite(Date.parse(rec.registerDate))) continue;
    const m = funnelMarksOf(rec, events);
    if (!same(m, rec)) marks.push({ entry, marks: m });
    if (!rec.deleted) {
      for (const key of funnelKeys({ ...rec, ...m }, timeZone)) counts.add(key, 1);
    }
    if (marks.length >= 200) await flushMarks();
  }
  await flushMarks();
  // Every funnel counter set to the full count; those no live prospect counts any more, removed.
  const want = new Map(counts.take().map((c) => [JSON.stringify(c.key), c]));
  for (const scope of FUNNEL_SCOPES) {
    for await (const e of kv.list({ prefix: reportCounterKey(scope) })) {
      if (!want.has(JSON.stringify(e.key))) await kv.delete(e.key);
    }
  }
  const all = [...want.values()];
  for (let i = 0; i < all.length; i += 500) {
    const op = kv.atomic();
    for (const c of all.slice(i, i + 500)) op.set(c.key, new Deno.KvU64(BigInt(c.delta)));
    await op.commit();
  }
  // The full count replaces the packs: they are made again from the counters.
  await deletePrefix(kv, funnelPackKey());
  await deletePrefix(kv, funnelPackStatePrefix());
  await packFunnelCounters(kv);
  return { marked };
}

/** Sets the marks on the stored record, checked against its versionstamp. */
async function markRecord(kv: Deno.Kv, id: string, marks: Marks) {
  for (let i = 0; i < 5; i++) {
    const e = await getRecord(kv, id);
    if (!e.value) return;
    const next = funnelMarksOf({ ...e.value, ...marks }, []);
    const res = await kv.atomic().check(e).set(
      prospectKey(id),
      encodeRecord({ ...e.value, ...next }),
    )
      .commit();
    if (res.ok) return;
  }
}
