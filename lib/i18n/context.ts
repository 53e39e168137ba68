/** The translation function as a Preact context, for pages (server) and islands (browser). */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { DEFAULT_LANG, type Lang, makeTFromDict, type TFunction } from "@/lib/i18n/core.ts";

export interface I18nValue {
  lang: Lang;
  t: TFunction;
}

export const I18nContext = createContext<I18nValue>({ lang: DEFAULT_LANG, t: (k: string) => k });

export const i18nValue = (lang: Lang, dict: Record<string, unknown>): I18nValue => ({
  lang,
  t: makeTFromDict(lang, dict),
});

/** The current language's t(). */
export function useT(): TFunction {
  return useContext(I18nContext).t;
}

export function useLang(): Lang {
  return useContext(I18nContext).lang;
}
