/**
 * /notifications: the signed-in user's notification centre, newest first, unread ones marked, each
 * naming its prospect with a link that opens it (and marks it read). "Mark all as read" is a plain
 * form posting to /notifications/read, so it works before any script runs.
 */
import type { Hono } from "hono";
import {
  listNotifications,
  markNotificationsRead,
  notificationOf,
  type NotificationView,
} from "@/lib/services/notifications.ts";
import { useT } from "@/lib/i18n/context.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import type { AppEnv } from "@/routes/env.ts";

/** Notifications per page. */
const PAGE_SIZE = 50;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** An instant as the page shows it: date and time to the minute in the configured zone. */
const stamp = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" })
    .format(new Date(iso));

function NotificationsPage(
  { items, timeZone, older, marked }: {
    items: NotificationView[];
    timeZone: string;
    older: string | null;
    marked: boolean;
  },
) {
  const t = useT();
  const unread = items.some((n) => !n.readAt);
  return (
    <section class="max-w-3xl">
      <div class="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 class="text-xl font-bold">{t("notifications.title")}</h1>
        {unread && (
          <form method="post" action="/notifications/read">
            <button type="submit" class="btn btn-secondary" data-testid="mark-all-read">
              {t("notifications.markAllRead")}
            </button>
          </form>
        )}
      </div>
      {marked && (
        <p class="mb-3 text-sm text-emerald-800" role="status" data-testid="marked-read">
          {t("notifications.markedRead")}
        </p>
      )}
      {items.length === 0
        ? (
          <p class="card p-6 text-center text-slate-600" data-testid="notifications-empty">
            {t("notifications.empty")}
          </p>
        )
        : (
          <ul class="space-y-2" data-testid="notification-list">
            {items.map((n) => (
              <li
                key={n.id}
                class={`card flex flex-wrap items-start gap-x-3 gap-y-1 p-3 ${
                  n.readAt ? "" : "border-l-4 border-l-brand-700"
                }`}
                data-testid="notification"
                data-unread={n.readAt ? "false" : "true"}
              >
                <div class="min-w-0 flex-1">
                  <div class="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span class="rounded bg-slate-100 px-1.5 py-0.5 font-semibold">
                      {t(`notifications.categories.${n.category}`)}
                    </span>
                    <time dateTime={n.createdAt}>{stamp(n.createdAt, timeZone)}</time>
                    {!n.readAt && (
                      <span
                        class="rounded bg-brand-700 px-1.5 py-0.5 font-semibold text-white"
                        data-testid="notification-unread"
                      >
                        {t("notifications.unreadMark")}
                      </span>
                    )}
                  </div>
                  <p class={`break-words ${n.readAt ? "text-slate-700" : "font-semibold"}`}>
                    {n.text}
                  </p>
                </div>
                {n.href && (
                  <a
                    href={`/notifications/${n.id}/open`}
                    class="text-sm font-medium text-brand-700 underline"
                    data-testid="notification-open"
                  >
                    {t("notifications.open")}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      {older && (
        <p class="mt-4">
          <a
            href={`/notifications?before=${older}`}
            class="text-sm font-medium text-brand-700 underline"
          >
            {t("notifications.older")}
          </a>
        </p>
      )}
    </section>
  );
}

export function notificationPages(app: Hono<AppEnv>) {
  app.get("/notifications", async (c) => {
    const user = requirePageUser(c);
    const { kv, config } = c.get("deps");
    const asked = c.req.query("before") ?? "";
    const before = ULID.test(asked) ? asked : null;
    const items = await listNotifications(kv, user, c.get("lang"), {
      unread: false,
      limit: PAGE_SIZE,
      before,
    });
    const older = items.length === PAGE_SIZE ? items[items.length - 1].id : null;
    return renderPage(
      c,
      <NotificationsPage
        items={items}
        timeZone={config.timeZone}
        older={older}
        marked={c.req.query("marked") === "1"}
      />,
      { title: "notifications.title" },
    );
  });

  // "Mark all as read": the form's server action, then back to the list.
  app.post("/notifications/read", async (c) => {
    const user = requirePageUser(c);
    const { kv, now } = c.get("deps");
    await markNotificationsRead(kv, user, { all: true }, now());
    return c.redirect("/notifications?marked=1", 303);
  });

  // Opening a notification's prospect marks it read on the way.
  app.get("/notifications/:id/open", async (c) => {
    const user = requirePageUser(c);
    const { kv, now } = c.get("deps");
    const id = c.req.param("id");
    if (!ULID.test(id)) return c.redirect("/notifications", 303);
    const n = await notificationOf(kv, user, c.get("lang"), id);
    if (!n) return c.redirect("/notifications", 303);
    await markNotificationsRead(kv, user, { ids: [id] }, now());
    return c.redirect(n.href ?? "/notifications", 303);
  });
}
