/**
 * The OpenAPI document as a script's author uses it: a client generated with openapi-typescript
 * from the live document type-checks a script that lists, creates (with an Idempotency-Key),
 * updates (reading the 409's current record), exports CSV and issues a token — so the document
 * cannot drift from what scripts need. Named schemas, verb-first operation ids, no empty schema.
 */
import assert from "node:assert/strict";
import openapiTS, { astToString } from "openapi-typescript";
import { call, makeEnv } from "@/tests/helpers.ts";

const CONFIG = new URL("../../deno.json", import.meta.url).pathname;

const SCRIPT = `
import createClient from "openapi-fetch";
import type { components, paths } from "./klubbleads.d.ts";

type Prospect = components["schemas"]["Prospect"];
const api = createClient<paths>({
  baseUrl: "http://localhost:8000",
  headers: { Authorization: "Bearer klt_example" },
});

export async function jobs(): Promise<string> {
  const list = await api.GET("/api/prospects", {
    params: { query: { marketProjectId: 1, page: 1, size: 50 } },
  });
  // The list answers JSON, or CSV with format=csv: the type says both.
  const rows: Prospect[] = Array.isArray(list.data) ? list.data : [];
  const total: string | null = list.response.headers.get("x-total-elements");
  const created = await api.POST("/api/prospects", {
    params: { header: { "Idempotency-Key": crypto.randomUUID() } },
    body: {
      firstName: "Anna",
      lastName: "Berg",
      phoneNumber: "0701234567",
      marketProjectId: 1,
      clubId: 101,
    },
  });
  if (!created.data) return created.error?.message ?? "";
  const id: string = created.data.id;
  const elsewhere: boolean = created.data.registeredElsewhere;
  const first = rows[0];
  if (!first) return id;
  const saved = await api.PUT("/api/prospects/{id}", {
    params: { path: { id } },
    body: { ...first, tag: "kampanj", version: first.version },
  });
  if (saved.response.status === 409) {
    const message: string | undefined = saved.error?.message;
    return message ?? "";
  }
  const csv = await api.GET("/api/prospects", {
    params: { query: { marketProjectId: 1, format: "csv", columns: "api" } },
    parseAs: "text",
  });
  const token = await api.POST("/api/admin/users/{id}/api-tokens", {
    params: { path: { id: "01USER" } },
    body: { name: "nightly", scope: "read" },
  });
  const secret: string | undefined = token.data?.token;
  return [total, elsewhere, csv.data, secret].join();
}
`;

Deno.test("OpenAPI: named schemas, verb-first operation ids, no empty schema, CSV and headers declared", async () => {
  const env = await makeEnv();
  try {
    const { json: doc } = await call(env, "GET", "/api/openapi.json");
    for (const name of ["Prospect", "Note", "User", "Error", "ApiToken", "Club", "MarketProject"]) {
      assert.ok(doc.components.schemas[name], `components.schemas.${name}`);
    }
    const ops = Object.entries<any>(doc.paths).flatMap(([p, item]) =>
      Object.entries<any>(item).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op }))
    );
    const byKey = Object.fromEntries(ops.map((o) => [o.key, o.op]));
    assert.equal(byKey["GET /api/prospects"].operationId, "listProspects");
    assert.equal(byKey["POST /api/prospects"].operationId, "createProspect");
    assert.equal(byKey["POST /api/admin/users/{id}/api-tokens"].operationId, "issueApiToken");
    const ids = ops.map((o) => o.op.operationId);
    assert.equal(new Set(ids).size, ids.length, "operation ids are unique");
    for (const id of ids) assert.match(id, /^[a-z]+[A-Z][A-Za-z]*$/, `camelCase verb first: ${id}`);
    const empty = ops.filter(({ op }) =>
      Object.entries<any>(op.responses).some(([code, r]) =>
        code.startsWith("2") && code !== "204" &&
        Object.values<any>(r.content ?? {}).some((c) => JSON.stringify(c.schema ?? {}) === "{}")
      )
    ).map((o) => o.key);
    assert.deepEqual(empty, [], "no operation answers an empty schema");
    const prospectRefs = JSON.stringify(doc.paths).split('"#/components/schemas/Prospect"').length;
    assert.ok(prospectRefs > 5, "operations refer to the Prospect schema");
    assert.ok(byKey["GET /api/prospects"].responses["200"].content["text/csv"]);
    assert.ok(byKey["POST /api/prospects"].responses["201"].headers.Location);
    assert.ok(byKey["GET /api/prospects"].responses["429"].headers["Retry-After"]);
  } finally {
    env.close();
  }
});

Deno.test({
  name: "OpenAPI: a client generated with openapi-typescript type-checks a script's jobs",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const env = await makeEnv();
    // Outside the project, checked with its import map (openapi-fetch as the project pins it).
    const DIR = new URL(`file://${await Deno.makeTempDir({ prefix: "klubbleads-client-" })}/`);
    try {
      const { json: doc } = await call(env, "GET", "/api/openapi.json");
      const types = astToString(await openapiTS(doc));
      await Deno.writeTextFile(new URL("klubbleads.d.ts", DIR), types);
      await Deno.writeTextFile(new URL("jobs.ts", DIR), SCRIPT);
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["check", "--config", CONFIG, new URL("jobs.ts", DIR).pathname],
        cwd: new URL("../../", import.meta.url),
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, text.slice(0, 4000));
      // And a mistake a script could make is caught: a field the API does not have.
      await Deno.writeTextFile(
        new URL("wrong.ts", DIR),
        `import type { components } from "./klubbleads.d.ts";
const p = {} as components["schemas"]["Prospect"];
export const x: number = p.firstName;\n`,
      );
      const wrong = await new Deno.Command(Deno.execPath(), {
        args: ["check", "--config", CONFIG, new URL("wrong.ts", DIR).pathname],
        cwd: new URL("../../", import.meta.url),
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.notEqual(wrong.code, 0, "a wrong type fails the check");
    } finally {
      env.close();
      await Deno.remove(DIR, { recursive: true }).catch(() => {});
    }
  },
});
