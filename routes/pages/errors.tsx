/** The error pages /error (500), /forbidden (403) and /not-found (404), each with a Dashboard button. */
import type { Hono } from "hono";
import { useT } from "@/lib/i18n/context.ts";
import { renderPage } from "@/routes/render.tsx";
import type { AppEnv, Ctx } from "@/routes/env.ts";

const PAGES = {
  500: { key: "pages.error", code: "500" },
  403: { key: "pages.forbidden", code: "403" },
  404: { key: "pages.notFound", code: "404" },
} as const;

export type ErrorStatus = keyof typeof PAGES;

function ErrorBody({ status }: { status: ErrorStatus }) {
  const t = useT();
  const page = PAGES[status];
  return (
    <section class="mx-auto mt-16 max-w-lg px-4 text-center" data-testid={`error-${status}`}>
      <p class="text-7xl font-black text-brand-600">{page.code}</p>
      <h1 class="mt-4 text-2xl font-bold">{t(`${page.key}.title`)}</h1>
      <p class="mt-2 text-slate-600">{t(`${page.key}.text`)}</p>
      <a href="/" class="btn btn-primary mt-8" data-testid="dashboard-button">
        {t("pages.dashboard")}
      </a>
    </section>
  );
}

export function renderErrorPage(c: Ctx, status: ErrorStatus) {
  return renderPage(c, <ErrorBody status={status} />, {
    title: `${PAGES[status].key}.title`,
    status,
  });
}

export function errorPages(app: Hono<AppEnv>) {
  app.get("/error", (c) => renderErrorPage(c, 500));
  app.get("/forbidden", (c) => renderErrorPage(c, 403));
  app.get("/not-found", (c) => renderErrorPage(c, 404));
}
