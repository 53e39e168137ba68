/** The OpenAPI document: valid OpenAPI 3.1, and every registered API route is in it. */
import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { call, makeEnv } from "@/tests/helpers.ts";
import { openApiPath } from "@/routes/api/openapi.ts";

Deno.test("GET /api/openapi.json is a valid OpenAPI 3.1 document covering every route", async () => {
  const env = await makeEnv();
  try {
    const { res, json } = await call(env, "GET", "/api/openapi.json");
    assert.equal(res.status, 200);
    assert.equal(json.openapi, "3.1.0");
    const validator = new Validator();
    const result = await validator.validate(json);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 2000));
    const missing = env.app.api.routes
      .filter((r) => !r.undocumented && !json.paths[openApiPath(r.path)]?.[r.method])
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    assert.deepEqual(missing, [], "every registered API route is documented");
    const ops = Object.entries(json.paths as Record<string, object>).flatMap(([p, o]) =>
      Object.keys(o).map((m) => `${m} ${p.replace(/\/$/, "")}`)
    );
    assert.equal(new Set(ops).size, ops.length, "no operation is documented twice");
    assert.ok(json.components.schemas.Error, "the error shape is documented");
  } finally {
    env.close();
  }
});

Deno.test("GET /api/docs serves the docs page from this server only", async () => {
  const env = await makeEnv();
  try {
    const res = await env.app.request("http://localhost:8000/api/docs");
    assert.equal(res.status, 200);
    const html = await res.text();
    for (const m of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      assert.ok(m[1].startsWith("/"), `asset from elsewhere: ${m[1]}`);
    }
  } finally {
    env.close();
  }
});
