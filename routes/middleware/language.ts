/**
 * The request's language: the signed-in user's stored preference, else the language of the page
 * that called (the browser client's X-UI-Language header, so a Swedish page never shows English
 * errors), else the "lang" cookie, else (for API calls from scripts) Accept-Language, else
 * Swedish — the display default (spec §1).
 */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { getUserSettings } from "@/lib/services/users.ts";
import { DEFAULT_LANG, isLang, pickLang } from "@/lib/i18n/mod.ts";
import { type AppEnv, isApiPath } from "@/routes/env.ts";

export function language(): MiddlewareHandler<AppEnv> {
  return async function language(c, next) {
    const user = c.get("user");
    let lang = DEFAULT_LANG;
    if (user) {
      // The session middleware read them with the session (not for API tokens).
      let settings = c.get("userSettings");
      if (!settings) {
        settings = await getUserSettings(c.get("deps").kv, user.id);
        c.set("userSettings", settings);
      }
      lang = settings.language;
    } else {
      const ui = c.req.header("x-ui-language");
      const cookie = getCookie(c, "lang");
      if (isLang(ui)) lang = ui;
      else if (isLang(cookie)) lang = cookie;
      else if (isApiPath(c.req.path)) {
        lang = pickLang(c.req.header("accept-language")?.split(",")[0]);
      }
    }
    c.set("lang", lang);
    await next();
  };
}
