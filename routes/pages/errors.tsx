/**
 * The error pages /error (500), /forbidden (403) and /not-found (404), each with a Dashboard
 * button, and the page of any other refusal (400, 405, 413, …) showing the refusal's message.
 */
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

function pageOf(status: number) {
  return PAGES[status as ErrorStatus] ?? { key: "pages.refused", code: String(status) };
}

function ErrorBody({ status, message }: { status: number; message?: string }) {
  const t = useT();
  const page = pageOf(status);
  return (
    <section class="mx-auto mt-16 max-w-lg px-4 text-center" data-testid={`error-${status}`}>
      <p class="text-7xl font-black text-brand-600">{page.code}</p>
      <h1 class="mt-4 text-2xl font-bold">{t(`${page.key}.title`)}</h1>
      <p class="mt-2 text-slate-600" data-testid="error-text">
        {message ?? t(`${page.key}.text`)}
      </p>
      <a href="/" class="btn btn-primary mt-8" data-testid="dashboard-button">
        {t("pages.dashboard")}
      </a>
    </section>
  );
}

/** The error page of a status; `message` (already translated) replaces the page's own text. */
export function renderErrorPage(c: Ctx, status: number, message?: string) {
  return renderPage(c, <ErrorBody status={status} message={message} />, {
    title: `${pageOf(status).key}.title`,
    status,
  });
}

export function errorPages(app: Hono<AppEnv>) {
  app.get("/error", (c) => renderErrorPage(c, 500));
  app.get("/forbidden", (c) => renderErrorPage(c, 403));
  app.get("/not-found", (c) => renderErrorPage(c, 404));
}
