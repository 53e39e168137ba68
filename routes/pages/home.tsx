/**
 * / and /prospects: the Prospects screen (routes/pages/prospects.tsx). "/" is where sign-in lands:
 * staff go on to today's list (/today, routes/pages/today.tsx), admins stay on the Prospects screen.
 */
import type { Hono } from "hono";
import { isAdmin } from "@/lib/domain/user.ts";
import { prospectPages, prospectsPage } from "@/routes/pages/prospects.tsx";
import { todayPages } from "@/routes/pages/today.tsx";
import type { AppEnv } from "@/routes/env.ts";

export function homePages(app: Hono<AppEnv>) {
  app.get("/", (c) => {
    const user = c.get("user");
    if (user && !isAdmin(user)) return c.redirect("/today", 302);
    return prospectsPage(c);
  });
  app.get("/prospects", (c) => prospectsPage(c));
  prospectPages(app);
  todayPages(app);
}
