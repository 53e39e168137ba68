/**
 * CSRF protection for cookie sessions: an unsafe method must come from our own origin
 * (Sec-Fetch-Site: same-origin, or a matching Origin). Bearer-token requests carry no ambient
 * credentials and pass; so do requests with no cookies and no browser headers (scripts, curl).
 */
import type { MiddlewareHandler } from "hono";
import { HttpError } from "@/routes/errors.ts";
import type { AppEnv } from "@/routes/env.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function csrf(
  options: {
    allowedOrigins: string[]; /** Paths other sites post to (no session there). */
    exempt?: string[];
  },
): MiddlewareHandler<AppEnv> {
  const allowed = new Set(options.allowedOrigins);
  const exempt = options.exempt ?? [];
  return async function csrf(c, next) {
    if (SAFE.has(c.req.method) || c.req.header("authorization")) return await next();
    if (exempt.some((p) => c.req.path.startsWith(p))) return await next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const selfOrigin = new URL(c.req.url).origin;
    const originOk = origin !== undefined && (origin === selfOrigin || allowed.has(origin));
    const siteOk = site === "same-origin" || site === "none";
    if (origin !== undefined || site !== undefined) {
      if ((origin !== undefined && !originOk) || (origin === undefined && !siteOk)) {
        throw new HttpError(403, "CSRF", "errors.csrf");
      }
    } else if (c.req.header("cookie")) {
      // A cookie-carrying request without Origin or Sec-Fetch-Site: refuse, a browser always sends one.
      throw new HttpError(403, "CSRF", "errors.csrf");
    }
    await next();
  };
}
