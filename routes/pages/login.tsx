/** /login: full-screen sign-in page (the form island arrives with the identity issue). */
import type { Hono } from "hono";
import { useT } from "@/lib/i18n/context.ts";
import { renderPage } from "@/routes/render.tsx";
import type { AppEnv } from "@/routes/env.ts";

function LoginBody() {
  const t = useT();
  return (
    <section class="mx-auto mt-24 max-w-sm px-4">
      <div class="card p-6">
        <h1 class="text-xl font-bold">{t("login.title")}</h1>
        <p class="mt-2 text-sm text-slate-600">{t("login.email")}</p>
      </div>
    </section>
  );
}

export function loginPages(app: Hono<AppEnv>) {
  app.get(
    "/login",
    (c) => renderPage(c, <LoginBody />, { title: "login.title", fullScreen: true }),
  );
}
