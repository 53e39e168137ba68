/**
 * POST /oauth/v2/token (RFC 6749 §4.3 password and §6 refresh_token grants, form body) for
 * scripts. Errors follow RFC 6749 §5.2 ({error, error_description}) and also carry our `code` and
 * the translated `message`, like every other error of the API.
 */
import { z } from "zod";
import * as auth from "@/lib/services/auth.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { httpStatus, retryAfterOf } from "@/routes/errors.ts";
import { emailSchema } from "@/lib/domain/user.ts";
import { translate } from "@/lib/i18n/mod.ts";
import type { IssuedTokens } from "@/lib/auth/session.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import type { Ctx } from "@/routes/env.ts";
import { clientAddress, servicesDeps } from "@/routes/api/auth.ts";

type OAuthErrorCode =
  | "invalid_request"
  | "invalid_grant"
  | "unsupported_grant_type"
  | "mfa_required";

function oauthError(
  c: Ctx,
  status: number,
  error: OAuthErrorCode,
  key: string,
  code: string = error,
) {
  const message = translate(c.get("lang") ?? "sv", key);
  c.header("Cache-Control", "no-store");
  return c.json({ error, error_description: message, message, code }, status as 400);
}

function tokenResponse(c: Ctx, t: IssuedTokens) {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  return c.json({
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    token_type: "Bearer",
    expires_in: t.expiresIn,
  });
}

export function oauthRoutes(r: ApiRouter) {
  // Spec §7 lists a GET with the password grant in the query; a password never travels in a URL,
  // so GET is refused (405) with the reason, the Allow header and where to go instead. It reads
  // nothing from the query: the credentials are neither checked nor logged (the log has no query).
  r.add({
    method: "get",
    path: "/oauth/v2/token",
    access: "public",
    tag: "auth",
    summary:
      "Refused with 405 (Allow: POST): credentials do not belong in a URL; use POST /oauth/v2/token with a form body",
    status: 405,
    response: z.object({
      error: z.literal("invalid_request"),
      error_description: z.string(),
      message: z.string(),
      code: z.literal("METHOD_NOT_ALLOWED"),
      allow: z.literal("POST"),
      use: z.literal("POST /oauth/v2/token"),
    }),
    handler: (c) => {
      const message = translate(c.get("lang") ?? "sv", "oauth.getRefused");
      c.header("Allow", "POST");
      c.header("Cache-Control", "no-store");
      return c.json({
        error: "invalid_request",
        error_description: message,
        message,
        code: "METHOD_NOT_ALLOWED",
        allow: "POST",
        use: "POST /oauth/v2/token",
      }, 405);
    },
  });

  r.add({
    method: "post",
    path: "/oauth/v2/token",
    access: "public",
    tag: "auth",
    summary: "OAuth 2 token endpoint (password and refresh_token grants, form body)",
    bodyType: "form",
    body: z.record(z.string(), z.string()),
    // RFC 6749 §5.2 errors ({error, error_description}); a body the router refuses before the
    // grant is read answers the app's {error, message, fields}.
    errorSchema: z.object({
      error: z.string().describe("invalid_request, invalid_grant, unsupported_grant_type, …"),
      error_description: z.string().optional(),
      message: z.string(),
      code: z.string().optional(),
      fields: z.record(z.string(), z.string()).optional(),
      fieldKeys: z.record(z.string(), z.string()).optional(),
    }),
    response: z.object({
      access_token: z.string(),
      refresh_token: z.string(),
      token_type: z.literal("Bearer"),
      expires_in: z.number(),
    }),
    handler: async (c, { body }) => {
      const grant = body.grant_type;
      try {
        if (grant === "password") {
          const email = emailSchema.safeParse(body.username ?? "");
          if (!email.success || !body.password) {
            return oauthError(c, 400, "invalid_request", "errors.validation");
          }
          const tokens = await auth.oauthPasswordGrant(servicesDeps(c), {
            email: email.data,
            password: body.password,
            address: clientAddress(c),
          });
          return tokenResponse(c, tokens);
        }
        if (grant === "refresh_token") {
          if (!body.refresh_token) {
            return oauthError(c, 400, "invalid_request", "errors.validation");
          }
          return tokenResponse(c, await auth.refresh(servicesDeps(c), body.refresh_token));
        }
        if (!grant) return oauthError(c, 400, "invalid_request", "errors.validation");
        return oauthError(c, 400, "unsupported_grant_type", "errors.badRequest");
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        if (e.code === "mfa_required") {
          return oauthError(c, 403, "mfa_required", e.messageKey);
        }
        // Rate limiting keeps its 429 so scripts back off; every other refusal is invalid_grant.
        if (e.kind === "too_many") c.header("Retry-After", String(retryAfterOf(e)));
        return oauthError(
          c,
          httpStatus(e) === 429 ? 429 : 400,
          "invalid_grant",
          e.messageKey,
          e.code,
        );
      }
    },
  });
}
