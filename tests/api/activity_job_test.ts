/**
 * The activity job against a real :memory: KV with prospects at every stage and a moving fake
 * clock: statuses, events, outbox contents, no duplicates (run twice, two runners at once), a user
 * edit racing the job, re-scheduling after a time-limit change, and the daily report.
 *
 * Work time is the seeded 08:00–17:00 Europe/Stockholm (07:00–16:00Z in March); the seeded
 * Prospect limits are P = 0, N = 4, E = 4 work hours.
 */
import { getRecord } from "@/lib/db/prospect_record.ts";
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, rowOf } from "@/tests/api/prospect_fixtures.ts";
import { listProspectEvents } from "@/lib/db/prospects.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { updateUser, updateUserSettings } from "@/lib/db/users.ts";
import { listAll } from "@/lib/db/kv.ts";
import { notificationQueuePrefix, prospectKey } from "@/lib/db/keys.ts";
import { listOutbox } from "@/lib/notify/mod.ts";
import { runActivityJob, runDuePass } from "@/lib/services/activity_pass.ts";
import { drainNotifications } from "@/lib/services/notification_delivery.ts";
import { runDailyReport } from "@/lib/services/daily_report.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

const START = "2026-03-10T08:00:00Z"; // Tuesday 09:00 local

function depsOf(env: TestEnv, kv: Deno.Kv = env.kv): ServiceDeps {
  return { kv, config: env.config, now: () => env.clock.now };
}

async function staffer(
  env: TestEnv,
  opts: { firstName: string; category: string | null; clubs?: number[]; role?: any },
) {
  const s = await signedIn(env, { firstName: opts.firstName, role: opts.role });
  await updateUser(env.kv, s.user.id, (u) => ({ ...u, notificationCategoryId: opts.category }));
  for (const c of opts.clubs ?? []) await setClubSubscription(env.kv, s.user.id, c, true);
  return s;
}

async function get(env: TestEnv, id: string) {
  return (await getRecord(env.kv, id)).value as any;
}

/** The outbox as "recipient first name: subject" lines, sorted (order of sending is not a rule). */
async function mails(env: TestEnv, users: UserRecord[]) {
  const name = new Map(users.map((u) => [u.email.toLowerCase(), u.firstName]));
  return (await listOutbox(env.kv, { now: env.clock.now }))
    .map((m) => `${name.get(m.to.toLowerCase()) ?? m.to}: ${m.subject}`)
    .sort();
}

async function world() {
  const env = await makeEnv({}, new Date(START));
  await makeChain(env);
  const anna = await staffer(env, { firstName: "Anna", category: "all" });
  const mia = await staffer(env, { firstName: "Mia", category: "all", clubs: [101] });
  const olle = await staffer(env, { firstName: "Olle", category: "escalationsOnly", clubs: [101] });
  const nils = await staffer(env, { firstName: "Nils", category: "none", clubs: [101] });
  const berit = await staffer(env, {
    firstName: "Berit",
    category: "all",
    clubs: [101],
    role: "ROLE_B2B_USER",
  });
  const h = anna.headers;
  const unassigned = await createRow(env, h, { firstName: "Ulla", lastName: "Utan" });
  const assigned = await createRow(env, h, {
    firstName: "Tilda",
    lastName: "Tilldelad",
    assignId: anna.user.email,
  });
  const otherClub = await createRow(env, h, { firstName: "Nora", lastName: "Norr", clubId: 102 });
  const done = await createRow(env, h, { firstName: "Mats", lastName: "Medlem" });
  await call(env, "PUT", `/api/prospects/${done.id}`, {
    headers: h,
    body: rowOf(done, { sellStatus: "Member" }),
  });
  const booked = await createRow(env, h, { firstName: "Bo", lastName: "Bokad" });
  const b = await call(env, "PUT", `/api/prospects/${booked.id}`, {
    headers: h,
    body: rowOf(booked, { sellStatus: "Booked", followUpDate: "2026-03-11" }),
  });
  assert.equal(b.res.status, 200, JSON.stringify(b.json));
  const people = [anna, mia, olle, nils, berit].map((s) => s.user);
  return {
    env,
    anna,
    mia,
    olle,
    nils,
    berit,
    people,
    unassigned,
    assigned,
    otherClub,
    done,
    booked,
  };
}

Deno.test("the job moves due prospects, writes events and mails the right people once", async () => {
  const w = await world();
  const { env } = w;
  try {
    // Every stage at the start: ToDo (P = 0), Done, Paused until the follow-up date.
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "ToDo");
    assert.equal((await get(env, w.unassigned.id)).nextTransitionAt, "2026-03-10T12:00:00.000Z");
    assert.equal((await get(env, w.done.id)).activityStatus, "Done");
    assert.equal((await get(env, w.booked.id)).activityStatus, "Paused");
    assert.equal((await get(env, w.booked.id)).nextTransitionAt, "2026-03-11T07:00:00.000Z");

    // One minute before the 4 work hours are up: nothing is due.
    env.clock.set("2026-03-10T11:59:00Z");
    let run = await runActivityJob(depsOf(env));
    assert.equal(run?.due.scanned, 0);
    assert.deepEqual(await mails(env, w.people), []);

    // 12:00Z: the three open ToDo prospects become Notified.
    env.clock.set("2026-03-10T12:00:00Z");
    run = await runActivityJob(depsOf(env));
    assert.equal(run?.due.scanned, 3);
    assert.equal(run?.due.changed, 3);
    for (const p of [w.unassigned, w.assigned, w.otherClub]) {
      const rec = await get(env, p.id);
      assert.equal(rec.activityStatus, "Notified");
      assert.equal(rec.activityStatusWeigth, 1);
      assert.equal(rec.nextTransitionAt, "2026-03-10T16:00:00.000Z", "4 more work hours");
    }
    assert.deepEqual(await mails(env, w.people), [
      "Anna: Påminnelse: Tilda Tilldelad behöver följas upp", // the assignee only
      "Mia: Påminnelse: Ulla Utan behöver följas upp", // unassigned: subscribers with "all"
    ]);

    // The same minute again, and two runners at once: nothing new.
    assert.equal((await runActivityJob(depsOf(env)))?.due.changed, 0);
    const [a, b] = await Promise.all([runDuePass(depsOf(env)), runDuePass(depsOf(env))]);
    assert.equal(a.changed + b.changed, 0);
    assert.equal((await mails(env, w.people)).length, 2);

    // 16:00Z (17:00 local, the end of work time): Escalated, to the subscribers by category.
    env.clock.set("2026-03-10T16:00:00Z");
    run = await runActivityJob(depsOf(env));
    assert.equal(run?.due.changed, 3);
    const escalated = await get(env, w.assigned.id);
    assert.equal(escalated.activityStatus, "Escalated");
    assert.equal(escalated.activityStatusWeigth, 0);
    assert.equal(escalated.nextTransitionAt, null);
    assert.deepEqual(await mails(env, w.people), [
      "Anna: Påminnelse: Tilda Tilldelad behöver följas upp",
      "Mia: Eskalerat: Tilda Tilldelad på Klubb Söder",
      "Mia: Eskalerat: Ulla Utan på Klubb Söder",
      "Mia: Påminnelse: Ulla Utan behöver följas upp",
      "Olle: Eskalerat: Tilda Tilldelad på Klubb Söder",
      "Olle: Eskalerat: Ulla Utan på Klubb Söder",
    ]);
    const body = (await listOutbox(env.kv, { to: w.mia.user.email, now: env.clock.now }))
      .find((m) => m.subject?.includes("Eskalerat: Tilda"))!.text;
    assert.match(body, /Hej Mia!/);
    assert.match(body, /\nSäljstatus: ingen ännu\nAnsvarig: Anna/);
    // A prospect nobody has worked yet reads plainly (not "har säljstatus ingen säljstatus än").
    const reminder = (await listOutbox(env.kv, { to: w.mia.user.email, now: env.clock.now }))
      .find((m) => m.subject?.includes("Påminnelse: Ulla"))!.text;
    assert.equal(
      reminder.split("\n\n").slice(0, 3).join("\n\n"),
      "Hej Mia!\n\nProspektet Ulla Utan på Klubb Söder (Vårkampanj) har väntat för länge på att " +
        `bli kontaktat. Ta kontakt så snart du kan.\n\nTelefon: ${w.unassigned.phoneNumber}\n` +
        "Säljstatus: ingen ännu",
    );
    assert.match(
      body,
      new RegExp(
        `http://localhost:8000/prospects\\?marketProjectId=1&customerId=${w.assigned.customerId}`,
      ),
    );

    // The next morning the booked prospect's clock starts: ToDo (P = 0), no mail.
    env.clock.set("2026-03-11T07:00:00Z");
    run = await runActivityJob(depsOf(env));
    assert.equal(run?.due.changed, 1);
    assert.equal((await get(env, w.booked.id)).activityStatus, "ToDo");
    assert.equal((await mails(env, w.people)).length, 6);

    // The event log tells the story, the job's events without a user.
    const events = (await listProspectEvents(env.kv, w.assigned.id))
      .filter((e) => e.type === "activity")
      .map((e) => `${e.from}>${e.to}@${e.at}:${e.userId ?? "job"}`);
    assert.deepEqual(events.slice(1), [
      "ToDo>Notified@2026-03-10T12:00:00.000Z:job",
      "Notified>Escalated@2026-03-10T16:00:00.000Z:job",
    ]);
    assert.deepEqual(await listAll(env.kv, notificationQueuePrefix()), [], "queue drained");
  } finally {
    env.close();
  }
});

Deno.test("two runners passing over the same due prospects at once: one transition, one mail each", async () => {
  const w = await world();
  const { env } = w;
  try {
    env.clock.set("2026-03-10T12:00:00Z");
    // Two instances without a lease (lapsed) read the same due entries and versionstamps.
    const [a, b] = await Promise.all([runDuePass(depsOf(env)), runDuePass(depsOf(env))]);
    assert.equal(a.changed + b.changed, 3, "each transition committed once");
    assert.equal(a.queued + b.queued, 3, "each notification queued once");
    await Promise.all([drainNotifications(depsOf(env)), drainNotifications(depsOf(env))]);
    assert.deepEqual(await mails(env, w.people), [
      "Anna: Påminnelse: Tilda Tilldelad behöver följas upp",
      "Mia: Påminnelse: Ulla Utan behöver följas upp",
    ]);
    for (const p of [w.unassigned, w.assigned, w.otherClub]) {
      const moves = (await listProspectEvents(env.kv, p.id))
        .filter((e) => e.type === "activity").map((e) => `${e.from}>${e.to}`);
      assert.deepEqual(moves, ["Paused>ToDo", "ToDo>Notified"], p.firstName);
    }
  } finally {
    env.close();
  }
});

/** The page a mail's link opens, fetched as its reader: the link must show the prospect's row. */
async function followLink(env: TestEnv, text: string, headers: Record<string, string>) {
  const url = /http:\/\/localhost:8000(\/prospects\?\S+)/.exec(text)?.[1];
  assert.ok(url, `a link in:\n${text}`);
  const r = await call(env, "GET", url, { headers });
  assert.equal(r.res.status, 200);
  return String(r.json);
}

Deno.test("the link in a mail opens the prospect, outside the reader's clubs and once closed", async () => {
  const w = await world();
  const { env } = w;
  try {
    // Anna handles club 102 but is the assignee of a prospect in club 101.
    await setClubSubscription(env.kv, w.anna.user.id, 102, true);
    env.clock.set("2026-03-10T12:00:00Z");
    await runActivityJob(depsOf(env));
    const notice = (await listOutbox(env.kv, { to: w.anna.user.email, now: env.clock.now }))
      .find((m) => m.subject?.includes("Tilda Tilldelad"))!;
    assert.match(await followLink(env, notice.text, w.anna.headers), /Tilldelad/);

    // Escalated to Mia; meanwhile a colleague signs Tilda up (Done) before Mia opens the mail.
    env.clock.set("2026-03-10T16:00:00Z");
    await runActivityJob(depsOf(env));
    const escalation = (await listOutbox(env.kv, { to: w.mia.user.email, now: env.clock.now }))
      .find((m) => m.subject?.includes("Eskalerat: Tilda"))!;
    const saved = await call(env, "PUT", `/api/prospects/${w.assigned.id}`, {
      headers: w.anna.headers,
      body: rowOf({
        ...(await get(env, w.assigned.id)),
        version: (await env.kv.get(prospectKey(w.assigned.id))).versionstamp,
      }, { sellStatus: "Member" }),
    });
    assert.equal(saved.res.status, 200, JSON.stringify(saved.json));
    assert.match(await followLink(env, escalation.text, w.mia.headers), /Tilldelad/);
  } finally {
    env.close();
  }
});

Deno.test("a job that crashed before mailing delivers once on the next run", async () => {
  const w = await world();
  const { env } = w;
  try {
    env.clock.set("2026-03-10T12:00:00Z");
    // The transitions commit with their queued notifications, then the process "dies".
    const pass = await runDuePass(depsOf(env));
    assert.equal(pass.queued, 3);
    assert.deepEqual(await mails(env, w.people), []);
    // Two instances drain at once: each recipient is claimed once.
    await Promise.all([drainNotifications(depsOf(env)), drainNotifications(depsOf(env))]);
    await drainNotifications(depsOf(env));
    assert.deepEqual(await mails(env, w.people), [
      "Anna: Påminnelse: Tilda Tilldelad behöver följas upp",
      "Mia: Påminnelse: Ulla Utan behöver följas upp",
    ]);
  } finally {
    env.close();
  }
});

Deno.test("a user edit racing the job wins, and the job re-evaluates the saved record", async () => {
  const w = await world();
  const { env } = w;
  try {
    env.clock.set("2026-03-10T12:00:00Z");
    const before = await get(env, w.assigned.id);
    let raced = false;
    // A KV whose first commit lets a user save first: the job's group check must fail.
    const racing = new Proxy(env.kv, {
      get(target, prop) {
        if (prop !== "atomic") {
          const v = Reflect.get(target, prop);
          return typeof v === "function" ? v.bind(target) : v;
        }
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = async () => {
            if (!raced) {
              raced = true;
              const r = await call(env, "PUT", `/api/prospects/${w.assigned.id}`, {
                headers: w.anna.headers,
                body: rowOf({
                  ...before,
                  version: (await env.kv.get(prospectKey(before.id))).versionstamp,
                }, {
                  sellStatus: "NoAnswer1",
                }),
              });
              assert.equal(r.res.status, 200, JSON.stringify(r.json));
            }
            return await commit();
          };
          return op;
        };
      },
    });
    const pass = await runDuePass(depsOf(env, racing));
    assert.equal(raced, true);
    assert.equal(pass.conflicts, 1, "the group commit lost to the user");
    const rec = await get(env, w.assigned.id);
    assert.equal(rec.sellStatus, "NoAnswer1", "the user's change is kept");
    assert.equal(rec.activityStatus, "Paused", "NoAnswer1 waits 4 work hours");
    assert.equal(rec.nextTransitionAt, "2026-03-10T16:00:00.000Z");
    // The others still moved; only they are announced.
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "Notified");
    await drainNotifications(depsOf(env));
    assert.deepEqual(await mails(env, w.people), [
      "Mia: Påminnelse: Ulla Utan behöver följas upp",
    ]);
  } finally {
    env.close();
  }
});

Deno.test("changing a time limit re-schedules the open prospects (and announces transitions)", async () => {
  const w = await world();
  const { env } = w;
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    await runActivityJob(depsOf(env)); // records the settings fingerprint
    env.clock.set("2026-03-10T10:30:00Z"); // 2.5 work hours after creation
    const r = await call(env, "PUT", "/api/sell-status-time-settings/Prospect", {
      headers: admin.headers,
      body: { hoursLeftBeforePaused: 0, hoursLeftBeforeNotified: 2, hoursLeftBeforeEscalated: 8 },
    });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    const run = await runActivityJob(depsOf(env));
    assert.ok(run!.reschedule.scanned >= 3, "open prospects were re-evaluated");
    assert.equal(run!.reschedule.pending, false);
    const rec = await get(env, w.unassigned.id);
    assert.equal(rec.activityStatus, "Notified", "2 work hours passed: Notified now");
    // 2 + 8 work hours: 8 today (08–16Z), 2 tomorrow from 07:00Z.
    assert.equal(rec.nextTransitionAt, "2026-03-11T09:00:00.000Z", "escalates after 2 + 8 h");
    assert.equal((await get(env, w.booked.id)).activityStatus, "Paused", "other statuses keep");
    assert.deepEqual(await mails(env, w.people), [
      "Anna: Påminnelse: Tilda Tilldelad behöver följas upp",
      "Mia: Påminnelse: Ulla Utan behöver följas upp",
    ]);
    // Nothing more to do on the next run.
    const again = await runActivityJob(depsOf(env));
    assert.equal(again!.reschedule.scanned, 0);
  } finally {
    env.close();
  }
});

Deno.test("changing the work time re-schedules the open prospects on the next run", async () => {
  const w = await world();
  const { env } = w;
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    await runActivityJob(depsOf(env)); // records the settings fingerprint
    assert.equal((await get(env, w.unassigned.id)).nextTransitionAt, "2026-03-10T12:00:00.000Z");
    env.clock.set("2026-03-10T09:00:00Z"); // 10:00 local, 1 work hour done
    const g = await call(env, "GET", "/api/admin-settings", { headers: admin.headers });
    const r = await call(env, "PUT", `/api/admin-settings/${g.json.id}`, {
      headers: admin.headers,
      body: { ...g.json, worktimeFrom: "08:00", worktimeTo: "11:00" },
    });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    const run = await runActivityJob(depsOf(env));
    assert.equal(run!.reschedule.pending, false);
    // 3 more work hours: 10:00–11:00 local today, then 08:00–10:00 local tomorrow.
    for (const p of [w.unassigned, w.assigned, w.otherClub]) {
      const rec = await get(env, p.id);
      assert.equal(rec.activityStatus, "ToDo");
      assert.equal(rec.nextTransitionAt, "2026-03-11T09:00:00.000Z", p.firstName);
    }
    // The old due time passes quietly; the new one moves them.
    env.clock.set("2026-03-10T12:00:00Z");
    assert.equal((await runActivityJob(depsOf(env)))!.due.changed, 0);
    env.clock.set("2026-03-11T09:00:00Z");
    assert.equal((await runActivityJob(depsOf(env)))!.due.changed, 4, "three, and Bo's clock");
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "Notified");
    assert.equal((await get(env, w.booked.id)).activityStatus, "ToDo");
  } finally {
    env.close();
  }
});

Deno.test("the daily report: at 07:00 local, once per subscriber, their clubs only", async () => {
  const w = await world();
  const { env } = w;
  try {
    await updateUser(env.kv, w.mia.user.id, (u) => ({ ...u, dailyReportSubscription: true }));
    await updateUser(env.kv, w.anna.user.id, (u) => ({ ...u, dailyReportSubscription: true }));
    await updateUserSettings(env.kv, w.anna.user.id, { language: "en" });
    env.clock.set("2026-03-10T16:00:00Z");
    await runActivityJob(depsOf(env)); // escalate the ToDo ones
    // Registered in the last 24 h but deleted since: not new any more.
    const gone = await createRow(env, w.anna.headers, { firstName: "Greta", lastName: "Gone" });
    const del = await call(env, "DELETE", `/api/prospects/${gone.id}`, { headers: w.anna.headers });
    assert.equal(del.res.status, 200, JSON.stringify(del.json));

    env.clock.set("2026-03-11T05:59:00Z"); // 06:59 local
    assert.equal(await runDailyReport(depsOf(env)), null, "not before 07:00");
    env.clock.set("2026-03-11T06:00:00Z");
    const res = await runDailyReport(depsOf(env));
    assert.deepEqual(res, { date: "2026-03-11", sent: 2, skipped: 0 });
    assert.equal(await runDailyReport(depsOf(env)), null, "once per day");

    const [mia] = await listOutbox(env.kv, { to: w.mia.user.email, now: env.clock.now });
    assert.equal(mia.subject, "Daglig rapport 2026-03-11 – Klubbleads");
    const text = mia.text;
    assert.match(
      text,
      /Klubb Söder\n {2}Att göra idag: 2\n {2}Eskalerade: 2\n {2}Uppföljning idag: 1\n {2}Nya senaste 24 h: 4/,
    );
    assert.match(
      text,
      new RegExp(
        `Eskalerade \\(2\\)\\n- Ulla Utan \\(${w.unassigned.phoneNumber}\\) – Klubb Söder, ` +
          "Vårkampanj – ingen säljstatus än: http",
      ),
    );
    assert.match(
      text,
      /Uppföljning idag \(1\)\n- Bo Bokad \(07\d+\) – Klubb Söder, Vårkampanj – Bokad: http/,
    );
    assert.doesNotMatch(text, /Nora Norr/, "club 102 is not Mia's");
    assert.doesNotMatch(text, /Greta Gone/, "deleted");
    assert.match(text, /Nya senaste 24 h \(4\)\n- Bo Bokad /, "newest first");
    const [anna] = await listOutbox(env.kv, { to: w.anna.user.email, now: env.clock.now });
    assert.equal(anna.subject, "Daily report 2026-03-11 – Klubbleads");
    assert.match(anna.text, /You are not subscribed to any clubs/);
  } finally {
    env.close();
  }
});

Deno.test("a limit changed back and forth does not announce the same transition twice", async () => {
  const w = await world();
  const { env } = w;
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const limits = (n: number) =>
      call(env, "PUT", "/api/sell-status-time-settings/Prospect", {
        headers: admin.headers,
        body: {
          hoursLeftBeforePaused: 0,
          hoursLeftBeforeNotified: n,
          hoursLeftBeforeEscalated: Math.max(n, 4),
        },
      });
    env.clock.set("2026-03-10T12:00:00Z");
    await runActivityJob(depsOf(env)); // Notified, announced
    assert.equal((await mails(env, w.people)).length, 2);
    env.clock.set("2026-03-10T12:05:00Z");
    assert.equal((await limits(8)).res.status, 200);
    await runActivityJob(depsOf(env));
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "ToDo", "back to ToDo, quietly");
    assert.equal((await limits(4)).res.status, 200);
    await runActivityJob(depsOf(env));
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "Notified");
    assert.equal((await mails(env, w.people)).length, 2, "the same transition is not mailed again");
    const events = (await listProspectEvents(env.kv, w.unassigned.id))
      .filter((e) => e.type === "activity").map((e) => `${e.from}>${e.to}`);
    assert.deepEqual(events, ["Paused>ToDo", "ToDo>Notified", "Notified>ToDo", "ToDo>Notified"]);
  } finally {
    env.close();
  }
});

Deno.test("a time limit changed before the store's first pass is applied at that pass", async () => {
  const w = await world();
  const { env } = w;
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    env.clock.set("2026-03-10T10:30:00Z"); // 2.5 work hours after creation; no pass ran yet
    const r = await call(env, "PUT", "/api/sell-status-time-settings/Prospect", {
      headers: admin.headers,
      body: { hoursLeftBeforePaused: 0, hoursLeftBeforeNotified: 2, hoursLeftBeforeEscalated: 8 },
    });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    const run = await runActivityJob(depsOf(env));
    assert.ok(run!.reschedule.scanned >= 3, "open prospects were re-evaluated at the first pass");
    const rec = await get(env, w.unassigned.id);
    assert.equal(rec.activityStatus, "Notified", "the new limit holds from the first pass");
    assert.equal(rec.nextTransitionAt, "2026-03-11T09:00:00.000Z");
  } finally {
    env.close();
  }
});

Deno.test("raising a limit so that escalated prospects fall back sends no mail", async () => {
  const w = await world();
  const { env } = w;
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    await runActivityJob(depsOf(env));
    env.clock.set("2026-03-10T10:30:00Z"); // 2.5 work hours after creation
    const limits = (P: number, N: number, E: number) =>
      call(env, "PUT", "/api/sell-status-time-settings/Prospect", {
        headers: admin.headers,
        body: { hoursLeftBeforePaused: P, hoursLeftBeforeNotified: N, hoursLeftBeforeEscalated: E },
      });
    assert.equal((await limits(0, 1, 1)).res.status, 200);
    await runActivityJob(depsOf(env));
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "Escalated");
    const before = (await mails(env, w.people)).length;
    assert.ok(before > 0, "escalation was announced");
    // Back to Notified (2 h passed of N = 2, E = 8), and to ToDo (N = 8).
    assert.equal((await limits(0, 2, 8)).res.status, 200);
    await runActivityJob(depsOf(env));
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "Notified");
    assert.equal((await limits(0, 8, 8)).res.status, 200);
    await runActivityJob(depsOf(env));
    assert.equal((await get(env, w.unassigned.id)).activityStatus, "ToDo");
    assert.equal((await mails(env, w.people)).length, before, "falling back sends nothing");
  } finally {
    env.close();
  }
});

Deno.test("reminder and escalation mails show the prospect's phone (staff call from the mail)", async () => {
  const w = await world();
  const { env } = w;
  try {
    await runActivityJob(depsOf(env));
    env.clock.set("2026-03-10T12:00:00Z"); // Notified
    await runActivityJob(depsOf(env));
    env.clock.set("2026-03-11T16:00:00Z"); // Escalated
    await runActivityJob(depsOf(env));
    const inbox = await listOutbox(env.kv, { to: w.mia.user.email, now: env.clock.now });
    const reminder = inbox.find((m) => (m.subject ?? "").startsWith("Påminnelse: Ulla Utan"));
    const escalated = inbox.find((m) => (m.subject ?? "").startsWith("Eskalerat: Ulla Utan"));
    assert.ok(reminder && escalated, inbox.map((m) => m.subject).join(", "));
    for (const m of [reminder, escalated]) {
      assert.match(m.text, new RegExp(`Telefon: ${w.unassigned.phoneNumber}\\n`));
      assert.match(m.text, /\/prospects\?/, "the link to the prospect stays");
    }
  } finally {
    env.close();
  }
});
