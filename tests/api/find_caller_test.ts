/**
 * GET /api/prospects?search=… without marketProjectId: finds a person by name, phone in any form,
 * e-mail or customer id in every market project the caller may see, each hit naming its project.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain, rowOf } from "@/tests/api/prospect_fixtures.ts";

Deno.test("find the caller: one search across the projects the user may see, each hit naming its project", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const staff = await signedIn(env);
    const b2b = await signedIn(env, { role: "ROLE_B2B_USER" });
    const h = staff.headers;
    const spring = await createRow(env, h, {
      firstName: "Greta",
      lastName: "Garbo",
      phoneNumber: "0701234567",
      email: "greta@example.se",
      marketProjectId: 1,
    });
    const firm = await createRow(env, h, {
      firstName: "Greta",
      lastName: "Garbo",
      phoneNumber: "0701234567",
      email: "greta@example.se",
      marketProjectId: 2,
      allowDuplicate: true,
    });
    await createRow(env, h, { firstName: "Other", lastName: "Person", marketProjectId: 1 });

    const find = async (headers: Record<string, string>, search: string) => {
      const r = await call(env, "GET", `/api/prospects?search=${encodeURIComponent(search)}`, {
        headers,
      });
      assert.equal(r.res.status, 200, JSON.stringify(r.json));
      return r;
    };
    for (const search of ["+46 70-123 45 67", "070 123 45 67", "greta@example.se", "Garbo"]) {
      const r = await find(h, search);
      assert.deepEqual(
        r.json.map((p: any) => [p.id, p.marketProjectName]).sort(),
        [[spring.id, "Vårkampanj"], [firm.id, "Företag"]].sort(),
        search,
      );
      assert.equal(r.res.headers.get("x-total-elements"), "2");
    }
    const byId = await find(h, String(firm.customerId));
    assert.deepEqual(byId.json.map((p: any) => p.id), [firm.id]);

    // A B2B user finds the b2b project's only.
    const theirs = await find(b2b.headers, "0701234567");
    assert.deepEqual(theirs.json.map((p: any) => p.marketProjectName), ["Företag"]);

    // Paging over the hits of every project.
    const page2 = await call(env, "GET", "/api/prospects?search=Garbo&size=1&page=2", {
      headers: h,
    });
    assert.equal(page2.json.length, 1);
    assert.equal(page2.res.headers.get("x-total-elements"), "2");

    // Without a search the project is still required.
    const none = await call(env, "GET", "/api/prospects", { headers: h });
    assert.equal(none.res.status, 400);
    assert.equal(none.json.error, "MARKET_PROJECT_REQUIRED");
  } finally {
    env.close();
  }
});

Deno.test("a date may be typed without dashes: 20261201 is 2026-12-01; 20261341 is still invalid", async () => {
  const env = await makeEnv({}, new Date("2026-11-27T10:00:00Z"));
  try {
    await makeChain(env);
    const staff = await signedIn(env);
    const p = await createRow(env, staff.headers, { firstName: "Datum" });
    const put = (followUpDate: string) =>
      call(env, "PUT", `/api/prospects/${p.id}`, {
        headers: staff.headers,
        body: rowOf(p, { sellStatus: "WaitingCustomerCall", followUpDate }),
      });
    const bad = await put("20261341");
    assert.equal(bad.res.status, 400);
    assert.equal(bad.json.fieldKeys.followUpDate, "validation.invalidDate");
    const ok = await put("20261201");
    assert.equal(ok.res.status, 200, JSON.stringify(ok.json));
    assert.equal(ok.json.followUpDate, "2026-12-01");
  } finally {
    env.close();
  }
});
