/**
 * Resolves the caller: a Bearer access JWT or API token, or the session cookies. Page requests
 * with an expired access cookie and a valid refresh cookie are refreshed transparently; API
 * requests answer 401 and the client refreshes (lib/client/api.ts).
 */
import type { MiddlewareHandler } from "hono";
import { resolveAccessSession, rotateRefreshToken } from "@/lib/auth/session.ts";
import { resolveApiToken } from "@/lib/auth/api_tokens.ts";
import { resolveFirebaseToken } from "@/lib/services/auth.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { type AppEnv, isApiPath } from "@/routes/env.ts";
import { clearSessionCookies, readSessionCookies, setSessionCookies } from "@/routes/cookies.ts";

/**
 * `prefetchKeys` names the keys the request's route reads first (define.ts, `prefetch`): they are
 * read with a session in the same KV call, and left in `prefetched` for the route.
 */
export function session(
  prefetchKeys: (method: string, path: string) => Deno.KvKey[] = () => [],
): MiddlewareHandler<AppEnv> {
  return async function session(c, next) {
    const { kv, config, now } = c.get("deps");
    c.set("user", null);
    c.set("authVia", null);
    c.set("tokenScope", null);
    // Read with the session in one KV call; the language middleware reads it when unset.
    c.set("userSettings", null);
    c.set("prefetched", null);
    const signIn = (
      r: Awaited<ReturnType<typeof resolveAccessSession>>,
      via: "bearer" | "cookie",
    ) => {
      if (!r) return;
      c.set("user", r.user);
      c.set("userSettings", r.settings);
      c.set("authVia", via);
      c.set("prefetched", r.prefetched);
    };
    const ahead = () => prefetchKeys(c.req.method, c.req.path);
    const auth = c.req.header("authorization");
    if (auth) {
      const m = /^Bearer\s+(\S+)$/i.exec(auth);
      if (m) {
        const apiToken = await resolveApiToken(kv, m[1], now());
        if (apiToken) {
          c.set("user", apiToken.user);
          c.set("authVia", "bearer");
          c.set("tokenScope", apiToken.scope);
        } else {
          signIn(await resolveAccessSession(kv, config.secretKey, m[1], now(), ahead()), "bearer");
        }
        if (!c.get("user") && config.firebase) {
          // A Firebase ID token (AUTH_PROVIDER=firebase): every claim checked by us.
          try {
            const user = await resolveFirebaseToken(kv, config.firebase, m[1], now());
            if (user) {
              c.set("user", user);
              c.set("authVia", "bearer");
            }
          } catch (e) {
            // Answered by the route (after the language is known) instead of a bare 401.
            if (e instanceof DomainError) c.set("authError", e);
            else throw e;
          }
        }
      }
      return await next();
    }
    const cookies = readSessionCookies(c, config);
    if (cookies.access) {
      signIn(
        await resolveAccessSession(kv, config.secretKey, cookies.access, now(), ahead()),
        "cookie",
      );
    }
    if (!c.get("user") && cookies.refresh && c.req.method === "GET" && !isApiPath(c.req.path)) {
      const out = await rotateRefreshToken(kv, config.secretKey, cookies.refresh, now());
      if (out.ok) {
        setSessionCookies(c, config, out.tokens);
        signIn(
          await resolveAccessSession(kv, config.secretKey, out.tokens.accessToken, now()),
          "cookie",
        );
      } else {
        clearSessionCookies(c, config);
      }
    }
    await next();
  };
}
