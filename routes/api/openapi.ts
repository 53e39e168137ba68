/**
 * The OpenAPI 3.1 document, generated from the same route declarations (and zod schemas) that
 * validate requests, and the offline docs page at /api/docs (Swagger UI vendored from npm).
 */
import type { Hono } from "hono";
import { z } from "zod";
import { APP_VERSION } from "@/lib/domain/statuses.ts";
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
  "429": "Too many attempts",
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
  return params;
}

export function buildOpenApi(router: ApiRouter, serverUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const route of router.routes) {
    if (route.undocumented) continue;
    const p = openApiPath(route.path);
    tags.add(route.tag);
    const status = String(route.status ?? 200);
    const successHeaders = route.totalHeader
      ? {
        "x-total-elements": {
          description: "Total number of matching records",
          schema: { type: "integer" },
        },
      }
      : undefined;
    const responses: Record<string, Json> = {
      [status]: status === "204" ? { description: "No content" } : {
        description: "Success",
        ...(successHeaders ? { headers: successHeaders } : {}),
        content: route.streams ? { "text/event-stream": { schema: { type: "string" } } } : {
          "application/json": {
            schema: route.response ? schemaOf(route.response, "output") : {},
          },
        },
      },
    };
    const errorSchema = route.errorSchema
      ? schemaOf(route.errorSchema, "output")
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
    const op: Json = {
      operationId: `${route.method}_${p.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}`,
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
        content: { [mediaType]: { schema: schemaOf(route.body, "input") } },
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
      schemas: { Error: ERROR_SCHEMA },
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
