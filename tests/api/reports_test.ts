/**
 * Reports API (issue #7): every column on a hand-built history with known answers, past reference
 * dates, the validation errors of spec §5, permissions, CSV; see reports_bruteforce_test.ts for
 * the comparison with a brute-force computation over random data.
 */
import { getRecord } from "@/lib/db/prospect_record.ts";
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import {
  createInput,
  ctxAt,
  makeReportChain,
  saveInput,
  sessionOf,
  setLimits,
  TZ,
} from "@/tests/api/report_fixtures.ts";
import { clubDistricts, deleteClub, getClubByNumber } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { deleteProspect, saveProspect } from "@/lib/services/prospects.ts";
import { asOfInstant, STATUS_COLUMNS } from "@/lib/domain/reports.ts";
import { parseCsv } from "@/tests/helpers.ts";
import { backfillReportKeys } from "@/lib/db/report_backfill.ts";
import {
  familyPart,
  reportCounterKey,
  reportFirstInKey,
  reportKeptKey,
  reportSnapshotKey,
  reportStintKey,
  reportZoneKey,
} from "@/lib/db/keys.ts";
import { runReportSnapshots } from "@/lib/services/report_snapshots.ts";
import { deletePrefix, listAll } from "@/lib/db/kv.ts";
import { ensureReportZone } from "@/lib/db/report_zone.ts";
import { districtsToday } from "@/lib/db/report_districts.ts";
import { keepMidnights } from "@/lib/db/report_keep.ts";
import { settleClock, varints } from "@/lib/db/report_store.ts";
import { foldPending } from "@/lib/db/report_pending.ts";

const NOW = "2026-03-10T09:00:00.000Z"; // 10:00 in Stockholm (CET)

/**
 * The story (times UTC; Stockholm is UTC+1 in March before the 29th):
 * 03-01 09:00 G created (p1, club 101)             — never touched
 * 03-04 09:00 A, B (p1/101), C (p1/102), D (p1/103), E (p2/101) created
 * 03-05 09:00 A → NoAnswer1 (limits 0/0/0: escalated at once)
 * 03-08 12:00 A → Booked (follow-up 03-12), B → Member
 * 03-09 20:00 C → NoThanks; D deleted
 * 03-10 08:00 B moved to club 102 (no status change)
 * 03-10 09:00 F created (p1/101)                    — now
 */
async function story() {
  const env = await makeEnv({}, new Date(NOW));
  await makeReportChain(env);
  await setLimits(env.kv, [0, 99, 99], { NoAnswer1: [0, 0, 0] });
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const staff = await signedIn(env, { firstName: "Sara" });
  await setClubSubscription(env.kv, staff.user.id, 101, true);
  await setClubSubscription(env.kv, staff.user.id, 102, true);
  const a = sessionOf(admin.user);
  const create = (at: string, mp: number, club: number) =>
    createProspect(ctxAt(env, a, at), createInput(mp, club));
  const save = (at: string, p: any, changes: Record<string, unknown>) =>
    saveProspect(ctxAt(env, a, at), p.id, saveInput(p, changes) as any);

  await create("2026-03-01T09:00:00Z", 1, 101); // G
  let A = await create("2026-03-04T09:00:00Z", 1, 101);
  let B = await create("2026-03-04T09:00:00Z", 1, 101);
  let C = await create("2026-03-04T09:00:00Z", 1, 102);
  const D = await create("2026-03-04T09:00:00Z", 1, 103);
  await create("2026-03-04T09:00:00Z", 2, 101); // E
  A = await save("2026-03-05T09:00:00Z", A, { sellStatus: "NoAnswer1" });
  assert.equal(A.activityStatus, "Escalated");
  A = await save("2026-03-08T12:00:00Z", A, { sellStatus: "Booked", followUpDate: "2026-03-12" });
  B = await save("2026-03-08T12:00:00Z", B, { sellStatus: "Member" });
  C = await save("2026-03-09T20:00:00Z", C, { sellStatus: "NoThanks" });
  await deleteProspect(ctxAt(env, a, "2026-03-09T20:00:00Z"), D.id);
  B = await save("2026-03-10T08:00:00Z", B, { clubId: 102 });
  await create(NOW, 1, 101); // F
  return { env, admin, staff };
}

const get = (env: TestEnv, headers: Record<string, string>, path: string) =>
  call(env, "GET", path, { headers });

/** The project, club and age reports of the story's projects for each date (JSON answers). */
const everyReport = (env: TestEnv, headers: Record<string, string>, dates: string[]) =>
  Promise.all(
    dates.flatMap((d) => [
      `/api/reports/status-project?referenceDate=${d}&marketProjectIds=1,2`,
      `/api/reports/status-project?referenceDate=${d}&prospectFieldKey=clubId&collection=clubs&ids=101,102,103&marketProjectIds=1,2`,
      `/api/reports/sell-status-age?marketProjectId=1&referenceDate=${d}`,
    ]).map(async (p) => (await get(env, headers, p)).json),
  );

/** Every status column at 0 (a status added to SELL_STATUS_TABLE adds its column here too). */
const ZERO_STATUSES = Object.fromEntries(STATUS_COLUMNS.map((c) => [c, 0]));

Deno.test("status project: every column today and as of past dates", async () => {
  const { env, admin } = await story();
  try {
    const today = await get(
      env,
      admin.headers,
      "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1,2",
    );
    assert.equal(today.res.status, 200, JSON.stringify(today.json));
    assert.equal(today.json.asOf, NOW);
    assert.equal(today.json.limit, 10);
    const [p1, p2] = today.json.rows;
    assert.deepEqual(p1, {
      marketProjectId: 1,
      marketProject: "Vårkampanj",
      startDate: "2026-01-01",
      days: 68,
      ...ZERO_STATUSES,
      prospect: 2, // G and F have no sell status yet: counted as Prospect
      noThanks: 1,
      booked: 1,
      member: 1,
      change24h: 1, // C at 03-09 20:00
      totalStatusChange: 4, // A twice, B, C
      totalEscalatedProspects: 1, // A
      totalProspects: 5,
      totalDoneProspects: 2, // Member, NoThanks
      firstProspectIn: "2026-03-01T09:00:00.000Z", // G
    });
    assert.equal(p2.marketProject, "Företag");
    assert.equal(p2.prospect, 1);
    assert.equal(p2.totalProspects, 1);
    assert.equal(p2.totalStatusChange, 0);

    // End of 03-08 (= 2026-03-08T23:00Z): D alive, F not yet there, C still without status.
    const past = await get(
      env,
      admin.headers,
      "/api/reports/status-project?referenceDate=2026-03-08&marketProjectIds=1",
    );
    assert.equal(past.json.asOf, "2026-03-08T23:00:00.000Z");
    assert.deepEqual(past.json.rows[0], {
      marketProjectId: 1,
      marketProject: "Vårkampanj",
      startDate: "2026-01-01",
      days: 66,
      ...ZERO_STATUSES,
      prospect: 3, // G, C, D
      booked: 1,
      member: 1,
      change24h: 2, // A and B at 03-08 12:00
      totalStatusChange: 3,
      totalEscalatedProspects: 1,
      totalProspects: 5,
      totalDoneProspects: 1,
      firstProspectIn: "2026-03-01T09:00:00.000Z",
    });

    const early = await get(
      env,
      admin.headers,
      "/api/reports/status-project?referenceDate=2026-03-04&marketProjectIds=1",
    );
    const e = early.json.rows[0];
    assert.equal(e.prospect, 5); // G, A, B, C, D
    assert.equal(e.totalProspects, 5);
    assert.equal(e.totalStatusChange, 0);
    assert.equal(e.totalEscalatedProspects, 0);
    assert.equal(e.change24h, 0);

    const before = await get(
      env,
      admin.headers,
      "/api/reports/status-project?referenceDate=2025-12-31&marketProjectIds=1",
    );
    assert.equal(before.json.rows[0].totalProspects, 0);
    assert.equal(before.json.rows[0].firstProspectIn, null, "no prospect yet");
    assert.equal(before.json.rows[0].days, 0, "a project that has not started shows 0 days");
  } finally {
    env.close();
  }
});

Deno.test("status project without projects: the newest active ones the caller may see", async () => {
  const { env, admin, staff } = await story();
  try {
    const all = await get(
      env,
      admin.headers,
      "/api/reports/status-project?referenceDate=2026-03-10",
    );
    assert.equal(all.res.status, 200);
    assert.deepEqual(all.json.rows.map((r: any) => r.marketProjectId).sort(), [1, 2]);
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    const mine = await get(
      env,
      b2b.headers,
      "/api/reports/status-project?referenceDate=2026-03-10",
    );
    assert.deepEqual(mine.json.rows.map((r: any) => r.marketProjectId), [2]);
    const denied = await get(
      env,
      b2b.headers,
      "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1",
    );
    assert.equal(denied.res.status, 403);
    assert.equal(denied.json.error, "B2B_ONLY");
    const ok = await get(
      env,
      staff.headers,
      "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=3",
    );
    assert.equal(ok.res.status, 200, "an inactive project can still be reported by id");
  } finally {
    env.close();
  }
});

Deno.test("status project club and district: every column, today and in the past", async () => {
  const { env, staff } = await story();
  try {
    const q = (date: string, extra: string) =>
      get(env, staff.headers, `/api/reports/status-project?referenceDate=${date}&${extra}`);
    const clubs = await q(
      "2026-03-10",
      "prospectFieldKey=clubId&collection=clubs&ids=101,102,103&marketProjectIds=1",
    );
    assert.equal(clubs.res.status, 200, JSON.stringify(clubs.json));
    const byId = Object.fromEntries(clubs.json.rows.map((r: any) => [r.id, r]));
    assert.deepEqual(
      clubs.json.rows.map((r: any) => r.name),
      ["Klubb Norr", "Klubb Söder", "Klubb Väst"],
      "sorted by name",
    );
    assert.deepEqual(byId[101], {
      id: 101,
      name: "Klubb Söder",
      ...ZERO_STATUSES,
      prospect: 2, // G, F
      booked: 1, // A
      change24h: 0,
      totalStatusChange: 3, // A twice and B's change happened here
      totalProspects: 3,
      totalDoneProspects: 0,
    });
    assert.deepEqual(byId[102], {
      id: 102,
      name: "Klubb Norr",
      ...ZERO_STATUSES,
      noThanks: 1,
      member: 1, // B moved here today
      change24h: 1,
      totalStatusChange: 1,
      totalProspects: 2,
      totalDoneProspects: 2,
    });
    assert.equal(byId[103].totalProspects, 0, "D was deleted");
    assert.equal("days" in byId[101] || "startDate" in byId[101], false);
    assert.equal("totalEscalatedProspects" in byId[101], false);

    const past = await q(
      "2026-03-08",
      "prospectFieldKey=clubId&collection=clubs&ids=101,102,103&marketProjectIds=1,2",
    );
    const pastBy = Object.fromEntries(past.json.rows.map((r: any) => [r.id, r]));
    assert.equal(pastBy[101].totalProspects, 4, "G, A, B and project 2's E");
    assert.equal(pastBy[101].prospect, 2);
    assert.equal(pastBy[101].member, 1, "B was still in 101");
    assert.equal(pastBy[101].change24h, 2);
    assert.equal(pastBy[102].prospect, 1);
    assert.equal(pastBy[103].prospect, 1, "D not yet deleted");

    const districts = await q(
      "2026-03-10",
      "prospectFieldKey=districtId&collection=district&ids=1,2&marketProjectIds=1,2",
    );
    assert.equal(districts.res.status, 200);
    const [gbg, sthlm] = districts.json.rows;
    assert.equal(gbg.name, "Göteborg");
    assert.equal(gbg.totalProspects, 0);
    assert.equal(sthlm.name, "Stockholm");
    assert.equal(sthlm.totalProspects, 6);
    assert.equal(sthlm.totalStatusChange, 4);
    assert.equal(sthlm.change24h, 1);
    assert.equal(sthlm.totalDoneProspects, 2);
  } finally {
    env.close();
  }
});

Deno.test("sell status age: the caller's clubs, buckets today and as of past dates", async () => {
  const { env, staff } = await story();
  try {
    const res = await get(
      env,
      staff.headers,
      "/api/reports/sell-status-age?marketProjectId=1&referenceDate=2026-03-10",
    );
    assert.equal(res.res.status, 200, JSON.stringify(res.json));
    assert.deepEqual(res.json.clubs, [
      { clubId: 101, name: "Klubb Söder" },
      { clubId: 102, name: "Klubb Norr" },
    ]);
    // A row per status column (spec §2's 20; a status added to the table adds its own).
    assert.equal(res.json.rows.length, STATUS_COLUMNS.length);
    const row = (s: string) => res.json.rows.find((r: any) => r.sellStatus === s);
    const zero = {
      lessThan24h: 0,
      oneDay: 0,
      twoDays: 0,
      threeDays: 0,
      fourDays: 0,
      moreThanFourDays: 0,
    };
    assert.deepEqual(row("Prospect"), {
      sellStatus: "Prospect",
      sellStatusName: "Prospekt",
      ...zero,
      lessThan24h: 1, // F
      moreThanFourDays: 1, // G
      sum: 2,
    });
    assert.deepEqual(row("Booked"), { ...row("Booked"), ...zero, oneDay: 1, sum: 1 }); // A, 45 h
    assert.equal(row("Member").oneDay, 1, "B keeps its status age after the move to 102");
    assert.equal(row("NoThanks").lessThan24h, 1); // C, 13 h
    assert.equal(row("NoAnswer1").sum, 0);
    assert.equal(res.json.totals.sum, 5);
    assert.equal(res.json.totals.lessThan24h, 2);

    // As of the end of 03-08 (23:00Z): A and B just changed; C 4 d 14 h; G > 4 days.
    const past = await get(
      env,
      staff.headers,
      "/api/reports/sell-status-age?marketProjectId=1&referenceDate=2026-03-08&language=en",
    );
    const prow = (s: string) => past.json.rows.find((r: any) => r.sellStatus === s);
    assert.equal(prow("Prospect").sellStatusName, "Prospect");
    assert.equal(prow("Booked").sellStatusName, "Booked");
    assert.deepEqual(
      [prow("Prospect").fourDays, prow("Prospect").moreThanFourDays, prow("Prospect").sum],
      [1, 1, 2],
    );
    assert.equal(prow("Booked").lessThan24h, 1);
    assert.equal(prow("Member").lessThan24h, 1);
    assert.equal(prow("NoThanks").sum, 0);

    // End of 03-05: A NoAnswer1 since 09:00 (14 h); B and C since 03-04 09:00 (38 h); G 4 d 14 h.
    const early = await get(
      env,
      staff.headers,
      "/api/reports/sell-status-age?marketProjectId=1&referenceDate=2026-03-05",
    );
    const erow = (s: string) => early.json.rows.find((r: any) => r.sellStatus === s);
    assert.equal(erow("NoAnswer1").lessThan24h, 1);
    assert.deepEqual([erow("Prospect").oneDay, erow("Prospect").fourDays], [2, 1]);
  } finally {
    env.close();
  }
});

Deno.test("sell status age without subscribed clubs: no clubs and zero rows", async () => {
  const { env } = await story();
  try {
    const lonely = await signedIn(env);
    const res = await get(
      env,
      lonely.headers,
      "/api/reports/sell-status-age?marketProjectId=1&referenceDate=2026-03-10",
    );
    assert.equal(res.res.status, 200);
    assert.deepEqual(res.json.clubs, []);
    assert.equal(res.json.totals.sum, 0);
  } finally {
    env.close();
  }
});

Deno.test("report validation (spec §5): each error is a 400 naming the field", async () => {
  const { env, staff } = await story();
  try {
    const bad = async (path: string, fields: Record<string, string>) => {
      const { res, json } = await get(env, staff.headers, path);
      assert.equal(res.status, 400, path);
      assert.equal(json.error, "VALIDATION");
      assert.equal(typeof json.message, "string");
      assert.deepEqual(json.fieldKeys, fields, path);
    };
    await bad("/api/reports/sell-status-age?referenceDate=2026-03-10", {
      marketProjectId: "validation.required",
    });
    await bad("/api/reports/sell-status-age?marketProjectId=1", {
      referenceDate: "validation.required",
    });
    await bad("/api/reports/sell-status-age?marketProjectId=1&referenceDate=2026-02-30", {
      referenceDate: "validation.invalidDate",
    });
    await bad("/api/reports/sell-status-age?marketProjectId=1&referenceDate=10/03/2026", {
      referenceDate: "validation.invalidDate",
    });
    await bad("/api/reports/sell-status-age?marketProjectId=99&referenceDate=2026-03-10", {
      marketProjectId: "validation.invalidValue",
    });
    await bad("/api/reports/status-project?marketProjectIds=1", {
      referenceDate: "validation.required",
    });
    await bad(
      "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1,2,3,4,5,6,7,8,9,10,11",
      { marketProjectIds: "reports.errors.tooManyProjects" },
    );
    await bad("/api/reports/status-project?referenceDate=2026-03-10&limit=11", {
      limit: "reports.errors.tooManyProjects",
    });
    await bad("/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=-1", {
      marketProjectIds: "validation.invalidValue",
    });
    await bad("/api/reports/status-project?referenceDate=2026-03-10&ids=101", {
      prospectFieldKey: "validation.required",
      collection: "validation.required",
      marketProjectIds: "validation.arrayRequired",
    });
    await bad(
      "/api/reports/status-project?referenceDate=2026-03-10&prospectFieldKey=clubId&collection=clubs&marketProjectIds=1",
      { ids: "validation.arrayRequired" },
    );
    await bad(
      "/api/reports/status-project?referenceDate=2026-03-10&prospectFieldKey=clubId&collection=district&ids=1&marketProjectIds=1",
      { collection: "reports.errors.collectionMismatch" },
    );
    await bad(
      "/api/reports/status-project?referenceDate=2026-03-10&prospectFieldKey=clubId&collection=clubs&ids=999&marketProjectIds=1",
      { ids: "validation.invalidValue" },
    );
    // Repeated parameters work like comma lists.
    const ok = await get(
      env,
      staff.headers,
      "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1&marketProjectIds=2",
    );
    assert.equal(ok.json.rows.length, 2);
    const anon = await call(env, "GET", "/api/reports/status-project?referenceDate=2026-03-10");
    assert.equal(anon.res.status, 401);
  } finally {
    env.close();
  }
});

Deno.test("CSV: UTF-8 with BOM, ';' separated, localized headers, same numbers as JSON", async () => {
  const { env, staff } = await story();
  try {
    const res = await env.app.request(
      "http://localhost:8000/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1&format=csv",
      { headers: staff.headers },
    );
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type")!, /^text\/csv; charset=utf-8/);
    assert.match(res.headers.get("content-disposition")!, /status-project_2026-03-10\.csv/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "BOM");
    const rows = parseCsv(new TextDecoder().decode(bytes));
    assert.equal(rows[0][0], "Marknadsprojekt");
    assert.ok(rows[0].includes("Ångrade mötet"));
    // Project, start, days, a column per status, the six totals, first prospect in.
    const width = 3 + STATUS_COLUMNS.length + 6;
    assert.equal(rows[0].length, width);
    assert.equal(rows[0][width - 1], "Första prospekt", "firstProspectIn is the last column");
    assert.equal(rows[1][width - 1], "2026-03-01", "its local date");
    const col = (name: string) => rows[0].indexOf(name);
    assert.equal(rows[1][0], "Vårkampanj");
    assert.equal(rows[1][col("Prospekt totalt")], "5");
    assert.equal(rows[1][col("Statusändringar totalt")], "4");

    const age = await env.app.request(
      "http://localhost:8000/api/reports/sell-status-age?marketProjectId=1&referenceDate=2026-03-10&format=csv&language=en",
      { headers: staff.headers },
    );
    const ageRows = parseCsv(await age.text());
    assert.deepEqual(ageRows[0], [
      "Sell status",
      "< 24 h",
      "1 day",
      "2 days",
      "3 days",
      "4 days",
      "> 4 days",
      "Sum",
    ]);
    assert.equal(ageRows.length, STATUS_COLUMNS.length + 2, "header, a row per status, the sum");
    assert.deepEqual(ageRows.at(-1), ["Sum", "2", "2", "0", "0", "0", "1", "5"]);

    const club = await env.app.request(
      "http://localhost:8000/api/reports/status-project?referenceDate=2026-03-10&prospectFieldKey=districtId&collection=district&ids=1&marketProjectIds=1&format=csv",
      { headers: staff.headers },
    );
    const clubRows = parseCsv(await club.text());
    assert.equal(clubRows[0][0], "Distrikt");
    // The district, a column per status, the five totals (no start, days or escalations).
    assert.equal(clubRows[0].length, 1 + STATUS_COLUMNS.length + 4);
    assert.equal(clubRows[1][0], "Stockholm");
  } finally {
    env.close();
  }
});

Deno.test("the /reports page: login required, tabs, a filter in the address is rendered at once", async () => {
  const { env, staff } = await story();
  try {
    const anon = await env.app.request("http://localhost:8000/reports");
    assert.equal(anon.status, 302);
    assert.match(anon.headers.get("location")!, /^\/login\?redirect=%2Freports/);
    const page = await call(env, "GET", "/reports", { headers: staff.headers });
    assert.equal(page.res.status, 200);
    assert.match(page.json, /Säljstatus ålder/);
    assert.match(page.json, /Dina klubbar: Klubb Söder, Klubb Norr/);
    assert.match(page.json, /data-island="SellStatusAgeReport"/);
    const shown = await call(
      env,
      "GET",
      "/reports?tab=statusProject&marketProjectIds=1&referenceDate=2026-03-08",
      { headers: staff.headers },
    );
    assert.match(shown.json, /data-testid="project-table"/);
    assert.match(shown.json, /Vårkampanj/);
    const club = await call(
      env,
      "GET",
      "/reports?tab=statusProjectClub&referenceDate=2026-03-10&marketProjectIds=1&collection=district&ids=1",
      { headers: staff.headers },
    );
    assert.match(club.json, /data-testid="club-table"/);
    assert.match(club.json, /Stockholm/);
    const bad = await call(
      env,
      "GET",
      "/reports?tab=sellStatusAge&marketProjectId=99&referenceDate=2026-03-10",
      {
        headers: staff.headers,
      },
    );
    assert.equal(bad.res.status, 200, "an unknown project in the address shows the empty form");
    assert.doesNotMatch(bad.json, /data-testid="age-table"/);
  } finally {
    env.close();
  }
});

Deno.test("migration 50 rebuilds the report keys of a store written without them", async () => {
  const { env, admin } = await story();
  try {
    const paths = [
      "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1,2",
      "/api/reports/status-project?referenceDate=2026-03-08&marketProjectIds=1,2",
      "/api/reports/status-project?referenceDate=2026-03-05&prospectFieldKey=clubId&collection=clubs&ids=101,102,103&marketProjectIds=1",
      "/api/reports/status-project?referenceDate=2026-03-09&prospectFieldKey=clubId&collection=clubs&ids=101,102,103&marketProjectIds=1",
    ];
    const before = await Promise.all(paths.map((p) => get(env, admin.headers, p)));
    const families = [
      "report_counters",
      "report_stints",
      "report_changes_at",
      "report_current",
      "report_snapshots",
    ].map(familyPart);
    for (const f of families) {
      for await (const e of env.kv.list({ prefix: [f] })) await env.kv.delete(e.key);
    }
    const empty = await get(env, admin.headers, paths[0]);
    assert.equal(empty.json.rows[0].totalStatusChange, 0);
    assert.deepEqual(await backfillReportKeys(env.kv, env.config.timeZone), { prospects: 7 });
    const after = await Promise.all(paths.map((p) => get(env, admin.headers, p)));
    for (let i = 0; i < paths.length; i++) {
      assert.deepEqual(after[i].json, before[i].json, paths[i]);
    }
    assert.deepEqual(
      await backfillReportKeys(env.kv, env.config.timeZone),
      { prospects: 0 },
      "kept keys: nothing to do",
    );
  } finally {
    env.close();
  }
});

Deno.test("the nightly job keeps every midnight once, prunes what they read; past reports answer the same", async () => {
  const { env, admin } = await story();
  try {
    const justAfterMidnight = {
      kv: env.kv,
      config: env.config,
      now: () => new Date("2026-03-09T23:05:00Z"),
    };
    assert.equal(await runReportSnapshots(justAfterMidnight), null, "not while writes may settle");
    const deps = { kv: env.kv, config: env.config, now: () => new Date(NOW) };
    const reports = () =>
      everyReport(env, admin.headers, [
        "2026-02-28",
        "2026-03-01",
        "2026-03-04",
        "2026-03-05",
        "2026-03-08",
        "2026-03-09",
      ]);
    await deletePrefix(env.kv, reportSnapshotKey());
    const want = await reports(); // from the buckets and stints
    await deletePrefix(env.kv, reportSnapshotKey());
    // Per-hour change buckets older than two days go; the last two days' stay.
    const old = reportCounterKey("cch", 1, "2026-03-05T09", 101);
    const recent = reportCounterKey("cch", 1, "2026-03-08T12", 101);
    assert.ok((await env.kv.get(old)).value, "A's change on 03-05 left its hour bucket");
    assert.ok((await env.kv.get(recent)).value, "A's and B's changes at 03-08 12:00");
    const stints = (await listAll(env.kv, reportStintKey(1))).length;
    const run = await runReportSnapshots(deps);
    assert.deepEqual(run, { day: "2026-03-09", projects: 3 });
    assert.equal((await env.kv.get(old)).value, null);
    assert.ok((await env.kv.get(recent)).value);
    assert.equal(await runReportSnapshots(deps), null, "once per date");
    // Every midnight from the project's first day (03-01) to today's (03-10) is kept…
    const t = "2026-03-09T23:00:00.000Z"; // the end of 03-09 in Stockholm
    assert.equal((await env.kv.get(reportKeptKey(1))).value, t);
    const marks = (await listAll(env.kv, reportSnapshotKey("cs", 1))).map((e) => e.key[3]);
    assert.equal(marks.length, 10, marks.join());
    // …so the day buckets before 03-08 and G's stint of 03-01 are gone.
    const days = (await listAll(env.kv, reportCounterKey("scd", 1))).map((e) => e.key[3]);
    assert.deepEqual([...new Set(days)].sort(), ["2026-03-08", "2026-03-09", "2026-03-10"]);
    assert.ok((await listAll(env.kv, reportStintKey(1))).length < stints);
    assert.deepEqual(await reports(), want, "every past date answers the same from kept values");
    // End of 03-09: G (no status), A Booked, B Member in 101 (B moves on 03-10), C NoThanks in 102;
    // D deleted, F later. Zero counts are left out.
    // Kept compactly: each status name once, then per club its id, how many statuses and per
    // status its place in `s` and the count.
    const chunk = await env.kv.get(reportSnapshotKey("csc", 1, t, 0));
    assert.deepEqual(chunk.value, {
      s: ["", "Booked", "Member", "NoThanks"],
      b: varints([101, 3, 0, 1, 1, 1, 2, 1, 102, 1, 3, 1]),
    });
    // Reading the day answers the kept values (changing the kept value shows it is read). A kept
    // value is written with its marker in one atomic, as writeChunks does: a process keeps the
    // decoded value while the marker stands.
    const marker = await env.kv.get(reportSnapshotKey("cs", 1, t));
    await env.kv.atomic()
      .set(reportSnapshotKey("csc", 1, t, 0), { s: ["NoThanks"], b: varints([101, 1, 0, 2]) })
      .set(marker.key, marker.value)
      .commit();
    const r = await get(
      env,
      admin.headers,
      "/api/reports/status-project?referenceDate=2026-03-09&prospectFieldKey=clubId&collection=clubs&ids=101&marketProjectIds=1",
    );
    assert.equal(r.json.rows[0].noThanks, 2);
    // The project's sum is kept as well (`ps`), read alone by the project report.
    const ps = await env.kv.get(reportSnapshotKey("ps", 1, t));
    assert.deepEqual(ps.value, { "": 1, Booked: 1, Member: 1, NoThanks: 1 });
  } finally {
    env.close();
  }
});

Deno.test("with the server's clock ahead of real time, no midnight is kept and nothing pruned", async () => {
  const { env } = await story();
  const real = settleClock.now;
  try {
    // Real time two days behind the server's clock (03-10 10:00): not even 03-08's midnight has
    // settled, so keeping would keep nothing — and pruning would lose the buckets.
    settleClock.now = () => Date.parse("2026-03-07T00:00:00Z");
    const scd = await listAll(env.kv, reportCounterKey("scd"));
    assert.deepEqual(await keepMidnights(env.kv, 1, "Europe/Stockholm", new Date(NOW)), {
      kept: 0,
      pruned: 0,
    });
    assert.equal((await env.kv.get(reportKeptKey(1))).value, null);
    assert.deepEqual(await listAll(env.kv, reportSnapshotKey()), []);
    assert.deepEqual(await listAll(env.kv, reportCounterKey("scd")), scd);
  } finally {
    settleClock.now = real;
    env.close();
  }
});

Deno.test("a start with another TZ_NAME rebuilds the report days in it; the same answers", async () => {
  const { env, admin } = await story();
  try {
    const paths = [
      "/api/reports/status-project?referenceDate=2026-03-08&marketProjectIds=1,2",
      "/api/reports/status-project?referenceDate=2026-03-09&prospectFieldKey=clubId&collection=clubs&ids=101,102,103&marketProjectIds=1",
      "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1,2",
    ];
    const reports = async () => {
      await deletePrefix(env.kv, reportSnapshotKey());
      return await Promise.all(paths.map(async (p) => (await get(env, admin.headers, p)).json));
    };
    const want = await reports();
    await env.kv.set(reportZoneKey(), "Europe/Stockholm");
    assert.equal(await ensureReportZone(env.kv, "Europe/Stockholm"), false, "same zone: nothing");
    const days = async () =>
      (await listAll(env.kv, reportCounterKey("scd", 1))).map((e) => e.key[3]).sort();
    const stockholm = await days();
    assert.equal(await ensureReportZone(env.kv, "America/New_York"), true);
    assert.equal((await env.kv.get(reportZoneKey())).value, "America/New_York");
    assert.ok((await days()).length > 0);
    assert.equal(await ensureReportZone(env.kv, "Europe/Stockholm"), true);
    assert.deepEqual(await days(), stockholm);
    assert.deepEqual(await reports(), want, "rebuilt in the configured zone: the same answers");
  } finally {
    env.close();
  }
});

Deno.test("today's 24 h of changes are exact at the window's start, its first minute and hour, also from kept values", async () => {
  const t = "2026-03-10T12:34:56.789Z";
  const env = await makeEnv({}, new Date("2026-03-09T08:00:00Z"));
  try {
    await makeReportChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const a = sessionOf(admin.user);
    // One status change per instant, each of another prospect (t − 24 h = 03-09 12:34:56.789).
    const instants = [
      "2026-03-09T12:34:56.788Z", // a millisecond before the window
      "2026-03-09T12:34:56.789Z", // its first instant
      "2026-03-09T12:35:00.000Z", // the first whole minute
      "2026-03-09T12:35:30.000Z",
      "2026-03-09T12:59:59.999Z", // the last instant of the partial first hour
      "2026-03-09T13:00:00.000Z", // the first whole hour
      "2026-03-09T15:00:00.000Z",
      "2026-03-10T12:10:00.000Z", // the current hour
      "2026-03-10T12:20:00.000Z",
    ];
    for (const at of instants) {
      const p = await createProspect(ctxAt(env, a, "2026-03-09T08:00:00Z"), createInput(1, 101));
      await saveProspect(ctxAt(env, a, at), p.id, saveInput(p, { sellStatus: "NoThanks" }) as any);
    }
    // The midnight before is kept, so the district report of today reads its district buckets
    // (its kept hour and minute sums are also kept per process, by instant).
    env.clock.set(t);
    assert.ok(
      await runReportSnapshots({ kv: env.kv, config: env.config, now: () => env.clock.now }),
    );
    const districts = await clubDistricts(env.kv);
    const change24h = async (now: string) => {
      env.clock.set(now);
      const r = await get(
        env,
        admin.headers,
        "/api/reports/status-project?referenceDate=2026-03-10&marketProjectIds=1",
      );
      assert.equal(r.res.status, 200, JSON.stringify(r.json));
      const byDistrict = await districtsToday(
        env.kv,
        1,
        asOfInstant("2026-03-10", new Date(now), TZ),
        districts,
      );
      assert.ok(byDistrict, "the district buckets are trusted");
      const sum = [...byDistrict.changes.values()].reduce((n, r) => n + r.last24h, 0);
      assert.equal(sum, r.json.rows[0].change24h, `by district at ${now}`);
      return r.json.rows[0].change24h;
    };
    assert.equal(await change24h(t), 8);
    assert.equal(await change24h(t), 8, "again, from the kept hour and minute sums");
    const kept = await listAll(env.kv, reportSnapshotKey("cm", 1));
    assert.deepEqual(kept.map((e) => e.key[3]), ["2026-03-09T12:35:00.000Z"]);
    // 20 s later the window starts after 12:35:00: the next minute's sums, 12:35:30 read alone.
    assert.equal(await change24h("2026-03-10T12:35:16.789Z"), 6);
    assert.equal(await change24h("2026-03-10T12:35:16.789Z"), 6);
    // At a whole minute and a whole hour the window has no partial minute or hour.
    assert.equal(await change24h("2026-03-10T12:36:00.000Z"), 5);
    assert.equal(await change24h("2026-03-10T13:00:00.000Z"), 4);
    assert.equal(await change24h("2026-03-10T13:00:00.001Z"), 3);
    // In the first minutes of an hour (real time) its whole hours' sum is not kept yet: the
    // previous hour's kept sum moved by one hour (03-09 13:00 out, 03-10 12:10 and 12:20 in).
    await deletePrefix(env.kv, reportSnapshotKey("cw"));
    settleClock.now = () => Date.parse("2026-03-10T13:00:31.000Z");
    try {
      assert.equal(await change24h("2026-03-10T13:00:30.000Z"), 3);
      assert.deepEqual(
        (await listAll(env.kv, reportSnapshotKey("cw", 1))).map((e) => e.key[3]),
        ["2026-03-10T12:00:00.000Z"],
        "only the settled hour is kept",
      );
      assert.equal(await change24h("2026-03-10T13:05:00.000Z"), 3);
    } finally {
      settleClock.now = () => Date.now();
    }
  } finally {
    env.close();
  }
});

Deno.test("firstProspectIn skips past more left prospects than its first read holds", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T08:00:00Z"));
  try {
    await makeReportChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const a = sessionOf(admin.user);
    const made = [];
    for (let i = 0; i < 20; i++) {
      const at = new Date(Date.parse("2026-03-01T08:00:00Z") + i * 3_600_000).toISOString();
      made.push(await createProspect(ctxAt(env, a, at), createInput(1, 101)));
    }
    // The 15 earliest leave the project: 30 first-in entries before the first one still in it.
    for (const p of made.slice(0, 15)) {
      await deleteProspect(ctxAt(env, a, "2026-03-09T08:00:00Z"), p.id);
    }
    const firstIn = async (day: string) =>
      (await get(
        env,
        admin.headers,
        `/api/reports/status-project?referenceDate=${day}&marketProjectIds=1`,
      )).json.rows[0].firstProspectIn;
    assert.equal(await firstIn("2026-03-10"), "2026-03-01T23:00:00.000Z");
    assert.equal(await firstIn("2026-03-08"), "2026-03-01T08:00:00.000Z", "before they left");
    // A store written before entries at registration left their instant out reads the same.
    const entries = await Array.fromAsync(env.kv.list<number>({ prefix: reportFirstInKey(1) }));
    assert.equal(entries.filter((e) => e.key.length === 4).length, 20, "one per creation");
    for (const e of entries.filter((e) => e.key.length === 4)) {
      await env.kv.atomic().delete(e.key).set([...e.key, e.key[2]], e.value).commit();
    }
    await deletePrefix(env.kv, reportSnapshotKey("pf"));
    assert.equal(await firstIn("2026-03-10"), "2026-03-01T23:00:00.000Z");
    assert.equal(await firstIn("2026-03-08"), "2026-03-01T08:00:00.000Z");
  } finally {
    env.close();
  }
});

Deno.test("district report of today: from the district buckets, and right when a club is emptied and removed", async () => {
  const env = await makeEnv({}, new Date("2026-03-09T09:00:00Z"));
  try {
    await makeReportChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const a = sessionOf(admin.user);
    const day1 = ctxAt(env, a, "2026-03-09T09:00:00Z");
    const moving = [];
    for (let i = 0; i < 3; i++) moving.push(await createProspect(day1, createInput(1, 103)));
    await createProspect(day1, createInput(1, 101));
    // The next morning: the midnight is kept, then the three move from club 103 (district 1) to
    // 201 (district 2) and club 103 goes.
    const now = "2026-03-10T09:00:00.000Z";
    env.clock.set(new Date(now));
    const deps = { kv: env.kv, config: env.config, now: () => new Date(now) };
    assert.ok(await runReportSnapshots(deps));
    const live = asOfInstant("2026-03-10", new Date(now), TZ);
    const read = async (map: Map<number, number>) => {
      await foldPending(env.kv, 1); // as the report does first
      return (await districtsToday(env.kv, 1, live, map))?.status ?? null;
    };
    const path =
      "/api/reports/status-project?referenceDate=2026-03-10&prospectFieldKey=districtId&collection=district&ids=1,2&marketProjectIds=1";
    const totals = async () =>
      Object.fromEntries(
        (await get(env, admin.headers, path)).json.rows.map((r: any) => [
          r.id,
          [r.totalProspects, r.totalStatusChange, r.change24h],
        ]),
      );
    const before = new Map([[101, 1], [102, 1], [103, 1], [201, 2]]);
    // The project's count exists (as in any project where a status changed): reads keep sums.
    assert.ok((await env.kv.get(reportCounterKey("sv", 1))).versionstamp);
    assert.deepEqual(await read(before), new Map([[1, { "": 4 }]]));
    assert.deepEqual(await totals(), { 1: [4, 0, 0], 2: [0, 0, 0] });
    const day2 = ctxAt(env, a, now);
    // A creation and a deletion change no sell status but move a bucket: the fold of each one's
    // pending entry touches the project's count, so the sums this process kept at the read before
    // are not answered again.
    const extra = await createProspect(day2, createInput(1, 101));
    assert.deepEqual(await read(before), new Map([[1, { "": 5 }]]));
    await deleteProspect(day2, extra.id);
    assert.deepEqual(await read(before), new Map([[1, { "": 4 }]]));
    assert.deepEqual(await totals(), { 1: [4, 0, 0], 2: [0, 0, 0] }, "no change counted");
    for (const p of moving) {
      const stored = await getRecord(env.kv, p.id);
      await saveProspect(
        day2,
        p.id,
        saveInput(stored.value, {
          version: stored.versionstamp,
          clubId: 201,
          sellStatus: "NoThanks",
        }) as any,
      );
    }
    // Read from the buckets: the kept midnight by district plus today's moves and changes.
    assert.deepEqual(await read(before), new Map([[1, { "": 1 }], [2, { NoThanks: 3 }]]));
    assert.deepEqual(await totals(), { 1: [1, 0, 0], 2: [3, 3, 3] });
    // A store without the project's count of bucket moves (written by the code before it) reads
    // the buckets every time: one written behind its back still shows.
    await env.kv.delete(reportCounterKey("sv", 1));
    assert.deepEqual(await read(before), new Map([[1, { "": 1 }], [2, { NoThanks: 3 }]]));
    const bucket = reportCounterKey("sdd", 1, "2026-03-10", 1, "");
    await env.kv.atomic().sum(bucket, 1n).commit();
    assert.deepEqual(await read(before), new Map([[1, { "": 2 }], [2, { NoThanks: 3 }]]));
    await env.kv.atomic().sum(bucket, (1n << 64n) - 1n).commit();
    const club = (await getClubByNumber(env.kv, 103))!;
    await deleteClub(env.kv, club.id);
    // Club 103 goes (it was counted at the kept midnight): the clubs are summed instead.
    const after = new Map([[101, 1], [102, 1], [201, 2]]);
    assert.equal(await read(after), null);
    assert.deepEqual(await totals(), { 1: [1, 0, 0], 2: [3, 3, 3] });
  } finally {
    env.close();
  }
});

Deno.test("a stint the nightly prune removed gets no end key later: a move or delete of a prospect unchanged for 9 days leaves no stray stint key", async () => {
  const env = await makeEnv({}, new Date("2026-03-01T08:00:00Z"));
  try {
    await makeReportChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const a = sessionOf(admin.user);
    const moved = await createProspect(ctxAt(env, a, "2026-03-01T08:00:00Z"), createInput(1, 101));
    const gone = await createProspect(ctxAt(env, a, "2026-03-01T08:05:00Z"), createInput(1, 101));
    const later = "2026-03-10T09:00:00Z";
    env.clock.set(later);
    const kept = await keepMidnights(env.kv, 1, TZ, new Date(later));
    assert.ok(kept.kept > 0 && kept.pruned > 0, JSON.stringify(kept));
    const stints = async () => (await listAll(env.kv, reportStintKey(1))).map((e) => e.key);
    assert.deepEqual(await stints(), [], "the nightly prune removed the stints of March 1");
    await saveProspect(ctxAt(env, a, later), moved.id, saveInput(moved, { clubId: 102 }) as any);
    await deleteProspect(ctxAt(env, a, later), gone.id);
    assert.deepEqual(await stints(), [], "no end key (or re-opened stint) of a pruned stint");
    // A status change starts a stint the age report reads.
    const fresh = await getRecord(env.kv, moved.id);
    await saveProspect(
      ctxAt(env, a, "2026-03-10T09:30:00Z"),
      moved.id,
      saveInput({ ...fresh.value, version: fresh.versionstamp }, {
        sellStatus: "NoAnswer1",
      }) as any,
    );
    const now = await stints();
    assert.equal(now.length, 1, JSON.stringify(now));
    assert.equal(now[0][3], "2026-03-10T09:30:00.000Z");
  } finally {
    env.close();
  }
});
