/**
 * /admin/webhooks (admins): the registered endpoints with their state, a form to add one (its
 * secret shown once, on the answer page), turn on/off, send a test, delete, and an endpoint's
 * deliveries (?deliveries=<id>). Rendered on the server; every button is a plain POST form to the
 * page's server action, which calls the JSON API through the app (routes/pages/form_bridge.ts).
 */
import type { Hono } from "hono";
import { ReportTable } from "@/components/reports/ReportTable.tsx";
import { WEBHOOK_EVENTS } from "@/lib/domain/webhooks.ts";
import { useT } from "@/lib/i18n/context.ts";
import { translate } from "@/lib/i18n/mod.ts";
import {
  listWebhookViews,
  webhookDeliveries,
  type WebhookDelivery,
  type WebhookView,
} from "@/lib/services/webhooks.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageAdmin } from "@/routes/pages/guard.ts";
import { callApi, type FormValues, readForm } from "@/routes/pages/form_bridge.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";

interface PageProps {
  hooks: WebhookView[];
  /** The endpoint whose deliveries are shown, and them. */
  shown: { hook: WebhookView; deliveries: WebhookDelivery[] } | null;
  /** The secret of the endpoint just added (shown this once). */
  secret: string | null;
  /** A message of the last action (an i18n text, already translated). */
  notice: string | null;
  errors: Record<string, string>;
  values: FormValues;
}

const eventKey = (e: string) => `webhooks.event.${e.replace(".", "_")}`;

/** A one-button POST form for an endpoint action. */
function Action(
  { id, action, label, testId, danger }: {
    id: string;
    action: string;
    label: string;
    testId: string;
    danger?: boolean;
  },
) {
  return (
    <form method="post" action="/admin/webhooks" class="inline">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="action" value={action} />
      <button
        type="submit"
        class={`btn ${danger ? "btn-danger" : "btn-secondary"} px-2 py-1 text-sm`}
        data-testid={testId}
      >
        {label}
      </button>
    </form>
  );
}

/** One endpoint: its state, address, events and buttons. */
function HookCard({ h }: { h: WebhookView }) {
  const t = useT();
  const l = (k: string, o?: Record<string, unknown>) => t(`webhooks.${k}`, o);
  return (
    <li class="card space-y-2 p-3" data-testid="webhook">
      <div class="flex flex-wrap items-center gap-2">
        <span
          class={`rounded px-1.5 py-0.5 text-xs font-semibold ${
            h.enabled ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"
          }`}
        >
          {h.enabled ? l("enabled") : l("disabled")}
        </span>
        <strong class="break-all">{h.url}</strong>
      </div>
      {h.description && <p class="text-sm text-slate-700">{h.description}</p>}
      <p class="text-sm text-slate-600">
        {h.events.map((e) => t(eventKey(e))).join(", ")}
        {h.includePersonalData ? ` · ${l("includePersonalData")}` : ""}
      </p>
      {h.disabledReason && <p class="text-sm text-red-700">{t(h.disabledReason)}</p>}
      {h.failingSince && h.enabled && (
        <p class="text-sm text-amber-800">
          {l("failingSince", { at: h.failingSince.replace("T", " ").slice(0, 16) })}
        </p>
      )}
      <div class="flex flex-wrap gap-2">
        <Action
          id={h.id}
          action={h.enabled ? "disable" : "enable"}
          label={h.enabled ? l("disable") : l("enable")}
          testId="webhook-toggle"
        />
        <Action id={h.id} action="ping" label={l("ping")} testId="webhook-ping" />
        <a
          class="btn btn-secondary px-2 py-1 text-sm"
          href={`/admin/webhooks?deliveries=${encodeURIComponent(h.id)}`}
          data-testid="webhook-deliveries"
        >
          {l("deliveries")}
        </a>
        <Action
          id={h.id}
          action="delete"
          label={l("delete")}
          testId="webhook-delete"
          danger
        />
      </div>
    </li>
  );
}

/** An endpoint's last deliveries, newest first. */
function DeliveryLog({ shown }: { shown: NonNullable<PageProps["shown"]> }) {
  const t = useT();
  const l = (k: string) => t(`webhooks.${k}`);
  return (
    <section class="space-y-2" data-testid="webhook-delivery-log">
      <h2 class="font-semibold">{`${l("deliveries")}: ${shown.hook.url}`}</h2>
      {shown.deliveries.length === 0
        ? <p class="text-sm text-slate-600">{l("noDeliveries")}</p>
        : (
          <ReportTable
            testId="webhook-delivery-table"
            caption={l("deliveries")}
            columns={["at", "event", "statusCode", "attempt", "durationMs", "error"].map((
              c,
            ) => ({ key: c, label: l(`columns.${c}`), text: c === "at" || c === "event" }))}
            rows={shown.deliveries.map((d) => ({
              ...d,
              at: d.at.replace("T", " ").slice(0, 19),
              event: d.event === "ping" ? "ping" : t(eventKey(d.event)),
              statusCode: d.statusCode ?? "–",
              error: d.error ? (d.error.startsWith("webhooks.") ? t(d.error) : d.error) : "",
            }))}
          />
        )}
    </section>
  );
}

/** The form that registers an endpoint (all events ticked at first). */
function AddForm({ errors, values }: { errors: Record<string, string>; values: FormValues }) {
  const t = useT();
  const l = (k: string) => t(`webhooks.${k}`);
  const chosen = new Set((values.events ?? "").split(",").filter(Boolean));
  return (
    <form
      method="post"
      action="/admin/webhooks"
      class="card grid gap-3 p-3 sm:grid-cols-2"
      data-testid="webhook-form"
    >
      <input type="hidden" name="action" value="add" />
      <h2 class="font-semibold sm:col-span-2">{l("add")}</h2>
      <label class="block sm:col-span-2">
        <span class="label">{l("url")}</span>
        <input
          type="url"
          name="url"
          class="input"
          required
          value={values.url ?? ""}
          aria-invalid={errors.url ? "true" : undefined}
          aria-describedby={errors.url ? "webhook-url-error" : undefined}
          data-testid="webhook-url"
        />
        {errors.url && <span id="webhook-url-error" class="field-error">{t(errors.url)}</span>}
      </label>
      <fieldset class="sm:col-span-2">
        <legend class="label">{l("events")}</legend>
        <div class="grid gap-1 sm:grid-cols-3">
          {WEBHOOK_EVENTS.map((e) => (
            <label key={e} class="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="events"
                value={e}
                checked={chosen.size === 0 || chosen.has(e)}
                data-testid={`webhook-event-${e}`}
              />
              {t(eventKey(e))}
            </label>
          ))}
        </div>
        {errors.events && <span class="field-error">{t(errors.events)}</span>}
      </fieldset>
      <label class="block">
        <span class="label">{l("description")}</span>
        <input
          type="text"
          name="description"
          class="input"
          maxLength={200}
          value={values.description ?? ""}
          data-testid="webhook-description"
        />
      </label>
      <label class="inline-flex items-center gap-2 self-end text-sm">
        <input
          type="checkbox"
          name="includePersonalData"
          value="true"
          data-testid="webhook-personal"
        />
        {l("includePersonalData")}
      </label>
      <div class="sm:col-span-2">
        <button type="submit" class="btn btn-primary" data-testid="webhook-add">
          {l("add")}
        </button>
      </div>
    </form>
  );
}

function WebhooksPage(p: PageProps) {
  const t = useT();
  const l = (k: string, o?: Record<string, unknown>) => t(`webhooks.${k}`, o);
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-bold">{l("title")}</h1>
      <p class="text-sm text-slate-600">{l("intro")}</p>
      {p.notice && (
        <p class="card p-3 text-sm" role="status" data-testid="webhooks-notice">{p.notice}</p>
      )}
      {p.secret && (
        <div class="card space-y-1 border-amber-300 bg-amber-50 p-3" data-testid="webhook-secret">
          <p class="text-sm font-medium">{l("secretOnce")}</p>
          <code class="block break-all text-sm">{p.secret}</code>
        </div>
      )}
      {p.hooks.length === 0
        ? <p class="card p-4 text-center text-slate-600">{l("empty")}</p>
        : (
          <ul class="space-y-3" data-testid="webhook-list">
            {p.hooks.map((h) => <HookCard key={h.id} h={h} />)}
          </ul>
        )}
      {p.shown && <DeliveryLog shown={p.shown} />}
      <AddForm errors={p.errors} values={p.values} />
    </section>
  );
}

async function render(c: Ctx, extra: Partial<PageProps> = {}, status = 200) {
  const user = requirePageAdmin(c);
  const { kv, config, now } = c.get("deps");
  const deps = { kv, config, now };
  const hooks = await listWebhookViews(deps, user);
  const id = c.req.query("deliveries");
  const hook = id ? hooks.find((h) => h.id === id) : undefined;
  const shown = hook ? { hook, deliveries: await webhookDeliveries(deps, user, hook.id) } : null;
  const props: PageProps = {
    hooks,
    shown,
    secret: null,
    notice: null,
    errors: {},
    values: {},
    ...extra,
  };
  return renderPage(c, <WebhooksPage {...props} />, { title: "webhooks.title", status });
}

export function webhookPages(app: Hono<AppEnv>) {
  app.get("/admin/webhooks", (c) => render(c));

  // The page's server action: each form replays its JSON API call through the app.
  app.post("/admin/webhooks", async (c) => {
    requirePageAdmin(c);
    const t = (k: string, o?: Record<string, unknown>) => translate(c.get("lang"), k, o);
    const all = (await c.req.parseBody({ all: true }).catch(() => ({}))) as Record<string, unknown>;
    const f = await readForm(c);
    const id = encodeURIComponent(f.id ?? "");
    if (f.action === "add") {
      const events = ([] as unknown[]).concat(all.events ?? []).filter((e): e is string =>
        typeof e === "string"
      );
      const out = await callApi(app, c, "POST", "/api/admin/webhooks", {
        url: f.url ?? "",
        events,
        description: f.description || null,
        includePersonalData: f.includePersonalData === "true",
      });
      if (out.status === 201) {
        return await render(c, { secret: out.json!.secret, notice: t("webhooks.added") }, 201);
      }
      const errors: Record<string, string> = {};
      for (const [k, v] of Object.entries(out.errors("url"))) errors[k.split(".")[0]] = v;
      return await render(c, { errors, values: { ...f, events: events.join(",") } }, out.status);
    }
    if (f.action === "enable" || f.action === "disable") {
      const out = await callApi(app, c, "PUT", `/api/admin/webhooks/${id}`, {
        enabled: f.action === "enable",
      });
      return await render(c, { notice: out.status === 200 ? t("webhooks.updated") : null });
    }
    if (f.action === "delete") {
      const out = await callApi(app, c, "DELETE", `/api/admin/webhooks/${id}`, undefined);
      return await render(c, { notice: out.status === 204 ? t("webhooks.deleted") : null });
    }
    if (f.action === "ping") {
      const out = await callApi(app, c, "POST", `/api/admin/webhooks/${id}/ping`, {});
      const status = out.json?.statusCode ?? out.json?.error ?? out.status;
      return await render(c, { notice: t("webhooks.pinged", { status }) });
    }
    return c.redirect("/admin/webhooks", 303);
  });
}
