/**
 * Declares an API route once: method, path, who may call it, the zod schemas that validate its
 * input, and the handler. The same declarations feed the permission-matrix test and the
 * OpenAPI document, so a route cannot exist without an access rule or a schema.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { unauthorized } from "@/lib/domain/errors.ts";
import { HttpError } from "@/routes/errors.ts";
import { withoutBidiControls } from "@/lib/domain/formats.ts";
import { parseOrThrow } from "@/lib/domain/validation.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";
import type { ApiTokenScope } from "@/lib/auth/api_tokens.ts";
import { IDEMPOTENCY_HEADER, idempotent } from "@/routes/api/idempotent.ts";

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
  /** Success status (default 200; 204 when the handler answers nothing). */
  status?: number;
  /** Other answers the operation gives besides its success and the app's errors (e.g. a 303). */
  otherStatuses?: Record<string, string>;
  /** The answer carries x-total-elements. */
  totalHeader?: boolean;
  /** An alias of a documented path (left out of the OpenAPI document). */
  undocumented?: boolean;
  /** The shape of this operation's error answers when not the app's Error (e.g. OAuth's). */
  errorSchema?: z.ZodType;
  /**
   * A creating POST: an Idempotency-Key header makes a retry within 24 h answer the first answer
   * and create nothing (routes/api/idempotent.ts).
   */
  idempotent?: boolean;
  /** The success answer is a stream of Server-Sent Events (text/event-stream), not JSON. */
  streams?: boolean;
  /** Content type of the body when not JSON (OAuth's form body, the import's CSV text). */
  bodyType?: "json" | "form" | "csv";
  /**
   * Keys the handler reads first, from the path's parameters (validated by `params`): read with
   * the caller's session in one KV call and left in `c.get("prefetched")` (at most PREFETCH_MAX of
   * lib/auth/session.ts; more are not read ahead).
   */
  prefetch?: (params: z.output<P>) => Deno.KvKey[];
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

/** A route's path as a pattern of its parameters ("/api/prospects/:id" → [^/]+ for id). */
function pathPattern(path: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.split("/").map((seg) => {
    if (!seg.startsWith(":")) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    names.push(seg.slice(1));
    return "([^/]+)";
  }).join("/");
  return { re: new RegExp(`^${source}$`), names };
}

/** Registers routes on a Hono app and keeps their declarations for tests and OpenAPI. */
export class ApiRouter {
  readonly routes: ApiRoute<any, any, any>[] = [];
  readonly #prefetching: { method: string; re: RegExp; names: string[]; def: ApiRoute }[] = [];
  constructor(private readonly app: Hono<AppEnv>) {}

  /**
   * The keys the route of a request reads first (its `prefetch`), for the session middleware;
   * none when no such route matches or its parameters are not valid.
   */
  prefetchKeys(method: string, path: string): Deno.KvKey[] {
    for (const r of this.#prefetching) {
      if (r.method !== method) continue;
      const m = r.re.exec(path);
      if (!m) continue;
      try {
        const raw = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
        const params = r.def.params ? r.def.params.safeParse(raw) : { success: true, data: raw };
        if (!params.success) return [];
        return r.def.prefetch!(params.data);
      } catch {
        return []; // a malformed escape: the route answers it
      }
    }
    return [];
  }

  /** Each declared path with the methods it takes, as an `Allow` header lists them. */
  allowedMethods(): Map<string, string[]> {
    const out = new Map<string, Set<string>>();
    for (const r of this.routes) {
      const set = out.get(r.path) ?? new Set<string>();
      set.add(r.method.toUpperCase());
      if (r.method === "get") set.add("HEAD");
      out.set(r.path, set);
    }
    return new Map([...out].map(([path, set]) => [path, [...set].sort()]));
  }

  add<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType>(def: ApiRoute<Q, B, P>): void {
    this.routes.push(def as ApiRoute<any, any, any>);
    if (def.prefetch) {
      const method = def.method.toUpperCase();
      this.#prefetching.push({ method, ...pathPattern(def.path), def: def as ApiRoute });
    }
    this.app.on(def.method.toUpperCase(), def.path, async (c) => {
      const user = c.get("user");
      if (def.access !== "public" && !user) throw c.get("authError") ?? unauthorized();
      if (def.access === "admin" && !isAdmin(user)) {
        throw new HttpError(403, "FORBIDDEN", "errors.forbidden");
      }
      checkTokenScope(c.get("tokenScope"), def);
      const rawParams = c.req.param();
      const rawQuery = queryObject(c.req.url);
      const rawBody = def.body
        ? withoutBidiControls(await readBody(c, def.bodyType ?? "json"))
        : undefined;
      rejectBadText(rawParams, def.query ? rawQuery : undefined, rawBody);
      const params = def.params ? parseOrThrow(def.params, rawParams) : rawParams;
      const query = def.query ? parseOrThrow(def.query, rawQuery) : {};
      if (def.body && (def.bodyType ?? "json") === "json") rejectUnknownFields(def, rawBody);
      const body = def.body ? parseOrThrow(def.body, withIfMatch(c, def, rawBody)) : undefined;
      const run = () => def.handler(c, { query, body, params, user } as any);
      const keyed = def.idempotent && user && c.req.header(IDEMPOTENCY_HEADER) !== undefined;
      const out = keyed
        ? await idempotent(c, user!, body, async () => answerOf(await run(), def.status ?? 200))
        : await run();
      if (out instanceof Response) return out;
      if (out === undefined) return c.body(null, 204);
      const version = (out as { version?: unknown }).version;
      if (def.method === "get" && typeof version === "string") c.header("ETag", `"${version}"`);
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

const badBody = () => new HttpError(400, "BAD_REQUEST_BODY", "errors.badRequest");

/** The body as UTF-8 text; other bytes answer 400 BAD_ENCODING. */
async function utf8Text(c: Ctx): Promise<string> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer());
  } catch {
    throw new HttpError(400, "BAD_ENCODING", "errors.badEncoding");
  }
}

/** JSON deeper than this is refused before parsing (no request may exhaust the stack). */
export const MAX_JSON_DEPTH = 64;

/** The nesting depth of a JSON text, counted outside strings (cheap, no recursion). */
export function jsonDepth(text: string): number {
  let depth = 0, max = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) max = Math.max(max, ++depth);
    else if (ch === 125 || ch === 93) depth--;
  }
  return max;
}

async function readBody(c: Ctx, type: "json" | "form" | "csv"): Promise<unknown> {
  const ct = c.req.header("content-type") ?? "";
  if (type === "csv") return await utf8Text(c);
  if (
    type === "form" || ct.includes("application/x-www-form-urlencoded") ||
    ct.includes("multipart/form-data")
  ) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw badBody(); // malformed multipart or form body
    }
    return Object.fromEntries(
      Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v : ""]),
    );
  }
  const text = await utf8Text(c);
  if (!text.trim()) return {};
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, "BAD_JSON", "errors.badRequest");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "BAD_JSON", "errors.badRequest");
  }
}

/**
 * The first string in a parsed input (any depth) that holds a lone UTF-16 surrogate or a NUL, as
 * its field path; null when all are clean. Such text cannot be stored faithfully or shown.
 */
export function badTextField(value: unknown, path = ""): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, p] = stack.pop()!;
    if (typeof v === "string") {
      if (!v.isWellFormed() || v.includes("\u0000")) return p || "_";
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, p ? `${p}.${i}` : String(i)]));
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (!k.isWellFormed() || k.includes("\u0000")) return p || "_";
        stack.push([x, p ? `${p}.${k}` : k]);
      }
    }
  }
  return null;
}

function rejectBadText(...inputs: unknown[]) {
  for (const input of inputs) {
    const field = badTextField(input);
    if (field) {
      throw new HttpError(400, "VALIDATION", "errors.validation", {
        [field]: "validation.invalidCharacters",
      });
    }
  }
}

/** A schema's top-level property names as a JSON body may send them; null when it names none. */
function propertyNames(schema: z.ZodType | undefined, io: "input" | "output"): string[] | null {
  if (!schema) return null;
  try {
    type Obj = {
      properties?: Record<string, unknown>;
      additionalProperties?: unknown;
      $ref?: string;
      $defs?: Record<string, Obj>;
      allOf?: Obj[];
    };
    const root = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Obj;
    // A named schema is a reference to its definition; an intersection, the parts' fields.
    const resolve = (o: Obj): Obj =>
      o.$ref?.startsWith("#/$defs/") ? resolve(root.$defs?.[o.$ref.slice(8)] ?? {}) : o;
    const parts = (o: Obj): Obj[] => (o.allOf ? o.allOf.flatMap((x) => parts(resolve(x))) : [o]);
    const objects = parts(resolve(root));
    // A body that takes any further field (a loose object) has no unknown ones.
    if (objects.some((o) => !o.properties || (o.additionalProperties ?? false) !== false)) {
      return null;
    }
    return objects.flatMap((o) => Object.keys(o.properties!));
  } catch {
    return null;
  }
}

const knownFields = new WeakMap<ApiRoute<any, any, any>, Set<string> | null>();

/**
 * The body fields a route takes: its body schema's, and for a PUT or PATCH also those of its own
 * answer (a client may send back the object it read, read-only fields unchanged).
 */
function fieldsOf(def: ApiRoute<any, any, any>): Set<string> | null {
  if (knownFields.has(def)) return knownFields.get(def)!;
  const body = propertyNames(def.body, "input");
  const echo = def.method === "put" || def.method === "patch"
    ? propertyNames(def.response, "output") ?? []
    : [];
  const out = body ? new Set([...body, ...echo]) : null;
  knownFields.set(def, out);
  return out;
}

/** A field the route does not take answers 400 naming it, instead of being dropped unseen. */
function rejectUnknownFields(def: ApiRoute<any, any, any>, raw: unknown) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return;
  const known = fieldsOf(def);
  if (!known) return;
  const unknown = Object.keys(raw).filter((k) => !known.has(k));
  if (unknown.length) {
    throw new HttpError(
      400,
      "UNKNOWN_FIELD",
      "errors.validation",
      Object.fromEntries(unknown.slice(0, 20).map((k) => [k, "validation.unknownField"])),
    );
  }
}

/**
 * `If-Match: "<version>"` stands for a body `version` where the route takes one (the body's own
 * wins): a script may send the ETag of its GET back as HTTP means it.
 */
function withIfMatch(c: Ctx, def: ApiRoute<any, any, any>, raw: unknown): unknown {
  const tag = c.req.header("if-match")?.trim();
  if (!tag || tag === "*" || !fieldsOf(def)?.has("version")) return raw;
  if (raw !== undefined && (raw === null || typeof raw !== "object" || Array.isArray(raw))) {
    return raw;
  }
  const body = (raw ?? {}) as Record<string, unknown>;
  if (body.version !== undefined) return raw;
  return { ...body, version: tag.replace(/^W\//, "").replace(/^"(.*)"$/, "$1") };
}

/** An API token acts within its scope: read → GET only; write → no admin operation. */
function checkTokenScope(scope: ApiTokenScope | null | undefined, def: ApiRoute<any, any, any>) {
  if (!scope || scope === "admin") return;
  if ((scope === "read" && def.method !== "get") || def.access === "admin") {
    throw new HttpError(403, "TOKEN_SCOPE", "errors.tokenScope", undefined, { scope });
  }
}

/** A handler's answer as status and JSON body (what an idempotent request keeps and replays). */
async function answerOf(out: unknown, status: number): Promise<{ status: number; body: unknown }> {
  if (!(out instanceof Response)) return { status: out === undefined ? 204 : status, body: out };
  const text = await out.text();
  return { status: out.status, body: text ? JSON.parse(text) : undefined };
}
