/**
 * Reports = brute force: random creates, status changes, moves, deletes and activity-job passes
 * through the real write path with a moving clock (across the DST change of 2026-03-29), then every
 * report for every reference date is compared with a computation from the event log and the
 * record history.
 */
import { DomainError } from "@/lib/domain/errors.ts";
import {
  prospectEventsFamily,
  prospectHistoryPrefix,
  reportChangeAtKey,
  reportCounterKey,
  reportStintKey,
} from "@/lib/db/keys.ts";
import { getRecord } from "@/lib/db/prospect_record.ts";
import assert from "node:assert/strict";
import { makeEnv, signedIn } from "@/tests/helpers.ts";
import {
  changesByDistrict,
  createInput,
  ctxAt,
  makeReportChain,
  saveInput,
  sessionOf,
  setLimits,
  statusByDistrict,
  TZ,
  unlessPaused,
} from "@/tests/api/report_fixtures.ts";
import { call } from "@/tests/helpers.ts";
import { listAll } from "@/lib/db/kv.ts";
import { eventsOfEntry, type ProspectEvent } from "@/lib/db/prospect_indexes.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { getClubByNumber, updateClub } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { runDuePass } from "@/lib/services/activity_pass.ts";
import { foldPending } from "@/lib/db/report_pending.ts";
import { clubChanges } from "@/lib/db/report_changes.ts";
import { clubStatusCounts } from "@/lib/db/report_status.ts";
import { districtsToday } from "@/lib/db/report_districts.ts";
import { pruneChangeTimes } from "@/lib/db/report_keep.ts";
import { runReportSnapshots } from "@/lib/services/report_snapshots.ts";
import { addDays, localDate, startOfLocalDay } from "@/lib/domain/prospect.ts";
import {
  AGE_COLUMNS,
  ageBucket,
  asOfInstant,
  DAY_MS,
  doneOf,
  reportStatus,
  statusColumns,
  type StatusCounts,
} from "@/lib/domain/reports.ts";
import { isFollowUpSellStatus, SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { deleteProspect, saveProspect } from "@/lib/services/prospects.ts";

function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CLUBS = [101, 102, 103, 201];
/** Club → status → count without the zeros, clubs in order. */
const nonZero = (m: Map<number, StatusCounts>) =>
  [...m].map(([c, counts]) =>
    [c, Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0).sort())] as const
  ).filter(([, counts]) => Object.keys(counts).length > 0).sort((a, b) => a[0] - b[0]);
/** Club 103 moves from district 1 to 2 halfway through the run. */
const DISTRICTS_BEFORE = new Map([[101, 1], [102, 1], [103, 1], [201, 2]]);
const DISTRICTS_AFTER = new Map([[101, 1], [102, 1], [103, 2], [201, 2]]);

Deno.test("every report for every reference date equals a brute-force computation", async () => {
  const start = new Date("2026-03-16T06:00:00Z");
  const env = await makeEnv({}, start);
  try {
    await makeReportChain(env);
    // Short limits so prospects escalate within the run (work hours 08–17 by default).
    await setLimits(env.kv, [1, 1, 2], { Prospect: [2, 2, 3], LowPrio: [0, 0, 0] });
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const a = sessionOf(admin.user);
    const reader = await signedIn(env);
    await setClubSubscription(env.kv, reader.user.id, 101, true);
    await setClubSubscription(env.kv, reader.user.id, 201, true);
    const deps = { kv: env.kv, config: env.config, now: () => env.clock.now };

    const rand = rng(7_2026);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const history = new Map<string, { at: number; rec: StoredProspect }[]>();
    const remember = (p: StoredProspect) => {
      const list = history.get(p.id) ?? [];
      list.push({ at: env.clock.now.getTime(), rec: p });
      history.set(p.id, list);
    };
    const ids: string[] = [];
    let districts = DISTRICTS_BEFORE;
    let movedAt: number | null = null;
    /** District reads from the buckets before and after the move, and refused at the move. */
    const districtReads = [0, 0, 0];
    let writes = 0;
    let refused = 0;
    let nights = 0;
    for (let i = 0; i < 420; i++) {
      // Move the clock: minutes to half a day, sometimes exactly to a local midnight.
      if (rand() < 0.08) {
        const next = addDays(localDate(env.clock.now, TZ), 1);
        env.clock.set(startOfLocalDay(next, TZ));
      } else {
        env.clock.advance(Math.floor(60_000 + rand() * (rand() < 0.8 ? 3 : 14) * 3_600_000));
      }
      // The nightly job as a server runs it (once per date, 10 min after midnight): each midnight's
      // values kept, the day buckets and stints before them pruned, while writes go on.
      if (await runReportSnapshots(deps)) nights++;
      // Every club's counts now: the last kept midnight plus the buckets since (what a report of
      // all clubs reads) = the search totals (what a report of a few clubs reads).
      if (i % 10 === 0) {
        const live = asOfInstant(localDate(env.clock.now, TZ), env.clock.now, TZ);
        for (const mp of [1, 2]) {
          // As every report does first: the writes' pending counter deltas folded.
          await foldPending(env.kv, mp);
          const perClub = await clubStatusCounts(env.kv, mp, live, new Set(CLUBS));
          assert.deepEqual(
            nonZero(await clubStatusCounts(env.kv, mp, live)),
            nonZero(perClub),
            `${mp} at ${env.clock.now.toISOString()}`,
          );
          // The district buckets since the last kept midnight, when trusted, = the clubs' sums.
          const fast = await districtsToday(env.kv, mp, live, districts);
          if (fast) {
            assert.deepEqual(
              nonZero(fast.status),
              nonZero(statusByDistrict(perClub, districts)),
              `d ${mp}`,
            );
            const changes = changesByDistrict(await clubChanges(env.kv, mp, live), districts);
            const shown = (m: Map<number, { total: number; last24h: number }>) =>
              [...m].filter(([, r]) => r.total || r.last24h).sort((a, b) => a[0] - b[0]);
            assert.deepEqual(shown(fast.changes), shown(changes), `changes d ${mp}`);
            districtReads[movedAt === null ? 0 : 1]++;
          }
        }
      }
      // A club moves to another district: the buckets of that day are not trusted after it.
      if (i === 200) {
        const club = (await getClubByNumber(env.kv, 103))!;
        await updateClub(env.kv, club.id, {
          clubId: 103,
          name: club.name,
          districtId: 2,
          version: club.version,
        }, env.clock.now);
        districts = DISTRICTS_AFTER;
        movedAt = env.clock.now.getTime();
        for (const mp of [1, 2]) {
          const live = asOfInstant(localDate(env.clock.now, TZ), env.clock.now, TZ);
          assert.equal(await districtsToday(env.kv, mp, live, districts), null);
          districtReads[2]++;
        }
      }
      const ctx = ctxAt(env, a, env.clock.now);
      const roll = rand();
      try {
        if (roll < 0.3 || ids.length < 6) {
          const p = await createProspect(ctx, createInput(rand() < 0.75 ? 1 : 2, pick(CLUBS)));
          ids.push(p.id);
          remember(p);
        } else if (roll < 0.85) {
          const id = pick(ids);
          const cur = history.get(id)!.at(-1)!.rec;
          if (cur.deleted) continue;
          const stored = await getRecord(env.kv, id);
          const status = rand() < 0.05 ? null : pick(SELL_STATUSES);
          const changes: Record<string, unknown> = {
            version: stored.versionstamp,
            sellStatus: rand() < 0.8 ? status : stored.value!.sellStatus,
          };
          if (isFollowUpSellStatus(changes.sellStatus as string)) {
            changes.followUpDate = addDays(
              localDate(env.clock.now, TZ),
              1 + Math.floor(rand() * 3),
            );
          }
          if (rand() < 0.12) changes.clubId = pick(CLUBS);
          if (rand() < 0.05) changes.marketProjectId = pick([1, 2]);
          let p = await unlessPaused(() =>
            saveProspect(ctx, id, saveInput(stored.value, changes) as any)
          );
          if (!p) {
            // A Paused prospect keeps its sell status (the grid's select is locked): the rest of
            // the change is saved, as staff would after being refused.
            refused++;
            const { sellStatus: _s, followUpDate: _f, ...rest } = changes;
            p = await saveProspect(ctx, id, saveInput(stored.value, rest) as any);
          }
          remember(p);
        } else if (roll < 0.9) {
          const id = pick(ids);
          if (history.get(id)!.at(-1)!.rec.deleted) continue;
          remember(await deleteProspect(ctx, id));
        } else {
          await runDuePass(deps, { now: env.clock.now });
        }
        writes++;
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
      }
    }
    assert.ok(writes > 300, `only ${writes} writes`);
    assert.ok(refused > 10, `only ${refused} status changes refused while Paused`);
    assert.ok(
      districtReads[0] > 5 && districtReads[1] > 5 && districtReads[2] > 0,
      `district buckets read ${districtReads}`,
    );
    const now = env.clock.now;
    // What the past midnights read is gone: day buckets older than 3 days, stints begun more than
    // 8 days ago (each midnight's values are kept instead).
    assert.ok(nights >= 14, `${nights} nightly runs`);
    const today0 = localDate(now, TZ);
    const days = (await listAll(env.kv, reportCounterKey("scd"))).map((e) => String(e.key[3]));
    assert.ok(days.length > 0 && days.every((d) => d >= addDays(today0, -3)), days.join());
    const stintStarts = (await listAll(env.kv, reportStintKey())).map((e) => String(e.key[3]));
    const weekAgo = new Date(now.getTime() - 8 * DAY_MS).toISOString();
    assert.ok(stintStarts.every((at) => at >= weekAgo), "old stints pruned");
    const stintKeys = (await listAll(env.kv, reportStintKey())).map((e) => e.key);
    const opened = new Set(stintKeys.filter((k) => k.length === 5).map((k) => JSON.stringify(k)));
    const strays = stintKeys.filter((k) =>
      k.length === 6 && !opened.has(JSON.stringify(k.slice(0, 5)))
    );
    assert.deepEqual(strays, [], "every stint end key has its stint");
    const events = [
      ...await listAll(env.kv, prospectEventsFamily()),
      ...await listAll(env.kv, prospectHistoryPrefix()),
    ].flatMap(eventsOfEntry);
    const escalations = events.filter((e) => e.type === "activity" && e.to === "Escalated");
    assert.ok(escalations.length > 10, `only ${escalations.length} escalations`);
    const statusChanges = events.filter((e) => e.type === "sellStatus").length;
    assert.ok(statusChanges > 100, `only ${statusChanges} status changes (${refused} refused)`);
    // The first entry into Escalated per prospect, from the raw events.
    const firstEscalation = new Map<string, number>();
    for (const e of escalations) {
      const at = Date.parse(e.at);
      if (!(at >= (firstEscalation.get(e.prospectId) ?? Infinity))) {
        firstEscalation.set(e.prospectId, at);
      }
    }
    const escalatedTwice = new Set(
      escalations.map((e) => e.prospectId).filter((id, i, all) => all.indexOf(id) !== i),
    );
    assert.ok(escalatedTwice.size > 0, "some prospect escalates twice (counted once)");

    // The nightly job prunes the change-time index to today's window and the days around a clock
    // change (2026-03-29 here): every past date below must still answer exactly.
    const indexed = events.filter((e) => e.type === "sellStatus").length;
    for (const mp of [1, 2]) {
      await pruneChangeTimes(env.kv, mp, new Date(now.getTime() - 2 * DAY_MS), TZ);
    }
    const left = (await listAll(env.kv, reportChangeAtKey())).map((e) =>
      localDate(new Date(e.key[2] as string), TZ)
    );
    assert.ok(left.length < indexed / 4, `${left.length} of ${indexed} change-time entries left`);
    assert.ok(left.includes("2026-03-28") && left.includes("2026-03-29"), "clock-change days kept");
    assert.ok(!left.includes("2026-03-27") && !left.includes("2026-03-31"));

    // ── brute force ──
    const oracle = (referenceDate: string) => {
      const asOf = asOfInstant(referenceDate, now, TZ);
      const t = asOf.at.getTime();
      const seen = (at: number) => (asOf.live ? at <= t : at < t);
      const inWindow = (
        at: number,
      ) => (asOf.live ? at >= t - DAY_MS && at <= t : at >= t - DAY_MS && at < t);
      const states: StoredProspect[] = [];
      for (const list of history.values()) {
        let last: StoredProspect | null = null;
        for (const s of list) if (seen(s.at)) last = s.rec;
        if (last && !last.deleted) states.push(last);
      }
      const counts = (f: (p: StoredProspect) => boolean): StatusCounts => {
        const c: StatusCounts = {};
        for (const p of states.filter(f)) {
          const s = reportStatus(p.sellStatus);
          c[s] = (c[s] ?? 0) + 1;
        }
        return c;
      };
      const changes = (f: (e: ProspectEvent) => boolean) => {
        const list = events.filter((e) =>
          e.type === "sellStatus" && seen(Date.parse(e.at)) && f(e)
        );
        return {
          total: list.length,
          last24h: list.filter((e) => inWindow(Date.parse(e.at))).length,
        };
      };
      const project = (mp: number) => {
        const c = counts((p) => p.marketProjectId === mp);
        const ch = changes((e) => e.marketProjectId === mp);
        return {
          ...statusColumns(c),
          change24h: ch.last24h,
          totalStatusChange: ch.total,
          // Prospects of the project at T that escalated at least once before T (once each).
          totalEscalatedProspects: states.filter((p) => {
            const first = firstEscalation.get(p.id);
            return p.marketProjectId === mp && first !== undefined && seen(first);
          }).length,
          totalProspects: Object.values(c).reduce((x, y) => x + y, 0),
          totalDoneProspects: doneOf(c),
          // The earliest registration among the project's prospects at T.
          firstProspectIn: states
            .filter((p) => p.marketProjectId === mp)
            .map((p) => new Date(p.registerDate).toISOString())
            .sort()[0] ?? null,
        };
      };
      const group = (clubs: number[], mps: number[]) => {
        const inG = (mp: number, club: number) => mps.includes(mp) && clubs.includes(club);
        const c = counts((p) => inG(p.marketProjectId, p.clubId));
        const ch = changes((e) => inG(e.marketProjectId, e.clubId));
        return {
          ...statusColumns(c),
          change24h: ch.last24h,
          totalStatusChange: ch.total,
          totalProspects: Object.values(c).reduce((x, y) => x + y, 0),
          totalDoneProspects: doneOf(c),
        };
      };
      const age = (mp: number, clubs: number[]) => {
        const rows: Record<string, number[]> = {};
        for (const p of states) {
          if (p.marketProjectId !== mp || !clubs.includes(p.clubId)) continue;
          const s = reportStatus(p.sellStatus);
          const b = ageBucket(t - Date.parse(p.lastSellStatusChange ?? p.registerDate));
          (rows[s] ??= [0, 0, 0, 0, 0, 0])[b]++;
        }
        return rows;
      };
      return { project, group, age, asOf };
    };

    const get = async (path: string, headers = admin.headers) => {
      const { res, json } = await call(env, "GET", path, { headers });
      assert.equal(res.status, 200, `${path}: ${JSON.stringify(json)}`);
      return json;
    };
    const pick2 = (row: any, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));
    const today = localDate(now, TZ);
    let compared = 0;
    // Past dates are kept as snapshots once computed (lib/db/report_store.ts): newest first, so each
    // date's club counts start from the next day's snapshot; then oldest first, all from snapshots.
    const check = async (d: string) => {
      const o = oracle(d);
      const proj = await get(`/api/reports/status-project?referenceDate=${d}&marketProjectIds=1,2`);
      assert.equal(proj.asOf, o.asOf.at.toISOString());
      for (const row of proj.rows) {
        const want = o.project(row.marketProjectId);
        assert.deepEqual(
          pick2(row, Object.keys(want)),
          want,
          `project ${row.marketProjectId} ${d}`,
        );
        compared++;
      }
      const clubs = await get(
        `/api/reports/status-project?referenceDate=${d}&prospectFieldKey=clubId&collection=clubs&ids=${
          CLUBS.join(",")
        }&marketProjectIds=1,2`,
      );
      for (const row of clubs.rows) {
        const want = o.group([row.id], [1, 2]);
        assert.deepEqual(pick2(row, Object.keys(want)), want, `club ${row.id} ${d}`);
        compared++;
      }
      const districts = await get(
        `/api/reports/status-project?referenceDate=${d}&prospectFieldKey=districtId&collection=district&ids=1,2&marketProjectIds=1`,
      );
      for (const row of districts.rows) {
        const clubsNow = [...DISTRICTS_AFTER].filter(([, d]) => d === row.id).map(([c]) => c);
        const want = o.group(clubsNow, [1]);
        assert.deepEqual(pick2(row, Object.keys(want)), want, `district ${row.id} ${d}`);
        compared++;
      }
      for (const mp of [1, 2]) {
        const age = await get(
          `/api/reports/sell-status-age?marketProjectId=${mp}&referenceDate=${d}`,
          reader.headers,
        );
        const want = o.age(mp, [101, 201]);
        for (const row of age.rows) {
          const w = want[row.sellStatus] ?? [0, 0, 0, 0, 0, 0];
          assert.deepEqual(
            [...AGE_COLUMNS.map((c) => row[c]), row.sum],
            [...w, w.reduce((x, y) => x + y, 0)],
            `age ${mp} ${row.sellStatus} ${d}`,
          );
          compared++;
        }
      }
    };
    const last = addDays(today, 1);
    for (let d = last; d >= "2026-03-15"; d = addDays(d, -1)) await check(d);
    for (let d = "2026-03-15"; d <= last; d = addDays(d, 1)) await check(d);
    assert.ok(compared > 2000, `compared ${compared} rows`);
  } finally {
    env.close();
  }
});
