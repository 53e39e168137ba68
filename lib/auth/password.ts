/** argon2id password hashing: @node-rs/argon2 (native, needs --allow-ffi) with hash-wasm as fallback. */
import { argon2id, argon2Verify } from "hash-wasm";

type Native = {
  hash(p: string, o?: Record<string, unknown>): Promise<string>;
  verify(h: string, p: string): Promise<boolean>;
};
let native: Native | null | undefined;

async function loadNative(): Promise<Native | null> {
  if (native !== undefined) return native;
  try {
    const mod = await import("@node-rs/argon2");
    await mod.hash("probe", { memoryCost: 1024, timeCost: 1 });
    native = { hash: mod.hash, verify: mod.verify };
  } catch {
    native = null;
  }
  return native;
}

// OWASP: argon2id, m=19 MiB, t=2, p=1.
const MEMORY_KIB = 19456;
const ITERATIONS = 2;

export async function hashPassword(password: string): Promise<string> {
  const n = await loadNative();
  if (n) {
    return await n.hash(password, {
      memoryCost: MEMORY_KIB,
      timeCost: ITERATIONS,
      parallelism: 1,
      algorithm: 2,
    });
  }
  return await argon2id({
    password,
    salt: crypto.getRandomValues(new Uint8Array(16)),
    parallelism: 1,
    iterations: ITERATIONS,
    memorySize: MEMORY_KIB,
    hashLength: 32,
    outputType: "encoded",
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    const n = await loadNative();
    if (n) return await n.verify(hash, password);
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
