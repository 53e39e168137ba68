/**
 * The request's language: for a script's bearer call the one its Accept-Language names, else the
 * signed-in user's stored preference, else the language of the page
 * that called (the browser client's X-UI-Language header, so a Swedish page never shows English
 * errors), else the "lang" cookie, else (for API calls from scripts) Accept-Language, else
 * Swedish — the display default (spec §1).
 */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { getUserSettings } from "@/lib/services/users.ts";
import { DEFAULT_LANG, isLang, type Lang, pickLang } from "@/lib/i18n/mod.ts";
import { type AppEnv, type Ctx, isApiPath } from "@/routes/env.ts";

export function language(): MiddlewareHandler<AppEnv> {
  return async function language(c, next) {
    const user = c.get("user");
    let lang = DEFAULT_LANG;
    const named = c.get("authVia") === "bearer" ? namedLang(c) : null;
    if (named) {
      // A script with a token names its language per request; its user's setting is the default.
      lang = named;
    } else if (user) {
      // The session middleware read them with the session (not for API tokens).
      let settings = c.get("userSettings");
      if (!settings) {
        settings = await getUserSettings(c.get("deps").kv, user.id);
        c.set("userSettings", settings);
      }
      lang = settings.language;
    } else {
      lang = headerLang(c);
    }
    c.set("lang", lang);
    await next();
  };
}

/** The language a bearer call names itself (Accept-Language's first tag), if one the app has. */
function namedLang(c: Ctx): Lang | null {
  const tag = c.req.header("accept-language")?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return isLang(tag) ? tag : null;
}

/** The language a request names without a session: X-UI-Language, the cookie, Accept-Language. */
export function headerLang(c: Ctx): Lang {
  const ui = c.req.header("x-ui-language");
  const cookie = getCookie(c, "lang");
  if (isLang(ui)) return ui;
  if (isLang(cookie)) return cookie;
  if (isApiPath(c.req.path)) return pickLang(c.req.header("accept-language")?.split(",")[0]);
  return DEFAULT_LANG;
}

/**
 * The request's language for an answer made before the language middleware ran (a refusal by
 * CSRF, CORS or the body limit): the one already chosen, else the one the headers name.
 */
export function requestLang(c: Ctx): Lang {
  const lang = c.get("lang");
  if (isLang(lang)) return lang;
  const picked = headerLang(c);
  c.set("lang", picked);
  return picked;
}
