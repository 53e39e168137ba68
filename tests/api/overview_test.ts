/**
 * The chain overview (GET /api/overview, /overview): per club by district the waiting web leads,
 * escalated and due items of today's list and the median response time; each number's link lists
 * exactly those prospects; admins only.
 */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, postWebLead } from "@/tests/api/prospect_fixtures.ts";
import { createClub, createDistrict } from "@/lib/db/reference.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";

const CAMPAIGN = "https://kampanj.example.se";

async function formKey(env: TestEnv, headers: Record<string, string>, projectId: string) {
  const r = await call(env, "POST", `/api/marketprojects/${projectId}/form-keys`, {
    headers,
    body: { allowedOrigins: [CAMPAIGN] },
  });
  assert.equal(r.res.status, 201, JSON.stringify(r.json));
  return r.json.key as string;
}

async function page(env: TestEnv, path: string, headers: Record<string, string>) {
  const res = await env.app.request(`${ORIGIN}${path}`, {
    headers: { ...headers, Accept: "text/html" },
    redirect: "manual",
  });
  return { res, html: await res.text() };
}

Deno.test("overview: per club the waiting, escalated and due items of today's list and the median response time; every link lists exactly those", async () => {
  // Tuesday 2026-03-10; the work day is 08–17 Stockholm (07–16 UTC).
  const env = await makeEnv({}, new Date("2026-03-09T08:00:00Z"));
  try {
    const chain = await makeChain(env);
    await createDistrict(env.kv, { districtId: 2, name: "Göteborg" });
    await createClub(env.kv, { clubId: 201, name: "Klubb Hisingen", districtId: 2 });
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const h = admin.headers;
    const key = await formKey(env, h, chain.project.id);

    // Yesterday: two staff rows at 101 that escalate by today.
    await createRow(env, h, { firstName: "Eskil", clubId: 101 });
    await createRow(env, h, { firstName: "Esther", clubId: 101 });
    env.clock.set("2026-03-10T08:00:00Z");
    // Today 09:00 local: two web leads at 101, first contacted after 10 and 30 work minutes.
    await postWebLead(env, key, { firstName: "Alva", clubId: 101 });
    await postWebLead(env, key, { firstName: "Bo", clubId: 101 });
    await postWebLead(env, key, { firstName: "Cissi", clubId: 102 }); // never contacted
    await postWebLead(env, key, { firstName: "Dan", clubId: 201 }); // never contacted
    await postWebLead(env, key, { firstName: "Ebba", clubId: 201 }); // never contacted
    const rows = await call(env, "GET", "/api/prospects?marketProjectId=1&size=100", {
      headers: h,
    });
    assert.equal(rows.res.status, 200, JSON.stringify(rows.json));
    const id = (name: string) => rows.json.find((p: any) => p.firstName === name).id;
    for (const [name, at] of [["Alva", "08:10"], ["Bo", "08:30"]]) {
      env.clock.set(`2026-03-10T${at}:00Z`);
      const n = await call(env, "POST", `/api/prospects/${id(name)}/notes`, {
        headers: h,
        body: { text: "Ringt", noteType: "Note" },
      });
      assert.equal(n.res.status, 201, JSON.stringify(n.json));
    }
    env.clock.set("2026-03-10T09:00:00Z");
    await createRow(env, h, { firstName: "Tove", clubId: 102 }); // today, ToDo
    env.clock.set("2026-03-10T09:30:00Z");
    await runActivityJob({ kv: env.kv, config: env.config, now: () => env.clock.now });

    const { res, json } = await call(env, "GET", "/api/overview", { headers: h });
    assert.equal(res.status, 200, JSON.stringify(json));
    assert.deepEqual(
      json.districts.map((d: any) => [d.name, d.clubs.map((c: any) => c.clubId).sort()]),
      [["Stockholm", [101, 102, 103]], ["Göteborg", [201]]],
    );
    const club = (n: number) =>
      json.districts.flatMap((d: any) => d.clubs).find((c: any) => c.clubId === n);
    // From the scenario: 101 has two escalated rows and two contacted web leads (due: ToDo),
    // median of 10 and 30 work minutes = 20; 102 one waiting and one due; 201 two waiting.
    assert.deepEqual(
      [101, 102, 103, 201].map((n) => {
        const c = club(n);
        return [n, c.waiting, c.escalated, c.due, c.leads, c.medianMinutes];
      }),
      [
        [101, 0, 2, 2, 2, 20],
        [102, 1, 0, 1, 1, null],
        [103, 0, 0, 0, 0, null],
        [201, 2, 0, 0, 2, null],
      ],
    );

    // Brute force: today's list of each club through the desk's own endpoint, counted by hand.
    for (const c of json.districts.flatMap((d: any) => d.clubs)) {
      const list = await call(env, "GET", `/api/prospects/today?clubId=${c.clubId}`, {
        headers: h,
      });
      assert.equal(list.res.status, 200);
      const items = list.json as any[];
      assert.equal(c.waiting, items.filter((p) => p.awaitingFirstContact).length);
      assert.equal(
        c.escalated,
        items.filter((p) => !p.awaitingFirstContact && p.activityStatus === "Escalated").length,
      );
      assert.equal(
        c.due,
        items.filter((p) =>
          !p.awaitingFirstContact && ["Notified", "ToDo"].includes(p.activityStatus)
        ).length,
      );
    }

    // The page: every count is a link whose list shows exactly that many prospects.
    const home = await page(env, "/", h);
    assert.equal(home.res.status, 302);
    assert.equal(home.res.headers.get("location"), "/overview");
    const ov = await page(env, "/overview", h);
    assert.equal(ov.res.status, 200);
    assert.match(ov.html, /Klubb Hisingen/);
    const links = [
      ...ov.html.matchAll(/href="(\/today\?clubId=(\d+)&amp;show=(\w+))"[^>]*>(\d+)</g),
    ];
    assert.equal(links.length, 4 * 3, "three links per club");
    for (const [, href, , , n] of links) {
      const list = await page(env, href.replaceAll("&amp;", "&"), h);
      assert.equal(list.res.status, 200);
      const shown = list.html.match(/data-testid="today-item"/g)?.length ?? 0;
      assert.equal(shown, Number(n), href);
    }
    const api = await call(env, "GET", "/api/prospects/today?clubId=201&show=web", { headers: h });
    assert.equal(api.res.headers.get("x-total-elements"), "2");
    const bad = await call(env, "GET", "/api/prospects/today?show=nope", { headers: h });
    assert.equal(bad.res.status, 400);
  } finally {
    env.close();
  }
});

Deno.test("overview: staff and B2B users get 403 from the API and are sent to their desk from the page", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T09:00:00Z"));
  try {
    await makeChain(env);
    for (const role of ["ROLE_USER", "ROLE_B2B_USER"] as const) {
      const u = await signedIn(env, { role });
      const r = await call(env, "GET", "/api/overview", { headers: u.headers });
      assert.equal(r.res.status, 403, role);
      const p = await page(env, "/overview", u.headers);
      assert.equal(p.res.status, 302);
      assert.equal(p.res.headers.get("location"), "/today");
      const home = await page(env, "/", u.headers);
      assert.equal(home.res.headers.get("location"), "/today");
    }
    const anon = await call(env, "GET", "/api/overview");
    assert.equal(anon.res.status, 401);
  } finally {
    env.close();
  }
});
