/**
 * One date format per language for display and input, decided by the page's language
 * whatever the browser's: Swedish yyyy-MM-dd (as the spec's reports), English dd/MM/yyyy. Dates
 * travel as "yyyy-MM-dd" everywhere else (API, KV); these convert at the edge. Pure (no clock).
 * DATE_FORMAT drives both; a pattern of three tokens needs no date library in the browser
 * (date-fns' parse and format would ship with every page); tests/unit/dates_test.ts checks these
 * against date-fns over generated dates.
 */
import type { Lang } from "@/lib/i18n/core.ts";
import { DATE_RE, isValidDate } from "@/lib/domain/formats.ts";

/** The date format of each language: display and input follow it (tokens yyyy, MM, dd). */
export const DATE_FORMAT: Record<Lang, string> = { sv: "yyyy-MM-dd", en: "dd/MM/yyyy" };

type Part = "yyyy" | "MM" | "dd";
const TOKENS = /yyyy|MM|dd/g;

/** The parts of a format in order, and what a user may type for it: with its separators (one-
 * or two-digit day and month), or the eight digits alone ("20261201", "01122026"). */
function inputOf(format: string): { parts: Part[]; typed: RegExp; digits: RegExp } {
  const parts = format.match(TOKENS) as Part[];
  const literal = format.split(TOKENS).map((s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"));
  const group = (p: Part) => (p === "yyyy" ? "(\\d{4})" : "(\\d{1,2})");
  const typed = literal.map((l, i) => l + (parts[i] ? group(parts[i]) : "")).join("");
  const digits = parts.map((p) => (p === "yyyy" ? "(\\d{4})" : "(\\d{2})")).join("");
  return { parts, typed: new RegExp(`^${typed}$`), digits: new RegExp(`^${digits}$`) };
}
const INPUT: Record<Lang, ReturnType<typeof inputOf>> = {
  sv: inputOf(DATE_FORMAT.sv),
  en: inputOf(DATE_FORMAT.en),
};

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-10" → "2026-03-10" (sv) / "10/03/2026" (en); other input is returned unchanged. */
export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "";
  if (!isValidDate(iso)) return iso;
  const [y, m, d] = iso.split("-");
  return DATE_FORMAT[lang].replace(TOKENS, (t) => (t === "yyyy" ? y : t === "MM" ? m : d));
}

/**
 * A typed date in the page's format (with or without its separators) → "yyyy-MM-dd", or null when
 * it is not a real date. An ISO date is accepted in every language (it cannot be misread).
 */
export function parseDay(text: string, lang: Lang): string | null {
  const s = text.trim();
  const input = INPUT[lang];
  const m = input.typed.exec(s) ?? input.digits.exec(s);
  let y: number, mo: number, d: number;
  if (m) {
    const at = (p: Part) => Number(m[input.parts.indexOf(p) + 1]);
    [y, mo, d] = [at("yyyy"), at("MM"), at("dd")];
  } else if (DATE_RE.test(s)) [y, mo, d] = s.split("-").map(Number);
  else return null;
  const day = `${y}-${pad(mo)}-${pad(d)}`;
  return y >= 1900 && y <= 2999 && isValidDate(day) ? day : null;
}
