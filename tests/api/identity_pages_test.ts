/** Identity screens on the server: guards, redirects and which island each page mounts. */
import assert from "node:assert/strict";
import { makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { sendMail } from "@/lib/notify/mod.ts";

async function page(env: TestEnv, path: string, headers: Record<string, string> = {}) {
  const res = await env.app.request(`${ORIGIN}${path}`, { headers, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

Deno.test("pages: the public identity screens mount their islands", async () => {
  const env = await makeEnv();
  try {
    const cases: [string, string][] = [
      ["/login", "LoginForm"],
      ["/reset-password-request", "ResetPasswordRequestForm"],
      ["/reset-password?mode=resetPassword&oobCode=abc", "ResetPasswordForm"],
      ["/verify-email?mode=verifyEmail&oobCode=abc", "VerifyEmailAction"],
    ];
    for (const [path, island] of cases) {
      const p = await page(env, path);
      assert.equal(p.status, 200, path);
      assert.match(p.html, new RegExp(`data-island="${island}"`), path);
      assert.doesNotMatch(p.html, /data-testid="side-nav"/, "full screen, no shell");
    }
    const setup = await page(env, "/setup?token=forged");
    assert.equal(setup.status, 400);
    assert.doesNotMatch(setup.html, /SetupForm/);
  } finally {
    env.close();
  }
});

Deno.test("pages: /email-redirect keeps mode and oobCode; /login honours redirect safely", async () => {
  const env = await makeEnv();
  try {
    const r1 = await page(env, "/email-redirect?mode=resetPassword&oobCode=A-b_c");
    assert.equal(r1.status, 302);
    assert.equal(r1.location, "/reset-password?mode=resetPassword&oobCode=A-b_c");
    const r2 = await page(env, "/email-redirect?mode=verifyEmail&oobCode=xyz");
    assert.equal(r2.location, "/verify-email?mode=verifyEmail&oobCode=xyz");
    assert.equal((await page(env, "/email-redirect?mode=evil&oobCode=x")).status, 400);

    const login = await page(env, "/login?redirect=%2Fsettings");
    assert.match(login.html, /&quot;redirect&quot;:&quot;\/settings&quot;|"redirect":"\/settings"/);
    const open = await page(env, "/login?redirect=https%3A%2F%2Fevil.example");
    assert.doesNotMatch(open.html, /evil\.example/);

    const { headers } = await signedIn(env);
    const already = await page(env, "/login?redirect=%2Fsettings", headers);
    assert.equal(already.status, 302);
    assert.equal(already.location, "/settings");
    // A redirect back to /login itself would loop forever: it goes to the dashboard instead.
    for (const loop of ["%2Flogin", "%2Flogin%3Fredirect%3D%252Flogin", "%2FLOGIN"]) {
      const r = await page(env, `/login?redirect=${loop}`, headers);
      assert.equal(r.status, 302, loop);
      assert.equal(r.location, "/", loop);
    }
    // Open redirects in every disguise land on /prospects (signed in: "/"), never off-site.
    const evil = [
      "/%09/evil.example",
      "//evil.example",
      "/\\evil.example",
      "/%5Cevil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/%0a/x",
      "/%0d%0aSet-Cookie:%20x=1",
      "/%E2%80%A8/evil.example",
    ];
    for (const target of evil) {
      const q = `/login?redirect=${encodeURIComponent(decodeURIComponent(target))}`;
      const raw = `/login?redirect=${target}`;
      for (const path of [q, raw]) {
        const anon = await page(env, path);
        assert.equal(anon.status, 200, path);
        assert.doesNotMatch(anon.html, /evil\.example|javascript:/, path);
        const r = await page(env, path, headers);
        assert.equal(r.status, 302, path);
        assert.equal(r.location, "/", path);
      }
    }
    assert.equal((await page(env, "/lock", headers)).status, 200);
    assert.equal((await page(env, "/lock")).status, 302);
  } finally {
    env.close();
  }
});

Deno.test("pages: registration, user list and outbox are for admins only", async () => {
  const env = await makeEnv();
  try {
    const user = await signedIn(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    await sendMail({ kv: env.kv, config: env.config }, {
      to: "x@klubb.se",
      subject: "Ämne",
      text: "Länk: http://localhost:8000/verify-email?oobCode=1",
    });
    for (
      const [path, marker] of [
        ["/registration", "user-type-chooser"],
        ["/registration/user", "RegisterUserForm"],
        ["/registration/admin-user", "ROLE_ADMIN"],
        ["/admin/users", "UserList"],
        ["/outbox", "outbox-entry"],
      ]
    ) {
      assert.equal((await page(env, path)).status, 302, `${path} anonymous → /login`);
      assert.equal((await page(env, path, user.headers)).status, 403, `${path} as USER`);
      const p = await page(env, path, admin.headers);
      assert.equal(p.status, 200, path);
      assert.ok(p.html.includes(marker), `${path} shows ${marker}`);
    }
  } finally {
    env.close();
  }
});

Deno.test("pages: no outbox in production", async () => {
  const env = await makeEnv({
    APP_ENV: "production",
    APP_URL: "https://leads.example.se",
    MFA_MODE: "off",
  });
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    assert.equal((await page(env, "/outbox", admin.headers)).status, 404);
    assert.ok(!env.app.api.routes.some((r) => r.path === "/api/outbox"));
  } finally {
    env.close();
  }
});
