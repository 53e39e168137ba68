/**
 * Web-form leads: form keys per market project (admin), and the public
 * POST /api/intake/{key} a campaign page posts to — CORS only for the key's origins, exempt from
 * the same-origin CSRF check (it carries no session), rate limited, with a honeypot.
 */
import type { Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { webLeadSchema } from "@/lib/domain/prospect_schemas.ts";
import { formKeyCreateSchema } from "@/lib/domain/form_keys.ts";
import { HttpError } from "@/routes/errors.ts";
import { drainNotifications } from "@/lib/services/notification_delivery.ts";
import {
  createFormKey,
  type FormKey,
  formKeyFor,
  listFormKeys,
  receiveWebLead,
  revokeFormKey,
} from "@/lib/services/intake.ts";
import { clientAddress, servicesDeps } from "@/routes/api/auth.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { AppEnv } from "@/routes/env.ts";

export const INTAKE_PATH = "/api/intake/";

const formKeySchema = z.object({
  id: z.string(),
  key: z.string().describe("what the form posts to: POST /api/intake/{key}"),
  marketProjectId: z.number().int(),
  allowedOrigins: z.array(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  leads: z.number().int(),
  lastLeadAt: z.string().nullable(),
});
const projectParams = z.object({ id: z.string().min(1).max(64) });
const keyParams = z.object({ id: z.string().min(1).max(64), keyId: z.string().min(1).max(64) });
const leadParams = z.object({ key: z.string().min(1).max(100) });
const receivedSchema = z.object({ received: z.literal(true) });

/** An Origin the key allows (null when the request has none: a script or a server). */
function originAllowed(fk: FormKey, origin: string | undefined): boolean {
  return origin === undefined || fk.allowedOrigins.includes(origin);
}

/**
 * CORS for the intake path: a preflight is answered for the key's origins only; a post from a
 * browser on another origin is refused (403) before anything is read or written.
 */
export function intakeCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.path.slice(INTAKE_PATH.length);
    const origin = c.req.header("origin");
    let fk: FormKey | null = null;
    try {
      fk = await formKeyFor(c.get("deps").kv, key);
    } catch { /* unknown key: the route answers 404 */ }
    const allowed = fk !== null && origin !== undefined && originAllowed(fk, origin);
    if (c.req.method === "OPTIONS") {
      if (!allowed) return c.body(null, 403);
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": origin!,
        "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
        Vary: "Origin",
      });
    }
    if (fk && !originAllowed(fk, origin)) {
      throw new HttpError(403, "ORIGIN_NOT_ALLOWED", "errors.forbidden");
    }
    await next();
    if (allowed) {
      c.res.headers.set("Access-Control-Allow-Origin", origin!);
      c.res.headers.append("Vary", "Origin");
    }
  };
}

export function registerIntakeCors(app: Hono<AppEnv>) {
  app.use(`${INTAKE_PATH}*`, intakeCors());
}

export function intakeRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/marketprojects/:id/form-keys",
    access: "admin",
    tag: "intake",
    summary: "The web-form keys of a market project",
    params: projectParams,
    response: z.array(formKeySchema),
    handler: async (c, { params }) => await listFormKeys(c.get("deps").kv, params.id),
  });

  r.add({
    method: "post",
    path: "/api/marketprojects/:id/form-keys",
    idempotent: true,
    access: "admin",
    tag: "intake",
    summary:
      "Create a web-form key for a market project; allowedOrigins are the pages' origins a browser may post from",
    params: projectParams,
    body: formKeyCreateSchema,
    response: formKeySchema,
    status: 201,
    handler: async (c, { params, body, user }) => {
      const fk = await createFormKey(servicesDeps(c), user!, params.id, body.allowedOrigins);
      return c.json(fk, 201);
    },
  });

  r.add({
    method: "delete",
    path: "/api/marketprojects/:id/form-keys/:keyId",
    access: "admin",
    tag: "intake",
    summary: "Revoke a web-form key: its form is answered 404 from now on",
    params: keyParams,
    status: 204,
    handler: async (c, { params, user }) => {
      await revokeFormKey(servicesDeps(c), user!, params.id, params.keyId);
    },
  });

  r.add({
    method: "post",
    path: "/api/intake/:key",
    access: "public",
    tag: "intake",
    summary:
      "A lead from a campaign's web form (JSON or form-encoded): 201 `{received: true}` whether the person is new (a prospect is created) or already in the project (a note is added to them), so the answer tells nobody who is known; the club's subscribed staff are mailed at once either way. 404 for an unknown or revoked key, 429 past about 10 a minute per address or 600 an hour per key. A filled honeypot field `website` is answered 201 and ignored",
    params: leadParams,
    body: webLeadSchema,
    response: receivedSchema,
    status: 201,
    otherStatuses: {
      "303": "A plain form's thank-you page (`redirect`, on one of the key's origins)",
    },
    handler: async (c, { params, body }) => {
      const deps = servicesDeps(c);
      const fk = await formKeyFor(deps.kv, params.key);
      const outcome = await receiveWebLead(deps, fk, body, clientAddress(c));
      if (outcome !== "ignored") await drainNotifications(deps);
      const to = body.redirect && safeRedirect(fk, body.redirect);
      if (to) return c.redirect(to, 303);
      return c.json({ received: true }, 201);
    },
  });
}

/** A plain HTML form's thank-you page, only on one of the key's origins. */
function safeRedirect(fk: FormKey, url: string): string | null {
  try {
    const u = new URL(url);
    return fk.allowedOrigins.includes(u.origin) ? u.href : null;
  } catch {
    return null;
  }
}
