/** Builds the whole HTTP app from its dependencies; main.ts serves it and tests call app.request(). */
import { privacyRoutes } from "@/routes/api/privacy.ts";
import { INTAKE_PATH, intakeRoutes, registerIntakeCors } from "@/routes/api/intake.ts";
import { viewRoutes } from "@/routes/api/views.ts";
import { assignmentRoutes } from "@/routes/api/assignment.ts";
import { eventRoutes } from "@/routes/api/events.ts";
import { notificationRoutes } from "@/routes/api/notifications.ts";
import { unreadForPages } from "@/routes/middleware/unread.ts";
import { notificationPages } from "@/routes/pages/notifications.tsx";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DomainError } from "@/lib/domain/errors.ts";
import { HttpError, httpStatus, retryAfterOf } from "@/routes/errors.ts";
import { IMPORT_BODY_BYTES } from "@/lib/services/prospect_import.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { type AppDeps, type AppEnv, type Ctx, isApiPath } from "@/routes/env.ts";
import { requestLog } from "@/routes/middleware/request_log.ts";
import { securityHeaders } from "@/routes/middleware/security.ts";
import { csrf } from "@/routes/middleware/csrf.ts";
import { session } from "@/routes/middleware/session.ts";
import { rateLimit } from "@/routes/middleware/rate_limit.ts";
import { language, requestLang } from "@/routes/middleware/language.ts";
import { ApiRouter } from "@/routes/api/define.ts";
import { staticRoutes } from "@/routes/assets.ts";
import { healthRoutes } from "@/routes/api/health.ts";
import { authRoutes } from "@/routes/api/auth.ts";
import { oauthRoutes } from "@/routes/api/oauth.ts";
import { userRoutes } from "@/routes/api/users.ts";
import { outboxRoutes } from "@/routes/api/outbox.ts";
import { referenceRoutes } from "@/routes/api/reference.ts";
import { settingsRoutes } from "@/routes/api/settings.ts";
import { prospectRoutes } from "@/routes/api/prospects.ts";
import { noteRoutes } from "@/routes/api/notes.ts";
import { reportRoutes } from "@/routes/api/reports.ts";
import { webhookRoutes } from "@/routes/api/webhooks.ts";
import { openApiRoutes } from "@/routes/api/openapi.ts";
import { errorPages, renderErrorPage } from "@/routes/pages/errors.tsx";
import { homePages } from "@/routes/pages/home.tsx";
import { loginPages } from "@/routes/pages/login.tsx";
import { userPages } from "@/routes/pages/users.tsx";
import { outboxPage } from "@/routes/pages/outbox.tsx";
import { webhookPages } from "@/routes/pages/webhooks.tsx";
import { settingsPages } from "@/routes/pages/settings.tsx";
import { reportPages } from "@/routes/pages/reports.tsx";

export interface App {
  app: Hono<AppEnv>;
  /** Every declared API route (permission matrix, OpenAPI). */
  api: ApiRouter;
  fetch: (req: Request) => Response | Promise<Response>;
  request: Hono<AppEnv>["request"];
}

/** Declares every JSON route on the router. */
function apiRoutes(api: ApiRouter, config: { outboxReadable: boolean }) {
  healthRoutes(api);
  authRoutes(api);
  oauthRoutes(api);
  userRoutes(api);
  outboxRoutes(api, config.outboxReadable);
  referenceRoutes(api);
  settingsRoutes(api);
  privacyRoutes(api);
  prospectRoutes(api);
  noteRoutes(api);
  reportRoutes(api);
  intakeRoutes(api);
  viewRoutes(api);
  assignmentRoutes(api);
  webhookRoutes(api);
  eventRoutes(api);
  notificationRoutes(api);
}

export function createApp(deps: AppDeps): App {
  const full: Required<AppDeps> = {
    now: () => new Date(),
    assets: { entry: null, css: null },
    ...deps,
  } as Required<AppDeps>;
  const { config } = full;
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("deps", full);
    await next();
  });
  app.use("*", requestLog({ log: config.accessLog }));
  app.use(
    "*",
    securityHeaders({
      hsts: !config.isLocalhost,
      firebase: config.authProvider === "firebase",
      firebaseEmulatorHost: config.firebase?.emulatorHost,
    }),
  );
  const tooLarge = () => {
    throw new HttpError(413, "PAYLOAD_TOO_LARGE", "errors.payloadTooLarge");
  };
  const limit = bodyLimit({ maxSize: config.bodyLimitBytes, onError: tooLarge });
  // A CSV import carries up to MAX_IMPORT_ROWS rows: its own, larger limit.
  const importLimit = bodyLimit({ maxSize: IMPORT_BODY_BYTES, onError: tooLarge });
  app.use(
    "*",
    (c, next) => (c.req.path === "/api/prospects/import" ? importLimit : limit)(c, next),
  );
  registerIntakeCors(app);
  app.use(
    "*",
    csrf({ allowedOrigins: [new URL(config.appUrl).origin], exempt: [INTAKE_PATH] }),
  );
  // Routes are declared below; a request's route is looked up when it arrives.
  const api: ApiRouter = new ApiRouter(app);
  app.use("*", session((method, path) => api.prefetchKeys(method, path)));
  app.use("*", language());
  app.use("*", unreadForPages());
  app.use("*", rateLimit(config.rateLimit));

  staticRoutes(app);
  apiRoutes(api, config);

  openApiRoutes(app, api);
  errorPages(app);
  loginPages(app);
  userPages(app);
  outboxPage(app);
  webhookPages(app);
  homePages(app);
  settingsPages(app);
  reportPages(app);
  notificationPages(app);

  // A method a declared API path does not take: 405 with the methods it does take.
  for (const [path, methods] of api.allowedMethods()) {
    app.all(path, (c) => {
      c.header("Allow", methods.join(", "));
      return jsonError(c, new HttpError(405, "METHOD_NOT_ALLOWED", "errors.methodNotAllowed"));
    });
  }

  app.notFound((c) => {
    requestLang(c);
    if (isApiPath(c.req.path)) {
      return jsonError(c, new HttpError(404, "NOT_FOUND", "errors.notFound"));
    }
    return renderErrorPage(c, 404);
  });

  app.onError((err, c) => {
    const lang = requestLang(c);
    const known = err instanceof DomainError ? err : null;
    if (!known || httpStatus(known) >= 500) {
      console.error(
        JSON.stringify({
          level: "error",
          id: c.get("requestId"),
          path: c.req.path,
          error: String(err),
          stack: (err as Error)?.stack,
        }),
      );
    }
    const e = known ?? new HttpError(500, "INTERNAL", "errors.internal");
    const status = httpStatus(e);
    if (isApiPath(c.req.path)) return jsonError(c, e);
    if (status === 401) {
      const target = c.req.path + (new URL(c.req.url).search || "");
      return c.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302);
    }
    if (status === 403) {
      // A cross-site refusal says why; a missing permission keeps the page's own text.
      const why = e.code === "CSRF" ? translate(lang, e.messageKey, e.vars) : undefined;
      return renderErrorPage(c, 403, why);
    }
    if (status === 404) return renderErrorPage(c, 404);
    if (status < 500) return renderErrorPage(c, status, translate(lang, e.messageKey, e.vars));
    return renderErrorPage(c, 500);
  });

  return { app, api, fetch: app.fetch, request: app.request.bind(app) };
}

/** The one JSON error shape: {error, message, fields, data?}, messages in the caller's language. */
export function jsonError(c: Ctx, e: DomainError): Response {
  const lang = c.get("lang") ?? "sv";
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.fields ?? {})) {
    fields[k] = translate(lang, v, e.fieldVars?.[k]);
  }
  const body: Record<string, unknown> = {
    error: e.code,
    message: translate(lang, e.messageKey, e.vars),
    fields,
  };
  if (e.fields) body.fieldKeys = e.fields;
  if (e.data !== undefined) body.data = e.data;
  if (e.kind === "too_many") c.header("Retry-After", String(retryAfterOf(e)));
  return c.json(body, httpStatus(e) as 400);
}
