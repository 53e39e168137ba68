/**
 * Users awaiting verification: the list answers emailVerified per user, and an admin sends a new
 * verification link (the mail lands in the outbox); a verified user answers 409.
 */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn, withEnv } from "@/tests/helpers.ts";
import { listOutbox } from "@/lib/notify/mod.ts";

const colleague = {
  email: "kollega@example.se",
  firstName: "Kalle",
  lastName: "Kollega",
  mobile: "+46701234567",
  password: "Passw0rd",
  repeatPassword: "Passw0rd",
  role: "ROLE_USER",
};

Deno.test("verification: the user list says who awaits e-mail verification; an admin sends a new link (202, in the outbox); 409 once verified; 403 for others", async () => {
  await withEnv(async (env) => {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env);
    const created = await call(env, "POST", "/api/user", {
      headers: admin.headers,
      body: colleague,
    });
    assert.equal(created.res.status, 201, JSON.stringify(created.json));
    const list = await call(env, "GET", "/api/admin/users/?perPage=100", {
      headers: admin.headers,
    });
    const row = list.json.result.find((u: any) => u.email === colleague.email);
    assert.equal(row.emailVerified, false);
    const me = list.json.result.find((u: any) => u.email === admin.user.email);
    assert.equal(me.emailVerified, true);
    assert.equal((await listOutbox(env.kv, { to: colleague.email })).length, 1);

    const path = `/api/admin/users/${row.id}/verification-email`;
    const sent = await call(env, "POST", path, { headers: admin.headers });
    assert.equal(sent.res.status, 202, JSON.stringify(sent.json));
    assert.deepEqual(sent.json, { sent: true, email: colleague.email });
    const mails = await listOutbox(env.kv, { to: colleague.email });
    assert.equal(mails.length, 2, "a second verification mail waits in the outbox");
    assert.match(mails[0].text, /verifyEmail/);

    assert.equal((await call(env, "POST", path, { headers: staff.headers })).res.status, 403);
    const verified = await call(
      env,
      "POST",
      `/api/admin/users/${staff.user.id}/verification-email`,
      {
        headers: admin.headers,
      },
    );
    assert.equal(verified.res.status, 409);
    assert.equal(verified.json.error, "ALREADY_VERIFIED");
    assert.match(verified.json.message, /redan verifierat/);
    const missing = await call(env, "POST", "/api/admin/users/nobody/verification-email", {
      headers: admin.headers,
    });
    assert.equal(missing.res.status, 404);
  });
});

Deno.test("verification: an admin's resends are bounded — 8 parallel sends to one user mail 3 times, the rest answer 429; another user is not affected; an hour later it sends again", async () => {
  const start = new Date("2026-11-27T10:00:00Z");
  const env = await makeEnv({}, start);
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const ids: string[] = [];
    for (const email of ["kollega@example.se", "annan@example.se"]) {
      const created = await call(env, "POST", "/api/user", {
        headers: admin.headers,
        body: { ...colleague, email },
      });
      assert.equal(created.res.status, 201, JSON.stringify(created.json));
      ids.push(created.json.id);
    }
    const send = (id: string) =>
      call(env, "POST", `/api/admin/users/${id}/verification-email`, {
        headers: admin.headers,
      });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(ids[0])));
    const statuses = answers.map((a) => a.res.status).sort();
    assert.deepEqual(statuses, [202, 202, 202, 429, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.res.status === 429)!;
    assert.equal(refused.json.error, "TOO_MANY_VERIFICATION_EMAILS");
    assert.match(refused.json.message, /senaste timmen/, JSON.stringify(refused.json));
    // The mail at registration plus the three sent again.
    assert.equal((await listOutbox(env.kv, { to: "kollega@example.se" })).length, 4);
    assert.equal((await send(ids[1])).res.status, 202);
    env.clock.advance(61 * 60 * 1000);
    assert.equal((await send(ids[0])).res.status, 202);
  } finally {
    env.close();
  }
});

Deno.test("verification at sign-in: an unverified user is told so and offered a new link; 8 parallel requests mail at most 3 times (then 429 with Retry-After); an unknown address gets the same answers", async () => {
  const env = await makeEnv({}, new Date("2026-11-27T10:00:00Z"));
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const created = await call(env, "POST", "/api/user", {
      headers: admin.headers,
      body: colleague,
    });
    assert.equal(created.res.status, 201, JSON.stringify(created.json));

    // The sign-in form (no JavaScript): the message says the address is not verified, and the
    // card holds a plain form for a new link.
    const login = await env.app.request(`${ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: colleague.email, password: colleague.password }),
    });
    assert.equal(login.status, 403);
    // What the page shows (not the language's dictionary the page carries for its islands).
    const html = (await login.text()).replace(/<script[^]*?<\/script>/g, "");
    assert.match(html, /inte bekräftad/);
    assert.doesNotMatch(html, /ingen användare/i);
    assert.match(html, /action="\/login\/verification-email"/);
    const api = await call(env, "POST", "/api/auth/sign-in", {
      body: { email: colleague.email, password: colleague.password },
    });
    assert.equal(api.res.status, 403);
    assert.equal(api.json.error, "EMAIL_NOT_VERIFIED");

    const before = (await listOutbox(env.kv, { to: colleague.email })).length;
    const ask = (email: string) =>
      call(env, "POST", "/api/auth/verification-email", { body: { email } });
    for (const email of [colleague.email, "finns.inte@example.se"]) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => ask(email)));
      assert.deepEqual(
        answers.map((a) => a.res.status).sort(),
        [202, 202, 202, 429, 429, 429, 429, 429],
        email,
      );
      const ok = answers.find((a) => a.res.status === 202)!;
      assert.deepEqual(ok.json, { ok: true });
      const refused = answers.find((a) => a.res.status === 429)!;
      assert.equal(refused.json.error, "TOO_MANY_VERIFICATION_EMAILS");
      assert.ok(Number(refused.res.headers.get("retry-after")) > 0);
    }
    assert.equal((await listOutbox(env.kv, { to: colleague.email })).length - before, 3);
    assert.equal((await listOutbox(env.kv, { to: "finns.inte@example.se" })).length, 0);

    // The page's form answers every address with the same notice.
    env.clock.advance(61 * 60 * 1000);
    const page = (email: string) =>
      env.app.request(`${ORIGIN}/login/verification-email`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email }),
      });
    const known = await page(colleague.email);
    const unknown = await page("finns.inte@example.se");
    assert.equal(known.status, 200);
    assert.equal(unknown.status, 200);
    const notice = (h: string) => h.match(/data-testid="verification-sent"[^>]*>([^<]*)</)?.[1];
    const a = notice(await known.text()), b = notice(await unknown.text());
    assert.match(a ?? "", /skickat en ny länk/);
    assert.equal(a, b);
    assert.equal((await listOutbox(env.kv, { to: colleague.email })).length - before, 4);

    // The newest link, followed without JavaScript: the page's button posts the code, the user
    // lands on sign-in with word that it worked (inside the sign-in card), and signs in.
    const [mail] = await listOutbox(env.kv, { to: colleague.email });
    const code = mail.text.match(/oobCode=([\w-]+)/)?.[1];
    assert.ok(code, mail.text);
    const form = (path: string, fields: Record<string, string>) =>
      env.app.request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const applied = await form("/verify-email", { oobCode: code });
    assert.equal(applied.status, 303);
    assert.equal(applied.headers.get("location"), "/login?verified=1");
    const again = await form("/verify-email", { oobCode: code });
    assert.equal(again.status, 400, "a used link says so");
    const signIn = await env.app.request(`${ORIGIN}/login?verified=1`);
    const shown = (await signIn.text()).replace(/<script[^]*?<\/script>/g, "");
    assert.match(
      shown,
      /data-testid="login-card"[^]*data-testid="verified-notice"[^>]*>E-postadressen är bekräftad/,
    );
    const ok = await form("/login", { email: colleague.email, password: colleague.password });
    assert.equal(ok.status, 303);
  } finally {
    env.close();
  }
});
