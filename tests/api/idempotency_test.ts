/** The Idempotency-Key store (lib/db/idempotency.ts) against a real KV. */
import assert from "node:assert/strict";
import {
  claimIdempotencyKey,
  finishIdempotencyKey,
  IDEMPOTENCY_PENDING_MS,
  IDEMPOTENCY_TTL_MS,
  releaseIdempotencyKey,
} from "@/lib/db/idempotency.ts";

async function withKv(fn: (kv: Deno.Kv) => Promise<void>) {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

const T0 = Date.parse("2026-03-10T10:00:00Z");

Deno.test("idempotency: of 20 claims at once exactly one is claimed", () =>
  withKv(async (kv) => {
    const out = await Promise.all(
      Array.from({ length: 20 }, () => claimIdempotencyKey(kv, "u1", "k", "h", T0)),
    );
    assert.equal(out.filter((c) => c.kind === "claimed").length, 1);
    assert.equal(out.filter((c) => c.kind === "running").length, 19);
  }));

Deno.test("idempotency: a finished key replays its answer (long text too); another hash is told apart", () =>
  withKv(async (kv) => {
    const claim = await claimIdempotencyKey(kv, "u1", "k", "h", T0);
    assert.equal(claim.kind, "claimed");
    const text = JSON.stringify({ rows: "å".repeat(70_000) });
    const owner = claim.kind === "claimed" ? claim.owner : "";
    assert.ok(await finishIdempotencyKey(kv, "u1", "k", owner, { status: 201, text }));
    assert.deepEqual(await claimIdempotencyKey(kv, "u1", "k", "h", T0 + 1000), {
      kind: "replay",
      status: 201,
      text,
    });
    assert.deepEqual(await claimIdempotencyKey(kv, "u1", "k", "other", T0), { kind: "mismatch" });
    assert.equal((await claimIdempotencyKey(kv, "u2", "k", "other", T0)).kind, "claimed");
    // After the keeping time the key is free.
    const later = await claimIdempotencyKey(kv, "u1", "k", "other", T0 + IDEMPOTENCY_TTL_MS + 1);
    assert.equal(later.kind, "claimed");
  }));

Deno.test("idempotency: a released or abandoned claim may be taken again; only its owner finishes", () =>
  withKv(async (kv) => {
    const a = await claimIdempotencyKey(kv, "u1", "k", "h", T0);
    assert.equal(a.kind, "claimed");
    await releaseIdempotencyKey(kv, "u1", "k", a.kind === "claimed" ? a.owner : "");
    const b = await claimIdempotencyKey(kv, "u1", "k", "h", T0);
    assert.equal(b.kind, "claimed");
    // A crashed holder: after IDEMPOTENCY_PENDING_MS another request takes the key over.
    const c = await claimIdempotencyKey(kv, "u1", "k", "h", T0 + IDEMPOTENCY_PENDING_MS + 1);
    assert.equal(c.kind, "claimed");
    const late = b.kind === "claimed" ? b.owner : "";
    assert.equal(
      await finishIdempotencyKey(kv, "u1", "k", late, { status: 200, text: "{}" }),
      false,
    );
  }));
