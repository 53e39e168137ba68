/**
 * One date format per language for display and input (issue 19), decided by the page's language
 * whatever the browser's: Swedish yyyy-MM-dd (as the spec's reports), English dd/MM/yyyy. Dates
 * travel as "yyyy-MM-dd" everywhere else (API, KV); these convert at the edge. Pure (no clock) and
 * without a date library, so the pages' JavaScript stays small.
 */
import type { Lang } from "@/lib/i18n/core.ts";
import { isValidDate } from "@/lib/domain/formats.ts";

export const DATE_FORMAT: Record<Lang, string> = { sv: "yyyy-MM-dd", en: "dd/MM/yyyy" };
/** What a user may type (one- or two-digit day and month), as [year, month, day] groups. */
const INPUT: Record<Lang, { re: RegExp; ymd: [number, number, number] }> = {
  sv: { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, ymd: [1, 2, 3] },
  en: { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, ymd: [3, 2, 1] },
};
const ISO = INPUT.sv;
const ISO_RE = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-10" → "2026-03-10" (sv) / "10/03/2026" (en); other input is returned unchanged. */
export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "";
  if (!ISO_RE.test(iso) || !isValidDate(iso)) return iso;
  const [y, m, d] = iso.split("-");
  return lang === "en" ? `${d}/${m}/${y}` : iso;
}

/**
 * A typed date in the page's format → "yyyy-MM-dd", or null when it is not a real date. An ISO
 * date is accepted in every language (it cannot be misread).
 */
export function parseDay(text: string, lang: Lang): string | null {
  const s = text.trim();
  for (const { re, ymd } of [INPUT[lang], ISO]) {
    const m = re.exec(s);
    if (!m) continue;
    const [y, mo, d] = ymd.map((i) => Number(m[i]));
    const iso = `${y}-${pad(mo)}-${pad(d)}`;
    if (y >= 1900 && y <= 2999 && isValidDate(iso)) return iso;
  }
  return null;
}
