/**
 * The full-screen identity pages: /login, /setup, /reset-password-request, /reset-password,
 * /email-redirect, /verify-email and /lock. Their forms are islands, and each password form also
 * posts to its page (method="post"), so it works before the island hydrates.
 */
import type { Hono } from "hono";
import { Island } from "@/components/Island.tsx";
import { AuthCard } from "@/components/AuthCard.tsx";
import LoginForm from "@/islands/LoginForm.tsx";
import SetupForm, { type SetupFormProps } from "@/islands/SetupForm.tsx";
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
import {
  firebaseClientConfig,
  loginAction,
  verificationEmailAction,
} from "@/routes/pages/login_action.tsx";
import { callApi, readForm, withoutPasswords } from "@/routes/pages/form_bridge.ts";
import * as auth from "@/lib/services/auth.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { httpStatus } from "@/routes/errors.ts";
import { servicesDeps } from "@/routes/api/auth.ts";

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
  signInPages(app);
  passwordPages(app);
  emailLinkPages(app);
  lockPages(app);
}

/** The notice above the sign-in form: the first admin was created, or an address confirmed. */
/** /login and /setup (the first admin). */
function signInPages(app: Hono<AppEnv>) {
  app.get("/login", (c) => {
    // Without a target, sign-in lands on "/" (staff: today's list, admins: the Prospects screen).
    const redirect = safeRedirect(c.req.query("redirect"), "/");
    // Already signed in: straight on (spec §2); a forced logout signs out before coming here.
    if (c.get("user")) return c.redirect(redirect === "/prospects" ? "/" : redirect, 302);
    // After /setup: say the admin exists (with or without JavaScript, the setup lands here);
    // after /verify-email: say the address is confirmed — in the sign-in card, above the form.
    const notice = c.req.query("setup") === "done"
      ? { key: "setup.success", testId: "setup-created" }
      : c.req.query("verified") === "1"
      ? { key: "verifyEmail.success", testId: "verified-notice" }
      : undefined;
    return fullScreen(
      c,
      "login.title",
      <Island
        name="LoginForm"
        component={LoginForm}
        props={{ redirect, initial: notice && { notice }, firebase: firebaseClientConfig(c) }}
      />,
    );
  });

  app.post("/login", loginAction);
  app.post("/login/verification-email", verificationEmailAction);

  const setupPage = async (c: Ctx, token: string, initial?: SetupFormProps["initial"]) => {
    const { kv, config, now } = c.get("deps");
    const valid = await isSetupTokenValid({ kv, config, now }, token);
    return fullScreen(
      c,
      "setup.title",
      <Titled title="setup.title" testId="setup-card">
        {valid
          ? <Island name="SetupForm" component={SetupForm} props={{ token, initial }} />
          : <Message text="setup.invalidToken" link="/login" linkText="login.title" />}
      </Titled>,
      valid ? (initial?.errors ? 400 : 200) : 400,
    );
  };

  app.get("/setup", (c) => setupPage(c, c.req.query("token") ?? ""));

  app.post("/setup", async (c) => {
    const f = await readForm(c);
    const token = f.token ?? "";
    const out = await callApi(app, c, "POST", "/api/setup", { ...f, token });
    if (out.status < 300) return c.redirect("/login?setup=done", 303);
    return await setupPage(c, token, {
      values: withoutPasswords(f),
      errors: out.errors("email"),
    });
  });
}

/** Forgotten password: request a link, then set a new password. */
function passwordPages(app: Hono<AppEnv>) {
  app.get("/reset-password-request", (c) =>
    fullScreen(
      c,
      "resetPasswordRequest.title",
      <Titled title="resetPasswordRequest.title">
        <Island name="ResetPasswordRequestForm" component={ResetPasswordRequestForm} props={{}} />
      </Titled>,
    ));

  const resetPage = async (
    c: Ctx,
    mode: string,
    oobCode: string,
    errors?: Record<string, string>,
    status = 200,
  ) => {
    // The code is checked here (not used up), so the form works before the island hydrates.
    const email = mode === "resetPassword" && oobCode
      ? await auth.checkPasswordResetCode(servicesDeps(c), oobCode.slice(0, 200))
        .then((r) => r.email, () => null)
      : null;
    return fullScreen(
      c,
      "resetPassword.title",
      <Titled title="resetPassword.title">
        <Island
          name="ResetPasswordForm"
          component={ResetPasswordForm}
          props={{ mode: email ? mode : "", oobCode, email, errors }}
        />
      </Titled>,
      status,
    );
  };

  app.get(
    "/reset-password",
    (c) => resetPage(c, c.req.query("mode") ?? "", c.req.query("oobCode") ?? ""),
  );

  app.post("/reset-password", async (c) => {
    const f = await readForm(c);
    const password = f.password ?? "";
    const out = await callApi(app, c, "POST", "/api/auth/password-reset/confirm", {
      oobCode: f.oobCode ?? "",
      password,
      repeatPassword: f.repeatPassword ?? "",
    });
    if (out.status === 200) {
      // Spec §7: tell the backend the recovery is complete, as the island does.
      await callApi(app, c, "POST", "/api/password-recovery-confirmation", {
        email: out.json?.email,
        password,
      });
      return c.redirect("/login", 303);
    }
    return await resetPage(c, f.mode ?? "", f.oobCode ?? "", out.errors("password"), out.status);
  });
}

/** The e-mail links: the redirect and the address check. */
function emailLinkPages(app: Hono<AppEnv>) {
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

  // The verify button before hydration: apply the code, then sign-in says it worked.
  app.post("/verify-email", async (c) => {
    const form = await readForm(c, 200);
    try {
      await auth.verifyEmail(servicesDeps(c), form.oobCode ?? "");
      return c.redirect("/login?verified=1", 303);
    } catch (e) {
      if (!(e instanceof DomainError) || httpStatus(e) >= 500) throw e;
      return fullScreen(
        c,
        "verifyEmail.title",
        <Titled title="verifyEmail.title">
          <Message text="verifyEmail.invalidActionCode" link="/login" linkText="login.title" />
        </Titled>,
        400,
      );
    }
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
}

/** The lock screen. */
function lockPages(app: Hono<AppEnv>) {
  const lockPage = (c: Ctx, error?: string, status = 200) => {
    const user = requirePageUser(c);
    return fullScreen(
      c,
      "lock.title",
      <Titled title="lock.title">
        <Island name="LockForm" component={LockForm} props={{ email: user.email, error }} />
      </Titled>,
      status,
    );
  };

  app.get("/lock", (c) => lockPage(c));

  app.post("/lock", async (c) => {
    requirePageUser(c);
    const f = await readForm(c);
    const out = await callApi(app, c, "POST", "/api/auth/unlock", { password: f.password ?? "" });
    if (out.status === 200) return c.redirect("/", 303);
    const errs = out.errors("email");
    return lockPage(c, errs.email ?? errs.password ?? Object.values(errs)[0], out.status);
  });
}
