/**
 * GET /api/reports/funnel = brute force: random web leads and staff creations, sell-status changes,
 * assignments, notes, moves, deletions, restores and activity-job passes through the real write
 * path with a moving clock (over month ends and the DST change of 2026-03-29); then the funnel for
 * many periods, every grouping and every kind of reader is compared with a count from the
 * simulation's own log of what happened to each prospect.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import {
  createInput,
  ctxAt,
  makeReportChain,
  saveInput,
  sessionOf,
  TZ,
  unlessPaused,
} from "@/tests/api/report_fixtures.ts";
import { postWebLead, search } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { encodeRecord, getRecord } from "@/lib/db/prospect_record.ts";
import {
  funnelPackKey,
  funnelPacksOnKey,
  funnelPackStatePrefix,
  reportCounterKey,
} from "@/lib/db/keys.ts";
import { backfillFunnel } from "@/lib/db/report_funnel.ts";
import { runDuePass } from "@/lib/services/activity_pass.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import { isFollowUpSellStatus, SELL_STATUS_TABLE, SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { assignProspect, deleteProspect, saveProspect } from "@/lib/services/prospects.ts";
import { addNote } from "@/lib/services/notes.ts";
import { restoreProspect } from "@/lib/services/privacy.ts";

function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const CLUBS = [101, 102, 103, 201];
/** The issue: the sell-status table says which statuses are a booked visit and which a member. */
const BOOKED = new Set<string>(SELL_STATUS_TABLE.filter((r) => r.funnel !== null).map((r) => r.id));
const MEMBER = new Set<string>(
  SELL_STATUS_TABLE.filter((r) => r.funnel === "member").map((r) => r.id),
);

/** What the simulation knows of one prospect. */
interface Sim {
  id: string;
  mp: number;
  club: number;
  source: "web" | "staff";
  registered: number;
  assignee: string | null;
  status: string | null;
  reached: boolean;
  booked: boolean;
  memberAt: number | null;
  deleted: boolean;
}

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

Deno.test("funnel figures equal a brute-force count for every period, grouping and reader", async () => {
  const env = await makeEnv({}, new Date("2026-01-20T07:00:00Z"));
  try {
    const chain = await makeReportChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const a = sessionOf(admin.user);
    const sellers = [await signedIn(env), await signedIn(env)];
    const staff = sellers[0];
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    await setClubSubscription(env.kv, staff.user.id, 201, true);
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    const fk = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: admin.headers,
      body: { allowedOrigins: ["https://kampanj.example.se"] },
    });
    assert.equal(fk.res.status, 201, JSON.stringify(fk.json));
    const deps = { kv: env.kv, config: env.config, now: () => env.clock.now };

    const rand = rng(49_2026);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const sims: Sim[] = [];
    const live = () => sims.filter((s) => !s.deleted);
    let web = 0;
    let writes = 0;
    for (let i = 0; i < 360; i++) {
      env.clock.advance(Math.floor(20 * 60_000 + rand() * (rand() < 0.8 ? 8 : 30) * 3_600_000));
      const now = env.clock.now.getTime();
      const ctx = ctxAt(env, a, env.clock.now);
      const roll = rand();
      try {
        if (roll < 0.3 || sims.length < 6) {
          const club = pick(CLUBS);
          if (rand() < 0.5) {
            const name = `Webb${++web}x`;
            await postWebLead(env, fk.json.key, { firstName: name, clubId: club });
            const found = await search(env, admin.headers, { marketProjectId: 1, search: name });
            assert.equal(found.rows.length, 1, name);
            sims.push({
              id: found.rows[0].id,
              mp: 1,
              club,
              source: "web",
              registered: now,
              assignee: null,
              status: null,
              reached: false,
              booked: false,
              memberAt: null,
              deleted: false,
            });
          } else {
            const mp = rand() < 0.75 ? 1 : 2;
            const p = await createProspect(ctx, createInput(mp, club) as any);
            sims.push({
              id: p.id,
              mp,
              club,
              source: "staff",
              registered: now,
              assignee: null,
              status: null,
              reached: false,
              booked: false,
              memberAt: null,
              deleted: false,
            });
          }
        } else if (roll < 0.7) {
          const s = pick(live());
          const stored = (await getRecord(env.kv, s.id)).value!;
          const status = rand() < 0.05 ? null : pick(SELL_STATUSES);
          const changes: Record<string, unknown> = { version: undefined, sellStatus: status };
          // A follow-up status takes a date ahead; any other clears an old (maybe past) one.
          changes.followUpDate = isFollowUpSellStatus(status)
            ? addDays(localDate(env.clock.now, TZ), 1 + Math.floor(rand() * 3))
            : null;
          const club = rand() < 0.12 ? pick(CLUBS) : s.club;
          changes.clubId = club;
          const saved = await unlessPaused(() =>
            saveProspect(ctx, s.id, saveInput(stored, changes) as any)
          );
          if (!saved) continue;
          if (status !== s.status) s.reached = true;
          s.status = status;
          s.club = club;
          if (status && BOOKED.has(status)) s.booked = true;
          if (status && MEMBER.has(status) && s.memberAt === null) s.memberAt = now;
        } else if (roll < 0.8) {
          const s = pick(live());
          const who = pick(sellers);
          await assignProspect(ctx, s.id, { assignId: who.user.email } as any);
          if (s.assignee !== who.user.id) s.reached = true;
          s.assignee = who.user.id;
        } else if (roll < 0.88) {
          const s = pick(live());
          await addNote(ctx, s.id, { text: "Ringde", noteType: "Note" } as any);
          s.reached = true;
        } else if (roll < 0.93) {
          const s = pick(live());
          await deleteProspect(ctx, s.id);
          s.deleted = true;
        } else if (roll < 0.96) {
          const gone = sims.filter((s) => s.deleted);
          if (!gone.length) continue;
          const s = pick(gone);
          await restoreProspect(ctx, s.id);
          s.deleted = false;
        } else {
          await runDuePass(deps, { now: env.clock.now });
        }
        writes++;
      } catch (e) {
        if (!(e instanceof Error && "status" in e)) throw e;
      }
    }
    assert.ok(writes > 300, `only ${writes} writes`);
    assert.ok(sims.some((s) => s.memberAt !== null && !s.deleted), "some members");
    assert.ok(sims.some((s) => s.deleted), "some deleted");
    const today = localDate(env.clock.now, TZ);
    assert.ok(today > "2026-03-29", `the run passes the DST change (${today})`);

    // ── brute force ──
    type Row = {
      key: string;
      leads: number;
      reached: number;
      booked: number;
      members: number;
      medianDaysToMember: number | null;
    };
    const oracle = (
      mps: number[],
      from: string,
      to: string,
      groupBy: string,
      clubs: number[] | null,
    ): Row[] => {
      const groups = new Map<string, Sim[]>();
      for (const s of sims) {
        const day = localDate(new Date(s.registered), TZ);
        if (s.deleted || !mps.includes(s.mp) || day < from || day > to) continue;
        if (clubs && !clubs.includes(s.club)) continue;
        const key = groupBy === "source"
          ? s.source
          : groupBy === "club"
          ? String(s.club)
          : groupBy === "user"
          ? s.assignee ?? ""
          : String(s.mp);
        groups.set(key, [...groups.get(key) ?? [], s]);
      }
      return [...groups].map(([key, list]) => {
        const members = list.filter((s) => s.memberAt !== null);
        return {
          key,
          leads: list.length,
          reached: list.filter((s) => s.reached).length,
          booked: list.filter((s) => s.booked || s.memberAt !== null).length,
          members: members.length,
          medianDaysToMember: median(
            members.map((s) => Math.floor((s.memberAt! - s.registered) / DAY)),
          ),
        };
      }).sort((x, y) => x.key.localeCompare(y.key));
    };
    const shown = (rows: any[]): Row[] =>
      rows.filter((r) => r.leads > 0).map((r) => ({
        key: r.key,
        leads: r.leads,
        reached: r.reached,
        booked: r.booked,
        members: r.members,
        medianDaysToMember: r.medianDaysToMember,
      })).sort((x, y) => x.key.localeCompare(y.key));

    const first = "2026-01-20";
    const periods: [string, string][] = [
      [first, today],
      ["2026-02-01", "2026-02-28"],
      ["2026-01-25", "2026-03-03"],
      ["2026-03-28", "2026-03-30"],
      [addDays(today, -9), today],
    ];
    for (let k = 0; k < 6; k++) {
      const x = addDays(first, Math.floor(rand() * 70));
      periods.push([x, addDays(x, Math.floor(rand() * 40))]);
    }
    const readers = [
      { name: "admin", headers: admin.headers, clubs: null, extra: "" },
      { name: "staff", headers: staff.headers, clubs: [101, 201], extra: "" },
      {
        name: "district 1",
        headers: admin.headers,
        clubs: [101, 102, 103],
        extra: "&districtId=1",
      },
    ];
    let compared = 0;
    for (const [from, to] of periods) {
      for (const groupBy of ["source", "club", "user", "marketProject"]) {
        for (const r of readers) {
          const mps = groupBy === "marketProject" ? [1, 2] : [1];
          const path =
            `/api/reports/funnel?marketProjectId=${mps.join(",")}&from=${from}&to=${to}` +
            `&groupBy=${groupBy}${r.extra}`;
          const got = await call(env, "GET", path, { headers: r.headers });
          assert.equal(got.res.status, 200, `${path} ${JSON.stringify(got.json)}`);
          const want = oracle(mps, from, to, groupBy, r.clubs);
          assert.deepEqual(shown(got.json.rows), want, `${r.name} ${path}`);
          const leads = want.reduce((n, x) => n + x.leads, 0);
          assert.equal(got.json.total.leads, leads, `total ${r.name} ${path}`);
          const members = want.reduce((n, x) => n + x.members, 0);
          assert.equal(got.json.total.members, members);
          if (leads) {
            assert.equal(got.json.total.conversionRate, Math.round((members / leads) * 1e4) / 1e4);
          }
          compared += want.length;
        }
      }
    }
    assert.ok(compared > 100, `${compared} groups compared`);
    // The figures came from the packs: no funnel counter is left beside them.
    const count = async (prefix: Deno.KvKey) => {
      let n = 0;
      for await (const _ of env.kv.list({ prefix })) n++;
      return n;
    };
    assert.ok(await count(funnelPackKey()) > 0, "funnel packs written");
    for (const scope of ["fsd", "fsm", "fcd", "fcm", "fud", "fum", "fxd", "fxm"]) {
      assert.equal(await count(reportCounterKey(scope)), 0, `${scope} counters`);
    }

    // A store from before the funnel (no marks, no funnel counters): the migration brings it to
    // the same figures (the first contacts kept: notes before it are not in the event log).
    const full = `/api/reports/funnel?marketProjectId=1,2&from=${first}&to=${today}`;
    const wanted = await Promise.all(
      ["club", "user", "source"].map((g) =>
        call(env, "GET", `${full}&groupBy=${g}`, { headers: admin.headers }).then((r) => r.json)
      ),
    );
    for (const s of sims) {
      const e = await getRecord(env.kv, s.id);
      const { bookedAt: _b, memberAt: _m, ...old } = e.value!;
      await env.kv.set(e.key, encodeRecord(old as any));
    }
    for (
      const prefix of [
        ...["fsd", "fsm", "fcd", "fcm", "fud", "fum", "fxd", "fxm"].map((s) => reportCounterKey(s)),
        funnelPackKey(),
        funnelPackStatePrefix(),
      ]
    ) {
      for await (const e of env.kv.list({ prefix })) await env.kv.delete(e.key);
    }
    await env.kv.delete(funnelPacksOnKey());
    const emptied = await call(env, "GET", `${full}&groupBy=club`, { headers: admin.headers });
    assert.equal(emptied.json.total.leads, 0);
    const { marked } = await backfillFunnel(env.kv, TZ);
    assert.ok(marked > 10, `${marked} records marked`);
    for (const [i, g] of ["club", "user", "source"].entries()) {
      const again = await call(env, "GET", `${full}&groupBy=${g}`, { headers: admin.headers });
      assert.deepEqual(again.json, wanted[i], `after the migration, by ${g}`);
    }
    assert.equal((await backfillFunnel(env.kv, TZ)).marked, 0, "a second run changes nothing");

    // The shares and the conversion rate beside the counts.
    const all = await call(
      env,
      "GET",
      `/api/reports/funnel?marketProjectId=1&from=${first}&to=${today}&groupBy=source`,
      { headers: admin.headers },
    );
    for (const row of all.json.rows) {
      if (!row.leads) continue;
      assert.equal(row.reachedShare, Math.round((row.reached / row.leads) * 1e4) / 1e4);
      assert.equal(row.bookedShare, Math.round((row.booked / row.leads) * 1e4) / 1e4);
      assert.equal(row.membersShare, row.conversionRate);
    }
    // CSV: the same figures, headers in the caller's language.
    const csv = await env.app.request(
      `http://localhost:8000/api/reports/funnel?marketProjectId=1&from=${first}&to=${today}` +
        "&groupBy=source&format=csv&language=sv",
      { headers: admin.headers },
    );
    assert.equal(csv.status, 200);
    const text = await csv.text();
    assert.match(text, /Källa.Leads.Nådda/);
    const webRow = all.json.rows.find((r: any) => r.key === "web");
    assert.match(text, new RegExp(`Webbformulär.${webRow.leads}.${webRow.reached}.`));

    // Who may see what; bad input is 400 with the field's key.
    const b2bCall = await call(
      env,
      "GET",
      `/api/reports/funnel?marketProjectId=1&from=${first}&to=${today}`,
      { headers: b2b.headers },
    );
    assert.equal(b2bCall.res.status, 403, "a B2B user: B2B projects only");
    const b2bOwn = await call(env, "GET", `/api/reports/funnel?marketProjectId=2`, {
      headers: b2b.headers,
    });
    assert.equal(b2bOwn.res.status, 200);
    for (
      const [q, field] of [
        ["", "marketProjectId"],
        ["marketProjectId=x", "marketProjectId"],
        ["marketProjectId=1&groupBy=colour", "groupBy"],
        ["marketProjectId=1&from=2026-02-30", "from"],
        ["marketProjectId=1&from=2026-03-02&to=2026-03-01", "to"],
        ["marketProjectId=999", "marketProjectId"],
      ]
    ) {
      const bad = await call(env, "GET", `/api/reports/funnel?${q}`, { headers: admin.headers });
      assert.equal(bad.res.status, 400, q);
      assert.ok(bad.json.fields?.[field], `${q}: ${JSON.stringify(bad.json)}`);
    }
    assert.equal((await call(env, "GET", "/api/reports/funnel?marketProjectId=1")).res.status, 401);
  } finally {
    env.close();
  }
});
