/**
 * i18n: Swedish (display default) and English texts, on server and browser (t() in core.ts).
 *
 * Keys are dotted paths into sv.json / en.json (one namespace, "translation"), e.g.
 * `t("validation.minLength", { n: 6 })`. A missing key returns the key itself. Interpolation does
 * not escape: Preact escapes on render, and mails are plain text.
 */
import sv from "./sv.json" with { type: "json" };
import en from "./en.json" with { type: "json" };
import { createT, type Lang, makeTFromDict, type TFunction } from "./core.ts";

export * from "./core.ts";

const RESOURCES: Record<Lang, Record<string, unknown>> = { sv, en };

/** The whole resource object of one language (what the server ships to the page). */
export function dictionary(lang: Lang): Record<string, unknown> {
  return RESOURCES[lang];
}

const byLang = new Map<Lang, TFunction>();

/** A synchronous, cached t() for one language; `dict` replaces the bundled resources. */
export function makeT(lang: Lang, dict?: Record<string, unknown>): TFunction {
  if (dict && dict !== RESOURCES[lang]) return makeTFromDict(lang, dict);
  let t = byLang.get(lang);
  if (!t) byLang.set(lang, t = createT(lang, RESOURCES[lang]));
  return t;
}

export function translate(lang: Lang, key: string, vars?: Record<string, unknown>): string {
  return makeT(lang)(key, vars);
}
