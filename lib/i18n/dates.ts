/**
 * One date format per language for display and input, decided by the page's language
 * whatever the browser's: Swedish yyyy-MM-dd (as the spec's reports), English dd/MM/yyyy. Dates
 * travel as "yyyy-MM-dd" everywhere else (API, KV); these convert at the edge. Pure (no clock).
 * Two fixed patterns need no date library: date-fns' parse and format cost the prospects page ~12 KB
 * gzip; tests/unit/dates_test.ts checks these against date-fns over generated dates.
 */
import type { Lang } from "@/lib/i18n/core.ts";
import { DATE_RE, isValidDate } from "@/lib/domain/formats.ts";

export const DATE_FORMAT: Record<Lang, string> = { sv: "yyyy-MM-dd", en: "dd/MM/yyyy" };
/** What a user may type (one- or two-digit day and month in English). */
const INPUT_RE: Record<Lang, RegExp> = {
  sv: /^\d{4}-\d{1,2}-\d{1,2}$/,
  en: /^\d{1,2}\/\d{1,2}\/\d{4}$/,
};

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-10" → "2026-03-10" (sv) / "10/03/2026" (en); other input is returned unchanged. */
export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "";
  if (!isValidDate(iso)) return iso;
  const [y, m, d] = iso.split("-");
  return lang === "en" ? `${d}/${m}/${y}` : iso;
}

/**
 * A typed date in the page's format → "yyyy-MM-dd", or null when it is not a real date. An ISO
 * date is accepted in every language (it cannot be misread).
 */
export function parseDay(text: string, lang: Lang): string | null {
  const s = text.trim();
  let parts: number[] | null = null;
  if (INPUT_RE[lang].test(s)) {
    const n = s.split(/[-/]/).map(Number);
    parts = lang === "en" ? [n[2], n[1], n[0]] : n;
  } else if (DATE_RE.test(s)) parts = s.split("-").map(Number);
  if (!parts) return null;
  const [y, m, d] = parts;
  const day = `${y}-${pad(m)}-${pad(d)}`;
  return y >= 1900 && y <= 2999 && isValidDate(day) ? day : null;
}
