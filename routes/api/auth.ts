/**
 * The sign-in contract of DESIGN §5: /api/auth/sign-in, MFA enrol/verify, refresh, sign-out,
 * e-mail verification, password reset; plus /api/auth/me, the lock screen and first-admin setup.
 */
import { z } from "zod";
import { getCookie } from "hono/cookie";
import * as auth from "@/lib/services/auth.ts";
import { requestVerificationEmail, signedInUser } from "@/lib/services/users.ts";
import { HttpError } from "@/routes/errors.ts";
import {
  adminSetupSchema,
  compactMobile,
  emailSchema,
  mobileSchema,
  passwordSchema,
  publicUser,
  publicUserSchema,
  userSettingsSchema,
} from "@/lib/domain/user.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { Ctx } from "@/routes/env.ts";
import { clearSessionCookies, cookieNames, setSessionCookies } from "@/routes/cookies.ts";

/**
 * The client address for the brute-force counters: the TCP peer as Deno.serve reports it.
 * (Behind a proxy every client shares the proxy's address; the per-account limit still holds.)
 */
export function clientAddress(c: Ctx): string {
  const env = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return env?.remoteAddr?.hostname ?? "local";
}

export const servicesDeps = (c: Ctx) => {
  const { kv, config, now } = c.get("deps");
  return { kv, config, now };
};

const okSchema = z.object({ ok: z.literal(true) });
const userOut = z.object({ user: publicUserSchema });
const oobCode = z.string({ message: "validation.required" }).trim().min(1, "validation.required")
  .max(200, "common.invalidActionCode");
const mfaSession = z.string().max(200).default("");

export function authRoutes(r: ApiRouter) {
  tokenRoutes(r);
  signInRoutes(r);
  sessionRoutes(r);
  emailLinkRoutes(r);
  accountRoutes(r);
}

/** Firebase's session exchange and custom tokens for scripts. */
function tokenRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/auth/firebase-session",
    access: "public",
    tag: "auth",
    summary:
      "AUTH_PROVIDER=firebase: exchange the browser's Firebase ID token (after its sign-in and MFA) for our session cookies; 401 for a token that is not valid, 403 EMAIL_NOT_VERIFIED",
    body: z.object({ idToken: z.string().min(1).max(8192) }),
    response: okSchema,
    handler: async (c, { body }) => {
      const tokens = await auth.exchangeFirebaseToken(servicesDeps(c), body.idToken);
      setSessionCookies(c, c.get("deps").config, tokens);
      return { ok: true as const };
    },
  });

  r.add({
    method: "post",
    path: "/api/auth-token",
    access: "user",
    tag: "auth",
    summary:
      "A custom token of the identity provider for a user (spec §7; body: the user record — its id or uid): a user for itself, an admin for anyone; signInWithCustomToken accepts it. 400 NOT_SUPPORTED with the embedded provider",
    body: z.looseObject({ id: z.string().max(64).optional(), uid: z.string().max(64).optional() }),
    response: z.object({ customToken: z.string() }),
    handler: async (c, { body, user }) =>
      await auth.authToken(servicesDeps(c), user!, body.id ?? body.uid ?? user!.id),
  });
}

/** Sign-in with password, then the SMS step (spec §4). */
function signInRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/auth/sign-in",
    access: "public",
    tag: "auth",
    summary: "Sign in with e-mail and password (then MFA when required)",
    body: z.object({
      email: emailSchema,
      password: z.string({ message: "validation.required" }).min(1, "validation.required").max(
        256,
        "validation.invalidValue",
      ),
    }),
    response: z.union([
      userOut,
      z.object({
        mfa: z.enum(["enroll", "challenge"]),
        mfaSession: z.string(),
        phoneHint: z.string().nullable(),
      }),
    ]),
    handler: async (c, { body }) => {
      const out = await auth.signIn(servicesDeps(c), { ...body, address: clientAddress(c) });
      if (out.kind === "mfa") {
        return { mfa: out.stage, mfaSession: out.mfaSession, phoneHint: out.phoneHint };
      }
      setSessionCookies(c, c.get("deps").config, out.tokens);
      return { user: publicUser(out.user) };
    },
  });

  r.add({
    method: "post",
    path: "/api/auth/mfa/enroll",
    access: "public",
    tag: "auth",
    summary: "MFA enrolment: the phone to text a code to",
    body: z.object({ mfaSession, phone: mobileSchema }),
    response: z.object({ phoneHint: z.string() }),
    handler: async (c, { body }) =>
      await auth.enrollMfa(servicesDeps(c), body.mfaSession, compactMobile(body.phone)),
  });

  r.add({
    method: "post",
    path: "/api/auth/mfa/resend",
    access: "public",
    tag: "auth",
    summary: "Text a new MFA code to the pending sign-in's phone",
    body: z.object({ mfaSession }),
    response: z.object({ phoneHint: z.string() }),
    handler: async (c, { body }) => await auth.resendMfaCode(servicesDeps(c), body.mfaSession),
  });

  r.add({
    method: "post",
    path: "/api/auth/mfa/verify",
    access: "public",
    tag: "auth",
    summary: "Check the SMS code; signs in",
    body: z.object({ mfaSession, code: z.string().max(20).default("") }),
    response: userOut,
    handler: async (c, { body }) => {
      const out = await auth.verifyMfa(servicesDeps(c), body.mfaSession, body.code);
      setSessionCookies(c, c.get("deps").config, out.tokens);
      return { user: publicUser(out.user) };
    },
  });
}

/** The session cookies: refresh and sign-out. */
function sessionRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/auth/refresh",
    access: "public",
    tag: "auth",
    summary: "Rotate the refresh cookie and issue a new access cookie",
    response: okSchema,
    handler: async (c) => {
      const { config } = c.get("deps");
      const token = getCookie(c, cookieNames(config).refresh);
      if (!token) throw new HttpError(401, "INVALID_REFRESH_TOKEN", "errors.sessionExpired");
      try {
        setSessionCookies(c, config, await auth.refresh(servicesDeps(c), token));
      } catch (e) {
        clearSessionCookies(c, config);
        throw e;
      }
      return { ok: true };
    },
  });

  r.add({
    method: "post",
    path: "/api/auth/sign-out",
    access: "public",
    tag: "auth",
    summary: "Sign out: revokes the session and clears the cookies",
    status: 204,
    handler: async (c) => {
      const { config } = c.get("deps");
      await auth.signOut(
        servicesDeps(c),
        c.get("user")?.sid ?? null,
        getCookie(c, cookieNames(config).refresh),
      );
      clearSessionCookies(c, config);
      return undefined;
    },
  });
}

/** The e-mail links: verify the address, reset the password. */
function emailLinkRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/auth/verify-email",
    access: "public",
    tag: "auth",
    summary: "Apply an e-mail verification code (oobCode)",
    body: z.object({ oobCode }),
    response: z.object({ ok: z.literal(true), email: z.string() }),
    handler: async (c, { body }) => {
      const user = await auth.verifyEmail(servicesDeps(c), body.oobCode);
      return { ok: true, email: user.email };
    },
  });

  r.add({
    method: "post",
    path: "/api/auth/verification-email",
    access: "public",
    tag: "auth",
    summary:
      "Mail a new verification link to an address whose account awaits verification; every address answers alike (202), at most 3 an hour per address, then 429 with Retry-After",
    body: z.object({ email: emailSchema }),
    response: okSchema,
    status: 202,
    handler: async (c, { body }) => {
      await requestVerificationEmail(servicesDeps(c), body.email);
      return { ok: true };
    },
  });

  r.add({
    method: "post",
    path: "/api/auth/password-reset",
    access: "public",
    tag: "auth",
    summary:
      "Mail a password reset link (unknown addresses count as failed sign-ins; at most 3 mails an hour per account, then 429)",
    body: z.object({ email: emailSchema }),
    response: okSchema,
    handler: async (c, { body }) => {
      await auth.requestPasswordReset(servicesDeps(c), {
        email: body.email,
        address: clientAddress(c),
      });
      return { ok: true };
    },
  });

  r.add({
    method: "post",
    path: "/api/auth/password-reset/verify",
    access: "public",
    tag: "auth",
    summary: "Check a password reset code without using it up",
    body: z.object({ oobCode }),
    response: z.object({ email: z.string() }),
    handler: async (c, { body }) =>
      await auth.checkPasswordResetCode(servicesDeps(c), body.oobCode),
  });

  r.add({
    method: "post",
    path: "/api/auth/password-reset/confirm",
    access: "public",
    tag: "auth",
    summary: "Set a new password with a reset code; ends every session of the user",
    body: z.object({
      oobCode,
      password: passwordSchema,
      repeatPassword: z.string().optional(),
    }).refine((d) => d.repeatPassword === undefined || d.repeatPassword === d.password, {
      path: ["repeatPassword"],
      message: "validation.passwordsDoNotMatch",
    }),
    response: z.object({ ok: z.literal(true), email: z.string() }),
    handler: async (c, { body }) => {
      const user = await auth.confirmPasswordReset(servicesDeps(c), body.oobCode, body.password);
      return { ok: true, email: user.email };
    },
  });
}

/** Who is signed in, the lock screen and the first admin. */
function accountRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/auth/me",
    access: "user",
    tag: "auth",
    summary: "The signed-in user and their settings",
    response: z.object({ user: publicUserSchema, settings: userSettingsSchema }),
    handler: (c, { user }) => signedInUser(c.get("deps").kv, user!.id),
  });

  r.add({
    method: "post",
    path: "/api/auth/unlock",
    access: "user",
    tag: "auth",
    summary: "Lock screen: check the signed-in user's password",
    body: z.object({
      password: z.string({ message: "validation.required" }).min(1, "validation.required").max(256),
    }),
    response: userOut,
    handler: async (c, { body, user }) => {
      const rec = await auth.unlock(servicesDeps(c), user!.email, body.password, clientAddress(c));
      return { user: publicUser(rec) };
    },
  });

  r.add({
    method: "post",
    path: "/api/setup",
    access: "public",
    tag: "auth",
    summary: "Create the first admin with the one-time setup token",
    status: 201,
    body: z.intersection(adminSetupSchema, z.object({ token: z.string().max(200).default("") })),
    response: userOut,
    handler: async (c, { body }) => {
      const { token, repeatPassword: _r, ...input } = body;
      const user = await auth.completeSetup(servicesDeps(c), token, input);
      return c.json({ user: publicUser(user) }, 201);
    },
  });
}
