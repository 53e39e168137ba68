/** Prospect API: create/save/patch/assign/delete rules of spec §4/§5/§9, search filters, 409, permissions. */
import { prospectsByNextTransitionPrefix } from "@/lib/db/keys.ts";
import assert from "node:assert/strict";
import { translate } from "@/lib/i18n/mod.ts";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, newRow, rowOf, search } from "@/tests/api/prospect_fixtures.ts";
import { countProspectsOfClub, countProspectsOfProject } from "@/tests/api/prospect_fixtures.ts";
import { updateTimeSetting } from "@/lib/db/settings.ts";
import { listAll } from "@/lib/db/kv.ts";
import { listProspectEvents } from "@/lib/db/prospects.ts";
import { GRID_COLUMNS, NULLABLE_PLAIN_FIELDS } from "@/lib/domain/prospect_schemas.ts";

const NOW = new Date("2026-03-10T10:00:00Z"); // 11:00 in Stockholm; yesterday = 2026-03-09

async function setup() {
  const env = await makeEnv({}, NOW);
  const chain = await makeChain(env);
  const staff = await signedIn(env, { role: "ROLE_USER", firstName: "Stina" });
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  return { env, chain, staff, admin };
}

async function withSetup(fn: (s: Awaited<ReturnType<typeof setup>>) => Promise<void>) {
  const s = await setup();
  try {
    await fn(s);
  } finally {
    s.env.close();
  }
}

async function total(env: TestEnv, headers: Record<string, string>, extra = {}) {
  return (await search(env, headers, { marketProjectId: 1, showCompleted: true, ...extra })).total;
}

Deno.test("create: §9 defaults, server-assigned customer ids, Location, reference counters", () =>
  withSetup(async ({ env, staff }) => {
    // The fields only the server sets are refused by name, not dropped unseen.
    const refused = await call(env, "POST", "/api/prospects", {
      headers: staff.headers,
      body: newRow({ firstName: "Åsa", sellStatus: "Booked", lastSellStatusChange: "2020-01-01" }),
    });
    assert.equal(refused.res.status, 400);
    assert.equal(refused.json.error, "UNKNOWN_FIELD");
    assert.deepEqual(Object.keys(refused.json.fields).sort(), [
      "lastSellStatusChange",
      "sellStatus",
    ]);
    const { res, json } = await call(env, "POST", "/api/prospects", {
      headers: staff.headers,
      body: newRow({ firstName: "Åsa" }),
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get("location"), `/api/prospects/${json.id}`);
    // §9 starts every prospect Paused; the activity clock (seeded Prospect limit P = 0 work hours)
    // moves it to ToDo at once inside work time, recorded as an activity event.
    assert.equal(json.activityStatus, "ToDo");
    assert.equal(json.activityStatusWeigth, 2);
    assert.ok(json.nextTransitionAt, "the next transition (Notified) is scheduled");
    assert.equal(json.noteType, "Motivation");
    assert.equal(json.b2b, false);
    assert.equal(json.sellStatus, null, "a new prospect has no sell status");
    assert.equal(json.lastSellStatusChange, null, "set by the server only");
    assert.equal(json.registerDate, NOW.toISOString());
    assert.equal(json.marketProjectName, "Vårkampanj");
    assert.equal(json.clubName, "Klubb Söder");
    assert.equal(json.customerId, 1);
    assert.ok(json.version);
    const second = await createRow(env, staff.headers);
    assert.equal(second.customerId, 2);
    const explicit = await createRow(env, staff.headers, { customerId: 500 });
    assert.equal(explicit.customerId, 500);
    const dup = await call(env, "POST", "/api/prospects", {
      headers: staff.headers,
      body: newRow({ customerId: 500 }),
    });
    assert.equal(dup.res.status, 409);
    assert.equal(dup.json.error, "CUSTOMER_ID_EXISTS");
    assert.equal(await countProspectsOfClub(env, 101), 3);
    assert.equal(await countProspectsOfProject(env, 1), 3);
    const events = await listProspectEvents(env.kv, json.id);
    assert.deepEqual(events.map((e) => `${e.type}:${e.from}>${e.to}`), [
      "create:null>null",
      "activity:Paused>ToDo",
    ]);
  }));

Deno.test("create: 50 parallel creates in one project all answer 201 with distinct customerIds", () =>
  withSetup(async ({ env, staff }) => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(env, "POST", "/api/prospects", {
          headers: staff.headers,
          body: newRow({ firstName: `Par${i}`, phoneNumber: `0708${String(i).padStart(6, "0")}` }),
        })),
    );
    assert.deepEqual(answers.map((a) => a.res.status), Array(50).fill(201));
    const ids = new Set(answers.map((a) => a.json.customerId));
    assert.equal(ids.size, 50);
    assert.equal(await total(env, staff.headers), 50);
  }));

Deno.test("create: with a Paused limit the prospect starts Paused (weight 3), its transition indexed", () =>
  withSetup(async ({ env, staff }) => {
    await updateTimeSetting(env.kv, "Prospect", {
      hoursLeftBeforePaused: 2,
      hoursLeftBeforeNotified: 4,
      hoursLeftBeforeEscalated: 4,
    });
    const p = await createRow(env, staff.headers);
    assert.equal(p.activityStatus, "Paused");
    assert.equal(p.activityStatusWeigth, 3);
    assert.equal(p.nextTransitionAt, "2026-03-10T12:00:00.000Z", "2 work hours later");
    const due = await listAll(env.kv, prospectsByNextTransitionPrefix());
    assert.deepEqual(due.map((e) => e.key), [
      prospectsByNextTransitionPrefix(p.nextTransitionAt, p.id),
    ]);
  }));

Deno.test("create: every §5 rule answers 400 with field keys and writes nothing", () =>
  withSetup(async ({ env, staff }) => {
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ firstName: "" }, "VALIDATION", { firstName: "validation.required" }],
      [{ lastName: undefined }, "VALIDATION", { lastName: "validation.required" }],
      [{ clubId: "" }, "VALIDATION", { clubId: "validation.required" }],
      [{ marketProjectId: undefined }, "VALIDATION", { marketProjectId: "validation.required" }],
      [{ marketProjectId: "abc" }, "VALIDATION", { marketProjectId: "validation.notANumber" }],
      [{ phoneNumber: "" }, "VALIDATION", { phoneNumber: "validation.required" }],
      [{ phoneNumber: "07-ring-mig" }, "VALIDATION", { phoneNumber: "validation.notANumber" }],
      [{ email: "not-an-email" }, "VALIDATION", { email: "validation.email" }],
      [{ followUpDate: "2026-03-08" }, "FOLLOW_UP_DATE_PAST", {
        followUpDate: "validation.futureDate",
      }],
      [{ noteType: "Motivation", motivationText: "" }, "MOTIVATION_TEXT_REQUIRED", {
        motivationText: "prospects.errors.MOTIVATION_TEXT_REQUIRED",
      }],
      [{ clubId: 999 }, "CLUB_NOT_FOUND", { clubId: "prospects.errors.CLUB_NOT_FOUND" }],
      [{ marketProjectId: 3 }, "MARKET_PROJECT_INACTIVE", {
        marketProjectId: "prospects.errors.MARKET_PROJECT_INACTIVE",
      }],
      [{ marketProjectId: 77 }, "MARKET_PROJECT_NOT_FOUND", {
        marketProjectId: "prospects.errors.MARKET_PROJECT_NOT_FOUND",
      }],
    ];
    for (const [override, code, fields] of cases) {
      const { res, json } = await call(env, "POST", "/api/prospects", {
        headers: staff.headers,
        body: newRow(override),
      });
      assert.equal(res.status, 400, JSON.stringify(override));
      assert.equal(json.error, code, JSON.stringify(override));
      for (const [f, key] of Object.entries(fields)) {
        assert.equal(json.fieldKeys[f], key, `${JSON.stringify(override)} → ${f}`);
      }
      assert.equal(typeof json.message, "string");
    }
    // The Swedish texts of spec §5/§8 reach the client.
    const past = await call(env, "POST", "/api/prospects", {
      headers: staff.headers,
      body: newRow({ followUpDate: "2026-01-01" }),
    });
    assert.equal(past.json.message, "Välj ett datum framåt i tiden");
    const motivation = await call(env, "POST", "/api/prospects", {
      headers: { ...staff.headers, "Accept-Language": "en" },
      body: newRow({ noteType: "Motivation" }),
    });
    assert.equal(motivation.json.error, "MOTIVATION_TEXT_REQUIRED");
    assert.equal(await total(env, staff.headers), 0, "bad input changed nothing");
    assert.equal(await countProspectsOfProject(env, 1), 0);
    // Yesterday (local) is still accepted.
    const ok = await createRow(env, staff.headers, { followUpDate: "2026-03-09" });
    assert.equal(ok.followUpDate, "2026-03-09");
  }));

Deno.test("search: needs a market project ('Select marketing project first'), 401 when anonymous", () =>
  withSetup(async ({ env, staff }) => {
    const r = await call(env, "GET", "/api/prospects", {
      headers: { ...staff.headers, "Accept-Language": "en" },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.error, "MARKET_PROJECT_REQUIRED");
    assert.equal(r.json.fieldKeys.marketProjectId, "validation.selectMarketingProjectFirst");
    const sv = await call(env, "GET", "/api/prospects", { headers: staff.headers });
    assert.equal(sv.json.message, "Välj marknadsprojekt först");
    const anon = await call(env, "GET", "/api/prospects?marketProjectId=1");
    assert.equal(anon.res.status, 401);
    const bad = await call(env, "GET", "/api/prospects?marketProjectId=1&size=1000", {
      headers: staff.headers,
    });
    assert.equal(bad.res.status, 400);
  }));

Deno.test("search: every filter, Swedish prefixes, sort, paging and x-total-elements", () =>
  withSetup(async ({ env, staff, admin }) => {
    const h = staff.headers;
    const mk = (o: Record<string, unknown>) => createRow(env, h, o);
    const anders = await mk({
      firstName: "Anders",
      lastName: "Öberg",
      clubId: 101,
      tag: "Facebook",
    });
    const asa = await mk({
      firstName: "Åsa",
      lastName: "Ängström",
      clubId: 102,
      tag: "facebook-vår",
    });
    const angel = await mk({ firstName: "Ängel", lastName: "Åberg", clubId: 103 });
    const osten = await mk({ firstName: "Östen", lastName: "Andersson", clubId: 101 });
    const emile = await mk({
      firstName: "Émile",
      lastName: "Zola",
      clubId: 102,
      email: "Emile.Zola@Example.se",
      phoneNumber: "+46 70 999 88 77",
    });
    await mk({ firstName: "Other", marketProjectId: 2 }).catch(() => {}); // b2b: staff may see it
    // Sell statuses and follow-up dates through saves.
    const save = async (p: any, changes: Record<string, unknown>) => {
      const { res, json } = await call(env, "PUT", `/api/prospects/${p.id}`, {
        headers: h,
        body: rowOf(p, changes),
      });
      assert.equal(res.status, 200, JSON.stringify(json));
      return json;
    };
    await save(anders, { sellStatus: "Booked", followUpDate: "2026-03-20" });
    await save(asa, { sellStatus: "WaitingCustomer", followUpDate: "2026-03-12" });
    await save(angel, { sellStatus: "Member" }); // Done: hidden unless showCompleted
    await save(osten, { sellStatus: "NoAnswer1" });
    const a = await call(env, "PATCH", `/api/prospects/${emile.id}/assign`, {
      headers: h,
      body: { assignId: staff.user.email },
    });
    assert.equal(a.res.status, 200);

    const base = { marketProjectId: 1 };
    let r = await search(env, h, base);
    assert.deepEqual(
      r.names,
      ["Åsa", "Anders", "Östen", "Émile"],
      "open rows, follow-up asc, undated last",
    );
    assert.equal(r.total, 4);
    r = await search(env, h, { ...base, sortFollowUpDate: "desc" });
    assert.deepEqual(r.names, ["Anders", "Åsa", "Émile", "Östen"], "latest first, undated last");
    // The same order through the merged club ranges, a paged read, a post-filtered scan and the
    // in-memory candidates of a name search.
    r = await search(env, h, { ...base, clubId: "101,102", sortFollowUpDate: "desc" });
    assert.deepEqual(r.names, ["Anders", "Åsa", "Émile", "Östen"]);
    r = await search(env, h, { ...base, sortFollowUpDate: "desc", size: 3 });
    assert.deepEqual(r.names, ["Anders", "Åsa", "Émile"]);
    r = await search(env, h, { ...base, sortFollowUpDate: "desc", registerDate: "2000-01-01" });
    assert.deepEqual(r.names, ["Anders", "Åsa", "Émile", "Östen"]);
    r = await search(env, h, { ...base, lastName: "Ö", sortFollowUpDate: "desc" });
    assert.deepEqual(r.names, ["Anders"]);
    // A reversed register date range is refused with a message, not answered with 0 rows.
    const bad = await call(
      env,
      "GET",
      `/api/prospects?marketProjectId=1&registerDate=2026-03-10&registerEndDate=2026-03-01`,
      { headers: h },
    );
    assert.equal(bad.res.status, 400);
    assert.equal(bad.json.error, "DATE_RANGE_REVERSED");
    assert.match(bad.json.fields.registerEndDate, /Till-datumet är före från-datumet/);
    assert.equal(bad.json.fieldKeys.registerEndDate, "ux.errors.dateRangeReversed");
    assert.match(translate("en", "ux.errors.dateRangeReversed"), /The to date is before the from/);
    r = await search(env, h, { ...base, showCompleted: true });
    assert.equal(r.total, 5);
    assert.equal(r.names.at(-1), "Ängel", "completed rows come after open ones");
    r = await search(env, h, { ...base, size: 2, page: 2 });
    assert.deepEqual(r.names, ["Östen", "Émile"]);
    assert.equal(r.total, 4);
    r = await search(env, h, { ...base, clubId: 101 });
    assert.deepEqual(r.names, ["Anders", "Östen"]);
    assert.equal(r.total, 2);
    r = await search(env, h, { ...base, clubId: "101,102" });
    assert.deepEqual(r.names, ["Åsa", "Anders", "Östen", "Émile"]);
    assert.equal(r.total, 4);
    r = await search(env, h, { ...base, sellStatus: "Booked" });
    assert.deepEqual(r.names, ["Anders"]);
    r = await search(env, h, { ...base, sellStatus: "Member" });
    assert.equal(r.total, 0, "Done is hidden by default");
    r = await search(env, h, { ...base, sellStatus: "Member", showCompleted: true });
    assert.deepEqual(r.names, ["Ängel"]);
    r = await search(env, h, { ...base, clubId: 102, sellStatus: "WaitingCustomer" });
    assert.deepEqual(r.names, ["Åsa"]);
    // Name prefixes: case-insensitive, å ä ö are letters of their own, é folds to e.
    r = await search(env, h, { ...base, firstName: "å", showCompleted: true });
    assert.deepEqual(r.names, ["Åsa"]);
    r = await search(env, h, { ...base, firstName: "ä", showCompleted: true });
    assert.deepEqual(r.names, ["Ängel"]);
    r = await search(env, h, { ...base, firstName: "A" });
    assert.deepEqual(r.names, ["Anders"]);
    r = await search(env, h, { ...base, firstName: "emi" });
    assert.deepEqual(r.names, ["Émile"]);
    r = await search(env, h, { ...base, lastName: "ÖBER" });
    assert.deepEqual(r.names, ["Anders"]);
    r = await search(env, h, { ...base, lastName: "a", showCompleted: true });
    assert.deepEqual(r.names, ["Östen"], "a is not å");
    r = await search(env, h, { ...base, firstName: "an", lastName: "öb" });
    assert.deepEqual(r.names, ["Anders"]);
    r = await search(env, h, { ...base, tag: "FACEBOOK" });
    assert.deepEqual(r.names, ["Åsa", "Anders"]);
    r = await search(env, h, { ...base, email: "emile.z" });
    assert.deepEqual(r.names, ["Émile"]);
    r = await search(env, h, { ...base, customerId: osten.customerId });
    assert.deepEqual(r.names, ["Östen"]);
    r = await search(env, h, { ...base, myAssigned: true });
    assert.deepEqual(r.names, ["Émile"]);
    r = await search(env, admin.headers, { ...base, myAssigned: true });
    assert.equal(r.total, 0, "myAssigned is the caller's");
    // search: digits → phone (either national form) or customer id; @ → e-mail; else names.
    r = await search(env, h, { ...base, search: "0709998877" });
    assert.deepEqual(r.names, ["Émile"]);
    for (const phone of ["+46709998877", "0046 70 999 88 77", "070-999 88 77", "+4670999"]) {
      r = await search(env, h, { ...base, search: phone });
      assert.deepEqual(r.names, ["Émile"], phone);
    }
    r = await search(env, h, { ...base, search: String(anders.customerId) });
    assert.deepEqual(r.names, ["Anders"]);
    r = await search(env, h, { ...base, search: "emile.zola@" });
    assert.deepEqual(r.names, ["Émile"]);
    r = await search(env, h, { ...base, search: "ande" });
    assert.deepEqual(r.names, ["Anders", "Östen"], "first or last name");
    r = await search(env, h, { ...base, search: "åsa äng" });
    assert.deepEqual(r.names, ["Åsa"]);
    // Registration dates: inclusive local days.
    r = await search(env, h, {
      ...base,
      registerDate: "2026-03-10",
      registerEndDate: "2026-03-10",
    });
    assert.equal(r.total, 4);
    r = await search(env, h, { ...base, registerDate: "2026-03-11" });
    assert.equal(r.total, 0);
    r = await search(env, h, { ...base, registerEndDate: "2026-03-09" });
    assert.equal(r.total, 0);
    r = await search(env, h, { ...base, clubId: 101, registerDate: "2026-03-01", size: 1 });
    assert.deepEqual(r.names, ["Anders"]);
    assert.equal(r.total, 2);
    // An unknown project is simply empty.
    r = await search(env, h, { marketProjectId: 42 });
    assert.equal(r.total, 0);
  }));

Deno.test("save (PUT): follow-up rules, server-set lastSellStatusChange, events", () =>
  withSetup(async ({ env, staff }) => {
    const p = await createRow(env, staff.headers);
    const put = (body: Record<string, unknown>) =>
      call(env, "PUT", `/api/prospects/${p.id}`, { headers: staff.headers, body });
    let r = await put(rowOf(p, { sellStatus: "Booked", followUpDate: null }));
    assert.equal(r.res.status, 400);
    assert.equal(r.json.error, "FOLLOW_UP_DATE_REQUIRED");
    assert.equal(r.json.message, "Du måste ange ett uppföljningsdatum för att kunna spara");
    r = await put(rowOf(p, { sellStatus: "Booked", followUpDate: "2026-03-01" }));
    assert.equal(r.json.error, "FOLLOW_UP_DATE_PAST");
    r = await put(rowOf(p, { version: undefined }));
    assert.equal(r.res.status, 400, "PUT needs the version");
    r = await put(rowOf(p, {
      sellStatus: "Booked",
      followUpDate: "2026-03-09",
      lastSellStatusChange: "1999-01-01T00:00:00Z",
      tag: "Instagram",
    }));
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.sellStatus, "Booked");
    assert.equal(r.json.followUpDate, "2026-03-09");
    assert.equal(r.json.lastSellStatusChange, NOW.toISOString());
    assert.equal(r.json.tag, "Instagram");
    assert.notEqual(r.json.version, p.version);
    // Another status clears the follow-up date.
    r = await put(rowOf(r.json, { sellStatus: "NoAnswer1", followUpDate: "2026-04-01" }));
    assert.equal(r.res.status, 200);
    assert.equal(r.json.followUpDate, null);
    assert.equal(r.json.activityStatus, "Paused");
    // While Paused the sell status stays (the grid's select is locked; spec §4), the rest saves.
    const paused = r.json;
    r = await put(rowOf(paused, { sellStatus: "Member" }));
    assert.equal(r.res.status, 403);
    assert.equal(r.json.error, "SELL_STATUS_PAUSED");
    assert.match(r.json.message, /^Pausad: säljstatus kan ändras/);
    r = await call(env, "PATCH", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: { sellStatus: "Member" },
    });
    assert.equal(r.res.status, 403, "PATCH holds the same lock");
    r = await put(rowOf(paused, { tag: "Facebook" }));
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.sellStatus, "NoAnswer1");
    assert.equal(r.json.tag, "Facebook");
    // Once the 4 work hours have passed (15:00 in Stockholm) it may change, before any activity
    // pass has moved the stored status.
    env.clock.set("2026-03-10T14:00:00Z");
    // A Done status makes the prospect Done.
    r = await put(rowOf(r.json, { sellStatus: "Member" }));
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.activityStatus, "Done");
    assert.equal(r.json.activityStatusWeigth, 4);
    const types = (await listProspectEvents(env.kv, p.id)).map((e) => `${e.type}:${e.to}`);
    assert.deepEqual(types, [
      "create:null",
      "activity:ToDo",
      "sellStatus:Booked",
      "activity:Escalated", // the clock of a follow-up started yesterday morning
      "followUp:2026-03-09",
      "sellStatus:NoAnswer1",
      "activity:Paused", // NoAnswer1 waits 4 work hours before the next call
      "followUp:null",
      "sellStatus:Member",
      "activity:Done",
    ]);
  }));

Deno.test("the Paused lock in parallel: of 11 status changes sent at once, one lands", () =>
  withSetup(async ({ env, staff }) => {
    const p = await createRow(env, staff.headers);
    assert.equal(p.activityStatus, "ToDo");
    // Each of these pauses the prospect (a waiting time in the seeded limits, or a follow-up date
    // ahead), so the first to commit locks the rest out: they read again after losing the commit
    // and find it Paused.
    const waiting = ["NoAnswer1", "NoAnswer2", "NoAnswer3", "NoAnswer4", "NoAnswer", "LowPrio"];
    const dated = [
      "WaitingCustomerCall",
      "WaitingCustomer",
      "Booked",
      "GuestMember",
      "ProjectMember",
    ];
    const bodies = [
      ...waiting.map((sellStatus) => ({ sellStatus })),
      ...dated.map((sellStatus) => ({ sellStatus, followUpDate: "2026-03-12" })),
    ];
    const answers = await Promise.all(
      bodies.map((body) =>
        call(env, "PATCH", `/api/prospects/${p.id}`, { headers: staff.headers, body })
      ),
    );
    const codes = answers.map((a) => a.res.status).sort();
    assert.deepEqual(codes, [200, ...Array(10).fill(403)], JSON.stringify(codes));
    for (const a of answers.filter((a) => a.res.status === 403)) {
      assert.equal(a.json.error, "SELL_STATUS_PAUSED");
    }
    const changes = (await listProspectEvents(env.kv, p.id)).filter((e) => e.type === "sellStatus");
    const landed = answers.find((a) => a.res.status === 200)!.json;
    assert.deepEqual(changes.map((e) => e.to), [landed.sellStatus]);
    assert.equal(landed.activityStatus, "Paused");
  }));

Deno.test("save (PUT): every nullable grid column sent blank or left out clears; others stay", () =>
  withSetup(async ({ env, staff }) => {
    // The grid's columns (GRID_COLUMNS), so a field added to the model is tried too.
    const nullable = GRID_COLUMNS.filter((c) => NULLABLE_PLAIN_FIELDS.has(c.field));
    assert.ok(nullable.some((c) => c.field === "tag") && nullable.some((c) => c.field === "email"));
    const valueOf = (kind: string) => (kind === "email" ? "fylld@example.se" : "Fylld");
    const filled = Object.fromEntries(nullable.map((c) => [c.field, valueOf(c.kind)]));
    const p = await createRow(env, staff.headers, { ...filled, nominator: "Bo" });
    for (const c of nullable) assert.equal(p[c.field], valueOf(c.kind), c.field);
    const put = (body: Record<string, unknown>) =>
      call(env, "PUT", `/api/prospects/${p.id}`, { headers: staff.headers, body });
    // Left out of the body: cleared (the grid sends every column); nominator (not in the grid) stays.
    const row = rowOf(p);
    for (const c of nullable) delete (row as Record<string, unknown>)[c.field];
    delete (row as Record<string, unknown>).nominator;
    let r = await put(row);
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    for (const c of nullable) assert.equal(r.json[c.field], null, `${c.field} left out`);
    assert.equal(r.json.nominator, "Bo");
    // Filled again, then sent blank: cleared.
    r = await put(rowOf(r.json, filled));
    for (const c of nullable) assert.equal(r.json[c.field], valueOf(c.kind), c.field);
    r = await put(rowOf(r.json, Object.fromEntries(nullable.map((c) => [c.field, ""]))));
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    for (const c of nullable) assert.equal(r.json[c.field], null, `${c.field} blank`);
  }));

Deno.test("409: two clients edit one prospect, the later one loses cleanly and sees the current row", () =>
  withSetup(async ({ env, staff }) => {
    const other = await signedIn(env, { role: "ROLE_USER" });
    const p = await createRow(env, staff.headers);
    const first = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: rowOf(p, { tag: "first" }),
    });
    assert.equal(first.res.status, 200);
    const second = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: other.headers,
      body: rowOf(p, { tag: "second", lastName: "Overwritten" }),
    });
    assert.equal(second.res.status, 409);
    assert.equal(second.json.error, "VERSION_CONFLICT");
    assert.equal(second.json.data.current.tag, "first");
    assert.equal(second.json.data.current.version, first.json.version);
    const patch = await call(env, "PATCH", `/api/prospects/${p.id}`, {
      headers: other.headers,
      body: { tag: "third", version: p.version },
    });
    assert.equal(patch.res.status, 409);
    const now = await call(env, "GET", `/api/prospects/${p.id}`, { headers: staff.headers });
    assert.equal(now.json.tag, "first");
    assert.equal(now.json.lastName, "Svensson");
    // Concurrent saves with the same version: exactly one wins.
    const results = await Promise.all(
      ["x", "y", "z"].map((tag) =>
        call(env, "PUT", `/api/prospects/${p.id}`, {
          headers: staff.headers,
          body: rowOf(now.json, { tag }),
        })
      ),
    );
    assert.deepEqual(results.map((r) => r.res.status).sort(), [200, 409, 409]);
  }));

Deno.test("PATCH: only the fields sent change; Motivation needs a text", () =>
  withSetup(async ({ env, staff }) => {
    const p = await createRow(env, staff.headers, { tag: "keep" });
    let r = await call(env, "PATCH", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: { noteType: "Motivation", motivationText: "  " },
    });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.error, "MOTIVATION_TEXT_REQUIRED");
    r = await call(env, "PATCH", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: { noteType: "Motivation", motivationText: "Vill träna inför Vasaloppet" },
    });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.motivationText, "Vill träna inför Vasaloppet");
    assert.equal(r.json.motivationTextLastChange, NOW.toISOString());
    assert.equal(r.json.tag, "keep");
    r = await call(env, "PATCH", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: { noteType: "Note" },
    });
    assert.equal(r.json.noteType, "Note");
    assert.equal(r.json.motivationText, "Vill träna inför Vasaloppet");
  }));

Deno.test("assign: self-assign saves at once; only the assignee or an admin clears; no stealing", () =>
  withSetup(async ({ env, staff, admin }) => {
    const other = await signedIn(env, { role: "ROLE_USER" });
    const p = await createRow(env, staff.headers);
    const assign = (headers: Record<string, string>, body: unknown) =>
      call(env, "PATCH", `/api/prospects/${p.id}/assign`, { headers, body });
    let r = await assign(staff.headers, { assignId: staff.user.email, assignName: "ignored" });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.assignId, staff.user.email);
    assert.equal(r.json.assignName, "Stina");
    r = await assign(other.headers, { assignId: other.user.email });
    assert.equal(r.res.status, 409);
    assert.equal(r.json.error, "ALREADY_ASSIGNED");
    r = await assign(other.headers, {
      assignId: staff.user.email === "x" ? "" : "someone@else.se",
    });
    assert.equal(r.res.status, 403, "users assign only themselves");
    r = await assign(other.headers, { assignId: null });
    assert.equal(r.res.status, 403);
    assert.equal(r.json.error, "NOT_ASSIGNEE");
    r = await assign(staff.headers, { assignId: null });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.assignId, null);
    r = await assign(other.headers, { assignId: other.user.email });
    assert.equal(r.res.status, 200);
    r = await assign(admin.headers, { assignId: null });
    assert.equal(r.res.status, 200, "an admin clears anyone's assignment");
    r = await assign(admin.headers, { assignId: staff.user.email });
    assert.equal(r.json.assignId, staff.user.email, "an admin assigns anyone");
    // Create with Assign (the add row's button).
    const mine = await createRow(env, staff.headers, { assignId: staff.user.email });
    assert.equal(mine.assignId, staff.user.email);
    const events = (await listProspectEvents(env.kv, p.id)).filter((e) => e.type === "assign");
    assert.equal(events.length, 5);
  }));

Deno.test("delete: soft, hidden from search, admins list deleted ones; counters keep history", () =>
  withSetup(async ({ env, staff, admin }) => {
    const p = await createRow(env, staff.headers);
    await createRow(env, staff.headers);
    const del = await call(env, "DELETE", `/api/prospects/${p.id}`, { headers: staff.headers });
    assert.equal(del.res.status, 200);
    assert.equal(del.json.deleted, true);
    assert.equal(await total(env, staff.headers), 1);
    const gone = await call(env, "GET", `/api/prospects/${p.id}`, { headers: staff.headers });
    assert.equal(gone.res.status, 404);
    const again = await call(env, "DELETE", `/api/prospects/${p.id}`, { headers: staff.headers });
    assert.equal(again.res.status, 404);
    const forbidden = await search(env, staff.headers, { marketProjectId: 1, deleted: true });
    assert.equal(forbidden.res.status, 403);
    const listed = await search(env, admin.headers, { marketProjectId: 1, deleted: true });
    assert.deepEqual(listed.rows.map((r: any) => r.id), [p.id]);
    assert.equal(listed.total, 1);
    const adminView = await call(env, "GET", `/api/prospects/${p.id}`, { headers: admin.headers });
    assert.equal(adminView.json.deleted, true);
    assert.equal(await countProspectsOfProject(env, 1), 2, "deleted prospects still count");
    const types = (await listProspectEvents(env.kv, p.id)).map((e) => e.type);
    assert.deepEqual(types, ["create", "activity", "delete"]);
  }));

Deno.test("disabled prospects are read-only for non-admins", () =>
  withSetup(async ({ env, staff, admin }) => {
    const p = await createRow(env, staff.headers);
    // Staff cannot lock a row.
    let r = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: rowOf(p, { disabled: true }),
    });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.disabled, false);
    r = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: admin.headers,
      body: rowOf(r.json, { disabled: true }),
    });
    assert.equal(r.json.disabled, true);
    const locked = r.json;
    for (
      const [method, path, body] of [
        ["PUT", `/api/prospects/${p.id}`, rowOf(locked, { tag: "x" })],
        ["PATCH", `/api/prospects/${p.id}`, { tag: "x" }],
        ["PATCH", `/api/prospects/${p.id}/assign`, { assignId: staff.user.email }],
        ["DELETE", `/api/prospects/${p.id}`, undefined],
      ] as const
    ) {
      const res = await call(env, method, path, { headers: staff.headers, body });
      assert.equal(res.res.status, 403, `${method} ${path}`);
      assert.equal(res.json.error, "PROSPECT_DISABLED");
    }
    r = await call(env, "PATCH", `/api/prospects/${p.id}`, {
      headers: admin.headers,
      body: { tag: "admin-edit" },
    });
    assert.equal(r.res.status, 200);
    assert.equal(r.json.tag, "admin-edit");
  }));

Deno.test("B2B users work b2b projects only", () =>
  withSetup(async ({ env, staff }) => {
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    const normal = await createRow(env, staff.headers);
    let r = await search(env, b2b.headers, { marketProjectId: 1 });
    assert.equal(r.res.status, 403);
    assert.equal(r.json.error, "B2B_ONLY");
    const created = await call(env, "POST", "/api/prospects", {
      headers: b2b.headers,
      body: newRow({ marketProjectId: 1 }),
    });
    assert.equal(created.res.status, 403);
    const own = await createRow(env, b2b.headers, { marketProjectId: 2 });
    assert.equal(own.b2b, true);
    r = await search(env, b2b.headers, { marketProjectId: 2 });
    assert.equal(r.total, 1);
    const get = await call(env, "GET", `/api/prospects/${normal.id}`, { headers: b2b.headers });
    assert.equal(get.res.status, 403);
    const put = await call(env, "PUT", `/api/prospects/${normal.id}`, {
      headers: b2b.headers,
      body: rowOf(normal, { tag: "x" }),
    });
    assert.equal(put.res.status, 403);
  }));
