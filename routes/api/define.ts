/**
 * Declares an API route once: method, path, who may call it, the zod schemas that validate its
 * input, and the handler. The same declarations feed the permission-matrix test and the
 * OpenAPI document, so a route cannot exist without an access rule or a schema.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { HttpError, unauthorized } from "@/lib/domain/errors.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";

export type Access = "public" | "user" | "admin";
type Method = "get" | "post" | "put" | "patch" | "delete";

export interface ApiRoute<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Hono path, e.g. "/api/prospects/:id". */
  path: string;
  /** public: anyone; user: any signed-in user; admin: ROLE_ADMIN (finer rules: can() in the handler). */
  access: Access;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  params?: P;
  /** The JSON answered on success (documentation). */
  response?: z.ZodType;
  /** Success status (default 200). */
  status?: number;
  /** The answer carries x-total-elements. */
  totalHeader?: boolean;
  /** Content type of the body when not JSON (e.g. OAuth's form body). */
  bodyType?: "json" | "form";
  /** Only registered when the condition holds (e.g. the outbox outside production). */
  handler: (
    c: Ctx,
    input: {
      query: z.output<Q>;
      body: z.output<B>;
      params: z.output<P>;
      user: SessionUser | null;
    },
  ) => Promise<Response | unknown> | Response | unknown;
}

/** Registers routes on a Hono app and keeps their declarations for tests and OpenAPI. */
export class ApiRouter {
  readonly routes: ApiRoute<any, any, any>[] = [];
  constructor(private readonly app: Hono<AppEnv>) {}

  add<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType>(def: ApiRoute<Q, B, P>): void {
    this.routes.push(def as ApiRoute<any, any, any>);
    this.app.on(def.method.toUpperCase(), def.path, async (c) => {
      const user = c.get("user");
      if (def.access !== "public" && !user) throw unauthorized();
      if (def.access === "admin" && !isAdmin(user)) {
        throw new HttpError(403, "FORBIDDEN", "errors.forbidden");
      }
      const params = def.params ? parseOrThrow(def.params, c.req.param()) : c.req.param();
      const query = def.query ? parseOrThrow(def.query, queryObject(c.req.url)) : {};
      let body: unknown = undefined;
      if (def.body) {
        body = parseOrThrow(def.body, await readBody(c, def.bodyType ?? "json"));
      }
      const out = await def.handler(c, { query, body, params, user } as any);
      if (out instanceof Response) return out;
      if (out === undefined) return c.body(null, 204);
      return c.json(out, (def.status ?? 200) as 200);
    });
  }
}

/** Query string → object; empty values are dropped (spec §7), repeated keys become arrays. */
export function queryObject(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URL(url).searchParams) {
    if (v === "") continue;
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

async function readBody(c: Ctx, type: "json" | "form"): Promise<unknown> {
  const ct = c.req.header("content-type") ?? "";
  if (
    type === "form" || ct.includes("application/x-www-form-urlencoded") ||
    ct.includes("multipart/form-data")
  ) {
    const form = await c.req.parseBody();
    return Object.fromEntries(
      Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v : ""]),
    );
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "BAD_JSON", "errors.badRequest");
  }
}

/** Parses with a zod schema; failures become 400 with {field: i18nKey}. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields = zodFields(r.error);
  const vars = zodFieldVars(r.error, fields);
  throw new HttpError(400, "VALIDATION", "errors.validation", fields, undefined, undefined, vars);
}

/** The limit a length message names ({{n}}), per field whose message is a min/max length. */
export function zodFieldVars(
  error: z.ZodError,
  fields: Record<string, string>,
): Record<string, Record<string, unknown>> | undefined {
  const out: Record<string, Record<string, unknown>> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    if (out[path] || fields[path] !== issue.message) continue;
    const limit = issue.code === "too_big"
      ? issue.maximum
      : issue.code === "too_small"
      ? issue.minimum
      : undefined;
    if (limit !== undefined) out[path] = { n: Number(limit) };
  }
  return Object.keys(out).length ? out : undefined;
}

const I18N_KEY = /^[a-zA-Z]+\.[\w.]+$/;

/** Maps zod issues to {path: i18n key}; our schemas use i18n keys as messages. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    if (fields[path]) continue;
    if (I18N_KEY.test(issue.message)) fields[path] = issue.message;
    else if (issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined) {
      fields[path] = "validation.required";
    } else if (issue.code === "invalid_type" && issue.expected === "number") {
      fields[path] = "validation.notANumber";
    } else fields[path] = "validation.generic";
  }
  return fields;
}
