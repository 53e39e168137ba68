/** Identity screens on the server: guards, redirects and which island each page mounts. */
import assert from "node:assert/strict";
import {
  createTestUser,
  makeEnv,
  ORIGIN,
  signedIn,
  strongKey,
  TEST_PASSWORD,
  type TestEnv,
} from "@/tests/helpers.ts";
import { listOutbox, sendMail } from "@/lib/notify/mod.ts";
import { createSetupLink } from "@/lib/services/auth.ts";
import { lastOobCode } from "@/tests/api/identity_helpers.ts";

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
    SECRET_KEY: strongKey(),
  });
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    assert.equal((await page(env, "/outbox", admin.headers)).status, 404);
    assert.ok(!env.app.api.routes.some((r) => r.path === "/api/outbox"));
  } finally {
    env.close();
  }
});

async function postForm(env: TestEnv, path: string, fields: Record<string, string>) {
  const res = await env.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookies: res.headers.getSetCookie().filter((c) => !/max-age=0/i.test(c)),
    html: await res.text(),
  };
}

Deno.test("POST /login signs in without JavaScript: 303 with the session, errors in the form", async () => {
  const env = await makeEnv();
  try {
    await createTestUser(env.kv, { email: "nojs@example.se" });
    const ok = await postForm(env, "/login", {
      step: "credentials",
      email: "nojs@example.se",
      password: TEST_PASSWORD,
      redirect: "/reports?tab=age",
    });
    assert.equal(ok.status, 303);
    assert.equal(ok.location, "/reports?tab=age");
    assert.ok(ok.cookies.some((c) => c.startsWith("kl_at=")), "the session cookie is set");
    const cookie = ok.cookies.map((c) => c.split(";")[0]).join("; ");
    const me = await env.app.request(`${ORIGIN}/api/auth/me`, { headers: { Cookie: cookie } });
    assert.equal(me.status, 200);

    const wrong = await postForm(env, "/login", {
      email: "nojs@example.se",
      password: "Wrong1234",
      redirect: "//evil.example",
    });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.cookies.length, 0);
    assert.match(wrong.html, /data-testid="error-email"/);
    assert.match(wrong.html, /method="post"/);
    assert.doesNotMatch(wrong.html, /evil\.example/);

    const offsite = await postForm(env, "/login", {
      email: "nojs@example.se",
      password: TEST_PASSWORD,
      redirect: "/\t/evil.example",
    });
    assert.equal(offsite.location, "/", "off-site targets land on the start page");
    // Malformed bodies re-render the form, never 500.
    const empty = await env.app.request(`${ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x" },
      body: "--x\r\nbroken",
    });
    assert.ok(empty.status < 500, String(empty.status));
  } finally {
    env.close();
  }
});

Deno.test("POST /login: the MFA enrol and code steps work as plain form posts too", async () => {
  const env = await makeEnv({ MFA_MODE: "required" });
  try {
    await createTestUser(env.kv, { email: "nojs-mfa@example.se" });
    const first = await postForm(env, "/login", {
      email: "nojs-mfa@example.se",
      password: TEST_PASSWORD,
      redirect: "/settings",
    });
    assert.equal(first.status, 200);
    assert.equal(first.cookies.length, 0, "no session before MFA");
    const session = /name="mfaSession" value="([^"]+)"/.exec(first.html)?.[1];
    assert.ok(session, "the enrol step carries the pending sign-in");
    const enrolled = await postForm(env, "/login", {
      step: "enroll",
      mfaSession: session,
      phone: "+46 701234599",
      redirect: "/settings",
    });
    assert.equal(enrolled.status, 200);
    assert.match(enrolled.html, /data-testid="mfa-code"/);
    const [sms] = await listOutbox(env.kv, { to: "+46701234599", limit: 1, now: env.clock.now });
    const code = /\b(\d{6})\b/.exec(sms.text)![1];
    const wrong = await postForm(env, "/login", {
      step: "code",
      mfaSession: session,
      code: code === "000000" ? "111111" : "000000",
      enrolling: "true",
      redirect: "/settings",
    });
    assert.equal(wrong.status, 400);
    assert.match(wrong.html, /data-testid="error-code"/);
    const done = await postForm(env, "/login", {
      step: "code",
      mfaSession: session,
      code,
      enrolling: "true",
      redirect: "/settings",
    });
    assert.equal(done.status, 303);
    assert.equal(done.location, "/settings");
    assert.ok(done.cookies.some((c) => c.startsWith("kl_at=")));
  } finally {
    env.close();
  }
});

Deno.test("setup, reset and lock forms post without JavaScript (303 on success, errors shown)", async () => {
  const env = await makeEnv();
  try {
    const deps = { kv: env.kv, config: env.config, now: () => env.clock.now };
    const token = new URL((await createSetupLink(deps))!).searchParams.get("token")!;
    const admin = {
      token,
      firstName: "Ada",
      lastName: "Admin",
      email: "ada@example.se",
      mobile: "+46701234567",
      password: "Admin123",
      repeatPassword: "Admin999",
    };
    const mismatch = await postForm(env, "/setup", admin);
    assert.equal(mismatch.status, 400);
    assert.match(mismatch.html, /data-testid="error-repeatPassword"/);
    assert.match(mismatch.html, /ada@example\.se/, "the values stay");
    assert.doesNotMatch(mismatch.html, /Admin123/, "never a password");
    const created = await postForm(env, "/setup", { ...admin, repeatPassword: "Admin123" });
    assert.equal(created.status, 303);
    assert.equal(created.location, "/login?setup=done");
    const login = await env.app.request(`${ORIGIN}/login?setup=done`);
    assert.match(
      await login.text(),
      /data-testid="setup-created"[^>]*>Administratören har skapats/,
    );

    // Password reset from the mailed link, posted as a plain form.
    await env.app.request(`${ORIGIN}/api/auth/password-reset`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "ada@example.se" }),
    });
    const oobCode = await lastOobCode(env, "ada@example.se", "resetPassword");
    const page = await env.app.request(
      `${ORIGIN}/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`,
    );
    const html = await page.text();
    assert.match(html, /method="post"/);
    assert.match(html, /ada@example\.se/, "the code is checked on the server");
    assert.doesNotMatch(html, /<button[^>]*type="submit"[^>]*disabled/, "usable before hydration");
    const short = await postForm(env, "/reset-password", {
      mode: "resetPassword",
      oobCode,
      password: "short",
      repeatPassword: "short",
    });
    assert.equal(short.status, 400);
    assert.match(short.html, /data-testid="error-password"/);
    const reset = await postForm(env, "/reset-password", {
      mode: "resetPassword",
      oobCode,
      password: "NewAdmin123",
      repeatPassword: "NewAdmin123",
    });
    assert.equal(reset.status, 303);
    assert.equal(reset.location, "/login");

    // Lock screen: wrong password shown in the form, the right one unlocks.
    const signed = await postForm(env, "/login", {
      email: "ada@example.se",
      password: "NewAdmin123",
      redirect: "/lock",
    });
    assert.equal(signed.status, 303);
    const cookie = signed.cookies.map((c) => c.split(";")[0]).join("; ");
    const lock = (password: string) =>
      env.app.request(`${ORIGIN}/lock`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ password }),
        redirect: "manual",
      });
    const bad = await lock("Wrong9999");
    assert.equal(bad.status, 401);
    assert.match(await bad.text(), /role="alert"/);
    const good = await lock("NewAdmin123");
    assert.equal(good.status, 303);
    assert.equal(good.headers.get("location"), "/");
  } finally {
    env.close();
  }
});

Deno.test("register and change-password forms post without JavaScript", async () => {
  const env = await makeEnv();
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const post = (path: string, fields: Record<string, string>, headers = admin.headers) =>
      env.app.request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const form = await (await env.app.request(`${ORIGIN}/registration/admin-user`, {
      headers: admin.headers,
    })).text();
    assert.match(form, /action="\/registration\/admin-user"/);
    assert.doesNotMatch(
      form,
      /data-testid="register-submit"[^>]*disabled/,
      "usable before hydration",
    );
    const values = {
      firstName: "Nils",
      lastName: "Nojs",
      email: "nils@example.se",
      mobile: "+46701231234",
      password: "Nils1234",
      repeatPassword: "Nils9999",
    };
    const bad = await post("/registration/admin-user", values);
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    assert.match(badHtml, /data-testid="error-repeatPassword"/);
    assert.doesNotMatch(badHtml, /Nils1234/);
    const ok = await post("/registration/admin-user", { ...values, repeatPassword: "Nils1234" });
    assert.equal(ok.status, 201);
    assert.match(await ok.text(), /data-testid="register-done"/);
    const created = await env.app.request(`${ORIGIN}/api/admin/users/?search=nils`, {
      headers: admin.headers,
    });
    assert.match(await created.text(), /ROLE_ADMIN/, "the preset role is the admin role");

    // Change password from Settings → Profile.
    const user = await signedIn(env, { email: "pw@example.se" });
    const wrong = await post("/settings", {
      form: "changePassword",
      currentPassword: "Nope1234",
      password: "Better123",
      repeatPassword: "Better123",
    }, user.headers);
    assert.equal(wrong.status, 400);
    assert.match(await wrong.text(), /data-testid="error-currentPassword"/);
    const changed = await post("/settings", {
      form: "changePassword",
      currentPassword: TEST_PASSWORD,
      password: "Better123",
      repeatPassword: "Better123",
    }, user.headers);
    assert.equal(changed.status, 200);
    assert.match(await changed.text(), /role="status"/);
    const signIn = await postForm(env, "/login", { email: "pw@example.se", password: "Better123" });
    assert.equal(signIn.status, 303);
  } finally {
    env.close();
  }
});
