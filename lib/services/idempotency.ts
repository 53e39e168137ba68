/**
 * Idempotent requests: a creating request sent with an Idempotency-Key runs once per caller and
 * key; a retry of the same request within 24 h gets the first answer again and changes nothing.
 */
import {
  claimIdempotencyKey,
  finishIdempotencyKey,
  releaseIdempotencyKey,
} from "@/lib/db/idempotency.ts";
import { DomainError } from "@/lib/domain/errors.ts";

export interface IdempotentAnswer {
  status: number;
  /** The answer's JSON text. */
  text: string;
}

/** JSON text with object keys sorted, so the same request hashes the same however it was sent. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0
    );
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(",")}}`;
  }
  return JSON.stringify(v ?? null);
}

async function requestHash(request: { method: string; path: string; body: unknown }) {
  const text = canonical([request.method.toUpperCase(), request.path, request.body]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Runs `run` once for the caller's key: the first request claims the key atomically, runs and
 * keeps its answer; the same request again answers that answer (`replayed`); the key with another
 * request answers 422 IDEMPOTENCY_KEY_REUSED, and while the first still runs 409
 * IDEMPOTENCY_KEY_IN_USE. A request that fails with an error keeps nothing: a retry runs it.
 */
export async function runIdempotent(
  kv: Deno.Kv,
  o: { userId: string; key: string; method: string; path: string; body: unknown; now: Date },
  run: () => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer & { replayed: boolean }> {
  const hash = await requestHash(o);
  const claim = await claimIdempotencyKey(kv, o.userId, o.key, hash, o.now.getTime());
  if (claim.kind === "mismatch") {
    throw new DomainError("unprocessable", "IDEMPOTENCY_KEY_REUSED", "errors.idempotencyKeyReused");
  }
  if (claim.kind === "running") {
    throw new DomainError("conflict", "IDEMPOTENCY_KEY_IN_USE", "errors.idempotencyKeyInUse");
  }
  if (claim.kind === "replay") return { status: claim.status, text: claim.text, replayed: true };
  let answer: IdempotentAnswer;
  try {
    answer = await run();
  } catch (e) {
    await releaseIdempotencyKey(kv, o.userId, o.key, claim.owner);
    throw e;
  }
  await finishIdempotencyKey(kv, o.userId, o.key, claim.owner, answer);
  return { ...answer, replayed: false };
}
