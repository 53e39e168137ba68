/** / and /prospects: the Prospects screen (routes/pages/prospects.tsx); after login users land here. */
import type { Hono } from "hono";
import { prospectsPage } from "@/routes/pages/prospects.tsx";
import type { AppEnv } from "@/routes/env.ts";

export function homePages(app: Hono<AppEnv>) {
  app.get("/", prospectsPage);
  app.get("/prospects", prospectsPage);
}
