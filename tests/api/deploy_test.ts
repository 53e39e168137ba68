/**
 * The server as Deno Deploy runs it: built assets, the runtime's default KV store (`KV_PATH=`, a
 * fresh one per run through a unique `--location`), and Deploy's permissions — no subprocess, no
 * file write, no FFI. The spec's prospect and settings flows run against it over HTTP, from the
 * first admin through the printed `/setup?token=…` link onwards.
 */
import assert from "node:assert/strict";
import { DEFAULT_KV_PATH, loadConfig } from "@/lib/config.ts";
import { startServer } from "@/tests/api/server_process.ts";

/** The permissions Deno Deploy grants, written out as the server is started there. */
export const DEPLOY_FLAGS = [
  "--allow-net",
  "--allow-env",
  "--allow-read",
  "--allow-sys",
  "--deny-run",
  "--deny-write",
  "--deny-ffi",
];

/** main.ts with Deploy's permissions on a fresh default store (a unique --location per run). */
async function startDeployServer() {
  const server = startServer("", { APP_ENV: "development" }, [
    ...DEPLOY_FLAGS,
    `--location=http://klubbleads-${crypto.randomUUID()}.test/`,
  ]);
  try {
    await server.ready();
  } catch (e) {
    await server.stop();
    throw e;
  }
  return server;
}

/** A small HTTP client with a cookie jar, same-origin as a browser on the server's APP_URL. */
function client(url: string, origin: string) {
  const jar = new Map<string, string>();
  return async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { Origin: origin };
    if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, headers: res.headers, json };
  };
}

Deno.test("Deno Deploy: default store, no run/write/ffi — setup, reference data, prospects, settings", async () => {
  const server = await startDeployServer();
  try {
    const link = server.output().match(/\/setup\?token=([\w-]+)/);
    assert.ok(link, `no setup link printed:\n${server.output()}`);
    assert.doesNotMatch(server.output(), /PermissionDenied|NotCapable|Requires (run|write|ffi)/);
    const origin = `http://localhost:${new URL(server.url).port}`;
    const admin = client(server.url, origin);

    // The first admin through the one-time link; the link is spent afterwards.
    const password = "Klubb1234";
    const setup = await admin("POST", "/api/setup", {
      token: link[1],
      firstName: "Ada",
      lastName: "Admin",
      email: "ada@example.se",
      mobile: "+46701234567",
      password,
      repeatPassword: password,
    });
    assert.equal(setup.status, 201, JSON.stringify(setup.json));
    const again = await admin("POST", "/api/setup", {
      token: link[1],
      firstName: "Eve",
      lastName: "Evil",
      email: "eve@example.se",
      mobile: "+46701234568",
      password,
      repeatPassword: password,
    });
    assert.ok(again.status >= 400 && again.status < 500, String(again.status));
    const signIn = await admin("POST", "/api/auth/sign-in", { email: "ada@example.se", password });
    assert.equal(signIn.status, 200, JSON.stringify(signIn.json));
    assert.equal(signIn.json.user.email, "ada@example.se");

    // Reference data.
    assert.equal(
      (await admin("POST", "/api/district", { districtId: 1, name: "Norr" })).status,
      201,
    );
    for (const [clubId, name] of [[11, "Umeå"], [12, "Luleå"]] as const) {
      const r = await admin("POST", "/api/clubs", { clubId, name, districtId: 1 });
      assert.equal(r.status, 201, JSON.stringify(r.json));
    }
    const project = await admin("POST", "/api/marketprojects", {
      name: "Vårkampanj",
      startDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      marketProjectId: 1,
    });
    assert.equal(project.status, 201, JSON.stringify(project.json));

    // Work time round the clock, so a new prospect is due (ToDo) whenever this test runs.
    const wt = await admin("GET", "/api/admin-settings");
    const allDay = await admin("PUT", `/api/admin-settings/${wt.json.id}`, {
      worktimeFrom: "00:00",
      worktimeTo: "23:59",
      version: wt.json.version,
    });
    assert.equal(allDay.status, 200, JSON.stringify(allDay.json));

    // Prospects: create, a §5 refusal that writes nothing, search, save with a follow-up, 409.
    const created = [];
    for (const [i, first] of ["Anna", "Bertil", "Cecilia"].entries()) {
      const r = await admin("POST", "/api/prospects", {
        firstName: first,
        lastName: "Svensson",
        phoneNumber: `070123450${i}`,
        email: `${first.toLowerCase()}@example.se`,
        marketProjectId: 1,
        clubId: 11,
      });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      assert.equal(r.json.customerId > 0, true);
      created.push(r.json);
    }
    const bad = await admin("POST", "/api/prospects", {
      firstName: "",
      lastName: "X",
      phoneNumber: "12",
      marketProjectId: 1,
      clubId: 11,
    });
    assert.equal(bad.status, 400);
    assert.ok(bad.json.fields.firstName);
    const list = await admin("GET", "/api/prospects?marketProjectId=1&page=1&size=25");
    assert.equal(list.status, 200);
    assert.equal(list.headers.get("x-total-elements"), "3");
    const byPhone = await admin("GET", "/api/prospects?marketProjectId=1&search=070-123%2045%2001");
    assert.deepEqual(byPhone.json.map((p: any) => p.firstName), ["Bertil"]);

    const anna = created[0];
    const followUp = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const saved = await admin("PUT", `/api/prospects/${anna.id}`, {
      firstName: anna.firstName,
      lastName: anna.lastName,
      phoneNumber: anna.phoneNumber,
      email: anna.email,
      marketProjectId: 1,
      clubId: 11,
      sellStatus: "Booked",
      followUpDate: followUp,
      version: anna.version,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    assert.equal(saved.json.sellStatus, "Booked");
    assert.equal(saved.json.followUpDate, followUp);
    const stale = await admin("PUT", `/api/prospects/${anna.id}`, {
      firstName: "Lost",
      lastName: anna.lastName,
      phoneNumber: anna.phoneNumber,
      marketProjectId: 1,
      clubId: 11,
      version: anna.version,
    });
    assert.equal(stale.status, 409);
    assert.equal((await admin("GET", `/api/prospects/${anna.id}`)).json.firstName, "Anna");
    const note = await admin("POST", `/api/prospects/${anna.id}/notes`, {
      text: "Ringde, bokad.",
      noteType: "Note",
    });
    assert.ok(note.status === 201 || note.status === 200, JSON.stringify(note.json));
    const del = await admin("DELETE", `/api/prospects/${created[2].id}`);
    assert.ok(del.status < 300, String(del.status));
    const after = await admin("GET", "/api/prospects?marketProjectId=1");
    assert.equal(after.headers.get("x-total-elements"), "2");
    const restored = await admin("PUT", `/api/prospects/restore/${created[2].id}`);
    assert.equal(restored.status, 200, JSON.stringify(restored.json));
    assert.equal(
      (await admin("GET", "/api/prospects?marketProjectId=1")).headers.get("x-total-elements"),
      "3",
    );
    // PATCH without a version, assignment and the history of the writes.
    const bertil = created[1];
    const patched = await admin("PATCH", `/api/prospects/${bertil.id}`, { tag: "kampanj" });
    assert.equal(patched.status, 200, JSON.stringify(patched.json));
    assert.equal(patched.json.tag, "kampanj");
    const assigned = await admin("PATCH", `/api/prospects/${bertil.id}/assign`, {
      assignId: "ada@example.se",
    });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.json));
    assert.equal(assigned.json.assignId, "ada@example.se");
    const history = await admin("GET", `/api/prospects/${anna.id}/history`);
    assert.equal(history.status, 200);
    assert.ok(
      JSON.stringify(history.json).includes("Booked"),
      "the status change is in the history",
    );
    // Today's list of club 11 (an admin names the club): the due prospects, read and ordered.
    const today = await admin("GET", "/api/prospects/today?clubId=11");
    assert.equal(today.status, 200, JSON.stringify(today.json));
    assert.deepEqual(
      today.json.map((p: any) => p.firstName).sort(),
      ["Bertil", "Cecilia"],
      "Anna is Booked and Paused until her follow-up; the other two are due",
    );

    // Settings: work time, a time limit, the user's own settings and club subscriptions.
    const ws = await admin("GET", "/api/admin-settings");
    assert.equal(ws.json.worktimeFrom, "00:00");
    const ws2 = await admin("PUT", `/api/admin-settings/${ws.json.id}`, {
      worktimeFrom: "07:30",
      worktimeTo: "16:00",
      version: ws.json.version,
    });
    assert.equal(ws2.status, 200, JSON.stringify(ws2.json));
    assert.equal((await admin("GET", "/api/admin-settings")).json.worktimeFrom, "07:30");
    const limits = await admin("GET", "/api/sell-status-time-settings");
    const row = limits.json.find((r: any) => r.sellStatus === "Prospect");
    const put = await admin("PUT", `/api/sell-status-time-settings/${row.id}`, {
      hoursLeftBeforePaused: 1,
      hoursLeftBeforeNotified: 5,
      hoursLeftBeforeEscalated: 6,
      version: row.version,
    });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    const me = signIn.json.user.id;
    const sub = await admin("PUT", `/api/users/${me}/clubs`, { clubId: 12, checked: true });
    assert.equal(sub.status, 200);
    assert.deepEqual(sub.json.filter((c: any) => c.checked).map((c: any) => c.clubId), [12]);
    const settings = await admin("GET", `/api/users/${me}/settings`);
    assert.equal(settings.status, 200);

    // Pages render with the built assets.
    const page = await fetch(`${server.url}/login`);
    const html = await page.text();
    assert.equal(page.status, 200);
    const asset = html.match(/\/static\/build\/[\w.-]+\.(js|css)/);
    assert.ok(asset, "the page links the built assets");
    const res = await fetch(`${server.url}${asset[0]}`);
    await res.body?.cancel();
    assert.equal(res.status, 200);
  } finally {
    await server.stop();
  }
  assert.doesNotMatch(server.output(), /PermissionDenied|NotCapable/, server.output());
});

Deno.test("KV_PATH: empty is the runtime's default store; on Deno Deploy that is the default", () => {
  assert.equal(loadConfig({ KV_PATH: "" }).kvPath, "");
  assert.equal(loadConfig({}).kvPath, DEFAULT_KV_PATH);
  const deploy = { DENO_DEPLOYMENT_ID: "abc123", APP_ENV: "development" };
  assert.equal(loadConfig(deploy).kvPath, "");
  assert.equal(loadConfig({ ...deploy, KV_PATH: "x.kv" }).kvPath, "x.kv");
});
