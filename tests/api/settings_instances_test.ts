/**
 * Two instances on one store (issue #17 point 3): an admin changes a time limit through one, and
 * the other's very next write already runs the activity clock on the new limit — its cached clock
 * settings follow the settings version key, not a timeout.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { testConfig } from "@/tests/helpers.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createApp } from "@/routes/mod.ts";
import { makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { createTestUser, ORIGIN, sessionHeaders, type TestEnv } from "@/tests/helpers.ts";

Deno.test("settings: a time-limit change through one instance reaches the other's next write at once", async () => {
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-instances-" });
  const path = join(dir, "app.kv");
  const kvA = await Deno.openKv(path);
  const kvB = await Deno.openKv(path);
  try {
    await runMigrations(kvA);
    const config = testConfig({ KV_PATH: path });
    // Tuesday 09:00 in Stockholm, inside the 08:00–17:00 work time.
    const now = () => new Date("2026-03-10T08:00:00Z");
    const a = createApp({ kv: kvA, config, now });
    const b = createApp({ kv: kvB, config, now });
    await makeChain({ kv: kvA } as TestEnv);
    const admin = await createTestUser(kvA, { role: "ROLE_ADMIN" });
    const envA = { kv: kvA, config } as TestEnv;
    const h = await sessionHeaders(envA, admin);
    const req = async (app: typeof a, method: string, p: string, body?: unknown) => {
      const r = await app.request(`${ORIGIN}${p}`, {
        method,
        headers: { ...h, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: await r.json() };
    };

    const before = await req(a, "POST", "/api/prospects", newRow());
    assert.equal(before.status, 201, JSON.stringify(before.json));
    assert.equal(before.json.nextTransitionAt, "2026-03-10T12:00:00.000Z", "4 work hours");

    const rows = await req(b, "GET", "/api/sell-status-time-settings");
    const row = rows.json.find((r: { sellStatus: string }) => r.sellStatus === "Prospect");
    const changed = await req(b, "PUT", `/api/sell-status-time-settings/${row.id}`, {
      hoursLeftBeforePaused: row.hoursLeftBeforePaused,
      hoursLeftBeforeNotified: 8,
      hoursLeftBeforeEscalated: Math.max(8, row.hoursLeftBeforeEscalated),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));

    const after = await req(a, "POST", "/api/prospects", newRow());
    assert.equal(after.json.nextTransitionAt, "2026-03-10T16:00:00.000Z", "8 work hours, at once");
  } finally {
    kvA.close();
    kvB.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
