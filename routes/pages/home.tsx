/**
 * / and /prospects: "/" is where sign-in lands: staff go on to today's list (/today,
 * routes/pages/today.tsx), admins to the chain overview (/overview, routes/pages/overview.tsx).
 * /prospects is the Prospects screen (routes/pages/prospects.tsx).
 */
import type { Hono } from "hono";
import { isAdmin } from "@/lib/domain/user.ts";
import { overviewPages } from "@/routes/pages/overview.tsx";
import { prospectPages, prospectsPage } from "@/routes/pages/prospects.tsx";
import { todayPages } from "@/routes/pages/today.tsx";
import type { AppEnv } from "@/routes/env.ts";

export function homePages(app: Hono<AppEnv>) {
  app.get("/", (c) => {
    const user = c.get("user");
    if (user) return c.redirect(isAdmin(user) ? "/overview" : "/today", 302);
    return prospectsPage(c);
  });
  app.get("/prospects", (c) => prospectsPage(c));
  prospectPages(app);
  todayPages(app);
  overviewPages(app);
}
