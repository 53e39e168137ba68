/**
 * /settings: tabs Profile, Choose club and, for admins, Admin, Clubs, Market projects, District.
 * Tabs are links (?tab=…); the server renders the active tab's island with its data.
 */
import type { Hono } from "hono";
import type { ComponentChildren } from "preact";
import { Island } from "@/components/Island.tsx";
import {
  listClubs,
  listDistricts,
  notificationCategoriesIn,
  subscribedClubIds,
  visibleProjects,
} from "@/lib/services/reference.ts";
import { getAdminSettings, getTimeSettings } from "@/lib/services/settings.ts";
import { getProfile } from "@/lib/services/users.ts";
import {
  channelsOf,
  INBOX_CATEGORIES,
  isAdmin,
  type NotificationChannels,
} from "@/lib/domain/user.ts";
import { NotificationChannelsForm } from "@/components/NotificationChannelsForm.tsx";
import { localDate } from "@/lib/domain/reference_rules.ts";
import { useT } from "@/lib/i18n/context.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import { forbidden } from "@/lib/domain/errors.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";
import ProfileTab from "@/islands/settings/ProfileTab.tsx";
import ChangePasswordForm, {
  type ChangePasswordFormProps,
} from "@/islands/settings/ChangePasswordForm.tsx";
import { callApi, readForm } from "@/routes/pages/form_bridge.ts";
import { PrivacyPanel, RetentionPanel } from "@/components/PrivacyPanels.tsx";
import { findDataSubject } from "@/lib/services/privacy.ts";
import ChooseClubTab from "@/islands/settings/ChooseClubTab.tsx";
import AdminTab from "@/islands/settings/AdminTab.tsx";
import ClubsTab from "@/islands/settings/ClubsTab.tsx";
import AssignmentPanel from "@/islands/settings/AssignmentPanel.tsx";
import MarketProjectsTab from "@/islands/settings/MarketProjectsTab.tsx";
import DistrictsTab from "@/islands/settings/DistrictsTab.tsx";

export const SETTINGS_TABS = [
  { id: "profile", label: "settings.tabs.profile", admin: false },
  { id: "chooseClub", label: "settings.tabs.chooseClub", admin: false },
  { id: "admin", label: "settings.tabs.admin", admin: true },
  { id: "clubs", label: "settings.tabs.clubs", admin: true },
  { id: "marketProjects", label: "settings.tabs.marketProjects", admin: true },
  { id: "districts", label: "settings.tabs.districts", admin: true },
  { id: "privacy", label: "settings.tabs.privacy", admin: true },
] as const;
type TabId = (typeof SETTINGS_TABS)[number]["id"];

function SettingsPage(
  { tabs, active, children }: {
    tabs: (typeof SETTINGS_TABS)[number][];
    active: TabId;
    children: ComponentChildren;
  },
) {
  const t = useT();
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-bold">{t("settings.title")}</h1>
      <nav
        class="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1"
        aria-label={t("settings.title")}
      >
        {tabs.map((tab) => (
          <a
            key={tab.id}
            href={`/settings?tab=${tab.id}`}
            data-testid={`tab-${tab.id}`}
            aria-current={tab.id === active ? "page" : undefined}
            class={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
              tab.id === active
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {t(tab.label)}
          </a>
        ))}
      </nav>
      <div data-testid={`panel-${active}`}>{children}</div>
    </section>
  );
}

interface TabExtras {
  password?: ChangePasswordFormProps["initial"];
  retention?: {
    preview: { days: number; count: number } | null;
    saved: boolean;
    error: string | null;
  };
  privacy?: { erased: number | null; error: string | null };
  channels?: { value: NotificationChannels; saved: boolean; error: string | null };
}

/** The Profile tab: the profile island, the notification choices and the password form. */
async function profileTab(c: Ctx, extras: TabExtras) {
  const password = extras.password;
  const { kv, config, now } = c.get("deps");
  const user = c.get("user")!;
  const lang = c.get("lang");
  const profile = await getProfile({ kv, config, now }, user, user.id);
  const categories = await notificationCategoriesIn(kv, lang);
  const props = {
    user: {
      id: profile.id,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      mobile: profile.mobile,
      notificationCategoryId: profile.notificationCategoryId,
      dailyReportSubscription: profile.dailyReportSubscription,
      version: (profile as { version?: string }).version,
    },
    categories,
    language: c.get("userSettings")?.language ?? lang,
    away: c.get("userSettings")?.away ?? false,
  };
  return (
    <>
      <Island name="ProfileTab" component={ProfileTab} props={props} />
      <NotificationChannelsForm
        channels={extras.channels?.value ??
          channelsOf(c.get("userSettings")?.notifications)}
        saved={extras.channels?.saved ?? false}
        error={extras.channels?.error ?? null}
      />
      <Island
        name="ChangePasswordForm"
        component={ChangePasswordForm}
        props={{ userId: user.id, initial: password }}
      />
    </>
  );
}

async function tabContent(c: Ctx, tab: TabId, extras: TabExtras = {}) {
  const { kv, config, now } = c.get("deps");
  const user = c.get("user")!;
  const lang = c.get("lang");
  switch (tab) {
    case "profile":
      return await profileTab(c, extras);
    case "chooseClub": {
      const [clubs, districts, subscribed] = await Promise.all([
        listClubs(kv),
        listDistricts(kv),
        subscribedClubIds(kv, user.id),
      ]);
      const on = new Set(subscribed);
      const props = {
        userId: user.id,
        clubs: clubs.map((x) => ({ ...x, checked: on.has(x.clubId) })),
        districts,
      };
      return <Island name="ChooseClubTab" component={ChooseClubTab} props={props} />;
    }
    case "admin": {
      const [adminSettings, rows] = await Promise.all([getAdminSettings(kv), getTimeSettings(kv)]);
      const timeSettings = rows.map((r) => ({
        ...r,
        sellStatusName: translate(lang, `sellStatus.${r.sellStatus}`),
      }));
      const r = extras.retention;
      return (
        <>
          <Island
            name="AdminTab"
            component={AdminTab}
            props={{ adminSettings, timeSettings }}
          />
          <RetentionPanel
            days={adminSettings.retentionDays ?? 365}
            preview={r?.preview ?? null}
            saved={r?.saved ?? false}
            error={r?.error ?? null}
          />
        </>
      );
    }
    case "clubs": {
      const [clubs, districts] = await Promise.all([listClubs(kv), listDistricts(kv)]);
      const named = clubs.map((cl) => ({ clubId: cl.clubId, name: cl.name }));
      return (
        <>
          <Island name="ClubsTab" component={ClubsTab} props={{ clubs, districts }} />
          <Island name="AssignmentPanel" component={AssignmentPanel} props={{ clubs: named }} />
        </>
      );
    }
    case "marketProjects": {
      const projects = await visibleProjects(kv, user);
      const today = localDate(now(), config.timeZone);
      return (
        <Island
          name="MarketProjectsTab"
          component={MarketProjectsTab}
          props={{ projects, today }}
        />
      );
    }
    case "privacy": {
      const email = (c.req.query("email") ?? "").slice(0, 254);
      const phone = (c.req.query("phone") ?? "").slice(0, 40);
      const searched = !!(email.trim() || phone.trim());
      const records = searched
        ? await findDataSubject({ kv, config, now: now(), user }, { email, phone })
        : [];
      const asked = c.req.query("search") !== undefined && !searched;
      return (
        <PrivacyPanel
          email={email}
          phone={phone}
          searched={searched}
          records={records}
          erased={extras.privacy?.erased ?? null}
          error={extras.privacy?.error ?? (asked ? translate(lang, "privacy.needQuery") : null)}
        />
      );
    }
    case "districts": {
      const districts = await listDistricts(kv);
      return <Island name="DistrictsTab" component={DistrictsTab} props={{ districts }} />;
    }
  }
}

/** The notification choices form's action: every category's two boxes as one PATCH. */
async function saveChannels(
  app: Hono<AppEnv>,
  c: Ctx,
  userId: string,
  f: Record<string, string>,
) {
  const body = Object.fromEntries(
    INBOX_CATEGORIES.map((
      k,
    ) => [k, { email: f[`${k}.email`] === "on", sms: f[`${k}.sms`] === "on" }]),
  );
  const out = await callApi(
    app,
    c,
    "PATCH",
    `/api/users/${encodeURIComponent(userId)}/settings/notifications`,
    body,
  );
  const ok = out.status === 200;
  return {
    value: channelsOf(ok ? out.json?.notifications : c.get("userSettings")?.notifications),
    saved: ok,
    error: ok ? null : String(out.json?.message ?? ""),
    status: out.status,
  };
}

export function settingsPages(app: Hono<AppEnv>) {
  // The change-password form's server action (it works before the island hydrates).
  app.post("/settings", async (c) => {
    const user = requirePageUser(c);
    const f = await readForm(c);
    const tabs = SETTINGS_TABS.filter((tab) => isAdmin(user) || !tab.admin);
    const page = async (active: TabId, extras: TabExtras, status = 200) =>
      renderPage(
        c,
        <SettingsPage tabs={tabs} active={active}>
          {await tabContent(c, active, extras)}
        </SettingsPage>,
        { title: "settings.title", status },
      );
    const lang = c.get("lang");
    if (f.form === "retention" && isAdmin(user)) {
      const days = f.retentionDays ?? "";
      if (f.action === "preview") {
        const out = await callApi(
          app,
          c,
          "GET",
          `/api/admin/retention/preview?days=${encodeURIComponent(days)}`,
          undefined,
        );
        if (out.status !== 200) {
          return await page("admin", {
            retention: { preview: null, saved: false, error: out.errors("days").days ?? null },
          }, out.status);
        }
        return await page("admin", {
          retention: {
            preview: { days: Number(days), count: out.json!.count },
            saved: false,
            error: null,
          },
        });
      }
      const current = await callApi(app, c, "GET", "/api/admin-settings", undefined);
      const out = await callApi(app, c, "PUT", `/api/admin-settings/${current.json?.id}`, {
        retentionDays: days,
      });
      return await page("admin", {
        retention: {
          preview: null,
          saved: out.status === 200,
          error: out.status === 200 ? null : out.errors("retentionDays").retentionDays ?? null,
        },
      }, out.status === 200 ? 200 : out.status);
    }
    if (f.form === "erase" && isAdmin(user)) {
      const ids =
        ((await c.req.parseBody({ all: true }).catch(() => ({}))) as Record<string, unknown>)
          .id;
      const list = (Array.isArray(ids) ? ids : ids ? [ids] : []).filter((x): x is string =>
        typeof x === "string"
      ).slice(0, 500);
      if (f.confirm !== "yes") {
        return await page("privacy", {
          privacy: { erased: null, error: translate(lang, "privacy.needConfirm") },
        }, 400);
      }
      let erased = 0;
      for (const id of list) {
        const out = await callApi(
          app,
          c,
          "POST",
          `/api/prospects/${encodeURIComponent(id)}/erase`,
          {},
        );
        if (out.status === 200) erased++;
      }
      return await page("privacy", { privacy: { erased, error: null } });
    }
    if (f.form === "notifications") {
      const channels = await saveChannels(app, c, user.id, f);
      return await page("profile", { channels }, channels.saved ? 200 : channels.status);
    }
    if (f.form !== "changePassword") return c.redirect("/settings", 303);
    const out = await callApi(app, c, "PUT", `/api/users/${encodeURIComponent(user.id)}`, {
      currentPassword: f.currentPassword ?? "",
      password: f.password ?? "",
      repeatPassword: f.repeatPassword ?? "",
    });
    const initial = out.status === 200 ? { done: true } : { errors: out.errors("currentPassword") };
    return await page("profile", { password: initial }, out.status === 200 ? 200 : out.status);
  });

  app.get("/settings", async (c) => {
    const user = requirePageUser(c);
    const admin = isAdmin(user);
    const tabs = SETTINGS_TABS.filter((tab) => admin || !tab.admin);
    const asked = c.req.query("tab") ?? "profile";
    const known = SETTINGS_TABS.find((tab) => tab.id === asked);
    if (known?.admin && !admin) throw forbidden();
    const active: TabId = known?.id ?? "profile";
    const content = await tabContent(c, active);
    return renderPage(
      c,
      <SettingsPage tabs={tabs} active={active}>{content}</SettingsPage>,
      { title: "settings.title" },
    );
  });
}
