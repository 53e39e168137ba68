/**
 * Web-form leads (issue #15 point 5): form keys per project (admin only), a public intake that
 * creates the lead and mails its assignee (the club's colleagues see it in the notification
 * centre), a duplicate answered like a new lead that becomes a note and a mail to the assignee,
 * CORS only for the key's origins, the honeypot, rate limits under parallel load, revoked keys.
 */
import assert from "node:assert/strict";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { listOutbox } from "@/lib/notify/mod.ts";

const CAMPAIGN = "https://kampanj.example.se";

/** POST /api/intake/{key} from a browser on `origin` (or a script when null), from `address`. */
async function postLead(
  env: TestEnv,
  key: string,
  body: Record<string, unknown> | URLSearchParams,
  opts: { origin?: string | null; address?: string } = {},
) {
  const headers: Record<string, string> = {};
  const origin = opts.origin === undefined ? CAMPAIGN : opts.origin;
  if (origin) headers.Origin = origin;
  let payload: string;
  if (body instanceof URLSearchParams) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    payload = body.toString();
  } else {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await env.app.request(
    `${ORIGIN}/api/intake/${key}`,
    { method: "POST", headers, body: payload, redirect: "manual" },
    { remoteAddr: { hostname: opts.address ?? "203.0.113.7" } },
  );
  const text = await res.text();
  return { res, json: text ? JSON.parse(text) : null };
}

async function setup(env: TestEnv) {
  const chain = await makeChain(env);
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const staff = await signedIn(env, { firstName: "Sara" });
  await setClubSubscription(env.kv, staff.user.id, 101, true);
  // Club 101 assigns its web leads to Sara; Olle, subscribed too, is told in the app only.
  const colleague = await signedIn(env, { firstName: "Olle" });
  await setClubSubscription(env.kv, colleague.user.id, 101, true);
  const rule = await call(env, "PUT", "/api/clubs/101/assignment", {
    headers: admin.headers,
    body: { mode: "roundRobin", userIds: [staff.user.id] },
  });
  assert.equal(rule.res.status, 200, JSON.stringify(rule.json));
  const created = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
    headers: admin.headers,
    body: { allowedOrigins: [CAMPAIGN] },
  });
  assert.equal(created.res.status, 201, JSON.stringify(created.json));
  return {
    chain,
    admin,
    staff,
    colleague,
    key: created.json.key as string,
    keyId: created.json.id as string,
  };
}

const lead = (over: Record<string, unknown> = {}) => ({
  firstName: "Webb",
  lastName: "Lead",
  phoneNumber: "070-765 43 21",
  email: "webb@example.se",
  clubId: 101,
  tag: "vår",
  ...over,
});

Deno.test("web form: a new lead is created, answered 201 with nothing to read, and mailed to its assignee at once", async () => {
  const env = await makeEnv();
  try {
    const { admin, staff, colleague, key } = await setup(env);
    const r = await postLead(env, key, lead());
    assert.equal(r.res.status, 201, JSON.stringify(r.json));
    assert.deepEqual(r.json, { received: true });
    assert.equal(r.res.headers.get("access-control-allow-origin"), CAMPAIGN);
    const rows = await call(env, "GET", "/api/prospects?marketProjectId=1&search=0707654321", {
      headers: admin.headers,
    });
    assert.equal(rows.json.length, 1);
    assert.equal(rows.json[0].tag, "vår");
    assert.equal(rows.json[0].clubId, 101);
    const mails = await listOutbox(env.kv, { to: staff.user.email });
    assert.equal(mails.length, 1, "the assignee is mailed before the answer");
    assert.match(mails[0].subject ?? "", /Ny webblead: Webb Lead på Klubb Söder/);
    assert.match(mails[0].text, /070-765 43 21/);
    assert.deepEqual(await listOutbox(env.kv, { to: colleague.user.email }), [], "no colleague");
    const told = await call(env, "GET", "/api/notifications", { headers: colleague.headers });
    assert.deepEqual(told.json.map((n: any) => n.text), ["Ny webblead: Webb Lead på Klubb Söder"]);
    // Form-encoded (a plain HTML form) works too, and its thank-you redirect stays on the origin.
    const form = await postLead(
      env,
      key,
      new URLSearchParams({
        firstName: "Form",
        lastName: "Post",
        phoneNumber: "0701239999",
        clubId: "102",
        redirect: `${CAMPAIGN}/tack`,
      }),
    );
    assert.equal(form.res.status, 303);
    assert.equal(form.res.headers.get("location"), `${CAMPAIGN}/tack`);
    const elsewhere = await postLead(
      env,
      key,
      new URLSearchParams({
        ...lead({ phoneNumber: "0701238888", email: "" }),
        clubId: "101",
        redirect: "https://evil.example/phish",
      } as Record<string, string>),
    );
    assert.equal(elsewhere.res.status, 201, "a redirect off the key's origins is ignored");
    // Bad input: the spec's messages, nothing written.
    const bad = await postLead(env, key, lead({ phoneNumber: "abc", lastName: "" }), {
      address: "198.51.100.1",
    });
    assert.equal(bad.res.status, 400);
    assert.equal(
      bad.json.fields.phoneNumber,
      "Inte ett nummer",
      "the message in the user's language",
    );
    assert.ok(bad.json.fields.lastName);
    const total = await call(env, "GET", "/api/prospects?marketProjectId=1", {
      headers: admin.headers,
    });
    assert.equal(total.res.headers.get("x-total-elements"), "3");
  } finally {
    env.close();
  }
});

Deno.test("web form: a known person gets the very answer a new one gets; a note is added and the assignee is mailed", async () => {
  const env = await makeEnv();
  try {
    const { admin, staff, colleague, key } = await setup(env);
    const first = await postLead(env, key, lead());
    const again = await postLead(
      env,
      key,
      lead({ firstName: "Annat", phoneNumber: "+46707654321" }),
    );
    assert.equal(again.res.status, first.res.status, "same status for a known and a new person");
    assert.equal(again.res.status, 201);
    assert.deepEqual(again.json, first.json, "same body");
    assert.deepEqual(again.json, { received: true }, "nothing of the stored person");
    assert.deepEqual(
      [...again.res.headers.keys()].filter((h) => h !== "x-request-id").sort(),
      [...first.res.headers.keys()].filter((h) => h !== "x-request-id").sort(),
      "same headers",
    );
    // The same through a plain form with a thank-you page.
    const formAgain = await postLead(
      env,
      key,
      new URLSearchParams({
        firstName: "Tredje",
        lastName: "Gång",
        phoneNumber: "0707654321",
        clubId: "101",
        redirect: `${CAMPAIGN}/tack`,
      }),
    );
    assert.equal(formAgain.res.status, 303);
    assert.equal(formAgain.res.headers.get("location"), `${CAMPAIGN}/tack`);
    const mails = await listOutbox(env.kv, { to: staff.user.email });
    assert.equal(mails.length, 3, "the new lead and each return are mailed to the assignee");
    assert.ok(
      mails.some((m) => /Webbformulär igen: Webb Lead på Klubb Söder/.test(m.subject ?? "")),
      JSON.stringify(mails.map((m) => m.subject)),
    );
    assert.deepEqual(await listOutbox(env.kv, { to: colleague.user.email }), []);
    const told = await call(env, "GET", "/api/notifications", { headers: colleague.headers });
    assert.equal(told.json.length, 3, "the colleague sees each in the app");
    const rows = await call(env, "GET", "/api/prospects?marketProjectId=1", {
      headers: admin.headers,
    });
    assert.equal(rows.json.length, 1, "no second row");
    assert.equal(rows.json[0].firstName, "Webb", "the stored person is unchanged");
    const notes = await call(env, "GET", `/api/prospects/${rows.json[0].id}/notes`, {
      headers: admin.headers,
    });
    assert.equal(notes.res.status, 200, JSON.stringify(notes.json));
    assert.ok(
      notes.json.some((n: any) => /Webbformulär: samma person/.test(n.text)),
      JSON.stringify(notes.json),
    );
  } finally {
    env.close();
  }
});

Deno.test("web form: CORS only for the key's origins; the honeypot is a silent no-op; a key is no Bearer token; revoked and unknown keys 404", async () => {
  const env = await makeEnv();
  try {
    const { chain, admin, key, keyId } = await setup(env);
    const preflight = (origin: string) =>
      env.app.request(`${ORIGIN}/api/intake/${key}`, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
    const ok = await preflight(CAMPAIGN);
    assert.equal(ok.status, 204);
    assert.equal(ok.headers.get("access-control-allow-origin"), CAMPAIGN);
    const other = await preflight("https://evil.example");
    assert.equal(other.headers.get("access-control-allow-origin"), null);
    const foreign = await postLead(env, key, lead(), { origin: "https://evil.example" });
    assert.equal(foreign.res.status, 403, "a browser on another origin cannot post");
    const script = await postLead(env, key, lead({ phoneNumber: "0701110000" }), { origin: null });
    assert.equal(script.res.status, 201, "a server-side script (no Origin) may post");

    const bot = await postLead(
      env,
      key,
      lead({ phoneNumber: "0702220000", website: "spam.example" }),
    );
    assert.equal(bot.res.status, 201);
    const found = await call(env, "GET", "/api/prospects?marketProjectId=1&search=0702220000", {
      headers: admin.headers,
    });
    assert.equal(found.json.length, 0, "the honeypot wrote nothing");

    const asBearer = await call(env, "GET", "/api/prospects?marketProjectId=1", {
      headers: { Authorization: `Bearer ${key}` },
    });
    assert.equal(asBearer.res.status, 401, "a form key reads nothing");
    const read = await env.app.request(`${ORIGIN}/api/intake/${key}`);
    assert.equal(read.status, 405, "nothing can be read with a key");
    assert.equal(read.headers.get("allow"), "POST");
    assert.equal((await read.json()).error, "METHOD_NOT_ALLOWED");

    const list = await call(env, "GET", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: admin.headers,
    });
    assert.equal(list.json.length, 1);
    assert.equal(list.json[0].leads, 1);
    const { headers: user } = await signedIn(env);
    const denied = await call(env, "GET", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: user,
    });
    assert.equal(denied.res.status, 403, "only admins manage keys");
    const badOrigin = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: admin.headers,
      body: { allowedOrigins: ["https://ok.example/path"] },
    });
    assert.equal(badOrigin.res.status, 400);

    const del = await call(
      env,
      "DELETE",
      `/api/marketprojects/${chain.project.id}/form-keys/${keyId}`,
      { headers: admin.headers },
    );
    assert.equal(del.res.status, 204);
    const revoked = await postLead(env, key, lead({ phoneNumber: "0703330000" }));
    assert.equal(revoked.res.status, 404);
    assert.equal(revoked.json.error, "FORM_KEY_NOT_FOUND");
    const unknown = await postLead(env, "fk_" + "x".repeat(32), lead());
    assert.equal(unknown.res.status, 404);
  } finally {
    env.close();
  }
});

Deno.test("web form: 30 parallel posts from one address — at most 10 get through, the rest 429; other addresses still can", async () => {
  const env = await makeEnv();
  try {
    const { key } = await setup(env);
    const answers = await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) =>
          postLead(
            env,
            key,
            lead({ phoneNumber: `07044${String(i).padStart(5, "0")}`, email: "" }),
            {
              address: "192.0.2.50",
            },
          ),
      ),
    );
    const statuses = answers.map((a) => a.res.status);
    assert.equal(statuses.filter((s) => s === 201).length, 10, statuses.join(","));
    assert.equal(statuses.filter((s) => s === 429).length, 20);
    const limited = answers.find((a) => a.res.status === 429)!;
    assert.equal(limited.res.headers.get("retry-after"), "60");
    const fresh = await postLead(env, key, lead({ phoneNumber: "0709990000" }), {
      address: "192.0.2.51",
    });
    assert.equal(fresh.res.status, 201);
  } finally {
    env.close();
  }
});

Deno.test("web form: the key's hourly limit holds over many addresses", async () => {
  const env = await makeEnv();
  try {
    const { key } = await setup(env);
    let limited = 0;
    // The honeypot keeps these cheap: each still counts against the key.
    for (let i = 0; i < 61; i++) {
      const batch = await Promise.all(
        Array.from(
          { length: 10 },
          (_, j) => postLead(env, key, lead({ website: "x" }), { address: `10.0.${i}.${j}` }),
        ),
      );
      limited += batch.filter((a) => a.res.status === 429).length;
    }
    assert.equal(limited, 10, "610 posts, 600 allowed an hour");
  } finally {
    env.close();
  }
});
