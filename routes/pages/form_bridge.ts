/**
 * Server actions for the password forms (setup, reset, lock, register, change password): a plain
 * `method="post"` form is read here and replayed as the JSON API call its island makes, through
 * the app itself, so validation, limits, permissions and messages stay in one place. The island
 * is then rendered again with the answer's field errors, or the browser is sent on (303).
 */
import type { Context, Hono } from "hono";
import type { AppEnv } from "@/routes/env.ts";

export type FormValues = Record<string, string>;

/** The string fields of a form body (files and repeated fields ignored); {} when unreadable. */
export async function readForm(c: Context<AppEnv>, maxLength = 2048): Promise<FormValues> {
  const raw = await c.req.parseBody().catch(() => ({}));
  const out: FormValues = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === "string") out[k] = v.slice(0, maxLength);
  }
  return out;
}

export interface ApiAnswer {
  status: number;
  json: Record<string, any> | null;
  /** Per-field messages of an error answer, with the message under `fallbackField` if none. */
  errors(fallbackField: string): Record<string, string>;
}

const FORWARDED = ["cookie", "origin", "sec-fetch-site", "accept-language", "x-ui-language"];

/** Calls an API route of the same app as the browser's request would (cookies, origin, language). */
export async function callApi(
  app: Hono<AppEnv>,
  c: Context<AppEnv>,
  method: string,
  path: string,
  body: unknown,
): Promise<ApiAnswer> {
  const headers = new Headers({ "content-type": "application/json" });
  for (const h of FORWARDED) {
    const v = c.req.header(h);
    if (v) headers.set(h, v);
  }
  const url = new URL(path, c.req.url);
  const res = await app.fetch(
    new Request(url, { method, headers, body: JSON.stringify(body) }),
    c.env,
  );
  for (const cookie of res.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
  const text = await res.text();
  let json: Record<string, any> | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch { /* not JSON */ }
  return {
    status: res.status,
    json,
    errors(fallbackField) {
      const fields = (json?.fields ?? {}) as Record<string, string>;
      if (Object.keys(fields).length) return fields;
      return { [fallbackField]: String(json?.message ?? "") };
    },
  };
}

/** The form's values to show again: never a password. */
export function withoutPasswords(values: FormValues): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(values)) if (!/password/i.test(k)) out[k] = v;
  return out;
}
