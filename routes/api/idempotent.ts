/**
 * The Idempotency-Key header for creating requests: a route wraps its work in `idempotent`, and a
 * retry of the same request by the same caller within 24 h answers the first answer again (status
 * and body, with `Idempotent-Replayed: true`) and changes nothing. Without the header the work
 * simply runs.
 */
import { badRequest } from "@/lib/domain/errors.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import { runIdempotent } from "@/lib/services/idempotency.ts";
import type { Ctx } from "@/routes/env.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** A key: 1–255 visible ASCII characters (a UUID is usual). */
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

/** The OpenAPI description of the header, for the routes that take it. */
export const IDEMPOTENCY_DOC =
  "Idempotency-Key header (optional, 1–255 visible ASCII characters): the same request again with the same key within 24 h answers the first answer (Idempotent-Replayed: true) and changes nothing; the key with another body answers 422 IDEMPOTENCY_KEY_REUSED, and while the first request runs 409 IDEMPOTENCY_KEY_IN_USE";

export async function idempotent(
  c: Ctx,
  user: SessionUser,
  body: unknown,
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const json = async () => {
    const out = await run();
    return { status: out.status, text: JSON.stringify(out.body) };
  };
  if (key === undefined) {
    const out = await json();
    return new Response(out.text, { status: out.status, headers: jsonHeaders() });
  }
  if (!KEY_RE.test(key)) throw badRequest({ idempotencyKey: "validation.invalidValue" });
  const { kv, now } = c.get("deps");
  const url = new URL(c.req.url);
  const out = await runIdempotent(kv, {
    userId: user.id,
    key,
    method: c.req.method,
    path: url.pathname + url.search,
    body,
    now: now(),
  }, json);
  const headers = jsonHeaders();
  if (out.replayed) headers.set("Idempotent-Replayed", "true");
  return new Response(out.text, { status: out.status, headers });
}

const jsonHeaders = () => new Headers({ "Content-Type": "application/json; charset=UTF-8" });
