/** Small rules of the identity screens, shared by islands and the server. */

/** Spec §9: an MFA code under 4 characters is refused without asking the server. */
export const MFA_MIN_CODE_LENGTH = 4;

/** The query of /email-redirect → where it forwards (both parameters kept), or null. */
export function emailRedirectTarget(mode: string | null, oobCode: string | null): string | null {
  if (!oobCode) return null;
  const qs = `mode=${encodeURIComponent(mode ?? "")}&oobCode=${encodeURIComponent(oobCode)}`;
  if (mode === "resetPassword") return `/reset-password?${qs}`;
  if (mode === "verifyEmail") return `/verify-email?${qs}`;
  return null;
}

const ORIGIN_PROBE = "http://same-origin.invalid";

/**
 * The target after sign-in: a same-origin path, or the fallback. Refuses absolute and
 * protocol-relative URLs, backslashes, whitespace and control characters anywhere (browsers
 * drop a tab or newline and follow `/\t/evil.example` off-site), and /login itself (a signed-in
 * user sent to /login?redirect=/login would bounce forever). Answers the path as a URL parser
 * normalises it.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/prospects"): string {
  if (!target || target.length > 2048 || !target.startsWith("/") || target.startsWith("//")) {
    return fallback;
  }
  if (/[\s\\\p{C}]/u.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN_PROBE);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN_PROBE) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (/^\/login(?:[/?#]|$)/i.test(path) || path.startsWith("//")) return fallback;
  return path;
}
