/** Refusals answer their 4xx as a page or as JSON in the request's language, never a 500. */
import assert from "node:assert/strict";
import { makeEnv, ORIGIN, signedIn } from "@/tests/helpers.ts";

const EVIL = "https://evil.example";

async function send(
  env: Awaited<ReturnType<typeof makeEnv>>,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  const res = await env.app.request(`${ORIGIN}${path}`, { method, headers, body });
  return { res, text: await res.text() };
}

Deno.test("a cross-site form post to /login or /lock answers the 403 page in the request's language", async () => {
  const env = await makeEnv();
  try {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const path of ["/login", "/lock"]) {
      const sv = await send(env, "POST", path, { ...form, Origin: EVIL }, "email=a&password=b");
      assert.equal(sv.res.status, 403, path);
      assert.match(sv.res.headers.get("content-type") ?? "", /text\/html/);
      assert.match(sv.text, /<html lang="sv"/);
      assert.match(sv.text, /data-testid="error-403"/);
      assert.match(sv.text, /otillåten källa/);

      const en = await send(env, "POST", path, { ...form, Origin: EVIL, Cookie: "lang=en" }, "x=1");
      assert.equal(en.res.status, 403, path);
      assert.match(en.text, /<html lang="en"/);
      assert.match(en.text, /not allowed|origin/i);
    }
    // Sec-Fetch-Site alone (no Origin) is refused the same way.
    const site = await send(env, "POST", "/login", { ...form, "Sec-Fetch-Site": "cross-site" }, "");
    assert.equal(site.res.status, 403);
    assert.match(site.text, /data-testid="error-403"/);
  } finally {
    env.close();
  }
});

Deno.test("a cross-site API call answers JSON 403 CSRF in the language it asks for", async () => {
  const env = await makeEnv();
  try {
    const { headers } = await signedIn(env);
    const r = await send(
      env,
      "POST",
      "/api/prospects",
      { ...headers, Origin: EVIL, "Accept-Language": "en", "Content-Type": "application/json" },
      "{}",
    );
    assert.equal(r.res.status, 403);
    const json = JSON.parse(r.text);
    assert.equal(json.error, "CSRF");
    assert.match(json.message, /origin|not allowed/i);
    const sv = await send(env, "POST", "/api/auth/sign-in", {
      Origin: EVIL,
      "X-UI-Language": "sv",
      "Content-Type": "application/json",
    }, "{}");
    assert.equal(sv.res.status, 403);
    assert.match(JSON.parse(sv.text).message, /otillåten/);
  } finally {
    env.close();
  }
});

Deno.test("an oversized or unreadable page post answers a 4xx page, not JSON or a 500", async () => {
  const env = await makeEnv();
  try {
    const big = await send(env, "POST", "/login", {
      Origin: ORIGIN,
      Cookie: "lang=en",
      "Content-Type": "application/x-www-form-urlencoded",
    }, "email=" + "a".repeat(env.config.bodyLimitBytes + 10));
    assert.equal(big.res.status, 413);
    assert.match(big.res.headers.get("content-type") ?? "", /text\/html/);
    assert.match(big.text, /<html lang="en"/);
    assert.match(big.text, /data-testid="error-413"/);

    for (
      const [type, body] of [
        ["multipart/form-data; boundary=x", "garbage"],
        ["application/json", "{bad"],
        ["text/plain", "\u0000\u0001"],
      ]
    ) {
      const r = await send(env, "POST", "/login", { Origin: ORIGIN, "Content-Type": type }, body);
      assert.ok(r.res.status >= 400 && r.res.status < 500, `${type}: ${r.res.status}`);
      assert.match(r.res.headers.get("content-type") ?? "", /text\/html/);
    }
  } finally {
    env.close();
  }
});
