/**
 * The text formats every form and schema checks (dates, phone numbers, e-mail addresses): one
 * place, no dependencies, so islands, zod schemas and pure rules share them.
 */

/** A local calendar date as the API and the date inputs write it: yyyy-MM-dd. */
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd that names a real day (no 2026-02-30). */
export function isValidDate(day: string): boolean {
  if (!DATE_RE.test(day)) return false;
  const [y, m, d] = day.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A phone number as typed: an optional +, digits, spaces and dashes. */
export const PHONE_RE = /^\+?[0-9][0-9 -]*$/;

/** The digits a phone number has at least (a Swedish number with its area code) and at most. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** A phone number staff and the web form accept: PHONE_RE, and 7 to 15 digits. */
export function isPhoneNumber(s: string): boolean {
  const t = s.trim();
  const digits = t.replace(/\D/g, "").length;
  return PHONE_RE.test(t) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** The e-mail pattern the forms check before calling the server (the server's zod check rules). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
