/** Saved grid views: GET/POST /api/views, DELETE /api/views/{id}. */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn } from "@/tests/helpers.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { SAVED_VIEWS_MAX } from "@/lib/domain/saved_views.ts";

async function setup() {
  const env = await makeEnv();
  const staff = await signedIn(env, { role: "ROLE_USER" });
  const other = await signedIn(env, { role: "ROLE_USER" });
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  return { env, staff, other, admin };
}

async function withSetup(fn: (s: Awaited<ReturnType<typeof setup>>) => Promise<void>) {
  const s = await setup();
  try {
    await fn(s);
  } finally {
    s.env.close();
  }
}

Deno.test("views: a user sees their own and the shared ones; only admins share", () =>
  withSetup(async ({ env, staff, other, admin }) => {
    const mine = await call(env, "POST", "/api/views", {
      headers: staff.headers,
      body: {
        name: "Morgonlistan",
        query: "marketProjectId=1&sellStatus=Booked&sort=urgency&page=3",
      },
    });
    assert.equal(mine.res.status, 201);
    assert.deepEqual(
      {
        name: mine.json.name,
        query: mine.json.query,
        shared: mine.json.shared,
        mine: mine.json.mine,
      },
      {
        name: "Morgonlistan",
        query: "marketProjectId=1&sellStatus=Booked&sort=urgency",
        shared: false,
        mine: true,
      },
    );
    const refused = await call(env, "POST", "/api/views", {
      headers: staff.headers,
      body: { name: "Alla", query: "marketProjectId=1", shared: true },
    });
    assert.equal(refused.res.status, 403);
    assert.equal(refused.json.message, translate("sv", "views.errors.shareAdminOnly"));
    const shared = await call(env, "POST", "/api/views", {
      headers: admin.headers,
      body: { name: "Att ringa idag", query: "marketProjectId=1&myAssigned=true", shared: true },
    });
    assert.equal(shared.res.status, 201);
    await call(env, "POST", "/api/views", {
      headers: admin.headers,
      body: { name: "Admins egen", query: "marketProjectId=2" },
    });
    const list = await call(env, "GET", "/api/views", { headers: staff.headers });
    assert.deepEqual(list.json.map((v: { name: string; mine: boolean }) => [v.name, v.mine]), [
      ["Att ringa idag", false],
      ["Morgonlistan", true],
    ]);
    const theirs = await call(env, "GET", "/api/views", { headers: other.headers });
    assert.deepEqual(theirs.json.map((v: { name: string }) => v.name), ["Att ringa idag"]);
  }));

Deno.test("views: deleting — own 204, another's private 404, another's shared 403 (admins may)", () =>
  withSetup(async ({ env, staff, other, admin }) => {
    const mk = async (h: Record<string, string>, body: Record<string, unknown>) => {
      const r = await call(env, "POST", "/api/views", { headers: h, body });
      assert.equal(r.res.status, 201);
      return r.json.id as string;
    };
    const own = await mk(staff.headers, { name: "A", query: "marketProjectId=1" });
    const shared = await mk(admin.headers, { name: "B", query: "marketProjectId=1", shared: true });
    const del = (h: Record<string, string>, id: string) =>
      call(env, "DELETE", `/api/views/${id}`, { headers: h });
    assert.equal((await del(other.headers, own)).res.status, 404);
    assert.equal((await del(staff.headers, shared)).res.status, 403);
    assert.equal((await del(staff.headers, own)).res.status, 204);
    assert.equal((await del(staff.headers, own)).res.status, 404);
    const adminShared = await mk(other.headers, { name: "C", query: "" });
    assert.equal((await del(admin.headers, adminShared)).res.status, 404, "private: not visible");
    assert.equal((await del(admin.headers, shared)).res.status, 204);
    const list = await call(env, "GET", "/api/views", { headers: staff.headers });
    assert.deepEqual(list.json, []);
  }));

Deno.test("views: bad input answers 400 with the field's message", () =>
  withSetup(async ({ env, staff }) => {
    const post = (body: unknown) =>
      call(env, "POST", "/api/views", { headers: staff.headers, body });
    let r = await post({ name: "", query: "marketProjectId=1" });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.name, translate("sv", "validation.required"));
    r = await post({ name: "x".repeat(81), query: "" });
    assert.equal(r.json.fields.name, translate("sv", "validation.maxLength", { n: 80 }));
    r = await post({ name: "x", query: "evil=1" });
    assert.equal(r.res.status, 400);
    assert.equal(r.json.fields.query, translate("sv", "validation.invalidValue"));
    r = await post({ name: "x", query: "a".repeat(2001) });
    assert.equal(r.res.status, 400);
    r = await post({ name: "x" });
    assert.equal(r.json.fields.query, translate("sv", "validation.required"));
    r = await post({ name: "x", query: "", shared: "maybe" });
    assert.equal(r.res.status, 400);
    for (let i = 0; i < SAVED_VIEWS_MAX; i++) {
      assert.equal((await post({ name: `v${i}`, query: "" })).res.status, 201);
    }
    r = await post({ name: "en till", query: "" });
    assert.equal(r.res.status, 400);
    assert.equal(
      r.json.fields.name,
      translate("sv", "views.errors.tooMany", { n: SAVED_VIEWS_MAX }),
    );
  }));

Deno.test("views: the page's forms work without JavaScript (open with ?view=, save by post)", () =>
  withSetup(async ({ env, staff }) => {
    const form = (body: Record<string, string>) =>
      env.app.request(`${ORIGIN}/prospects/views`, {
        method: "POST",
        headers: { ...staff.headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body).toString(),
      });
    const saved = await form({ name: "Bokade", query: "sellStatus=Booked&sort=urgency" });
    assert.equal(saved.status, 303);
    const to = saved.headers.get("location")!;
    assert.match(to, /^\/prospects\?view=/);
    const page = await env.app.request(`${ORIGIN}${to}`, { headers: staff.headers });
    assert.equal(page.status, 200);
    const html = await page.text();
    // The opened view's filters are the page's: its sell status is chosen, and so is the view.
    assert.match(html, /<option\s+value="Booked" selected>/);
    assert.match(html, /<option\s+value="[0-9A-Z]+" selected>Bokade<\/option>/);
    const refused = await form({ name: "", query: "" });
    assert.equal(refused.status, 400);
    assert.ok((await refused.text()).includes(translate("sv", "validation.required")));
  }));
