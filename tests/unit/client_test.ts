/**
 * The islands' client helpers (issue #2, spec §8/§9): the fetch wrapper drops empty query values,
 * counts running requests for the loader, refreshes once on 401 and retries, then logs out with
 * the stored error; 403/404 are errors for the caller, not logouts; at most 3 toasts at once.
 */
import assert from "node:assert/strict";
import { api, ApiError, buildUrl, runningRequests, STORED_ERROR_KEY } from "@/lib/client/api.ts";
import {
  MAX_VISIBLE_TOASTS,
  showToast,
  toastError,
  toasts,
  toastSuccess,
} from "@/lib/client/toast.ts";

interface Seen {
  method: string;
  url: string;
  running: number;
}

/** Replaces fetch and location for one test; answers come from `replies` in order. */
async function withFakeBrowser(
  replies: Response[],
  fn: (seen: Seen[], location: { href: string; pathname: string; search: string }) => Promise<void>,
) {
  const realFetch = globalThis.fetch;
  const hadLocation = Object.getOwnPropertyDescriptor(globalThis, "location");
  const location = { href: "", pathname: "/settings", search: "?tab=profile" };
  const seen: Seen[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({
      method: init?.method ?? "GET",
      url: String(input),
      running: runningRequests.value,
    });
    const next = replies.shift();
    if (!next) throw new Error(`unexpected request ${String(input)}`);
    return Promise.resolve(next);
  }) as typeof fetch;
  Object.defineProperty(globalThis, "location", { value: location, configurable: true });
  sessionStorage.clear();
  try {
    await fn(seen, location);
    // The wrapper forgets a finished refresh on the next tick; let it, so tests stay independent.
    await new Promise((r) => setTimeout(r, 0));
  } finally {
    globalThis.fetch = realFetch;
    if (hadLocation) Object.defineProperty(globalThis, "location", hadLocation);
    else delete (globalThis as { location?: unknown }).location;
    sessionStorage.clear();
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

/** Lets the logout's fetch().finally() run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

Deno.test("buildUrl drops empty query values and joins lists", () => {
  assert.equal(
    buildUrl("/api/prospects", {
      page: 1,
      firstName: "",
      lastName: null,
      tag: undefined,
      showCompleted: false,
      clubId: [3, 7],
      sellStatus: [],
    }),
    "/api/prospects?page=1&showCompleted=false&clubId=3%2C7",
  );
  assert.equal(buildUrl("/api/clubs", { regionIds: "" }), "/api/clubs");
  assert.equal(buildUrl("/api/x?a=1", { b: 2 }), "/api/x?a=1&b=2");
});

Deno.test("api: counts the running request for the loader and answers JSON", async () => {
  await withFakeBrowser([json(200, [{ id: 1 }])], async (seen) => {
    assert.equal(runningRequests.value, 0);
    const r = await api<{ id: number }[]>("GET", "/api/clubs", { query: { regionIds: "" } });
    assert.deepEqual(r.data, [{ id: 1 }]);
    assert.equal(seen[0].url, "/api/clubs");
    assert.equal(seen[0].running, 1, "the loader shows while the request runs");
    assert.equal(runningRequests.value, 0, "and hides after it");
  });
});

Deno.test("api: a 401 refreshes the session once and retries", async () => {
  await withFakeBrowser(
    [
      json(401, { error: "UNAUTHORIZED" }),
      new Response(null, { status: 200 }),
      json(200, { ok: 1 }),
    ],
    async (seen, location) => {
      const r = await api("PUT", "/api/users/u1", { body: { firstName: "A" } });
      assert.deepEqual(r.data, { ok: 1 });
      assert.deepEqual(seen.map((s) => `${s.method} ${s.url}`), [
        "PUT /api/users/u1",
        "POST /api/auth/refresh",
        "PUT /api/users/u1",
      ]);
      assert.equal(location.href, "", "no logout");
      assert.equal(runningRequests.value, 0);
    },
  );
});

Deno.test("api: when the refresh fails, it logs out to /login with the stored error", async () => {
  await withFakeBrowser(
    [
      json(401, { error: "UNAUTHORIZED", message: "Session ended" }),
      json(401, {}),
      new Response(null, { status: 204 }),
    ],
    async (seen, location) => {
      await assert.rejects(api("GET", "/api/users/u1/settings"), (e) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.status, 401);
        return true;
      });
      await settle();
      assert.deepEqual(seen.map((s) => s.url), [
        "/api/users/u1/settings",
        "/api/auth/refresh",
        "/api/auth/sign-out",
      ]);
      assert.deepEqual(JSON.parse(sessionStorage.getItem(STORED_ERROR_KEY)!), {
        status: 401,
        text: "Session ended",
      });
      assert.equal(location.href, `/login?redirect=${encodeURIComponent("/settings?tab=profile")}`);
      assert.equal(runningRequests.value, 0);
    },
  );
});

Deno.test("api: 403 and 400 are errors for the caller (with fields), not logouts", async () => {
  await withFakeBrowser(
    [
      json(403, { error: "FORBIDDEN", message: "Nope", fields: {} }),
      json(400, { error: "VALIDATION", message: "Bad", fields: { name: "Required" } }),
    ],
    async (seen, location) => {
      await assert.rejects(api("DELETE", "/api/clubs/1"), (e) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.status, 403);
        assert.equal(e.code, "FORBIDDEN");
        return true;
      });
      await assert.rejects(api("POST", "/api/clubs", { body: {} }), (e) => {
        assert.ok(e instanceof ApiError);
        assert.deepEqual(e.fields, { name: "Required" });
        return true;
      });
      await settle();
      assert.equal(seen.length, 2, "no refresh, no sign-out");
      assert.equal(location.href, "");
      assert.equal(sessionStorage.getItem(STORED_ERROR_KEY), null);
    },
  );
});

Deno.test("toasts: at most 3 at once, the newest kept", () => {
  toasts.value = [];
  for (const text of ["one", "two", "three", "four"]) showToast("info", text, 0);
  assert.equal(MAX_VISIBLE_TOASTS, 3);
  assert.deepEqual(toasts.value.map((t) => t.text), ["two", "three", "four"]);
  toasts.value = [];
});

Deno.test("toasts: a success takes away the error toasts before it (the red one does not stay above)", () => {
  toasts.value = [];
  showToast("info", "info", 0);
  toastError("Kunde inte spara");
  toastSuccess("Sparat");
  assert.deepEqual(toasts.value.map((t) => [t.kind, t.text]), [["info", "info"], [
    "success",
    "Sparat",
  ]]);
  toasts.value = [];
});

Deno.test("fieldErrors: a length limit names itself on the client too (issue #20)", async () => {
  const { fieldErrors } = await import("@/lib/client/form.ts");
  const { registerUserSchema } = await import("@/lib/domain/user.ts");
  const { translate } = await import("@/lib/i18n/mod.ts");
  const r = registerUserSchema.safeParse({ firstName: "x".repeat(101) });
  if (r.success) throw new Error("must fail");
  const errs = fieldErrors(r.error, (k, v) => translate("sv", k, v));
  if (errs.firstName !== "Största längd är 100") throw new Error(errs.firstName);
});
