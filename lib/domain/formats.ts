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

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they
 * reorder how the text around them is shown, so a stored name could display as something else.
 * Every input loses them before it is checked or stored.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The value with every string in it (any depth, keys included) stripped of bidi controls. */
export function withoutBidiControls<T>(value: T): T {
  if (typeof value === "string") return value.replace(BIDI_CONTROLS, "") as T;
  if (Array.isArray(value)) return value.map(withoutBidiControls) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [withoutBidiControls(k), withoutBidiControls(v)]),
    ) as T;
  }
  return value;
}

/**
 * Characters that show nothing: spaces and separators, control and format characters (zero-width
 * space and joiners, the byte-order mark, soft hyphen) and the letters fonts draw blank (Hangul
 * fillers, the braille blank, the Mongolian vowel separator).
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Zs}\u115F\u1160\u3164\uFFA0\u2800\u180E]/gu;

/** Whether a person would see anything of the text (a name of only zero-width spaces: no). */
export const hasVisibleCharacter = (s: string): boolean => s.replace(INVISIBLE, "").length > 0;
