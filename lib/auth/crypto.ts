/** Small crypto helpers: random tokens and their SHA-256 digests (tokens are stored hashed). */

export function randomToken(bytes = 32): string {
  const u8 = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...u8)).replace(/\+/g, "-").replace(/\//g, "_").replace(
    /=+$/,
    "",
  );
}

export async function sha256(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A numeric code of n digits (MFA). */
export function randomDigits(n: number): string {
  const u32 = crypto.getRandomValues(new Uint32Array(n));
  return Array.from(u32, (x) => String(x % 10)).join("");
}

export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let r = 0;
  for (let i = 0; i < a.length; i++) r |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return r === 0;
}

async function keyFrom(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`seal:${secret}`));
  return await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** Encrypts a short text so that only a holder of `secret` can read it (AES-GCM). */
export async function seal(text: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await keyFrom(secret),
    new TextEncoder().encode(text),
  );
  const all = new Uint8Array(12 + ct.byteLength);
  all.set(iv);
  all.set(new Uint8Array(ct), 12);
  return btoa(String.fromCharCode(...all));
}

/** The text `seal` encrypted, or null when the secret is not the one it was sealed with. */
export async function unseal(sealed: string, secret: string): Promise<string | null> {
  try {
    const all = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
    const pt = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: all.slice(0, 12) },
      await keyFrom(secret),
      all.slice(12),
    );
    return new TextDecoder().decode(pt);
  } catch {
    return null;
  }
}
