/**
 * The OpenAPI 3.1 document, generated from the same route declarations (and zod schemas) that
 * validate requests, and the offline docs page at /api/docs (Swagger UI vendored from npm).
 */
import type { Hono } from "hono";
import { z } from "zod";
import { APP_VERSION } from "@/lib/domain/statuses.ts";
import { IDEMPOTENCY_DOC, IDEMPOTENCY_HEADER } from "@/routes/api/idempotent.ts";
import type { ApiRoute, ApiRouter } from "@/routes/api/define.ts";
import type { AppEnv } from "@/routes/env.ts";

type Json = Record<string, unknown>;

/**
 * An object's required keys as the validator sees them: a property is required when it refuses
 * `undefined` (zod reports preprocessed fields, e.g. "12" → 12, as optional input otherwise).
 */
function requireStrictly(ctx: { zodSchema: unknown; jsonSchema: Json }) {
  const shape = (ctx.zodSchema as { shape?: Record<string, z.ZodType> }).shape;
  const props = ctx.jsonSchema.properties as Json | undefined;
  if (!shape || !props || ctx.jsonSchema.type !== "object") return;
  const required = new Set((ctx.jsonSchema.required ?? []) as string[]);
  for (const [k, v] of Object.entries(shape)) {
    if (k in props && typeof v?.safeParse === "function" && !v.safeParse(undefined).success) {
      required.add(k);
    }
  }
  if (required.size) ctx.jsonSchema.required = [...required];
}

/**
 * The named schemas of the document (components.schemas): a zod schema with `.meta({id})` becomes
 * one, and every operation refers to it. An input form that differs from the output one of the
 * same name is named `<id>Input`.
 */
class Components {
  readonly schemas: Record<string, Json> = { Error: ERROR_SCHEMA };

  /** A schema's JSON with its named parts lifted into the components and referred to. */
  lift(json: Json, io: "input" | "output"): Json {
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) {
      const text = JSON.stringify(def);
      const taken = this.schemas[id];
      const name = !taken || JSON.stringify(taken) === text
        ? id
        : io === "input" && (!this.schemas[`${id}Input`] ||
            JSON.stringify(this.schemas[`${id}Input`]) === text)
        ? `${id}Input`
        : id;
      names.set(id, name);
    }
    const rewrite = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rewrite);
      if (!v || typeof v !== "object") return v;
      const out: Json = {};
      for (const [k, x] of Object.entries(v)) {
        out[k] = k === "$ref" && typeof x === "string" && x.startsWith("#/$defs/")
          ? `#/components/schemas/${names.get(x.slice(8)) ?? x.slice(8)}`
          : rewrite(x);
      }
      return out;
    };
    for (const [id, def] of Object.entries(defs)) {
      this.schemas[names.get(id)!] ??= rewrite(def) as Json;
    }
    return rewrite(json) as Json;
  }

  schemaOf(s: z.ZodType, io: "input" | "output"): Json {
    return this.lift(schemaOf(s, io), io);
  }
}

function schemaOf(s: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(s, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
    override: io === "input" ? (ctx) => requireStrictly(ctx as never) : undefined,
  }) as Json;
  delete out.$schema;
  return out;
}

/** Names that say what an operation does where the path alone would not (issueApiToken, …). */
const OPERATION_IDS: Record<string, string> = {
  "GET /api/prospects": "listProspects",
  "POST /api/prospects": "createProspect",
  "GET /api/prospects/:id": "getProspect",
  "PUT /api/prospects/:id": "updateProspect",
  "PATCH /api/prospects/:id": "patchProspect",
  "DELETE /api/prospects/:id": "deleteProspect",
  "PATCH /api/prospects/:id/assign": "assignProspect",
  "PUT /api/prospects/restore/:id": "restoreProspect",
  "POST /api/prospects/:id/erase": "eraseProspect",
  "POST /api/prospects/import": "importProspects",
  "POST /api/prospects/batch": "createProspectBatch",
  "POST /api/prospects/bulk": "bulkChangeProspects",
  "GET /api/prospects/ids": "listProspectIds",
  "GET /api/prospects/today": "getTodayList",
  "GET /api/prospects/changes": "listProspectChanges",
  "GET /api/prospects/duplicates": "listDuplicateGroups",
  "POST /api/prospects/:id/merge": "mergeProspect",
  "GET /api/prospects/:id/history": "getProspectHistory",
  "GET /api/prospects/:id/notes": "listNotes",
  "POST /api/prospects/:id/notes": "createNote",
  "PUT /api/notes/:noteId": "updateNote",
  "DELETE /api/notes/:noteId": "deleteNote",
  "POST /api/admin/users/:id/api-tokens": "issueApiToken",
  "GET /api/admin/users/:id/api-tokens": "listApiTokens",
  "DELETE /api/admin/users/:id/api-tokens/:tokenId": "revokeApiToken",
  "GET /api/admin/users/:id/audit": "getUserAudit",
  "POST /api/admin/users/:id/verification-email": "sendVerificationEmail",
  "GET /api/admin/users/": "listUsers",
  "DELETE /api/admin/users/:id": "disableUser",
  "PUT /api/admin/users/restore/:id": "restoreUser",
  "POST /api/user": "registerUser",
  "GET /api/auth/me": "getMe",
  "POST /oauth/v2/token": "issueAccessToken",
};

const pascal = (s: string) =>
  s.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
const singular = (s: string) =>
  s.endsWith("ies")
    ? `${s.slice(0, -3)}y`
    : s.endsWith("s") && !s.endsWith("ss")
    ? s.slice(0, -1)
    : s;
const VERBS: Record<string, [list: string, one: string]> = {
  get: ["list", "get"],
  post: ["create", "create"],
  put: ["update", "update"],
  patch: ["patch", "patch"],
  delete: ["delete", "delete"],
};

/**
 * A camelCase verb-first id for each operation: OPERATION_IDS, else from the method and the path's
 * last words (GET /api/clubs → listClubs, GET /api/clubs/{id} → getClub), made longer with the
 * words before them where two operations would share one.
 */
function operationIds(routes: ApiRoute[]): Map<ApiRoute, string> {
  const out = new Map<ApiRoute, string>();
  const taken = new Set<string>(Object.values(OPERATION_IDS));
  for (const r of routes) {
    const named = OPERATION_IDS[`${r.method.toUpperCase()} ${r.path}`];
    if (named) {
      out.set(r, named);
      continue;
    }
    const parts = r.path.replace(/^\/(api|oauth)\//, "").split("/").filter(Boolean);
    const words = parts.filter((w) => !w.startsWith(":"));
    const item = parts.at(-1)?.startsWith(":") ?? false;
    const [list, one] = VERBS[r.method];
    const verb = r.method === "get" && !item ? list : one;
    let id = "";
    for (let n = 1; n <= words.length && (!id || taken.has(id)); n++) {
      const tail = words.slice(-n);
      const last = r.method === "get" && !item ? tail.at(-1)! : singular(tail.at(-1)!);
      id = verb + pascal([...tail.slice(0, -1), last].join(" "));
    }
    while (taken.has(id)) id += "Again";
    taken.add(id);
    out.set(r, id);
  }
  return out;
}

/** Whether an operation answers CSV too (its query takes format=csv). */
function answersCsv(route: ApiRoute): boolean {
  const format = (route.query as { shape?: Record<string, z.ZodType> } | undefined)?.shape?.format;
  return !!format && format.safeParse("csv").success;
}

const RATE_HEADERS: Json = {
  "X-RateLimit-Limit": {
    description: "requests that may come at once",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": { description: "requests left now", schema: { type: "integer" } },
  "X-RateLimit-Reset": {
    description: "seconds until the limit is whole again",
    schema: { type: "integer" },
  },
};

const ERROR_SCHEMA: Json = {
  type: "object",
  required: ["error", "message", "fields"],
  properties: {
    error: { type: "string", description: "Machine code, e.g. VALIDATION, NOT_FOUND, CONFLICT" },
    message: {
      type: "string",
      description: "Human message in the caller's language (Swedish by default)",
    },
    fields: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Per-field messages for validation errors",
    },
    fieldKeys: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Per-field i18n keys",
    },
    data: { description: "Extra data, e.g. {current} — the stored record on a 409 conflict" },
  },
};

const ERROR_STATUSES: Record<string, string> = {
  "400": "Validation failed",
  "401": "Not signed in",
  "403": "Not allowed",
  "404": "Not found",
  "409": "Conflict: stale version or duplicate",
  "413": "Body too large",
  "429": "Too many requests (the rate limit, or attempts of a kind): wait Retry-After seconds",
};

/** "/api/prospects/:id" → "/api/prospects/{id}" */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function parametersOf(route: ApiRoute): Json[] {
  const params: Json[] = [];
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const pathSchema = route.params ? schemaOf(route.params, "input") : null;
  for (const name of names) {
    const props = (pathSchema?.properties ?? {}) as Record<string, Json>;
    params.push({ name, in: "path", required: true, schema: props[name] ?? { type: "string" } });
  }
  if (route.query) {
    const qs = schemaOf(route.query, "input");
    const props = (qs.properties ?? {}) as Record<string, Json>;
    const required = new Set((qs.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(props)) {
      const { description, ...rest } = schema;
      params.push({
        name,
        in: "query",
        required: required.has(name),
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  }
  if (route.idempotent) {
    params.push({
      name: IDEMPOTENCY_HEADER,
      in: "header",
      required: false,
      schema: { type: "string", minLength: 1, maxLength: 255 },
      description: IDEMPOTENCY_DOC,
    });
  }
  return params;
}

export function buildOpenApi(router: ApiRouter, serverUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  const components = new Components();
  const ids = operationIds(router.routes.filter((r) => !r.undocumented));
  for (const route of router.routes) {
    if (route.undocumented) continue;
    const p = openApiPath(route.path);
    tags.add(route.tag);
    const status = String(route.status ?? 200);
    const successHeaders: Json = {
      ...(route.access === "public" ? {} : RATE_HEADERS),
      ...(route.totalHeader
        ? {
          "x-total-elements": {
            description: "Total number of matching records",
            schema: { type: "integer" },
          },
        }
        : {}),
      ...(status === "201"
        ? { Location: { description: "the created resource's path", schema: { type: "string" } } }
        : {}),
    };
    const content: Json = {
      "application/json": {
        schema: route.response ? components.schemaOf(route.response, "output") : {},
      },
    };
    if (answersCsv(route)) {
      content["text/csv"] = {
        schema: { type: "string", description: "with format=csv: the rows as CSV" },
      };
    }
    const responses: Record<string, Json> = {
      [status]: status === "204" ? { description: "No content", headers: successHeaders } : {
        description: "Success",
        ...(Object.keys(successHeaders).length ? { headers: successHeaders } : {}),
        content: route.streams ? { "text/event-stream": { schema: { type: "string" } } } : content,
      },
    };
    const errorSchema = route.errorSchema
      ? components.schemaOf(route.errorSchema, "output")
      : { $ref: "#/components/schemas/Error" };
    // An operation's own refusals (e.g. 406) answer the app's error shape too.
    for (const [code, description] of Object.entries(route.otherStatuses ?? {})) {
      responses[code] = Number(code) >= 400
        ? { description, content: { "application/json": { schema: errorSchema } } }
        : { description };
    }
    // Public operations answer 401 too (a failed sign-in step, a stale refresh) and every unsafe
    // one 403 on a cross-site request, so both stay documented.
    const relevant = Object.entries(ERROR_STATUSES).filter(([code]) =>
      code !== "400" || !!(route.body || route.query || route.params)
    );
    for (const [code, description] of relevant) {
      responses[code] = { description, content: { "application/json": { schema: errorSchema } } };
    }
    responses["429"] = {
      ...responses["429"],
      headers: {
        "Retry-After": { description: "seconds to wait", schema: { type: "integer" } },
      },
    };
    const op: Json = {
      operationId: ids.get(route),
      summary: route.summary,
      tags: [route.tag],
      parameters: parametersOf(route),
      responses,
      security: route.access === "public" ? [] : [{ bearerAuth: [] }, { cookieAuth: [] }],
      "x-access": route.access,
    };
    if (route.body) {
      const mediaType = route.bodyType === "form"
        ? "application/x-www-form-urlencoded"
        : route.bodyType === "csv"
        ? "text/csv"
        : "application/json";
      op.requestBody = {
        required: true,
        content: { [mediaType]: { schema: components.schemaOf(route.body, "input") } },
      };
    }
    (paths[p] ??= {})[route.method] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Klubbleads API",
      version: APP_VERSION,
      description:
        "The JSON API of Klubbleads. Authenticate with `Authorization: Bearer <token>` (from POST /oauth/v2/token or an admin-issued API token). Errors are `{error, message, fields}`. Lists page with `page` (1-based) and `size`; the total is in the `x-total-elements` header.",
    },
    servers: [{ url: serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "Access token or API token (klt_…)",
        },
        cookieAuth: { type: "apiKey", in: "cookie", name: "kl_at", description: "Browser session" },
      },
    },
  };
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Klubbleads API</title>
<link rel="stylesheet" href="/static/build/vendor/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/static/build/vendor/swagger-ui-bundle.js"></script>
<script src="/static/swagger-init.js"></script>
</body>
</html>`;

export function openApiRoutes(app: Hono<AppEnv>, router: ApiRouter) {
  let cached: Json | null = null;
  app.get("/api/openapi.json", (c) => {
    cached ??= buildOpenApi(router, c.get("deps").config.appUrl);
    return c.json(cached);
  });
  app.get("/api/docs", (c) => c.html(DOCS_HTML));
}
