/**
 * Every operation of the OpenAPI document driven with generated input (fast-check, seeded so a
 * failure reproduces): no answer is a 5xx, every answer under /api is `no-store`, every status
 * (with a body or without) is documented for its operation, and every JSON answer matches the
 * schema the document gives for its status. Run with FUZZ_RUNS=20000 for more.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { issueApiToken } from "@/lib/auth/api_tokens.ts";
import { buildOpenApi } from "@/routes/api/openapi.ts";
import type { ApiRoute } from "@/routes/api/define.ts";
import { makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { call, createTestUser, makeEnv, ORIGIN, type TestEnv } from "@/tests/helpers.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? 20261124);
const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 2500);

type Json = Record<string, any>;

/** The document's schema with its one $ref inlined, for ajv. */
function inline(schema: unknown, components: Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components));
  if (!schema || typeof schema !== "object") return schema;
  const s = schema as Json;
  if (typeof s.$ref === "string") {
    return inline(components[s.$ref.replace("#/components/schemas/", "")], components);
  }
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, inline(v, components)]));
}

/** Text an attacker would try: unicode, control characters, huge numbers, SQL, paths, markup. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "9007199254740993",
    "NaN",
    "null",
    "true",
    "[]",
    "{}",
    "'; DROP TABLE x; --",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "Åsa Öberg",
    "2026-02-30",
    "2026-13-01",
    "25:61",
    "a".repeat(5000),
    "%00",
    "%",
  ),
  fc.integer().map(String),
);

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
);

function propsOf(schema: unknown): string[] {
  const s = schema as Json | undefined;
  if (!s) return [];
  const own = Object.keys(s.properties ?? {});
  const nested = [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(propsOf);
  return [...new Set([...own, ...nested])];
}

const fuzzToken = { name: "fuzz", scope: "admin" as const, expiresAt: null };

Deno.test({
  name:
    "fuzz: every operation, thousands of generated inputs — no 5xx, no-store, documented shapes",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const env: TestEnv = await makeEnv({}, new Date("2026-03-02T09:00:00Z"));
    try {
      await makeChain(env);
      const admin = await createTestUser(env.kv, { role: "ROLE_ADMIN", email: "fz-a@example.se" });
      const user = await createTestUser(env.kv, { email: "fz-u@example.se" });
      const tokens = {
        admin: (await issueApiToken(env.kv, admin.id, fuzzToken, admin.id, new Date())).token,
        user: (await issueApiToken(env.kv, user.id, fuzzToken, admin.id, new Date())).token,
      };
      const seeded = await call(env, "POST", "/api/prospects", {
        headers: { Authorization: `Bearer ${tokens.user}` },
        body: newRow(),
      });
      assert.equal(seeded.res.status, 201);
      const knownIds = [seeded.json.id, admin.id, user.id, "1", "101", "2"];

      const doc = buildOpenApi(env.app.api, ORIGIN) as Json;
      const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
      const validators = new Map<string, ReturnType<typeof ajv.compile>>();
      const validatorFor = (path: string, method: string, status: number) => {
        const key = `${method} ${path} ${status}`;
        if (!validators.has(key)) {
          const schema = doc.paths[path]?.[method]?.responses?.[String(status)]?.content
            ?.["application/json"]?.schema;
          if (schema) {
            validators.set(key, ajv.compile(inline(schema, doc.components.schemas) as Json));
          }
        }
        return validators.get(key);
      };

      // Operations that end the fuzzer's own credentials or wipe shared state are left out.
      const routes = env.app.api.routes.filter((r: ApiRoute) =>
        !r.undocumented && !["/api/auth/sign-out", "/api/outbox"].includes(r.path)
      );
      const problems: string[] = [];
      const input = fc.record({
        route: fc.constantFrom(...routes),
        who: fc.constantFrom("admin", "user", "anon"),
        param: fc.oneof(fc.constantFrom(...knownIds), nasty),
        query: fc.dictionary(
          fc.oneof(fc.string(), fc.constantFrom("page", "size", "sort")),
          nasty,
          {
            maxKeys: 4,
          },
        ),
        fields: fc.array(jsonish, { minLength: 12, maxLength: 12 }),
        bodyKind: fc.constantFrom("schema", "schema", "json", "garbage", "form", "none"),
      });

      await fc.assert(
        fc.asyncProperty(input, async ({ route, who, param, query, fields, bodyKind }) => {
          const path = route.path.replace(
            /:([A-Za-z0-9_]+)/g,
            () => encodeURIComponent(String(param)),
          );
          const qs = new URLSearchParams();
          const qProps = propsOf(
            route.query ? doc.paths[openPath(route.path)]?.[route.method] : {},
          );
          const docParams = (doc.paths[openPath(route.path)]?.[route.method]?.parameters ?? [])
            .filter((p: Json) => p.in === "query").map((p: Json) => p.name as string);
          docParams.forEach((name: string, i: number) => {
            if (typeof fields[i] !== "object") qs.set(name, String(fields[i]));
          });
          for (const [k, v] of Object.entries(query)) qs.append(k, v);
          void qProps;
          const bodySchema = doc.paths[openPath(route.path)]?.[route.method]?.requestBody?.content;
          const bodyProps = propsOf(
            bodySchema?.["application/json"]?.schema ??
              bodySchema?.["application/x-www-form-urlencoded"]?.schema,
          );
          const headers: Record<string, string> = { Origin: ORIGIN };
          if (who !== "anon") headers.Authorization = `Bearer ${tokens[who as "admin" | "user"]}`;
          let body: BodyInit | undefined;
          if (route.method !== "get") {
            if (bodyKind === "schema") {
              headers["Content-Type"] = "application/json";
              body = JSON.stringify(
                Object.fromEntries(bodyProps.map((k, i) => [k, fields[i % fields.length]])),
              );
            } else if (bodyKind === "json") {
              headers["Content-Type"] = "application/json";
              body = JSON.stringify(fields);
            } else if (bodyKind === "garbage") {
              headers["Content-Type"] = "application/json";
              body = String(fields[0]);
            } else if (bodyKind === "form") {
              headers["Content-Type"] = "application/x-www-form-urlencoded";
              body = new URLSearchParams(
                bodyProps.map((k, i) => [k, String(fields[i % fields.length])]),
              );
            }
          }
          const url = `${ORIGIN}${path}${qs.size ? `?${qs}` : ""}`;
          const res = await env.app.request(url, {
            method: route.method.toUpperCase(),
            headers,
            body,
          });
          const text = await res.text();
          const where = `${route.method.toUpperCase()} ${url} (${who}, ${bodyKind})`;
          if (res.status >= 500) problems.push(`${res.status} ${where}: ${text.slice(0, 200)}`);
          if (res.headers.get("cache-control") !== "no-store") {
            problems.push(`no no-store on ${where}`);
          }
          const documented = doc.paths[openPath(route.path)]?.[route.method]?.responses ?? {};
          // An empty parameter can make the path another declared path ("/api/admin/users/"),
          // which answers 405 naming its own methods.
          const otherPath = res.status === 405 &&
            !(res.headers.get("allow") ?? route.method).split(", ").includes(
              route.method.toUpperCase(),
            );
          if (!documented[String(res.status)] && !otherPath) {
            problems.push(`undocumented ${res.status} on ${where}`);
          }
          const ct = res.headers.get("content-type") ?? "";
          if (ct.includes("application/json") && text && !otherPath) {
            const validate = validatorFor(openPath(route.path), route.method, res.status);
            if (!validate) {
              problems.push(`a JSON ${res.status} without a documented schema on ${where}`);
            } else if (!validate(JSON.parse(text))) {
              problems.push(
                `${res.status} on ${where} does not match its schema: ${
                  JSON.stringify(validate.errors?.[0])
                } ${text.slice(0, 200)}`,
              );
            }
          }
          return true;
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // One line per kind: status, operation and what is wrong (not each generated input).
      const kind = (p: string) =>
        p.replace(/http:\/\/localhost:8000/, "").replace(/\?\S*/, "").replace(
          /\((admin|user|anon), \w+\)/,
          "",
        ).replace(/\/api\/([\w-]+\/)*[0-9A-Z]{26}/g, (m) => m.replace(/[0-9A-Z]{26}$/, "{id}"))
          .replace(/ \{"id".*$| \{"error".*$/, "").slice(0, 260);
      const unique = [...new Set(problems.map(kind))];
      assert.deepEqual(unique.slice(0, 60), [], `${unique.length} kinds of problem`);
    } finally {
      env.close();
    }
  },
});

const openPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
