/** The HTML document and the application shell of spec §2 (header, side navigation, version). */
import type { ComponentChildren } from "preact";
import { Island } from "@/components/Island.tsx";
import {
  IconChart,
  IconList,
  IconMail,
  IconPhone,
  IconSettings,
  IconUserPlus,
  IconUsers,
  IconWebhook,
} from "@/components/Icons.tsx";
import MenuToggle from "@/islands/MenuToggle.tsx";
import RequestLoader from "@/islands/RequestLoader.tsx";
import Toaster from "@/islands/Toaster.tsx";
import LogoutButton from "@/islands/LogoutButton.tsx";
import NotificationBell from "@/islands/NotificationBell.tsx";
import { I18nContext, type I18nValue } from "@/lib/i18n/context.ts";
import { APP_VERSION } from "@/lib/domain/statuses.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";

export interface LayoutProps {
  title: string;
  i18n: I18nValue;
  /** The serialized {lang, dict} for the client (cached per language). */
  i18nJson: string;
  assets: { entry: string | null; css: string | null };
  user: SessionUser | null;
  path: string;
  /** 0 hidden, 1 full, 2 short. */
  menu: number;
  /** Login and reset pages hide the shell. */
  fullScreen?: boolean;
  showOutbox?: boolean;
  /** The signed-in user's unread notifications (the bell's count before hydration). */
  unread?: number;
  children: ComponentChildren;
}

interface NavItem {
  href: string;
  label: string;
  icon: () => preact.JSX.Element;
  testId: string;
}

export function Layout(p: LayoutProps) {
  const { t, lang } = p.i18n;
  const nav: NavItem[] = [
    { href: "/today", label: t("nav.today"), icon: IconPhone, testId: "nav-today" },
    { href: "/prospects", label: t("nav.prospects"), icon: IconList, testId: "nav-prospects" },
    { href: "/reports", label: t("nav.reports"), icon: IconChart, testId: "nav-reports" },
    { href: "/settings", label: t("nav.settings"), icon: IconSettings, testId: "nav-settings" },
  ];
  if (isAdmin(p.user)) {
    nav.unshift({
      href: "/overview",
      label: t("nav.overview"),
      icon: IconChart,
      testId: "nav-overview",
    });
    nav.push({
      href: "/registration/user",
      label: t("nav.registerUser"),
      icon: IconUserPlus,
      testId: "nav-register",
    });
    nav.push({ href: "/admin/users", label: t("nav.users"), icon: IconUsers, testId: "nav-users" });
    nav.push({
      href: "/admin/webhooks",
      label: t("nav.webhooks"),
      icon: IconWebhook,
      testId: "nav-webhooks",
    });
    if (p.showOutbox) {
      nav.push({ href: "/outbox", label: t("nav.outbox"), icon: IconMail, testId: "nav-outbox" });
    }
  }
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${p.title} · Klubbleads`}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {p.assets.css && <link rel="stylesheet" href={p.assets.css} />}
        {p.assets.entry && <script type="module" src={p.assets.entry} />}
        <script
          type="application/json"
          id="i18n-data"
          dangerouslySetInnerHTML={{ __html: p.i18nJson }}
        />
      </head>
      <body data-menu={String(p.menu)} class="min-h-screen">
        <I18nContext.Provider value={p.i18n}>
          <a
            href="#main"
            class="sr-only z-[60] rounded-md bg-white px-3 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
            data-testid="skip-link"
          >
            {t("ux.skipToContent")}
          </a>
          {p.fullScreen
            ? <main id="main" tabIndex={-1} class="min-h-screen">{p.children}</main>
            : (
              <div class="flex min-h-screen flex-col">
                <header class="sticky top-0 z-30 flex h-14 items-center gap-2 bg-brand-700 px-2 text-white shadow">
                  <Island
                    name="MenuToggle"
                    component={MenuToggle}
                    props={{ menu: p.menu, userId: p.user?.id ?? null }}
                  />
                  <a
                    href="/"
                    class="flex items-center gap-2 px-1 text-lg font-bold tracking-tight"
                    data-testid="brand"
                  >
                    <span class="grid h-8 w-8 place-items-center rounded-md bg-white text-sm font-black text-brand-700">
                      KL
                    </span>
                    <span class="hidden sm:inline">Klubbleads</span>
                  </a>
                  <Island name="RequestLoader" component={RequestLoader} props={{}} class="ml-2" />
                  <div class="ml-auto flex items-center gap-2 text-sm">
                    {p.user && (
                      <span
                        class="hidden truncate text-white/90 md:inline"
                        data-testid="user-email"
                      >
                        {p.user.email}
                      </span>
                    )}
                    {p.user && (
                      <Island
                        name="NotificationBell"
                        component={NotificationBell}
                        props={{ count: p.unread ?? 0 }}
                      />
                    )}
                    {p.user && <Island name="LogoutButton" component={LogoutButton} props={{}} />}
                  </div>
                </header>
                <div class="flex flex-1">
                  <SideNav items={nav} path={p.path} t={t} />
                  <main
                    id="main"
                    tabIndex={-1}
                    class="min-w-0 flex-1 p-3 focus:outline-none sm:p-5"
                  >
                    {p.children}
                  </main>
                </div>
              </div>
            )}
          <Island name="Toaster" component={Toaster} props={{}} />
        </I18nContext.Provider>
      </body>
    </html>
  );
}

/** The side menu: a link per screen, the current one marked; the version at the foot. */
function SideNav({ items, path, t }: { items: NavItem[]; path: string; t: (k: string) => string }) {
  const active = (href: string) =>
    path === href || path.startsWith(href + "/") || (href === "/prospects" && path === "/");
  return (
    <nav
      class="side-nav flex shrink-0 flex-col border-r border-slate-200 bg-white"
      aria-label={t("nav.label")}
      data-testid="side-nav"
    >
      <ul class="flex-1 py-2">
        {items.map((item) => (
          <li key={item.href}>
            <a
              href={item.href}
              data-testid={item.testId}
              title={item.label}
              aria-current={active(item.href) ? "page" : undefined}
              class={`mx-2 my-0.5 flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                active(item.href)
                  ? "bg-brand-50 text-brand-700"
                  : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              <item.icon />
              <span class="nav-label">{item.label}</span>
            </a>
          </li>
        ))}
      </ul>
      <div class="px-4 py-3 text-xs text-slate-600" data-testid="version">
        <span class="nav-label">{`${t("nav.version")} `}</span>
        {APP_VERSION}
      </div>
    </nav>
  );
}
