/** The one client entry: hydrates every [data-island] element with its island, loaded on demand. */
import { h, hydrate } from "preact";
import { islands } from "@/islands/mod.ts";
import { I18nContext, i18nValue } from "@/lib/i18n/context.ts";
import { isLang } from "@/lib/i18n/core.ts";

function readI18n() {
  const el = document.getElementById("i18n-data");
  const data = el ? JSON.parse(el.textContent || "{}") : {};
  return i18nValue(isLang(data.lang) ? data.lang : "sv", data.dict ?? {});
}

async function main() {
  const i18n = readI18n();
  const els = Array.from(document.querySelectorAll<HTMLElement>("[data-island]"));
  await Promise.all(els.map(async (el) => {
    const name = el.dataset.island!;
    const load = islands[name];
    if (!load) return console.error(`unknown island ${name}`);
    const mod = await load();
    const props = JSON.parse(el.dataset.props || "{}");
    hydrate(h(I18nContext.Provider, { value: i18n }, h(mod.default, props)), el);
    el.dataset.hydrated = "true";
  }));
  document.documentElement.dataset.hydrated = "true";
}

main();
