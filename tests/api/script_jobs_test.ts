/**
 * The chain's script jobs of docs/examples, each a short file on the generated client, run against
 * the app: a nightly sync through the change feed (a second run fetches only what changed), a
 * partner push with retries (no duplicate after a lost answer), new members, a warehouse CSV. The
 * generated types must be what openapi-typescript makes of the live document today.
 */
import assert from "node:assert/strict";
import openapiTS, { astToString } from "openapi-typescript";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { klubbleads } from "@/docs/examples/client.ts";
import { nightlySync } from "@/docs/examples/nightly_sync.ts";
import { pushLeads } from "@/docs/examples/partner_push.ts";
import { newMembers } from "@/docs/examples/member_sync.ts";
import { exportProject } from "@/docs/examples/warehouse_csv.ts";

const TYPES = new URL("../../docs/examples/klubbleads.d.ts", import.meta.url);

Deno.test("docs/examples/klubbleads.d.ts is what openapi-typescript makes of the live document", async () => {
  const env = await makeEnv();
  try {
    const { json } = await call(env, "GET", "/api/openapi.json");
    const made = astToString(await openapiTS(json));
    if (Deno.env.get("UPDATE_EXAMPLE_TYPES")) await Deno.writeTextFile(TYPES, made);
    assert.equal(
      await Deno.readTextFile(TYPES),
      made,
      "regenerate: UPDATE_EXAMPLE_TYPES=1 deno test -A tests/api/script_jobs_test.ts",
    );
  } finally {
    env.close();
  }
});

async function tokenApi(env: TestEnv, fetchFn?: typeof fetch) {
  const admin = await signedIn(env, { role: "ROLE_ADMIN" });
  const issued = await call(env, "POST", `/api/admin/users/${admin.user.id}/api-tokens`, {
    headers: admin.headers,
    body: { name: "jobs", scope: "write" },
  });
  assert.equal(issued.res.status, 201, JSON.stringify(issued.json));
  const inApp = (input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(env.app.fetch(new Request(input, init)));
  return { api: klubbleads("http://localhost:8000", issued.json.token, fetchFn ?? inApp), admin };
}

Deno.test("jobs: nightly sync, partner push with a lost answer, new members, warehouse CSV", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T08:00:00Z"));
  try {
    await makeChain(env);
    // A connection that loses the first answer to the partner's first lead (a timeout).
    let lose = true;
    const flaky = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await env.app.fetch(new Request(input, init));
      if (
        lose &&
        new URL(String(input instanceof Request ? input.url : input)).pathname === "/api/prospects"
      ) {
        lose = false;
        await res.body?.cancel();
        throw new TypeError("connection reset");
      }
      return res;
    };
    const { api, admin } = await tokenApi(env, flaky);
    const ids = await pushLeads(api, 1, [
      { ref: "P-1", firstName: "Ida", lastName: "Ek", phone: "0701110001", clubId: 101 },
      { ref: "P-2", firstName: "Ola", lastName: "Ek", phone: "0701110002", clubId: 102 },
    ]);
    assert.equal(ids.length, 2);
    const ida = await call(env, "GET", "/api/prospects?marketProjectId=1&search=Ida", {
      headers: admin.headers,
    });
    assert.equal(ida.json.length, 1, "the retried create made no second record");

    env.clock.set("2026-03-10T08:01:00Z");
    const stored: string[] = [];
    const first = await nightlySync(api, undefined, (items) => {
      stored.push(...items.map((i) => i.id));
      return Promise.resolve();
    });
    assert.equal(first.fetched, 2);
    env.clock.set("2026-03-10T09:00:00Z");
    const member = await call(env, "PATCH", `/api/prospects/${ids[1]}`, {
      headers: admin.headers,
      body: { sellStatus: "Member" },
    });
    assert.equal(member.res.status, 200, JSON.stringify(member.json));
    env.clock.set("2026-03-10T09:01:00Z");
    const second = await nightlySync(api, first.cursor, () => Promise.resolve());
    assert.equal(second.fetched, 1, "the second run fetches only what changed");

    const members = await newMembers(api, first.cursor);
    assert.deepEqual(members.members.map((m) => m.name), ["Ola Ek"]);

    const csv = await exportProject(api, 1);
    assert.match(csv, /^id,version,marketProjectId,/);
    assert.equal(csv.trim().split("\r\n").length, 3, "a header and the two prospects");
  } finally {
    env.close();
  }
});

Deno.test("jobs: the partner push waits out a 429 and creates each lead once", async () => {
  const env = await makeEnv({ RATE_LIMIT: "50/2" }, new Date("2026-03-10T08:00:00Z"));
  try {
    await makeChain(env);
    const { api, admin } = await tokenApi(env);
    const leads = [1, 2, 3, 4].map((i) => ({
      ref: `R-${i}`,
      ...(({ firstName, lastName, phoneNumber, clubId }) => ({
        firstName: String(firstName),
        lastName: String(lastName),
        phone: String(phoneNumber),
        clubId: Number(clubId),
      }))(newRow()),
    }));
    const ids = await pushLeads(api, 1, leads);
    assert.equal(new Set(ids).size, 4);
    const all = await call(env, "GET", "/api/prospects?marketProjectId=1&size=50", {
      headers: admin.headers,
    });
    assert.equal(all.json.length, 4);
  } finally {
    env.close();
  }
});
