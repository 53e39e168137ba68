/** Renders a page inside the shell (or full screen) as a complete HTML document. */
import type { ComponentChildren } from "preact";
import { renderToString } from "preact-render-to-string";
import { getCookie } from "hono/cookie";
import { Layout } from "@/routes/layout.tsx";
import { i18nValue } from "@/lib/i18n/context.ts";
import { dictionary, type Lang } from "@/lib/i18n/mod.ts";
import { DEFAULT_MENU_STATE, MENU_STATES } from "@/lib/domain/statuses.ts";
import type { Ctx } from "@/routes/env.ts";

const i18nJsonCache = new Map<Lang, string>();
function i18nJson(lang: Lang): string {
  let s = i18nJsonCache.get(lang);
  if (!s) {
    // "<" is escaped so the JSON can never close its <script> element.
    s = JSON.stringify({ lang, dict: dictionary(lang) }).replace(/</g, "\\u003c");
    i18nJsonCache.set(lang, s);
  }
  return s;
}

export interface PageOptions {
  /** An i18n key for the document title. */
  title: string;
  fullScreen?: boolean;
  status?: number;
}

/** The menu state: the user's settings when signed in, else the cookie, else short (2). */
function menuState(c: Ctx): number {
  const settings = c.get("userSettings");
  if (settings) return settings.menu;
  const m = Number(getCookie(c, "menu"));
  return (Object.values(MENU_STATES) as number[]).includes(m) ? m : DEFAULT_MENU_STATE;
}

export function renderPage(c: Ctx, body: ComponentChildren, opts: PageOptions): Response {
  const lang = c.get("lang");
  const i18n = i18nValue(lang, dictionary(lang));
  const deps = c.get("deps");
  const html = renderToString(
    <Layout
      title={i18n.t(opts.title)}
      i18n={i18n}
      i18nJson={i18nJson(lang)}
      assets={deps.assets}
      user={c.get("user")}
      path={c.req.path}
      menu={opts.fullScreen ? 0 : menuState(c)}
      fullScreen={opts.fullScreen}
      showOutbox={deps.config.outboxReadable}
      unread={c.get("unread") ?? 0}
    >
      {body}
    </Layout>,
  );
  c.header("Cache-Control", "no-store");
  return c.html("<!doctype html>" + html, (opts.status ?? 200) as 200);
}
