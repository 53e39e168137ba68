/**
 * Validation where it was missing: time limits (no escalation before the reminder, in the caller's
 * language), the web form's phone and e-mail checked as staff entry checks them, and a new club's
 * id taken like a market project's (optional; the next free number).
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { makeChain, newRow, postWebLead } from "@/tests/api/prospect_fixtures.ts";
import { updateUserSettings } from "@/lib/db/users.ts";
import { ORIGIN } from "@/tests/helpers.ts";

Deno.test("time limits: a negative value or an escalation before the reminder answers 400 in the user's language", async () => {
  const env = await makeEnv();
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const en = await signedIn(env, { role: "ROLE_ADMIN" });
    await updateUserSettings(env.kv, en.user.id, { language: "en" });
    const path = "/api/sell-status-time-settings/Prospect";
    const early = {
      hoursLeftBeforePaused: 0,
      hoursLeftBeforeNotified: 8,
      hoursLeftBeforeEscalated: 4,
    };
    const sv = await call(env, "PUT", path, { headers: admin.headers, body: early });
    assert.equal(sv.res.status, 400);
    assert.equal(sv.json.fieldKeys.hoursLeftBeforeEscalated, "validation.escalationBeforeReminder");
    assert.match(sv.json.fields.hoursLeftBeforeEscalated, /Eskaleringen kan inte komma före/);
    const eng = await call(env, "PUT", path, { headers: en.headers, body: early });
    assert.match(eng.json.fields.hoursLeftBeforeEscalated, /cannot come before the reminder/);
    const negative = await call(env, "PUT", path, {
      headers: admin.headers,
      body: { ...early, hoursLeftBeforeNotified: -1 },
    });
    assert.equal(negative.res.status, 400);
    assert.ok(negative.json.fieldKeys.hoursLeftBeforeNotified);
    const ok = await call(env, "PUT", path, {
      headers: admin.headers,
      body: { ...early, hoursLeftBeforeEscalated: 8 },
    });
    assert.equal(ok.res.status, 200, JSON.stringify(ok.json));
  } finally {
    env.close();
  }
});

Deno.test("web form and staff entry refuse the same phone numbers and e-mail addresses", async () => {
  const env = await makeEnv();
  try {
    const chain = await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const fk = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: admin.headers,
      body: { allowedOrigins: ["https://kampanj.example.se"] },
    });
    const web = (body: Record<string, unknown>) =>
      env.app.request(`${ORIGIN}/api/intake/${fk.json.key}`, {
        method: "POST",
        headers: { Origin: "https://kampanj.example.se", "Content-Type": "application/json" },
        body: JSON.stringify({ firstName: "W", lastName: "L", clubId: 101, ...body }),
      }, { remoteAddr: { hostname: "203.0.113.50" } });
    for (
      const [field, value] of [
        ["phoneNumber", "12"],
        ["phoneNumber", "070-12"],
        ["phoneNumber", "1234567890123456"],
        ["email", "a@b"],
      ]
    ) {
      const body = { phoneNumber: "0701234567", [field]: value };
      const staff = await call(env, "POST", "/api/prospects", {
        headers: admin.headers,
        body: newRow(body),
      });
      assert.equal(staff.res.status, 400, `staff ${field}=${value}`);
      const r = await web(body);
      assert.equal(r.status, 400, `web ${field}=${value}`);
      const json = await r.json();
      assert.ok(json.fieldKeys[field], `web ${field}=${value}: ${JSON.stringify(json)}`);
    }
    await postWebLead(env, fk.json.key, { phoneNumber: "08-123 45 67" });
  } finally {
    env.close();
  }
});

Deno.test("clubs: the id is optional on create (the next free number), a taken one answers next to the field", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env); // clubs 101–103
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const auto = await call(env, "POST", "/api/clubs", {
      headers: admin.headers,
      body: { name: "Klubb Syd", districtId: 1 },
    });
    assert.equal(auto.res.status, 201, JSON.stringify(auto.json));
    assert.equal(auto.json.clubId, 104);
    const taken = await call(env, "POST", "/api/clubs", {
      headers: admin.headers,
      body: { clubId: 104, name: "Klubb Öst", districtId: 1 },
    });
    assert.equal(taken.res.status, 409);
    assert.ok(taken.json.fieldKeys.clubId);
  } finally {
    env.close();
  }
});
