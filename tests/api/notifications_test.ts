/**
 * The notification centre: GET /api/notifications and POST /api/notifications/read, the in-app
 * notifications a web lead, an assignment and the daily report leave, who is mailed about a web
 * lead (its assignee only), the opt-in 15-minute summary (one per user, however many run it), and
 * that no notification names a person the reader may not see or who was erased.
 */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, postWebLead } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { listOutbox } from "@/lib/notify/mod.ts";
import { dumpKv } from "@/lib/db/dump.ts";
import { sendLeadDigests } from "@/lib/services/lead_digest.ts";
import { runDailyReport } from "@/lib/services/daily_report.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";
import { updateUser } from "@/lib/db/users.ts";

// A Tuesday, 10:01 local: the first minute of a 15-minute window.
const START = "2026-03-10T09:01:00Z";

type Headers = Record<string, string>;

/** The mails to an address, as of the test clock. */
const mailsTo = (env: TestEnv, to: string) => listOutbox(env.kv, { to, now: env.clock.now });

async function setup(env: TestEnv) {
  const chain = await makeChain(env);
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const anna = await signedIn(env, { firstName: "Anna" });
  const bo = await signedIn(env, { firstName: "Bo" });
  const cia = await signedIn(env, { firstName: "Cia" });
  const firm = await signedIn(env, { role: "ROLE_B2B_USER", firstName: "Berit" });
  for (const u of [anna, bo, cia, firm]) await setClubSubscription(env.kv, u.user.id, 101, true);
  const key = async (project: "1" | "2") => {
    const projectId = project === "1" ? chain.project.id : chain.b2bProject.id;
    const r = await call(env, "POST", `/api/marketprojects/${projectId}/form-keys`, {
      headers: admin.headers,
      body: { allowedOrigins: ["https://kampanj.example.se"] },
    });
    assert.equal(r.res.status, 201, JSON.stringify(r.json));
    return r.json.key as string;
  };
  return { chain, admin, anna, bo, cia, firm, key };
}

async function inbox(env: TestEnv, headers: Headers, query = "") {
  const r = await call(env, "GET", `/api/notifications${query}`, { headers });
  assert.equal(r.res.status, 200, JSON.stringify(r.json));
  return r.json as {
    id: string;
    category: string;
    text: string;
    prospectId?: string;
    href?: string;
    readAt: string | null;
  }[];
}

async function optIn(env: TestEnv, u: { user: { id: string }; headers: Headers }, body: unknown) {
  const r = await call(env, "PATCH", `/api/users/${u.user.id}/settings/notifications`, {
    headers: u.headers,
    body,
  });
  assert.equal(r.res.status, 200, JSON.stringify(r.json));
  return r.json;
}

Deno.test("notifications: a web lead is in-app for each subscribed colleague and mailed only to its assignee", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { admin, anna, bo, cia, firm, key } = await setup(env);
    const rule = await call(env, "PUT", "/api/clubs/101/assignment", {
      headers: admin.headers,
      body: { mode: "roundRobin", userIds: [anna.user.id] },
    });
    assert.equal(rule.res.status, 200, JSON.stringify(rule.json));
    await postWebLead(env, await key("1"), { firstName: "Vera", lastName: "Webb" });

    for (const u of [anna, bo, cia]) {
      const list = await inbox(env, u.headers);
      assert.equal(list.length, 1, `${u.user.firstName} has one notification`);
      assert.equal(list[0].category, "webLead");
      assert.equal(list[0].text, "Ny webblead: Vera Webb på Klubb Söder");
      assert.ok(list[0].prospectId);
      assert.match(list[0].href ?? "", /^\/prospects\?marketProjectId=1&customerId=\d+/);
      assert.equal(list[0].readAt, null);
    }
    assert.deepEqual(await inbox(env, firm.headers), [], "a B2B user hears nothing of it");
    // The assignee's mail, nobody else's.
    const toAnna = await mailsTo(env, anna.user.email);
    assert.equal(toAnna.length, 1);
    assert.match(toAnna[0].subject ?? "", /Ny webblead: Vera Webb på Klubb Söder/);
    for (const u of [bo, cia, firm]) {
      assert.deepEqual(await mailsTo(env, u.user.email), [], "no colleague mail");
    }
    // English readers read it in English.
    await call(env, "PATCH", `/api/users/${bo.user.id}/settings/language`, {
      headers: bo.headers,
      body: { language: "en" },
    });
    const en = await inbox(env, bo.headers);
    assert.equal(en[0].text, "New web lead: Vera Webb at Klubb Söder");
  } finally {
    env.close();
  }
});

Deno.test("notifications: opted-in staff get one summary per 15 minutes of the unassigned web leads, however many run the job", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { anna, bo, cia, key } = await setup(env);
    const settings = await optIn(env, bo, { webLead: { email: true } });
    assert.deepEqual(settings.notifications.webLead, { email: true, sms: false });
    assert.deepEqual(settings.notifications.escalation, { email: true, sms: false }, "defaults");
    await optIn(env, cia, { webLead: { email: true } });
    const k = await key("1");
    for (let i = 1; i <= 5; i++) {
      await postWebLead(env, k, { firstName: `Lead${i}`, lastName: "Summary" });
      env.clock.advance(60_000);
    }
    for (const u of [anna, bo, cia]) {
      assert.equal((await inbox(env, u.headers)).length, 5, "five in-app notifications each");
      assert.deepEqual(await mailsTo(env, u.user.email), [], "no mail per lead");
    }
    // After the window: the job, run by several callers at once, sends each opted-in user one.
    const later = new Date(Date.parse(START) + 15 * 60_000);
    const deps = { kv: env.kv, config: env.config, now: () => later };
    await Promise.all(Array.from({ length: 6 }, () => sendLeadDigests(deps)));
    await sendLeadDigests(deps);
    for (const u of [bo, cia]) {
      const mails = await mailsTo(env, u.user.email);
      assert.equal(mails.length, 1, `${u.user.firstName} gets exactly one summary`);
      assert.match(mails[0].subject ?? "", /^5 nya webbleads/);
      for (let i = 1; i <= 5; i++) assert.ok(mails[0].text.includes(`Lead${i} Summary`));
    }
    assert.deepEqual(await mailsTo(env, anna.user.email), [], "not opted in");
  } finally {
    env.close();
  }
});

Deno.test("notifications: mark read by ids or all; another user's ids change nothing; bad input 400", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { anna, bo, key } = await setup(env);
    const k = await key("1");
    for (let i = 0; i < 3; i++) await postWebLead(env, k, { firstName: `P${i}` });
    const annas = await inbox(env, anna.headers);
    const bos = await inbox(env, bo.headers);
    assert.equal(annas.length, 3);
    // Newest first.
    assert.deepEqual(annas.map((n) => n.text.split(" ")[2]), ["P2", "P1", "P0"]);

    const foreign = await call(env, "POST", "/api/notifications/read", {
      headers: anna.headers,
      body: { ids: bos.map((n) => n.id) },
    });
    assert.equal(foreign.res.status, 200);
    assert.equal(foreign.json.marked, 0);
    assert.equal((await inbox(env, bo.headers, "?unread=true")).length, 3, "Bo's stay unread");

    const one = await call(env, "POST", "/api/notifications/read", {
      headers: anna.headers,
      body: { ids: [annas[0].id] },
    });
    assert.deepEqual(one.json, { marked: 1, unread: 2 });
    const unread = await inbox(env, anna.headers, "?unread=true");
    assert.deepEqual(unread.map((n) => n.id), [annas[1].id, annas[2].id]);
    const page = await inbox(env, anna.headers, `?limit=1&before=${annas[0].id}`);
    assert.deepEqual(page.map((n) => n.id), [annas[1].id], "the next page after the cursor");

    const all = await call(env, "POST", "/api/notifications/read", {
      headers: anna.headers,
      body: { all: true },
    });
    assert.deepEqual(all.json, { marked: 2, unread: 0 });
    assert.ok((await inbox(env, anna.headers)).every((n) => n.readAt !== null));
    assert.equal((await inbox(env, bo.headers, "?unread=true")).length, 3);

    for (const body of [{}, { ids: [] }, { ids: ["nope"] }, { all: false }, { all: true, x: 1 }]) {
      const bad = await call(env, "POST", "/api/notifications/read", {
        headers: anna.headers,
        body,
      });
      assert.equal(bad.res.status, 400, JSON.stringify(body));
    }
    const badQuery = await call(env, "GET", "/api/notifications?limit=0", {
      headers: anna.headers,
    });
    assert.equal(badQuery.res.status, 400);
    const anon = await call(env, "GET", "/api/notifications", {});
    assert.equal(anon.res.status, 401);
  } finally {
    env.close();
  }
});

Deno.test("notifications: a prospect the reader may no longer see, or an erased person, is not named", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { admin, anna, firm, key } = await setup(env);
    await postWebLead(env, await key("2"), { firstName: "Firma", lastName: "Fredriksson" });
    await postWebLead(env, await key("1"), { firstName: "Zebulon", lastName: "Quixotesson" });
    const berits = await inbox(env, firm.headers);
    assert.equal(berits.length, 1, "the B2B user hears of the b2b project's lead only");
    assert.equal(berits[0].text, "Ny webblead: Firma Fredriksson på Klubb Söder");
    // An admin moves the person to a project the B2B user may not see: no longer named.
    const p = await call(env, "GET", `/api/prospects/${berits[0].prospectId}`, {
      headers: admin.headers,
    });
    const moved = await call(env, "PUT", `/api/prospects/${p.json.id}`, {
      headers: admin.headers,
      body: { ...p.json, marketProjectId: 1 },
    });
    assert.equal(moved.res.status, 200, JSON.stringify(moved.json));
    const after = await inbox(env, firm.headers);
    assert.equal(after.length, 1);
    assert.equal(after[0].text, "Ny webblead på Klubb Söder");
    assert.equal(after[0].prospectId, undefined);
    assert.ok(!JSON.stringify(after).includes("Fredriksson"));

    const annas = await inbox(env, anna.headers);
    const zeb = annas.find((n) => n.text.includes("Zebulon"));
    assert.ok(zeb, "named before the erasure");
    const erased = await call(env, "POST", `/api/prospects/${zeb.prospectId}/erase`, {
      headers: admin.headers,
    });
    assert.equal(erased.res.status, 200, JSON.stringify(erased.json));
    const text = JSON.stringify(await inbox(env, anna.headers));
    assert.ok(!text.includes("Zebulon") && !text.includes("Quixotesson"), text);
    const lines: string[] = [];
    await dumpKv(env.kv, (l) => Promise.resolve(void lines.push(l)));
    const notices = lines.filter((l) => l.includes("notifications"));
    assert.ok(notices.length > 0, "the dump holds the notifications");
    assert.ok(!notices.some((l) => l.includes("Zebulon")), "and no notification holds his name");
  } finally {
    env.close();
  }
});

Deno.test("notifications: an assignment by someone else tells the assignee (live too); assigning yourself does not", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { admin, anna, bo } = await setup(env);
    const p = await createRow(env, admin.headers, { firstName: "Tova", lastName: "Tilldelad" });
    const stream = await openStream(env, anna.headers);
    try {
      const assign = await call(env, "PATCH", `/api/prospects/${p.id}/assign`, {
        headers: admin.headers,
        body: { assignId: anna.user.email, version: p.version },
      });
      assert.equal(assign.res.status, 200, JSON.stringify(assign.json));
      const list = await inbox(env, anna.headers);
      assert.equal(list.length, 1);
      assert.equal(list[0].category, "assigned");
      assert.equal(list[0].text, "Tova Tilldelad (Vårkampanj) har tilldelats dig");
      assert.ok(
        await stream.until(() => stream.notifications.some((n) => n.unread === 1)),
        "a notification event with the unread count within 2 s",
      );
    } finally {
      await stream.close();
    }
    const own = await createRow(env, bo.headers, { firstName: "Egen" });
    const take = await call(env, "PATCH", `/api/prospects/${own.id}/assign`, {
      headers: bo.headers,
      body: { assignId: bo.user.email, version: own.version },
    });
    assert.equal(take.res.status, 200, JSON.stringify(take.json));
    assert.deepEqual(await inbox(env, bo.headers), [], "taking it yourself tells nobody");
    // Rows a CSV import gives Bo by the club's turn tell him too.
    const rule = await call(env, "PUT", "/api/clubs/101/assignment", {
      headers: admin.headers,
      body: { mode: "roundRobin", userIds: [bo.user.id] },
    });
    assert.equal(rule.res.status, 200, JSON.stringify(rule.json));
    const imp = await env.app.request(`${ORIGIN}/api/prospects/import?marketProjectId=1`, {
      method: "POST",
      headers: { ...admin.headers, "Content-Type": "text/csv" },
      body:
        "Förnamn;Efternamn;Telefon;Klubb-ID\nIda;Import;0701110010;101\nJon;Import;0701110020;101",
    });
    assert.equal(imp.status, 200, await imp.text());
    const bos = await inbox(env, bo.headers);
    assert.deepEqual(bos.map((n) => n.category), ["assigned", "assigned"]);
    assert.deepEqual(
      bos.map((n) => n.text).sort(),
      ["Ida Import (Vårkampanj) har tilldelats dig", "Jon Import (Vårkampanj) har tilldelats dig"],
    );
    assert.deepEqual(await mailsTo(env, anna.user.email), [], "in-app only by default");
  } finally {
    env.close();
  }
});

Deno.test("notifications: the daily report is in-app for its recipients; its mail follows their choice", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { anna, bo } = await setup(env);
    for (const u of [anna, bo]) {
      await updateUser(env.kv, u.user.id, (r) => ({ ...r, dailyReportSubscription: true }));
    }
    await optIn(env, bo, { dailyReport: { email: false } });
    const deps = { kv: env.kv, config: env.config, now: () => env.clock.now };
    const res = await runDailyReport(deps);
    assert.equal(res?.sent, 2);
    assert.equal(await runDailyReport(deps), null, "once a day");
    for (const u of [anna, bo]) {
      const list = await inbox(env, u.headers);
      assert.equal(list.length, 1);
      assert.equal(list[0].category, "dailyReport");
      assert.match(list[0].text, /^Dagens rapport 2026-03-10: \d+ att göra/);
    }
    assert.equal((await mailsTo(env, anna.user.email)).length, 1);
    assert.equal((await mailsTo(env, bo.user.email)).length, 0, "Bo chose no mail");
  } finally {
    env.close();
  }
});

Deno.test("notifications: settings validate each category's channels", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { anna, bo } = await setup(env);
    const got = await call(env, "GET", `/api/users/${anna.user.id}/settings`, {
      headers: anna.headers,
    });
    assert.deepEqual(got.json.notifications, {
      webLead: { email: false, sms: false },
      escalation: { email: true, sms: false },
      assigned: { email: false, sms: false },
      dailyReport: { email: true, sms: false },
    });
    // Two changes at once: neither is lost.
    await Promise.all([
      optIn(env, anna, { assigned: { sms: true } }),
      optIn(env, anna, { webLead: { email: true } }),
    ]);
    const now = await call(env, "GET", `/api/users/${anna.user.id}/settings`, {
      headers: anna.headers,
    });
    assert.deepEqual(now.json.notifications.assigned, { email: false, sms: true });
    assert.deepEqual(now.json.notifications.webLead, { email: true, sms: false });
    for (const body of [{ webLead: { email: "yes" } }, { pager: { email: true } }]) {
      const bad = await call(env, "PATCH", `/api/users/${anna.user.id}/settings/notifications`, {
        headers: anna.headers,
        body,
      });
      assert.equal(bad.res.status, 400, JSON.stringify(body));
    }
    const other = await call(env, "PATCH", `/api/users/${anna.user.id}/settings/notifications`, {
      headers: bo.headers,
      body: { webLead: { email: false } },
    });
    assert.equal(other.res.status, 403);
  } finally {
    env.close();
  }
});

/** An open event stream of the user, collecting its `notification` events. */
async function openStream(env: TestEnv, headers: Headers) {
  const abort = new AbortController();
  const res = await env.app.request(`${ORIGIN}/api/events`, {
    headers: { ...headers, Accept: "text/event-stream" },
    signal: abort.signal,
  });
  assert.equal(res.status, 200);
  const notifications: { unread: number }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const pump = (async () => {
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes("event: notification")) continue;
          const data = block.split("\n").find((l) => l.startsWith("data: "));
          if (data) notifications.push(JSON.parse(data.slice(6)));
        }
      }
    } catch { /* aborted */ }
  })();
  return {
    notifications,
    async until(pred: () => boolean, ms = 2000) {
      const start = Date.now();
      while (!pred()) {
        if (Date.now() - start > ms) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    },
    async close() {
      abort.abort();
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

Deno.test("notifications pages: the bell's count is in the page, the list names and links, mark all read and the settings form work without script", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { anna, key } = await setup(env);
    const k = await key("1");
    await postWebLead(env, k, { firstName: "Sida", lastName: "Lead" });
    await postWebLead(env, k, { firstName: "Andra", lastName: "Lead" });
    const page = async (path: string) => {
      const res = await env.app.request(`${ORIGIN}${path}`, { headers: anna.headers });
      return { res, html: await res.text() };
    };
    const today = await page("/today");
    assert.match(today.html, /data-testid="bell-count"[^>]*>2</, "the count before any script");
    assert.match(today.html, /aria-label="Aviseringar, 2 olästa"/);
    const list = await page("/notifications");
    assert.equal(list.res.status, 200);
    assert.equal((list.html.match(/data-testid="notification"/g) ?? []).length, 2);
    assert.ok(list.html.indexOf("Andra Lead") < list.html.indexOf("Sida Lead"), "newest first");
    assert.equal((list.html.match(/data-testid="notification-unread"/g) ?? []).length, 2);
    const open = list.html.match(/href="(\/notifications\/[0-9A-Z]{26}\/open)"/);
    assert.ok(open);
    const opened = await env.app.request(`${ORIGIN}${open[1]}`, { headers: anna.headers });
    assert.equal(opened.status, 303);
    assert.match(
      opened.headers.get("location") ?? "",
      /^\/prospects\?marketProjectId=1&customerId=/,
    );
    assert.equal((await inbox(env, anna.headers, "?unread=true")).length, 1, "opening reads it");

    const form = await env.app.request(`${ORIGIN}/notifications/read`, {
      method: "POST",
      headers: { ...anna.headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    assert.equal(form.status, 303);
    const after = await page(form.headers.get("location")!);
    assert.ok(!after.html.includes('data-testid="bell-count"'), "no count once all are read");
    assert.ok(!after.html.includes('data-testid="notification-unread"'));

    const saved = await env.app.request(`${ORIGIN}/settings`, {
      method: "POST",
      headers: { ...anna.headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: "form=notifications&webLead.email=on&escalation.email=on&dailyReport.email=on",
    });
    assert.equal(saved.status, 200);
    const s = await call(env, "GET", `/api/users/${anna.user.id}/settings`, {
      headers: anna.headers,
    });
    assert.deepEqual(s.json.notifications, {
      webLead: { email: true, sms: false },
      escalation: { email: true, sms: false },
      assigned: { email: false, sms: false },
      dailyReport: { email: true, sms: false },
    });
  } finally {
    env.close();
  }
});

Deno.test("notifications: an escalation is in-app for those its mail goes to; e-mail and SMS follow each one's choice", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    const { admin, anna, bo, firm } = await setup(env);
    await optIn(env, bo, { escalation: { email: false, sms: true } });
    await createRow(env, admin.headers, { firstName: "Esko", lastName: "Lerad" });
    // Two work days later every open prospect is Escalated.
    env.clock.set("2026-03-12T15:00:00Z");
    await runActivityJob({ kv: env.kv, config: env.config, now: () => env.clock.now });
    for (const u of [anna, bo]) {
      const list = (await inbox(env, u.headers)).filter((n) => n.category === "escalation");
      assert.equal(list.length, 1, `${u.user.firstName} is told in the app`);
      assert.equal(list[0].text, "Eskalerad: Esko Lerad på Klubb Söder väntar på kontakt");
    }
    assert.deepEqual(await inbox(env, firm.headers), [], "not a B2B user's prospect");
    const subjects = async (email: string) => (await mailsTo(env, email)).map((m) => m.subject);
    assert.ok((await subjects(anna.user.email)).includes("Eskalerat: Esko Lerad på Klubb Söder"));
    assert.deepEqual(await subjects(bo.user.email), [], "Bo chose no escalation mail");
    const texts = (await mailsTo(env, bo.user.mobile)).filter((m) => m.channel === "sms");
    assert.equal(texts.length, 1, "but an SMS");
    assert.match(texts[0].text, /Esko Lerad på Klubb Söder har eskalerats/);
  } finally {
    env.close();
  }
});
