/**
 * The bell's count for a page: a signed-in user's GET of a screen (not the API, not an asset)
 * reads their unread notifications, so the header shows the count before any script runs.
 */
import type { MiddlewareHandler } from "hono";
import { unreadCount } from "@/lib/services/notifications.ts";
import { type AppEnv, isApiPath } from "@/routes/env.ts";

export function unreadForPages(): MiddlewareHandler<AppEnv> {
  return async function unreadForPages(c, next) {
    const user = c.get("user");
    const path = c.req.path;
    if (user && c.req.method === "GET" && !isApiPath(path) && !path.startsWith("/static/")) {
      c.set("unread", await unreadCount(c.get("deps").kv, user));
    }
    await next();
  };
}
