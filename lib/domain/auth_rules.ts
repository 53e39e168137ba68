/** Small rules of the identity screens, shared by islands and the server. */

/** The e-mail pattern the forms check before calling the server (the server's zod check rules). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
