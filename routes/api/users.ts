/**
 * Users (spec §7): POST /api/user, GET/PUT /api/users/{uid}, the admin list, disable/restore,
 * API tokens, the audit trail, and POST /api/password-recovery-confirmation.
 */
import { z } from "zod";
import * as users from "@/lib/services/users.ts";
import * as auth from "@/lib/services/auth.ts";
import {
  emailSchema,
  profileUpdateSchema,
  publicUserSchema,
  registerUserSchema,
  userViewSchema,
} from "@/lib/domain/user.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { apiTokenIssueSchema, apiTokenSchema, auditEntrySchema } from "@/lib/domain/user.ts";
import { clientAddress, servicesDeps } from "@/routes/api/auth.ts";
import { type Lang, translate } from "@/lib/i18n/mod.ts";

/** The user with notificationCategory {id, name} (spec §3), the name in the caller's language. */
function withCategory<T extends { notificationCategoryId: string | null }>(u: T, lang: Lang) {
  const id = u.notificationCategoryId;
  return {
    ...u,
    notificationCategory: id ? { id, name: translate(lang, `notificationCategory.${id}`) } : null,
  };
}

const idParams = z.object({ id: z.string().min(1).max(64) });
const uidParams = z.object({ uid: z.string().min(1).max(64) });
/** GET/PUT /api/users/{uid}: the user with its category named in the caller's language. */
const profileOut = userViewSchema.extend({
  notificationCategory: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export function userRoutes(r: ApiRouter) {
  profileRoutes(r);
  userListRoutes(r);
  adminUserRoutes(r);
  passwordCheckRoutes(r);
}

/** Register a user, read and change a profile. */
function profileRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/user",
    idempotent: true,
    access: "admin",
    tag: "users",
    summary: "Register a user (admin); the user gets a verification e-mail",
    status: 201,
    body: registerUserSchema,
    response: userViewSchema,
    handler: async (c, { body, user }) => {
      const created = await users.registerUser(servicesDeps(c), user!, body);
      c.header("Location", `/api/users/${created.id}`);
      return c.json(created, 201);
    },
  });

  r.add({
    method: "get",
    path: "/api/users/:uid",
    access: "user",
    tag: "users",
    summary: "A user's profile (one's own, or any for an admin)",
    params: uidParams,
    response: profileOut,
    handler: async (c, { params, user }) =>
      withCategory(await users.getProfile(servicesDeps(c), user!, params.uid), c.get("lang")),
  });

  r.add({
    method: "put",
    path: "/api/users/:uid",
    access: "user",
    tag: "users",
    summary: "Update a profile (e-mail, mobile and role: admins only)",
    params: uidParams,
    body: profileUpdateSchema,
    response: profileOut,
    handler: async (c, { params, body, user }) =>
      withCategory(
        await users.updateProfile(servicesDeps(c), user!, params.uid, body, clientAddress(c)),
        c.get("lang"),
      ),
  });
}

/** The admin's user list, delete (disable) and restore. */
function userListRoutes(r: ApiRouter) {
  const listQuery = z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    perPage: z.coerce.number().int().min(1).max(100).optional(),
    size: z.coerce.number().int().min(1).max(100).optional(),
    term: z.string().max(200).optional(),
  });
  // The spec's path has a trailing slash; both answer, the document lists the spec's once.
  for (const path of ["/api/admin/users/", "/api/admin/users"]) {
    r.add({
      method: "get",
      path,
      undocumented: path === "/api/admin/users",
      access: "admin",
      tag: "users",
      summary: "The user list: page (1-based), perPage, term (e-mail or name)",
      query: listQuery,
      totalHeader: true,
      response: z.object({ result: z.array(publicUserSchema), total: z.number() }),
      handler: async (c, { query }) => {
        const out = await users.listUsers(servicesDeps(c), {
          page: query.page,
          perPage: query.perPage ?? query.size,
          term: query.term,
        });
        c.header("x-total-elements", String(out.total));
        return out;
      },
    });
  }

  // Delete (disable) and restore: the same shape, answered with the stored user.
  const toggles = [
    ["delete", "/api/admin/users/:id", "Delete (disable) a user; ends their sessions at once"],
    ["put", "/api/admin/users/restore/:id", "Restore a deleted user"],
  ] as const;
  for (const [method, path, summary] of toggles) {
    const act = method === "delete" ? users.disableUser : users.restoreUser;
    r.add({
      method,
      path,
      access: "admin",
      tag: "users",
      summary,
      params: idParams,
      response: publicUserSchema,
      handler: async (c, { params, user }) => await act(servicesDeps(c), user!, params.id),
    });
  }
}

/** What an admin does for one user: the audit trail and API tokens. */
function adminUserRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/admin/users/:id/api-tokens",
    idempotent: true,
    access: "admin",
    tag: "users",
    summary:
      "Issue an API token for a user's scripts (the token is answered once): scope read (GET only), write (default: everything but admin operations) or admin; expiresAt a date (through its end, UTC) or an instant",
    status: 201,
    params: idParams,
    body: apiTokenIssueSchema,
    response: apiTokenSchema.extend({
      token: z.string().describe("klt_…: send as Authorization: Bearer; shown only now"),
    }),
    handler: async (c, { params, body, user }) =>
      c.json(await users.issueUserApiToken(servicesDeps(c), user!, params.id, body), 201),
  });

  r.add({
    method: "post",
    path: "/api/admin/users/:id/verification-email",
    access: "admin",
    tag: "users",
    summary:
      "Send a new verification e-mail to a user awaiting verification (409 ALREADY_VERIFIED once verified; 429 TOO_MANY_VERIFICATION_EMAILS after 3 sends to one user within an hour)",
    status: 202,
    params: idParams,
    response: z.object({ sent: z.literal(true), email: z.string() }),
    handler: async (c, { params, user }) =>
      c.json(await users.resendVerificationEmail(servicesDeps(c), user!, params.id), 202),
  });

  // What an admin reads of one user: the audit trail and the API tokens.
  const reads = [
    [
      "/api/admin/users/:id/audit",
      "Audit trail of admin actions on a user, newest first",
      users.userAudit,
      z.array(auditEntrySchema),
    ],
    [
      "/api/admin/users/:id/api-tokens",
      "A user's API tokens with scope, expiry and last use (never the token itself)",
      users.listUserApiTokens,
      z.array(apiTokenSchema),
    ],
  ] as const;
  for (const [path, summary, read, response] of reads) {
    r.add({
      method: "get",
      path,
      access: "admin",
      tag: "users",
      summary,
      params: idParams,
      response,
      handler: async (c, { params, user }) => await read(servicesDeps(c), user!, params.id),
    });
  }

  r.add({
    method: "delete",
    path: "/api/admin/users/:id/api-tokens/:tokenId",
    access: "admin",
    tag: "users",
    summary: "Revoke an API token",
    status: 204,
    params: z.object({ id: z.string().min(1).max(64), tokenId: z.string().min(1).max(64) }),
    handler: async (c, { params, user }) => {
      await users.revokeUserApiToken(servicesDeps(c), user!, params.id, params.tokenId);
      return undefined;
    },
  });
}

/** The password re-check before a sensitive change. */
function passwordCheckRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/password-recovery-confirmation",
    access: "public",
    tag: "auth",
    summary: "After a reset: confirm the new credentials sign in (audited; never sets a password)",
    status: 204,
    body: z.object({
      email: emailSchema,
      password: z.string({ message: "validation.required" }).min(1, "validation.required").max(256),
    }),
    handler: async (c, { body }) => {
      await auth.passwordRecoveryConfirmation(servicesDeps(c), {
        ...body,
        address: clientAddress(c),
      });
      return undefined;
    },
  });
}
