/** Security headers: a strict CSP (no inline scripts), no framing, HSTS outside localhost. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "@/routes/env.ts";

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  return async function securityHeaders(c, next) {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", CSP);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "same-origin");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.hsts) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
