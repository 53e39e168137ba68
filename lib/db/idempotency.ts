/**
 * The Idempotency-Key store: a caller's key is claimed in one checked atomic before the request
 * runs, and the answer it gave (status and JSON text) is kept with it for IDEMPOTENCY_TTL_MS, so a
 * retry with the same key replays that answer instead of running again. The claim holds a hash of
 * the request (method, path, body); the same key with another request is told apart by it.
 */
import { idempotencyBodyKey, idempotencyKey } from "@/lib/db/keys.ts";

/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim whose request has not answered after this long (a crashed instance) may be taken over. */
export const IDEMPOTENCY_PENDING_MS = 5 * 60 * 1000;
/** Characters of answer text per stored part (a KV value holds at most 64 KiB). */
const PART_CHARS = 16_000;

interface Claim {
  hash: string;
  /** When the key was claimed (ms since the epoch). */
  at: number;
  /** The claim's holder, so only it may finish or release it. */
  owner: string;
  /** Set once the request answered: its status and how many parts its text has. */
  status?: number;
  parts?: number;
}

export type ClaimResult =
  | { kind: "claimed"; owner: string }
  | { kind: "replay"; status: number; text: string }
  | { kind: "running" }
  | { kind: "mismatch" };

/**
 * Claims `key` for the caller's request with `hash`: "claimed" when this request is the first (or
 * the earlier claim lapsed), "replay" with the first answer when that request finished with the
 * same hash, "running" while it is still running, "mismatch" when the key was used for another
 * request. Two claims at once: exactly one is "claimed".
 */
export async function claimIdempotencyKey(
  kv: Deno.Kv,
  userId: string,
  key: string,
  hash: string,
  now: number,
): Promise<ClaimResult> {
  const k = idempotencyKey(userId, key);
  for (;;) {
    const current = await kv.get<Claim>(k);
    const claim = current.value && now - current.value.at < IDEMPOTENCY_TTL_MS
      ? current.value
      : null;
    if (claim && claim.hash !== hash) return { kind: "mismatch" };
    if (claim && claim.status !== undefined) {
      return {
        kind: "replay",
        status: claim.status,
        text: await readParts(kv, userId, key, claim),
      };
    }
    if (claim && now - claim.at < IDEMPOTENCY_PENDING_MS) return { kind: "running" };
    const owner = crypto.randomUUID();
    const ok = await kv.atomic().check(current)
      .set(k, { hash, at: now, owner } satisfies Claim, { expireIn: IDEMPOTENCY_TTL_MS })
      .commit();
    if (ok.ok) return { kind: "claimed", owner };
  }
}

async function readParts(kv: Deno.Kv, userId: string, key: string, claim: Claim): Promise<string> {
  const keys = Array.from(
    { length: claim.parts ?? 0 },
    (_, i) => idempotencyBodyKey(userId, key, i),
  );
  let text = "";
  for (let i = 0; i < keys.length; i += 10) {
    for (const e of await kv.getMany<string[]>(keys.slice(i, i + 10))) text += e.value ?? "";
  }
  return text;
}

/** Keeps the answer of the claimed request; false when the claim is no longer this owner's. */
export async function finishIdempotencyKey(
  kv: Deno.Kv,
  userId: string,
  key: string,
  owner: string,
  answer: { status: number; text: string },
): Promise<boolean> {
  const k = idempotencyKey(userId, key);
  const current = await kv.get<Claim>(k);
  if (current.value?.owner !== owner) return false;
  const parts: string[] = [];
  for (let i = 0; i < answer.text.length; i += PART_CHARS) {
    parts.push(answer.text.slice(i, i + PART_CHARS));
  }
  const expireIn = IDEMPOTENCY_TTL_MS;
  const op = kv.atomic().check(current)
    .set(k, { ...current.value, status: answer.status, parts: parts.length } satisfies Claim, {
      expireIn,
    });
  parts.forEach((p, i) => op.set(idempotencyBodyKey(userId, key, i), p, { expireIn }));
  return (await op.commit()).ok;
}

/** Gives the key up (the request failed without an answer to keep): a retry runs it again. */
export async function releaseIdempotencyKey(
  kv: Deno.Kv,
  userId: string,
  key: string,
  owner: string,
): Promise<void> {
  const k = idempotencyKey(userId, key);
  const current = await kv.get<Claim>(k);
  if (current.value?.owner !== owner) return;
  await kv.atomic().check(current).delete(k).commit();
}
