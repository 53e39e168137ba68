/**
 * Security headers: a strict CSP (no inline scripts), no framing, HSTS outside localhost, and
 * `Cache-Control: no-store` on every answer under /api.
 */
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

/**
 * The sign-in page with AUTH_PROVIDER=firebase talks to Firebase from the browser: its REST hosts
 * (or the emulator) and the invisible reCAPTCHA's script and frame. Only that page gets them.
 */
export function firebaseLoginCsp(emulatorHost?: string): string {
  const firebase = emulatorHost
    ? `http://${emulatorHost}`
    : "https://identitytoolkit.googleapis.com https://securetoken.googleapis.com";
  const recaptcha = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";
  return CSP
    .replace("script-src 'self'", `script-src 'self' ${recaptcha}`)
    .replace("connect-src 'self'", `connect-src 'self' ${firebase}`) +
    "; frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";
}

export function securityHeaders(
  options: { hsts: boolean; firebaseEmulatorHost?: string; firebase?: boolean },
): MiddlewareHandler<AppEnv> {
  const loginCsp = options.firebase ? firebaseLoginCsp(options.firebaseEmulatorHost) : CSP;
  return async function securityHeaders(c, next) {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", c.req.path === "/login" ? loginCsp : CSP);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "same-origin");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.hsts) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // API answers (errors included) hold personal data or secrets: never kept by any cache.
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) h.set("Cache-Control", "no-store");
  };
}
