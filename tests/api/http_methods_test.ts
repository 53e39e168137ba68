/**
 * The OpenAPI document stays true to the server: the answers of real flows are documented for
 * their operation, and a method a declared path does not take answers 405 with `Allow`.
 */
import assert from "node:assert/strict";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { call, makeEnv, ORIGIN, signedIn } from "@/tests/helpers.ts";
import { openApiPath } from "@/routes/api/openapi.ts";

Deno.test("answers without a body (204) and a form's redirect (303) are documented for their operation", async () => {
  const env = await makeEnv();
  try {
    const chain = await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const doc = (await call(env, "GET", "/api/openapi.json")).json;
    const documented = (method: string, path: string, status: number) =>
      !!doc.paths[openApiPath(path)]?.[method]?.responses?.[String(status)];
    const seen: [string, string, number][] = [];
    const hit = async (method: string, template: string, url: string, body?: unknown) => {
      const r = await call(env, method.toUpperCase(), url, { headers: admin.headers, body });
      seen.push([method, template, r.res.status]);
      return r;
    };

    const key = await hit(
      "post",
      "/api/marketprojects/:id/form-keys",
      `/api/marketprojects/${chain.project.id}/form-keys`,
      { allowedOrigins: ["https://kampanj.example.se"] },
    );
    const lead = await env.app.request(`${ORIGIN}/api/intake/${key.json.key}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        firstName: "Form",
        lastName: "Post",
        phoneNumber: "0701239999",
        clubId: "101",
        redirect: "https://kampanj.example.se/tack",
      }),
      redirect: "manual",
    });
    await lead.body?.cancel();
    seen.push(["post", "/api/intake/:key", lead.status]);
    await hit(
      "delete",
      "/api/marketprojects/:id/form-keys/:keyId",
      `/api/marketprojects/${chain.project.id}/form-keys/${key.json.id}`,
    );
    const p = await createRow(env, admin.headers);
    const note = await hit("post", "/api/prospects/:id/notes", `/api/prospects/${p.id}/notes`, {
      text: "Ringde",
      noteType: "Note",
    });
    await hit("delete", "/api/notes/:noteId", `/api/notes/${note.json.noteId}`);

    assert.deepEqual(seen.map((s) => s[2]), [201, 303, 204, 201, 204]);
    const undocumented = seen.filter(([m, path, status]) => !documented(m, path, status));
    assert.deepEqual(undocumented, [], "every status answered is in the document");
  } finally {
    env.close();
  }
});

Deno.test("a method a declared API path does not take answers 405 with Allow, as JSON in the caller's language", async () => {
  const env = await makeEnv();
  try {
    const allowed = env.app.api.allowedMethods();
    assert.ok(allowed.size > 40);
    const wrong: string[] = [];
    for (const [template, methods] of allowed) {
      const path = template.replace(/:[A-Za-z0-9_]+/g, "1");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
        if (methods.includes(method)) continue;
        const res = await env.app.request(`${ORIGIN}${path}`, {
          method,
          headers: { "Accept-Language": "en" },
        });
        const text = await res.text();
        // A path also matched by another declared pattern (e.g. /api/prospects/import and
        // /api/prospects/:id) may be answered by that one's route.
        const other = [...allowed].some(([t, ms]) =>
          t !== template && ms.includes(method) &&
          new RegExp(`^${t.replace(/:[A-Za-z0-9_]+/g, "[^/]+")}$`).test(path)
        );
        if (other) continue;
        if (res.status !== 405 || res.headers.get("allow") !== methods.join(", ")) {
          wrong.push(`${method} ${path}: ${res.status} allow=${res.headers.get("allow")}`);
          continue;
        }
        const json = JSON.parse(text);
        if (json.error !== "METHOD_NOT_ALLOWED" || !/method/i.test(json.message)) {
          wrong.push(`${method} ${path}: ${text.slice(0, 100)}`);
        }
      }
    }
    assert.deepEqual(wrong.slice(0, 20), []);
    const sv = await env.app.request(`${ORIGIN}/api/health`, { method: "DELETE" });
    assert.equal(sv.status, 405);
    assert.equal(sv.headers.get("allow"), "GET, HEAD");
    assert.match((await sv.json()).message, /metoden/);
    // Pages and unknown API paths keep their 404.
    const unknown = await env.app.request(`${ORIGIN}/api/no-such-thing`, { method: "DELETE" });
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
  } finally {
    env.close();
  }
});
