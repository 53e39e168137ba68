/**
 * Admin user screens: /registration (the user-type chooser), /registration/user,
 * /registration/admin-user (the admin route of spec §2) and /admin/users (the user list).
 */
import type { Hono } from "hono";
import { Island } from "@/components/Island.tsx";
import RegisterUserForm, { type RegisterUserFormProps } from "@/islands/RegisterUserForm.tsx";
import { callApi, readForm, withoutPasswords } from "@/routes/pages/form_bridge.ts";
import UserList from "@/islands/UserList.tsx";
import { useT } from "@/lib/i18n/context.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageAdmin } from "@/routes/pages/guard.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";

/** The copied login details are a Swedish message whatever the screen language (spec §2). */
const copyTemplate = () => translate("sv", "register.copyMessage");
const loginUrl = (c: Ctx) => `${c.get("deps").config.appUrl}/login`;

function Chooser() {
  const t = useT();
  return (
    <section class="mx-auto max-w-xl" data-testid="user-type-chooser">
      <h1 class="mb-4 text-xl font-bold">{t("register.chooser.title")}</h1>
      <div class="grid gap-3 sm:grid-cols-2">
        <a
          href="/registration/admin-user"
          class="btn btn-secondary py-6 text-base"
          data-testid="choose-admin"
        >
          {t("register.chooser.registerAdmin")}
        </a>
        <a
          href="/registration/user"
          class="btn btn-primary py-6 text-base"
          data-testid="choose-user"
        >
          {t("register.chooser.registerUser")}
        </a>
      </div>
    </section>
  );
}

function RegisterPage({ admin, url, initial }: {
  admin: boolean;
  url: string;
  initial?: RegisterUserFormProps["initial"];
}) {
  const t = useT();
  return (
    <section class="mx-auto max-w-3xl">
      <div class="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 class="text-xl font-bold">{t(admin ? "register.adminTitle" : "register.title")}</h1>
        <nav class="flex gap-2 text-sm">
          <a
            href="/registration/admin-user"
            class={`btn ${admin ? "btn-primary" : "btn-secondary"}`}
            data-testid="chooser-admin"
          >
            {t("register.chooser.registerAdmin")}
          </a>
          <a
            href="/registration/user"
            class={`btn ${admin ? "btn-secondary" : "btn-primary"}`}
            data-testid="chooser-user"
          >
            {t("register.chooser.registerUser")}
          </a>
        </nav>
      </div>
      <div class="card p-4 sm:p-6">
        <Island
          name="RegisterUserForm"
          component={RegisterUserForm}
          props={{
            role: admin ? "ROLE_ADMIN" : "ROLE_USER",
            loginUrl: url,
            copyTemplate: copyTemplate(),
            showBack: true,
            action: admin ? "/registration/admin-user" : "/registration/user",
            initial,
          }}
        />
      </div>
    </section>
  );
}

function UsersPage(props: { currentUserId: string; loginUrl: string; copyTemplate: string }) {
  const t = useT();
  return (
    <section>
      <h1 class="mb-4 text-xl font-bold">{t("users.title")}</h1>
      <Island name="UserList" component={UserList} props={props} />
    </section>
  );
}

export function userPages(app: Hono<AppEnv>) {
  app.get("/registration", (c) => {
    requirePageAdmin(c);
    return renderPage(c, <Chooser />, { title: "register.chooser.title" });
  });
  app.get("/registration/user", (c) => {
    requirePageAdmin(c);
    return renderPage(c, <RegisterPage admin={false} url={loginUrl(c)} />, {
      title: "register.title",
    });
  });
  app.get("/registration/admin-user", (c) => {
    requirePageAdmin(c);
    return renderPage(c, <RegisterPage admin url={loginUrl(c)} />, {
      title: "register.adminTitle",
    });
  });
  // The register form's server action (it works before the island hydrates).
  for (const admin of [false, true]) {
    const path = admin ? "/registration/admin-user" : "/registration/user";
    app.post(path, async (c) => {
      requirePageAdmin(c);
      const f = await readForm(c);
      const role = f.role || (admin ? "ROLE_ADMIN" : "ROLE_USER");
      const body = { ...f, role, displayName: `${f.firstName ?? ""} ${f.lastName ?? ""}`.trim() };
      const out = await callApi(app, c, "POST", "/api/user", body);
      const initial = out.status < 300
        ? { registered: String(out.json?.email ?? f.email ?? "") }
        : { values: withoutPasswords({ ...f, role }), errors: out.errors("email") };
      return renderPage(c, <RegisterPage admin={admin} url={loginUrl(c)} initial={initial} />, {
        title: admin ? "register.adminTitle" : "register.title",
        status: out.status < 300 ? 201 : out.status,
      });
    });
  }

  app.get("/admin/users", (c) => {
    const user = requirePageAdmin(c);
    return renderPage(
      c,
      <UsersPage currentUserId={user.id} loginUrl={loginUrl(c)} copyTemplate={copyTemplate()} />,
      { title: "users.title" },
    );
  });
}
