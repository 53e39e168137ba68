/**
 * The data API's rate limit: a token bucket per API token, bearer token or signed-in user
 * (lib/domain/rate_limit.ts), kept per server instance. Every answer to a signed-in API call says
 * where the caller stands (X-RateLimit-Limit, -Remaining, -Reset in seconds); past it the answer is
 * 429 RATE_LIMITED with Retry-After. Anonymous routes have limits of their own (sign-in, web form).
 */
import type { MiddlewareHandler } from "hono";
import { type Bucket, type RateLimit, take } from "@/lib/domain/rate_limit.ts";
import { tooMany } from "@/lib/domain/errors.ts";
import { type AppEnv, isApiPath } from "@/routes/env.ts";

/** Buckets kept at most; past it the map starts afresh (a full bucket is the same as none). */
const MAX_BUCKETS = 50_000;

export function rateLimit(limit: RateLimit | null): MiddlewareHandler<AppEnv> {
  const buckets = new Map<string, Bucket>();
  return async function rateLimit(c, next) {
    const user = c.get("user");
    if (!limit || !user || !isApiPath(c.req.path)) return await next();
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const key = bearer ? `t:${bearer}` : `u:${user.id}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      if (buckets.size >= MAX_BUCKETS) buckets.clear();
      bucket = { tokens: limit.burst, at: performance.now() };
      buckets.set(key, bucket);
    }
    const r = take(bucket, limit, performance.now());
    c.header("X-RateLimit-Limit", String(limit.burst));
    c.header("X-RateLimit-Remaining", String(r.remaining));
    c.header("X-RateLimit-Reset", String(r.resetS));
    if (!r.ok) throw tooMany("RATE_LIMITED", "errors.rateLimited", r.retryAfterS);
    await next();
  };
}
