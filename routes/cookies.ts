/** The session cookies: HttpOnly, SameSite=Lax, Secure and __Host- prefixed outside localhost. */
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import { ACCESS_TTL_S, type IssuedTokens, REFRESH_TTL_S } from "@/lib/auth/session.ts";
import type { Config } from "@/lib/config.ts";

export function cookieNames(config: Config) {
  const secure = !config.isLocalhost;
  const p = secure ? "__Host-" : "";
  return { access: `${p}kl_at`, refresh: `${p}kl_rt`, secure };
}

export function setSessionCookies(c: Context, config: Config, tokens: IssuedTokens) {
  const n = cookieNames(config);
  const base = { httpOnly: true, secure: n.secure, sameSite: "Lax" as const, path: "/" };
  // The access cookie outlives its JWT a little so an expired token reaches the server (→ refresh).
  setCookie(c, n.access, tokens.accessToken, { ...base, maxAge: ACCESS_TTL_S * 4 });
  setCookie(c, n.refresh, tokens.refreshToken, { ...base, maxAge: REFRESH_TTL_S });
}

export function clearSessionCookies(c: Context, config: Config) {
  const n = cookieNames(config);
  deleteCookie(c, n.access, { path: "/", secure: n.secure });
  deleteCookie(c, n.refresh, { path: "/", secure: n.secure });
}

export function readSessionCookies(c: Context, config: Config) {
  const n = cookieNames(config);
  return { access: getCookie(c, n.access), refresh: getCookie(c, n.refresh) };
}
