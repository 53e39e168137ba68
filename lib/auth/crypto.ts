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
