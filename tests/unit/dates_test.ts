/** One date format per language: sv yyyy-MM-dd, en dd/MM/yyyy, both ways. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { format, isValid, parse } from "date-fns";
import { DATE_FORMAT, formatDay, parseDay } from "@/lib/i18n/dates.ts";
import { dateTime } from "@/islands/prospects/format.ts";

Deno.test("dates: display in the page's format", () => {
  assert.equal(formatDay("2026-03-05", "sv"), "2026-03-05");
  assert.equal(formatDay("2026-03-05", "en"), "05/03/2026");
  assert.equal(formatDay("", "sv"), "");
  assert.equal(formatDay(null, "en"), "");
  assert.equal(formatDay("bogus", "en"), "bogus");
  // Date and time in the grid and notes follow the same day format.
  assert.match(dateTime("2026-03-05T10:00:00Z", "sv", "Europe/Stockholm"), /^2026-03-05 11:00$/);
  assert.match(dateTime("2026-03-05T10:00:00Z", "en", "Europe/Stockholm"), /^05\/03\/2026, 11:00$/);
});

Deno.test("dates: typed text in the page's format (or ISO) becomes yyyy-MM-dd", () => {
  assert.equal(parseDay("2026-03-05", "sv"), "2026-03-05");
  assert.equal(parseDay(" 2026-3-5 ", "sv"), "2026-03-05");
  assert.equal(parseDay("05/03/2026", "en"), "2026-03-05");
  assert.equal(parseDay("5/3/2026", "en"), "2026-03-05");
  assert.equal(parseDay("2026-03-05", "en"), "2026-03-05", "ISO cannot be misread");
  // A US-style date is not silently swapped; impossible dates are refused.
  assert.equal(parseDay("03/05/2026", "sv"), null);
  assert.equal(parseDay("31/02/2026", "en"), null);
  assert.equal(parseDay("2026-02-30", "sv"), null);
  assert.equal(parseDay("2026-13-01", "sv"), null);
  assert.equal(parseDay("", "sv"), null);
  assert.equal(parseDay("igår", "sv"), null);
  assert.equal(parseDay("29/2/2028", "en"), "2028-02-29", "a leap day");
  assert.equal(parseDay("29/02/2027", "en"), null);
  assert.equal(parseDay("1899-12-31", "sv"), null, "years 1900–2999 only");
  assert.equal(formatDay("2026-02-30", "en"), "2026-02-30", "not a real day: left as it is");
});

Deno.test("dates: the same answers as date-fns' parse and format, for any typed day", () => {
  const REF = new Date(2000, 0, 1);
  const viaDateFns = (text: string, lang: "sv" | "en"): string | null => {
    const s = text.trim();
    const patterns: [RegExp, string][] = [
      [lang === "sv" ? /^\d{4}-\d{1,2}-\d{1,2}$/ : /^\d{1,2}\/\d{1,2}\/\d{4}$/, DATE_FORMAT[lang]],
      [/^\d{4}-\d{2}-\d{2}$/, "yyyy-MM-dd"],
    ];
    for (const [re, pattern] of patterns) {
      if (!re.test(s)) continue;
      const d = parse(s, pattern.replace("dd", "d").replace("MM", "M"), REF);
      if (isValid(d) && d.getFullYear() >= 1900 && d.getFullYear() <= 2999) {
        return format(d, "yyyy-MM-dd");
      }
    }
    return null;
  };
  const num = (min: number, max: number, width: number) =>
    fc.integer({ min, max }).chain((n) =>
      fc.constantFrom(String(n), String(n).padStart(width, "0"))
    );
  const typed = fc.tuple(num(1850, 3050, 4), num(0, 13, 2), num(0, 32, 2), fc.boolean())
    .map(([y, m, d, iso]) => iso ? `${y}-${m}-${d}` : `${d}/${m}/${y}`);
  fc.assert(
    fc.property(typed, fc.constantFrom("sv" as const, "en" as const), (text, lang) => {
      assert.equal(parseDay(text, lang), viaDateFns(text, lang), `${lang} ${text}`);
      const iso = parseDay(text, lang);
      if (iso) {
        assert.equal(
          formatDay(iso, lang),
          format(parse(iso, "yyyy-MM-dd", REF), DATE_FORMAT[lang]),
        );
      }
    }),
    { seed: 19, numRuns: 3000 },
  );
});

Deno.test("a date may be typed without its separators: 20261201 (sv), 01122026 (en)", () => {
  assert.equal(parseDay("20261201", "sv"), "2026-12-01");
  assert.equal(parseDay("01122026", "en"), "2026-12-01");
  assert.equal(parseDay("2026-12-01", "en"), "2026-12-01", "ISO is read in every language");
  assert.equal(parseDay("20261301", "sv"), null, "month 13");
  assert.equal(parseDay("2026121", "sv"), null, "seven digits are ambiguous");
  assert.equal(parseDay("31022026", "en"), null, "31 February");
});
