/**
 * POST /login: the sign-in form's server action, so signing in works before (or without) the
 * island's JavaScript: e-mail + password, then the MFA enrol and code steps, each a plain form
 * post. Success sets the session cookies and answers 303 to the (same-origin) redirect target;
 * an error re-renders the form with the message under its field, as the island shows it.
 */
import type { Context } from "hono";
import { Island } from "@/components/Island.tsx";
import LoginForm, { type LoginFormProps, type LoginStep } from "@/islands/LoginForm.tsx";
import type { FirebaseClientConfig } from "@/lib/client/firebase_auth.ts";
import type { Ctx } from "@/routes/env.ts";
import { MFA_MIN_CODE_LENGTH, safeRedirect } from "@/lib/domain/auth_rules.ts";
import { EMAIL_RE } from "@/lib/domain/formats.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { httpStatus, retryAfterOf } from "@/routes/errors.ts";
import { compactMobile, MOBILE_RE, normalizeMobileInput } from "@/lib/domain/user.ts";
import { translate } from "@/lib/i18n/mod.ts";
import * as auth from "@/lib/services/auth.ts";
import { requestVerificationEmail } from "@/lib/services/users.ts";
import { clientAddress, servicesDeps } from "@/routes/api/auth.ts";
import { setSessionCookies } from "@/routes/cookies.ts";
import { renderPage } from "@/routes/render.tsx";
import type { AppEnv } from "@/routes/env.ts";

type Form = Record<string, string | File | (string | File)[]>;

const field = (form: Form, name: string, max = 512): string => {
  const v = form[name];
  return typeof v === "string" ? v.slice(0, max) : "";
};

export async function loginAction(c: Context<AppEnv>) {
  const form: Form = await c.req.parseBody().catch(() => ({}));
  const redirect = safeRedirect(field(form, "redirect", 2048), "/");
  const lang = c.get("lang") ?? "sv";
  const tr = (key: string) => translate(lang, key);
  const deps = servicesDeps(c);
  const email = field(form, "email", 320).trim();
  const mfaSession = field(form, "mfaSession", 200);

  const render = (initial: LoginFormProps["initial"], status = 200) =>
    renderPage(
      c,
      <Island
        name="LoginForm"
        component={LoginForm}
        props={{ redirect, initial, firebase: firebaseClientConfig(c) }}
      />,
      { title: "login.title", fullScreen: true, status },
    );
  const signedIn = (tokens: Parameters<typeof setSessionCookies>[2]) => {
    setSessionCookies(c, c.get("deps").config, tokens);
    return c.redirect(redirect, 303);
  };
  const codeStep = (phoneHint: string | null, enrolling: boolean): LoginStep => ({
    kind: "code",
    mfaSession,
    phoneHint,
    enrolling,
  });

  const step = field(form, "step") || "credentials";
  try {
    if (step === "enroll") {
      const phone = normalizeMobileInput(field(form, "phone", 40));
      if (!MOBILE_RE.test(phone)) {
        return render({
          step: { kind: "enroll", mfaSession },
          errors: { phone: tr("validation.mobile") },
        }, 400);
      }
      const out = await auth.enrollMfa(deps, mfaSession, compactMobile(phone));
      return render({ step: codeStep(out.phoneHint, true) });
    }
    if (step === "code") {
      const enrolling = field(form, "enrolling") === "true";
      if (field(form, "action") === "resend") {
        const out = await auth.resendMfaCode(deps, mfaSession);
        return render({ step: codeStep(out.phoneHint, enrolling) });
      }
      const code = field(form, "code", 20).replace(/\s+/g, "");
      if (code.length < MFA_MIN_CODE_LENGTH) {
        return render({
          step: codeStep(null, enrolling),
          errors: { code: tr("mfa.errors.wrongCode") },
        }, 400);
      }
      return signedIn((await auth.verifyMfa(deps, mfaSession, code)).tokens);
    }
    const password = field(form, "password", 256);
    const errors: Record<string, string> = {};
    if (!EMAIL_RE.test(email)) errors.email = tr("validation.email");
    if (!password) errors.password = tr("validation.required");
    if (Object.keys(errors).length) return render({ email, errors }, 400);
    const out = await auth.signIn(deps, { email, password, address: clientAddress(c) });
    if (out.kind !== "mfa") return signedIn(out.tokens);
    return render({
      step: out.stage === "enroll"
        ? { kind: "enroll", mfaSession: out.mfaSession }
        : { kind: "code", mfaSession: out.mfaSession, phoneHint: out.phoneHint, enrolling: false },
    });
  } catch (e) {
    if (!(e instanceof DomainError) || httpStatus(e) >= 500) throw e;
    const status = httpStatus(e);
    const message = tr(e.messageKey);
    const mfaOver = e.code === "MFA_INVALID_SESSION" || status === 429;
    if (step === "credentials" || mfaOver) {
      const errors: Record<string, string> = { email: message };
      if (e.code === "EMAIL_NOT_VERIFIED") errors.unverified = "1";
      return render({ email, errors }, status);
    }
    if (step === "enroll") {
      return render({ step: { kind: "enroll", mfaSession }, errors: { phone: message } }, status);
    }
    return render({
      step: codeStep(null, field(form, "enrolling") === "true"),
      errors: { code: message },
    }, status);
  }
}

/** What the browser's Firebase SDK needs (AUTH_PROVIDER=firebase), else undefined. */
export function firebaseClientConfig(c: Ctx): FirebaseClientConfig | undefined {
  const { config } = c.get("deps");
  const f = config.firebase;
  if (config.authProvider !== "firebase" || !f) return undefined;
  return {
    apiKey: f.apiKey,
    projectId: f.projectId,
    emulatorUrl: f.emulatorHost ? `http://${f.emulatorHost}` : undefined,
    mfa: config.mfaMode === "required",
  };
}

/**
 * POST /login/verification-email: the sign-in card's "new link" form. Every address gets the same
 * notice (requestVerificationEmail tells no one whether an account exists); over the cap, 429 with
 * Retry-After and the message under the e-mail field.
 */
export async function verificationEmailAction(c: Context<AppEnv>) {
  const form: Form = await c.req.parseBody().catch(() => ({}));
  const redirect = safeRedirect(field(form, "redirect", 2048), "/");
  const email = field(form, "email", 320).trim();
  const tr = (key: string) => translate(c.get("lang") ?? "sv", key);
  const page = (initial: LoginFormProps["initial"], status = 200) =>
    renderPage(
      c,
      <Island
        name="LoginForm"
        component={LoginForm}
        props={{ redirect, initial, firebase: firebaseClientConfig(c) }}
      />,
      { title: "login.title", fullScreen: true, status },
    );
  if (!EMAIL_RE.test(email)) {
    return page({ email, errors: { email: tr("validation.email") } }, 400);
  }
  try {
    await requestVerificationEmail(servicesDeps(c), email);
    return page({ email, notice: { key: "login.verificationSent", testId: "verification-sent" } });
  } catch (e) {
    if (!(e instanceof DomainError) || httpStatus(e) >= 500) throw e;
    if (e.kind === "too_many") c.header("Retry-After", String(retryAfterOf(e)));
    return page({ email, errors: { email: tr(e.messageKey) } }, httpStatus(e));
  }
}
