/**
 * The permission matrix: walks EVERY route registered in `app.api.routes` with anonymous, USER,
 * B2B USER and ADMIN credentials and asserts who gets past the access rules.
 *
 * ── FOR EVERYONE ADDING ROUTES ──────────────────────────────────────────────────────────────
 * Add one row per route to MATRIX below, keyed "METHOD /path" exactly as declared with r.add().
 * The test FAILS for a registered route without a row (and for a row without a route), so a new
 * endpoint cannot ship without someone deciding who may call it.
 *
 * A row is "anonymous/USER/B2B USER/ADMIN", each one of:
 *   ok   – passes the access rules (any answer but the gate's 401 UNAUTHORIZED / 403 FORBIDDEN;
 *          e.g. 200, 400 for the empty body, 404 for the made-up id) and never 500
 *   401  – refused as not signed in (error UNAUTHORIZED)
 *   403  – refused as not allowed (error FORBIDDEN)
 * Path parameters are filled with the id of a FOREIGN user (or an id of no record), and writes
 * send an empty JSON body — or the sample in BODIES, for routes that validate the body before
 * their handler can call can(); otherwise a 400 would hide a missing 403.
 */
import assert from "node:assert/strict";
import { call, createTestUser, makeEnv, ORIGIN, sessionHeaders } from "@/tests/helpers.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

type Cell = "ok" | "401" | "403";
const PUBLIC = "ok/ok/ok/ok";
const SIGNED_IN = "401/ok/ok/ok";
const ADMIN = "401/403/403/ok";
/** A signed-in route about another user's data: only admins get past can(). */
const OTHERS = "401/403/403/ok";

export const MATRIX: Record<string, string> = {
  // system
  "GET /api/health": PUBLIC,
  // The outbox: anyone in APP_ENV=test (the browser tests read codes); admins only elsewhere.
  "GET /api/outbox": ADMIN,
  "DELETE /api/outbox": ADMIN,

  // identity (issue #3)
  "POST /api/auth/sign-in": PUBLIC,
  "POST /api/auth/mfa/enroll": PUBLIC,
  "POST /api/auth/mfa/resend": PUBLIC,
  "POST /api/auth/verification-email": PUBLIC,
  "POST /api/auth/mfa/verify": PUBLIC,
  "POST /api/auth/refresh": PUBLIC,
  "POST /api/auth/sign-out": PUBLIC,
  "POST /api/auth/verify-email": PUBLIC,
  "POST /api/auth/password-reset": PUBLIC,
  "POST /api/auth/password-reset/verify": PUBLIC,
  "POST /api/auth/password-reset/confirm": PUBLIC,
  "GET /api/auth/me": SIGNED_IN,
  "POST /api/auth/unlock": SIGNED_IN,
  "POST /api/setup": PUBLIC,
  "POST /api/auth/firebase-session": PUBLIC,
  "POST /api/auth-token": SIGNED_IN,
  "POST /oauth/v2/token": PUBLIC,
  "GET /oauth/v2/token": PUBLIC, // always 405 (issue #20)
  "POST /api/password-recovery-confirmation": PUBLIC,
  "POST /api/user": ADMIN,
  "GET /api/users/:uid": OTHERS,
  "PUT /api/users/:uid": OTHERS,
  "GET /api/admin/users/": ADMIN,
  "GET /api/admin/users": ADMIN,
  "DELETE /api/admin/users/:id": ADMIN,
  "PUT /api/admin/users/restore/:id": ADMIN,
  "GET /api/admin/users/:id/audit": ADMIN,
  "POST /api/admin/users/:id/verification-email": ADMIN,
  "POST /api/admin/users/:id/api-tokens": ADMIN,
  "GET /api/admin/users/:id/api-tokens": ADMIN,
  "DELETE /api/admin/users/:id/api-tokens/:tokenId": ADMIN,

  // reference data (issue #4)
  "GET /api/district": SIGNED_IN,
  "GET /api/district/:id": SIGNED_IN,
  "POST /api/district": ADMIN,
  "PUT /api/district/:id": ADMIN,
  "DELETE /api/district/:id": ADMIN,
  "GET /api/clubs": SIGNED_IN,
  "GET /api/clubs/:id": SIGNED_IN,
  "POST /api/clubs": ADMIN,
  "PUT /api/clubs/:id": ADMIN,
  "DELETE /api/clubs/:id": ADMIN,
  "GET /api/marketprojects": SIGNED_IN,
  "GET /api/marketprojects/:id": SIGNED_IN,
  "POST /api/marketprojects": ADMIN,
  "PUT /api/marketprojects/:id": ADMIN,
  "PATCH /api/marketprojects/:id/activity": ADMIN,
  "DELETE /api/marketprojects/:id": ADMIN,

  // web-form leads (issue #15): keys are admin-only; the intake is public (a form key, no session)
  "GET /api/marketprojects/:id/form-keys": ADMIN,
  "POST /api/marketprojects/:id/form-keys": ADMIN,
  "DELETE /api/marketprojects/:id/form-keys/:keyId": ADMIN,
  "POST /api/intake/:key": PUBLIC,
  "GET /api/sell-status": SIGNED_IN,
  "GET /api/notification-categories": SIGNED_IN,
  "GET /api/admin-settings": SIGNED_IN,
  "PUT /api/admin-settings/:id": ADMIN,
  "GET /api/sell-status-time-settings": SIGNED_IN,
  "PUT /api/sell-status-time-settings/:id": ADMIN,
  // a user's settings and club subscriptions: one's own only (the FOREIGN id is someone else's)
  "GET /api/users/:id/settings": OTHERS,
  "PATCH /api/users/:id/settings/market-project": OTHERS,
  "PATCH /api/users/:id/settings/menu": OTHERS,
  "PATCH /api/users/:id/settings/language": OTHERS,
  "PATCH /api/users/:id/settings/away": OTHERS,
  "PATCH /api/users/:id/settings/notifications": OTHERS,
  "GET /api/users/:id/clubs": OTHERS,
  "PUT /api/users/:id/clubs": OTHERS,

  // prospects and notes (record-level rules — assignee, b2b, disabled — are tested by their issue)
  "GET /api/prospects": SIGNED_IN,
  "POST /api/prospects": SIGNED_IN,
  "POST /api/prospects/import": SIGNED_IN,
  "GET /api/prospects/today": SIGNED_IN,
  "GET /api/prospects/changes": SIGNED_IN,
  "GET /api/reports/response-time": SIGNED_IN,
  "GET /api/overview": ADMIN,
  "GET /api/reports/funnel": SIGNED_IN,
  // outbound webhooks (issue #49)
  "POST /api/admin/webhooks": ADMIN,
  "GET /api/admin/webhooks": ADMIN,
  "PUT /api/admin/webhooks/:id": ADMIN,
  "DELETE /api/admin/webhooks/:id": ADMIN,
  "POST /api/admin/webhooks/:id/ping": ADMIN,
  "GET /api/admin/webhooks/:id/deliveries": ADMIN,
  "GET /api/prospects/:id": SIGNED_IN,
  "PUT /api/prospects/:id": SIGNED_IN,
  "PATCH /api/prospects/:id": SIGNED_IN,
  "PATCH /api/prospects/:id/assign": SIGNED_IN,
  "DELETE /api/prospects/:id": SIGNED_IN,
  "POST /api/prospects/bulk": SIGNED_IN,
  "POST /api/prospects/batch": SIGNED_IN,
  "GET /api/prospects/ids": SIGNED_IN,
  "GET /api/prospects/duplicates": SIGNED_IN,
  "POST /api/prospects/:id/merge": SIGNED_IN,
  "GET /api/views": SIGNED_IN,
  "POST /api/views": SIGNED_IN,
  "DELETE /api/views/:id": SIGNED_IN,
  "GET /api/clubs/:clubId/assignment": ADMIN,
  "PUT /api/clubs/:clubId/assignment": ADMIN,
  "GET /api/prospects/:id/notes": SIGNED_IN,
  "POST /api/prospects/:id/erase": ADMIN,
  "PUT /api/prospects/restore/:id": ADMIN,
  "GET /api/prospects/:id/history": SIGNED_IN,
  "GET /api/admin/data-subject": ADMIN,
  "GET /api/admin/retention/preview": ADMIN,
  "POST /api/admin/retention/run": ADMIN,
  "POST /api/prospects/:id/notes": SIGNED_IN,
  "PUT /api/notes/:noteId": SIGNED_IN,
  "DELETE /api/notes/:noteId": SIGNED_IN,

  // the live desk's event stream (answers 406 here: the walk does not accept text/event-stream)
  "GET /api/events": SIGNED_IN,

  // the notification centre: each user's own (another's ids change nothing)
  "GET /api/notifications": SIGNED_IN,
  "POST /api/notifications/read": SIGNED_IN,

  // reports (issue #7; b2b projects only for B2B users is tested in tests/api/reports_test.ts)
  "GET /api/reports/sell-status-age": SIGNED_IN,
  "GET /api/reports/status-project": SIGNED_IN,
};

/** Valid bodies for routes whose can() check sits behind body validation. */
export const BODIES: Record<string, unknown> = {
  "PATCH /api/users/:id/settings/market-project": { selectedMarketProjectId: null },
  "PATCH /api/users/:id/settings/menu": { menu: 1 },
  "PATCH /api/users/:id/settings/language": { language: "en" },
  "PATCH /api/users/:id/settings/away": { away: true },
  "PATCH /api/users/:id/settings/notifications": { webLead: { email: true } },
  "POST /api/notifications/read": { all: true },
  "PUT /api/users/:id/clubs": { all: true, checked: false },
  "PUT /api/users/:uid": { firstName: "Mallory" },
};

const ROLES = ["anonymous", "USER", "B2B USER", "ADMIN"] as const;

/** The FOREIGN user exists (so "someone else's" is real) but is never the caller. */
function fill(path: string, foreignId: string): string {
  return path.replace(
    /:([A-Za-z0-9_]+)/g,
    (_, name) => (name === "tokenId" ? "01NOTOKEN" : foreignId),
  );
}

Deno.test("permission matrix: every registered API route has a row, and every row a route", async () => {
  const env = await makeEnv();
  try {
    const declared = env.app.api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const missing = declared.filter((k) => !(k in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !declared.includes(k));
    assert.deepEqual(
      { missing, stale },
      { missing: [], stale: [] },
      "add a row to tests/api/permissions_test.ts MATRIX for each new route (see the file's top)",
    );
  } finally {
    env.close();
  }
});

Deno.test("permission matrix: anonymous, USER, B2B USER and ADMIN get what the table says", async () => {
  const env = await makeEnv();
  try {
    const users: Record<string, UserRecord> = {
      USER: await createTestUser(env.kv, { role: "ROLE_USER" }),
      "B2B USER": await createTestUser(env.kv, { role: "ROLE_B2B_USER" }),
      ADMIN: await createTestUser(env.kv, { role: "ROLE_ADMIN" }),
    };
    const foreign = await createTestUser(env.kv, { role: "ROLE_USER" });
    const failures: string[] = [];
    for (const route of env.app.api.routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const row = MATRIX[key];
      if (!row) continue; // reported by the test above
      const cells = row.split("/") as Cell[];
      for (let i = 0; i < ROLES.length; i++) {
        const role = ROLES[i];
        // A fresh session per call: sign-out and friends must not spoil the next call.
        const headers: Record<string, string> = role === "anonymous"
          ? { Origin: ORIGIN }
          : await sessionHeaders(env, users[role]);
        const method = route.method.toUpperCase();
        const { res, json } = await call(env, method, fill(route.path, foreign.id), {
          headers,
          body: method === "GET" || method === "DELETE" ? undefined : (BODIES[key] ?? {}),
        });
        const got: string = res.status === 401 && json?.error === "UNAUTHORIZED"
          ? "401"
          : res.status === 403 && json?.error === "FORBIDDEN"
          ? "403"
          : res.status >= 500
          ? `500 (${json?.error})`
          : "ok";
        if (got !== cells[i]) {
          failures.push(`${key} as ${role}: expected ${cells[i]}, got ${got} (${res.status})`);
        }
      }
    }
    assert.deepEqual(failures, []);
  } finally {
    env.close();
  }
});
