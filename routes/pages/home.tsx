/** /prospects (and /): the Prospects screen. Replaced by the grid in the prospects issue. */
import type { Hono } from "hono";
import { useT } from "@/lib/i18n/context.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";

function ProspectsPlaceholder() {
  const t = useT();
  return (
    <section>
      <h1 class="text-xl font-bold">{t("nav.prospects")}</h1>
    </section>
  );
}

export function homePages(app: Hono<AppEnv>) {
  const handler = (c: Ctx) => {
    requirePageUser(c);
    return renderPage(c, <ProspectsPlaceholder />, { title: "nav.prospects" });
  };
  app.get("/", handler);
  app.get("/prospects", handler);
}
