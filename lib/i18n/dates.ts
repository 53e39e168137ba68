/**
 * One date format per language for display and input, decided by the page's language
 * whatever the browser's: Swedish yyyy-MM-dd (as the spec's reports), English dd/MM/yyyy. Dates
 * travel as "yyyy-MM-dd" everywhere else (API, KV); these convert at the edge. Pure (no clock).
 */
import { format, isValid, parse } from "date-fns";
import type { Lang } from "@/lib/i18n/core.ts";

export const DATE_FORMAT: Record<Lang, string> = { sv: "yyyy-MM-dd", en: "dd/MM/yyyy" };
/** What a user may type (one- or two-digit day and month in English). */
const INPUT_RE: Record<Lang, RegExp> = {
  sv: /^\d{4}-\d{1,2}-\d{1,2}$/,
  en: /^\d{1,2}\/\d{1,2}\/\d{4}$/,
};
const ISO_RE = /^\d{4}-\d{2}-\d{2}$/;
const REF = new Date(2000, 0, 1);

/** "2026-03-10" → "2026-03-10" (sv) / "10/03/2026" (en); other input is returned unchanged. */
export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "";
  if (!ISO_RE.test(iso)) return iso;
  const d = parse(iso, "yyyy-MM-dd", REF);
  return isValid(d) ? format(d, DATE_FORMAT[lang]) : iso;
}

/**
 * A typed date in the page's format → "yyyy-MM-dd", or null when it is not a real date. An ISO
 * date is accepted in every language (it cannot be misread).
 */
export function parseDay(text: string, lang: Lang): string | null {
  const s = text.trim();
  for (
    const [re, pattern] of [[INPUT_RE[lang], DATE_FORMAT[lang]], [ISO_RE, "yyyy-MM-dd"]] as const
  ) {
    if (!re.test(s)) continue;
    const d = parse(s, pattern.replace("dd", "d").replace("MM", "M"), REF);
    if (isValid(d) && d.getFullYear() >= 1900 && d.getFullYear() <= 2999) {
      return format(d, "yyyy-MM-dd");
    }
  }
  return null;
}
