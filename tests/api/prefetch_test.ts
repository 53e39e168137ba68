/**
 * A change of one prospect reads its record, history and the clock settings' version with the
 * caller's session, in one KV call (routes/api/define.ts `prefetch`, issue #17): what it costs,
 * and that conflicts, retries and odd ids behave as before.
 */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createRow, makeChain, rowOf } from "@/tests/api/prospect_fixtures.ts";
import { createApp } from "@/routes/mod.ts";
import { listProspectEvents } from "@/lib/db/prospects.ts";
import { Prefetched } from "@/lib/db/kv.ts";

const NOW = new Date("2026-03-10T10:00:00Z");

/** The env's app on a KV that records each read call and commit, in order. */
function counted(env: TestEnv): { env: TestEnv; calls: string[] } {
  const calls: string[] = [];
  const kv = new Proxy(env.kv, {
    get(t, p) {
      const v = Reflect.get(t, p, t);
      if (p === "get" || p === "getMany" || p === "list") {
        return (...a: unknown[]) => {
          calls.push(String(p));
          return (v as (...x: unknown[]) => unknown).apply(t, a);
        };
      }
      if (p === "atomic") {
        return () => {
          const op = t.atomic();
          const commit = op.commit.bind(op);
          op.commit = () => {
            calls.push("commit");
            return commit();
          };
          return op;
        };
      }
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  const app = createApp({ kv, config: env.config, now: () => env.clock.now });
  return { env: { ...env, app }, calls };
}

/** A chain, a signed-in staff user, and the app on a counting KV beside the plain one. */
async function withStaff(
  fn: (
    s: { base: TestEnv; env: TestEnv; calls: string[]; headers: Record<string, string> },
  ) => Promise<void>,
) {
  const base = await makeEnv({}, NOW);
  try {
    await makeChain(base);
    const { headers } = await signedIn(base, { role: "ROLE_USER" });
    await fn({ base, headers, ...counted(base) });
  } finally {
    base.close();
  }
}

Deno.test("a save reads KV once before its commit: session, record, history and clock settings in one call", () =>
  withStaff(async ({ base, env, calls, headers }) => {
    const p = await createRow(base, headers);
    // The first change in a process reads the clock settings (then kept while their version is).
    const warm = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: headers,
      body: rowOf(p, { tag: "först" }),
    });
    assert.equal(warm.res.status, 200, JSON.stringify(warm.json));
    calls.length = 0;
    const r = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: headers,
      body: rowOf(warm.json, { tag: "ett anrop" }),
    });
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    assert.deepEqual(calls, ["getMany", "commit"]);
    // A stale copy still answers 409 with the current row, from that same read.
    calls.length = 0;
    const stale = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: headers,
      body: rowOf(warm.json, { tag: "gammal kopia" }),
    });
    assert.equal(stale.res.status, 409);
    assert.equal(stale.json.data.current.tag, "ett anrop");
    assert.deepEqual(calls, ["getMany"]);
  }));

Deno.test("parallel changes without a version: each retry reads afresh, none is lost", () =>
  withStaff(async ({ env, headers }) => {
    // Three prospects, six changes of each at once: 18 writers, each round of one record's six
    // lets one commit.
    const rows = [await createRow(env, headers), await createRow(env, headers)];
    rows.push(await createRow(env, headers));
    // All read the same snapshot with their sessions; all but one commit must retry on a fresh
    // read (a retry that reused the first read would fail every time and answer 409 CONFLICT).
    // Statuses that do not pause the prospect (seeded limits), so no change locks out the next.
    const statuses = [
      "Prospect",
      "RegretMeeting",
      "DidNotShowUp",
      "NoThanks",
      "Member",
      "NoMember",
    ];
    const answers = await Promise.all(
      rows.flatMap((p) =>
        statuses.map((sellStatus) =>
          call(env, "PATCH", `/api/prospects/${p.id}`, { headers, body: { sellStatus } })
        )
      ),
    );
    assert.deepEqual(answers.map((a) => a.res.status), answers.map(() => 200));
    // Each change went in on its own read: one status change each, in some order.
    for (const p of rows) {
      const changes = (await listProspectEvents(env.kv, p.id))
        .filter((e) => e.type === "sellStatus");
      assert.deepEqual(changes.map((e) => e.to).sort(), [...statuses].sort());
    }
  }));

Deno.test("odd ids in a changing route answer 400 or 404, never 500; a refused id is not read", () =>
  withStaff(async ({ env, calls, headers }) => {
    for (
      const [path, status] of [
        ["/api/prospects/%E0%A4%A", 404], // a malformed escape
        [`/api/prospects/${encodeURIComponent("ö/../..")}`, 404],
        ["/api/prospects/nope", 404],
        [`/api/prospects/${"x".repeat(3000)}`, 400], // over the id's limit
      ] as const
    ) {
      calls.length = 0;
      const r = await call(env, "PATCH", path, { headers: headers, body: { tag: "x" } });
      assert.equal(r.res.status, status, `${path.slice(0, 40)}: ${JSON.stringify(r.json)}`);
    }
    // The id over the limit was refused before any read but the session's own.
    assert.deepEqual(calls, ["getMany"]);
    // Without a session nothing is read for the route, and the answer is 401.
    calls.length = 0;
    const anon = await call(env, "PUT", "/api/prospects/nope", { body: { tag: "x" } });
    assert.equal(anon.res.status, 401);
    assert.deepEqual(calls, []);
  }));

Deno.test("Prefetched: entries are taken together and once", () => {
  const e = (k: string, v: unknown) => ({ key: [k], value: v, versionstamp: v ? "01" : null });
  const got = new Prefetched([e("a", 1), e("b", null)] as Deno.KvEntryMaybe<unknown>[]);
  assert.equal(got.take([["a"], ["c"]]), null); // one not read: none taken
  assert.deepEqual(got.take([["b"], ["a"]])!.map((x) => x.value), [null, 1]);
  assert.equal(got.take([["a"]]), null); // taken already: the caller reads afresh
});
