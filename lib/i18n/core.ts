/**
 * The i18n core, safe in the browser: languages, t() over a given dictionary, language picking.
 * It bundles no texts; lib/i18n/mod.ts adds the sv/en resources for the server.
 *
 * t() does what the app asks of i18next's JSON format and nothing more: dotted keys, `{{name}}`
 * interpolation without escaping (Preact escapes on render), plurals by `count` through
 * `key_one`/`key_other` (Intl.PluralRules), and the key itself for a missing, empty or non-text
 * entry, without i18next's weight in every page's JavaScript (docs/performance.md);
 * tests/unit/i18n_test.ts checks every key of both dictionaries against i18next.
 */
import { LANGUAGES } from "@/lib/domain/statuses.ts";

export type Lang = (typeof LANGUAGES)[number];
export const LANGS: Lang[] = [...LANGUAGES];
export const DEFAULT_LANG: Lang = "sv";
export type TFunction = (key: string, vars?: Record<string, unknown>) => string;

export function isLang(x: unknown): x is Lang {
  return x === "sv" || x === "en";
}

function lookup(dict: Record<string, unknown>, key: string): unknown {
  let node: unknown = dict;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * Keys whose text one t() remembers: its dictionary does not change, and a page asks for the same
 * keys again and again.
 */
const REMEMBERED_KEYS = 5_000;

export function createT(lang: Lang, dict: Record<string, unknown>): TFunction {
  const plurals = new Intl.PluralRules(lang);
  const remembered = new Map<string, string | undefined>();
  const text = (key: string) => {
    if (remembered.has(key)) return remembered.get(key);
    const v = lookup(dict, key);
    const found = typeof v === "string" && v !== "" ? v : undefined;
    if (remembered.size < REMEMBERED_KEYS) remembered.set(key, found);
    return found;
  };
  return (key, vars) => {
    const count = vars?.count;
    const found =
      (typeof count === "number"
        ? text(`${key}_${plurals.select(count)}`) ?? text(`${key}_other`)
        : undefined) ?? text(key);
    if (found === undefined) return key;
    if (!vars || !found.includes("{{")) return found;
    return found.replace(PLACEHOLDER, (placeholder, name: string) => {
      const v = lookup(vars ?? {}, name);
      return v === undefined ? placeholder : String(v);
    });
  };
}

const byDict = new WeakMap<Record<string, unknown>, Map<Lang, TFunction>>();

/** A cached t() over one dictionary (the browser gets the current language's, embedded in the page). */
export function makeTFromDict(lang: Lang, dict: Record<string, unknown>): TFunction {
  let perLang = byDict.get(dict);
  if (!perLang) byDict.set(dict, perLang = new Map());
  let t = perLang.get(lang);
  if (!t) perLang.set(lang, t = createT(lang, dict));
  return t;
}

/** The languages named by one candidate: "en", "sv-SE", or an Accept-Language list by q. */
function langsOf(candidate: string): Lang[] {
  const ranged = candidate.split(",").map((part, i) => {
    const [tag, ...params] = part.trim().split(";");
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    return { base, q: Number.isFinite(q) ? q : 0, i };
  });
  return ranged
    .filter((r) => r.q > 0 && isLang(r.base))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((r) => r.base as Lang);
}

/**
 * The first candidate that names a supported language, else DEFAULT_LANG. Candidates may be
 * plain codes ("en"), locale tags ("sv-SE") or Accept-Language values ("en-US,en;q=0.9").
 */
export function pickLang(...candidates: (string | null | undefined)[]): Lang {
  for (const c of candidates) {
    if (typeof c !== "string" || !c.trim()) continue;
    const found = langsOf(c)[0];
    if (found) return found;
  }
  return DEFAULT_LANG;
}
