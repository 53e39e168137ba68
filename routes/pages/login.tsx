/**
 * The full-screen identity pages: /login, /setup, /reset-password-request, /reset-password,
 * /email-redirect, /verify-email and /lock. Their forms are islands; the server only guards.
 */
import type { Hono } from "hono";
import { Island } from "@/components/Island.tsx";
import { AuthCard } from "@/components/AuthCard.tsx";
import LoginForm from "@/islands/LoginForm.tsx";
import SetupForm from "@/islands/SetupForm.tsx";
import ResetPasswordRequestForm from "@/islands/ResetPasswordRequestForm.tsx";
import ResetPasswordForm from "@/islands/ResetPasswordForm.tsx";
import VerifyEmailAction from "@/islands/VerifyEmailAction.tsx";
import LockForm from "@/islands/LockForm.tsx";
import { useT } from "@/lib/i18n/context.ts";
import { isSetupTokenValid } from "@/lib/services/auth.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import { emailRedirectTarget, safeRedirect } from "@/lib/domain/auth_rules.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";
import { loginAction } from "@/routes/pages/login_action.tsx";

const fullScreen = (c: Ctx, title: string, body: preact.ComponentChildren, status = 200) =>
  renderPage(c, body, { title, fullScreen: true, status });

function Titled({ title, children, testId }: {
  title: string;
  children: preact.ComponentChildren;
  testId?: string;
}) {
  const t = useT();
  return <AuthCard title={t(title)} testId={testId}>{children}</AuthCard>;
}

function Message({ text, link, linkText }: { text: string; link: string; linkText: string }) {
  const t = useT();
  return (
    <div>
      <p class="rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert">{t(text)}</p>
      <p class="mt-4 text-center text-sm">
        <a href={link} class="text-brand-600 hover:underline">{t(linkText)}</a>
      </p>
    </div>
  );
}

export function loginPages(app: Hono<AppEnv>) {
  app.get("/login", (c) => {
    const redirect = safeRedirect(c.req.query("redirect"));
    // Already signed in: straight on (spec §2); a forced logout signs out before coming here.
    if (c.get("user")) return c.redirect(redirect === "/prospects" ? "/" : redirect, 302);
    return fullScreen(
      c,
      "login.title",
      <Island name="LoginForm" component={LoginForm} props={{ redirect }} />,
    );
  });

  app.post("/login", loginAction);

  app.get("/setup", async (c) => {
    const token = c.req.query("token") ?? "";
    const { kv, config, now } = c.get("deps");
    const valid = await isSetupTokenValid({ kv, config, now }, token);
    return fullScreen(
      c,
      "setup.title",
      <Titled title="setup.title" testId="setup-card">
        {valid
          ? <Island name="SetupForm" component={SetupForm} props={{ token }} />
          : <Message text="setup.invalidToken" link="/login" linkText="login.title" />}
      </Titled>,
      valid ? 200 : 400,
    );
  });

  app.get("/reset-password-request", (c) =>
    fullScreen(
      c,
      "resetPasswordRequest.title",
      <Titled title="resetPasswordRequest.title">
        <Island name="ResetPasswordRequestForm" component={ResetPasswordRequestForm} props={{}} />
      </Titled>,
    ));

  app.get("/reset-password", (c) => {
    const mode = c.req.query("mode") ?? "";
    const oobCode = c.req.query("oobCode") ?? "";
    return fullScreen(
      c,
      "resetPassword.title",
      <Titled title="resetPassword.title">
        <Island name="ResetPasswordForm" component={ResetPasswordForm} props={{ mode, oobCode }} />
      </Titled>,
    );
  });

  app.get("/email-redirect", (c) => {
    const target = emailRedirectTarget(c.req.query("mode") ?? null, c.req.query("oobCode") ?? null);
    if (target) return c.redirect(target, 302);
    return fullScreen(
      c,
      "emailRedirect.title",
      <Titled title="emailRedirect.title">
        <Message text="emailRedirect.invalidLink" link="/login" linkText="login.title" />
      </Titled>,
      400,
    );
  });

  app.get("/verify-email", (c) => {
    const oobCode = c.req.query("oobCode") ?? "";
    return fullScreen(
      c,
      "verifyEmail.title",
      <Titled title="verifyEmail.title">
        <Island name="VerifyEmailAction" component={VerifyEmailAction} props={{ oobCode }} />
      </Titled>,
    );
  });

  app.get("/lock", (c) => {
    const user = requirePageUser(c);
    return fullScreen(
      c,
      "lock.title",
      <Titled title="lock.title">
        <Island name="LockForm" component={LockForm} props={{ email: user.email }} />
      </Titled>,
    );
  });
}
