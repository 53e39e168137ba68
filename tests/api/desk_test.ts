/**
 * The grid's desk features on the API: one `search` finds a person by name, phone in any form,
 * e-mail or customer id; in "most urgent first" a web lead awaiting its first contact comes first.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain, postWebLead, rowOf, search } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { withMay } from "@/lib/services/prospect_checks.ts";

Deno.test("search: one field finds a person by phone (070…, +46…, 0046…, spaces, dashes), e-mail, customer id or name", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers } = await signedIn(env);
    const p = await createRow(env, headers, {
      firstName: "Greta",
      lastName: "Garbo",
      phoneNumber: "070-123 45 67",
      email: "greta@example.se",
    });
    await createRow(env, headers, { firstName: "Annan", phoneNumber: "0739998877" });
    for (
      const q of [
        "0701234567",
        "070-123 45 67",
        "+46701234567",
        "+46 70 123 45 67",
        "0046 70-123 45 67",
        "greta@example.se",
        String(p.customerId),
        "Greta",
        "greta garbo",
      ]
    ) {
      const r = await search(env, headers, { marketProjectId: 1, search: q });
      assert.deepEqual(r.names, ["Greta"], q);
    }
  } finally {
    env.close();
  }
});

Deno.test("sort=urgency: a web lead awaiting its first contact comes first (oldest first), and leaves the front once contacted", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T08:00:00Z"));
  try {
    const chain = await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env);
    await setClubSubscription(env.kv, staff.user.id, 101, true);
    const fk = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: admin.headers,
      body: { allowedOrigins: ["https://kampanj.example.se"] },
    });
    const h = staff.headers;
    const late = await createRow(env, h, { firstName: "Sen" });
    await call(env, "PUT", `/api/prospects/${late.id}`, {
      headers: h,
      body: rowOf(late, { sellStatus: "WaitingCustomer", followUpDate: "2026-03-09" }),
    });
    await createRow(env, h, { firstName: "Ny" });
    env.clock.set("2026-03-10T09:00:00Z");
    await postWebLead(env, fk.json.key, { firstName: "Webb1" });
    env.clock.set("2026-03-10T09:05:00Z");
    await postWebLead(env, fk.json.key, { firstName: "Webb2" });
    env.clock.set("2026-03-10T09:30:00Z");

    const q = { marketProjectId: 1, sort: "urgency" };
    const all = await search(env, h, q);
    assert.deepEqual(all.names.slice(0, 2), ["Webb1", "Webb2"]);
    assert.deepEqual(all.rows.slice(0, 2).map((r: any) => r.source), ["web", "web"]);
    // The same order under a club filter and under a filter sorted in memory (registration date).
    assert.deepEqual((await search(env, h, { ...q, clubId: 101 })).names.slice(0, 2), [
      "Webb1",
      "Webb2",
    ]);
    assert.deepEqual(
      (await search(env, h, { ...q, registerDate: "2026-03-10" })).names.slice(0, 2),
      [
        "Webb1",
        "Webb2",
      ],
    );
    const webb1 = all.rows[0];
    const saved = await call(env, "PUT", `/api/prospects/${webb1.id}`, {
      headers: h,
      body: rowOf(webb1, { sellStatus: "NoAnswer1" }),
    });
    assert.equal(saved.res.status, 200, JSON.stringify(saved.json));
    assert.equal(saved.json.firstContactAt, "2026-03-10T09:30:00.000Z");
    const after = await search(env, h, q);
    assert.equal(after.names[0], "Webb2");
    assert.notEqual(after.names[1], "Webb1");
  } finally {
    env.close();
  }
});

Deno.test("source: recorded at creation — staff, a CSV import, the web form", async () => {
  const env = await makeEnv();
  try {
    const chain = await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const h = admin.headers;
    await createRow(env, h, { firstName: "Staffan" });
    const res = await env.app.request(
      "http://localhost:8000/api/prospects/import?marketProjectId=1&clubId=101",
      {
        method: "POST",
        headers: { ...h, "Content-Type": "text/csv" },
        body: "firstName;lastName;phoneNumber\nImma;Import;0701239876\n",
      },
    );
    assert.equal(res.status, 200, await res.text());
    const fk = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: h,
      body: { allowedOrigins: ["https://kampanj.example.se"] },
    });
    await postWebLead(env, fk.json.key, { firstName: "Wera" });
    const rows = (await search(env, h, { marketProjectId: 1, size: 50 })).rows;
    const by = Object.fromEntries(rows.map((r: any) => [r.firstName, r.source]));
    assert.deepEqual(by, { Staffan: "staff", Imma: "import", Wera: "web" });
    // A record from before the field (no source stored) reads as staff.
    const { source: _gone, ...older } = rows.find((r: any) => r.firstName === "Wera");
    assert.equal(withMay(admin.user as any, older).source, "staff");
  } finally {
    env.close();
  }
});
