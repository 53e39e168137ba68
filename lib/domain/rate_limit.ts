/**
 * A token bucket per caller (pure, clock passed in): `burst` requests at once, refilled at `rate`
 * per second. Each request takes one token; with none left it is refused with the seconds until
 * one is back. The numbers are what the answer's X-RateLimit-* and Retry-After headers say.
 */
export interface RateLimit {
  /** Tokens refilled per second. */
  rate: number;
  /** The bucket's size: requests that may come at once. */
  burst: number;
}

export interface Bucket {
  tokens: number;
  at: number;
}

export interface Take {
  ok: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetS: number;
  /** Seconds until a token is back (refused requests). */
  retryAfterS: number;
}

/** Takes one token from `bucket` (refilled up to `nowMs` first); changes it in place. */
export function take(bucket: Bucket, limit: RateLimit, nowMs: number): Take {
  const elapsed = Math.max(0, nowMs - bucket.at) / 1000;
  bucket.tokens = Math.min(limit.burst, bucket.tokens + elapsed * limit.rate);
  bucket.at = nowMs;
  const ok = bucket.tokens >= 1;
  if (ok) bucket.tokens -= 1;
  return {
    ok,
    remaining: Math.floor(bucket.tokens),
    resetS: Math.ceil((limit.burst - bucket.tokens) / limit.rate),
    retryAfterS: ok ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / limit.rate)),
  };
}

/** "20/100" → 20 a second with bursts of 100; "off" → null (no limit). */
export function parseRateLimit(text: string): RateLimit | null {
  if (text === "off") return null;
  const m = /^(\d+(?:\.\d+)?)\/(\d+)$/.exec(text);
  if (!m || Number(m[1]) <= 0 || Number(m[2]) < 1) throw new Error(`not a rate limit: ${text}`);
  return { rate: Number(m[1]), burst: Number(m[2]) };
}
