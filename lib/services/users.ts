/**
 * Users: admin registration, profiles, the admin user list, disable/restore and API tokens. Every
 * admin action on a user writes an audit entry (who, what, when; field names, never values).
 */
import { listEntries } from "@/lib/db/records.ts";
import {
  attemptSucceeded,
  LIMITS,
  takeAttempt,
  takeVerificationMail,
} from "@/lib/db/brute_force.ts";
import { can } from "@/lib/auth/permissions.ts";
import { hashPassword, verifyPassword } from "@/lib/auth/password.ts";
import { revokeAllSessions, revokeSession } from "@/lib/auth/session.ts";
import {
  type ApiTokenScope,
  issueApiToken,
  listApiTokens,
  revokeAllApiTokens,
  revokeApiToken,
} from "@/lib/auth/api_tokens.ts";
import {
  getUser,
  getUserByEmail,
  getUserEntry,
  getUserSettings,
  updateUser,
} from "@/lib/db/users.ts";
import { sessionsByUserPrefix, usersPrefix } from "@/lib/db/keys.ts";
import { listAll } from "@/lib/db/kv.ts";
import { listAuditFor, writeAudit } from "@/lib/db/audit.ts";
import { setAllClubSubscriptions, subscribedClubIds } from "@/lib/db/settings.ts";
import {
  badRequest,
  conflict,
  DomainError,
  forbidden,
  notFound,
  tooMany,
  unauthorized,
} from "@/lib/domain/errors.ts";
import {
  compactMobile,
  isAdmin,
  type ProfileUpdateInput,
  type PublicUser,
  publicUser,
  type RegisterUserInput,
  type SessionUser,
  type UserRecord,
  type UserView,
} from "@/lib/domain/user.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/domain/statuses.ts";
import { createAccount, identityProvider } from "@/lib/services/auth.ts";
import { HOSTED_PASSWORD } from "@/lib/auth/provider.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

export type { UserView };

async function view(kv: Deno.Kv, u: UserRecord, versionstamp: string): Promise<UserView> {
  return { ...publicUser(u), version: versionstamp, clubs: await subscribedClubIds(kv, u.id) };
}

async function audit(
  deps: ServiceDeps,
  actor: SessionUser | null,
  action: string,
  targetId: string,
  fields?: string[],
) {
  await writeAudit(deps.kv, {
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action,
    targetId,
    ...(fields ? { fields } : {}),
  }, deps.now());
}

/** Checks a user's current password where it is kept (our hash, or the hosted provider). */
async function currentPasswordOk(deps: ServiceDeps, u: UserRecord, password: string) {
  if (u.passwordHash !== HOSTED_PASSWORD) return await verifyPassword(u.passwordHash, password);
  try {
    await identityProvider(deps).checkPassword(u.email, password, {
      address: "profile",
      now: deps.now(),
    });
    return true;
  } catch (e) {
    if (e instanceof DomainError && e.kind === "unauthorized") return false;
    throw e;
  }
}

/** POST /api/user: an admin registers a user, who gets a verification e-mail. */
export async function registerUser(
  deps: ServiceDeps,
  actor: SessionUser,
  input: RegisterUserInput,
): Promise<UserView> {
  if (!can(actor, "admin")) throw forbidden();
  const provider = identityProvider(deps);
  const user = await createAccount(deps, input, {
    role: input.role,
    verified: false,
    notificationCategoryId: input.notificationCategoryId,
  });
  if (input.clubs?.length) await setAllClubSubscriptions(deps.kv, user.id, input.clubs, true);
  await audit(deps, actor, "user.create", user.id, ["role:" + input.role]);
  await provider.sendEmailVerification(user, deps.now());
  const e = await getUserEntry(deps.kv, user.id);
  return await view(deps.kv, e.value!, e.versionstamp!);
}

/**
 * POST /api/admin/users/{id}/verification-email: a new verification link for a user who has not
 * verified their address yet (409 ALREADY_VERIFIED once they have).
 */
export async function resendVerificationEmail(
  deps: ServiceDeps,
  actor: SessionUser,
  id: string,
): Promise<{ sent: true; email: string }> {
  if (!can(actor, "admin")) throw forbidden();
  const user = await getUser(deps.kv, id);
  if (!user) throw notFound();
  if (user.verified) throw new DomainError("conflict", "ALREADY_VERIFIED", "users.alreadyVerified");
  await verificationMailCapped(deps, user.id, user);
  await audit(deps, actor, "user.verificationEmail", user.id, []);
  return { sent: true, email: user.email };
}

/**
 * One verification mail within the cap of `capId` (3 an hour, then 429 with Retry-After); `user`
 * null counts the attempt and sends nothing.
 */
async function verificationMailCapped(deps: ServiceDeps, capId: string, user: UserRecord | null) {
  if (!(await takeVerificationMail(deps.kv, capId, deps.now()))) {
    throw tooMany(
      "TOO_MANY_VERIFICATION_EMAILS",
      "users.errors.tooManyVerificationEmails",
      LIMITS.verificationMail.windowMs / 1000,
    );
  }
  if (user) await identityProvider(deps).sendEmailVerification(user, deps.now());
}

/**
 * POST /api/auth/verification-email and the sign-in page's "new link": a new verification link to
 * an address whose account awaits verification. Every address answers alike — an unknown,
 * verified or disabled one counts toward its own cap of 3 an hour and sends nothing — so the
 * answer never tells whether an account exists.
 */
export async function requestVerificationEmail(deps: ServiceDeps, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const user = await getUserByEmail(deps.kv, address);
  const pending = user && user.enabled && !user.verified ? user : null;
  await verificationMailCapped(deps, user ? user.id : `address:${address}`, pending);
}

/** GET /api/users/{uid}: one's own profile, or any for an admin. */
export async function getProfile(
  deps: ServiceDeps,
  actor: SessionUser,
  uid: string,
): Promise<UserView> {
  if (!can(actor, "user.read", { userId: uid })) throw forbidden();
  const e = await getUserEntry(deps.kv, uid);
  if (!e.value) throw notFound();
  return await view(deps.kv, e.value, e.versionstamp!);
}

const ADMIN_ONLY_FIELDS = ["email", "mobile", "role"] as const;

/** PUT /api/users/{uid}. */
export async function updateProfile(
  deps: ServiceDeps,
  actor: SessionUser,
  uid: string,
  input: ProfileUpdateInput,
  address = "unknown",
): Promise<UserView> {
  if (!can(actor, "user.update", { userId: uid })) throw forbidden();
  const entry = await getUserEntry(deps.kv, uid);
  const cur = entry.value;
  if (!cur) throw notFound();
  if (input.version && input.version !== entry.versionstamp) {
    throw conflict(await view(deps.kv, cur, entry.versionstamp!));
  }
  const admin = isAdmin(actor);
  const changesRole = input.role !== undefined && !(cur.roles.length === 1 &&
    cur.roles[0] === input.role);
  const changes = {
    email: input.email !== undefined && input.email.toLowerCase() !== cur.email.toLowerCase(),
    mobile: input.mobile !== undefined && compactMobile(input.mobile) !== cur.mobile,
    role: changesRole,
  };
  if (!admin && ADMIN_ONLY_FIELDS.some((f) => changes[f])) throw forbidden();
  if (admin && actor.id === uid && changes.role) {
    throw new DomainError(
      "validation",
      "CANNOT_CHANGE_OWN_ROLE",
      "users.errors.cannotChangeOwnRole",
      {
        role: "users.errors.cannotChangeOwnRole",
      },
    );
  }
  let passwordHash: string | null = null;
  if (input.password) {
    if (actor.id === uid) {
      if (!input.currentPassword) {
        throw badRequest({ currentPassword: "validation.required" });
      }
      // The current-password check is a password guess like a sign-in: same counters, same 429.
      const who = { account: cur.email, address };
      const now = deps.now();
      if (!(await takeAttempt(deps.kv, who, now))) {
        throw tooMany(
          "TOO_MANY_ATTEMPTS",
          "login.errors.tooManyRequests",
          LIMITS.account.windowMs / 1000,
          { currentPassword: "login.errors.tooManyRequests" },
        );
      }
      if (!(await currentPasswordOk(deps, cur, input.currentPassword))) {
        throw badRequest({ currentPassword: "users.errors.wrongCurrentPassword" });
      }
      await attemptSucceeded(deps.kv, who, now);
    }
    const provider = identityProvider(deps);
    if (provider.createAccount) {
      await provider.setPassword(uid, input.password);
      passwordHash = HOSTED_PASSWORD;
    } else passwordHash = await hashPassword(input.password);
  }
  if (changes.email) await identityProvider(deps).updateAccountEmail?.(uid, input.email!.trim());
  let changed: string[] = [];
  const next = await updateUser(deps.kv, uid, (u) => {
    changed = [];
    const n: UserRecord = { ...u };
    const set = <K extends keyof UserRecord>(k: K, v: UserRecord[K] | undefined) => {
      if (v === undefined || v === n[k]) return;
      n[k] = v;
      if (!changed.includes(k)) changed.push(k);
    };
    set("firstName", input.firstName);
    set("lastName", input.lastName);
    set("notificationCategoryId", input.notificationCategoryId);
    set("dailyReportSubscription", input.dailyReportSubscription);
    if (admin) {
      if (changes.email) {
        set("email", input.email!.trim());
        // A new address must be proven again (a verification mail follows).
        n.verified = false;
      }
      if (changes.mobile) set("mobile", compactMobile(input.mobile!));
      if (changes.role) {
        n.roles = [input.role!];
        changed.push("roles");
      }
    }
    if (passwordHash) {
      n.passwordHash = passwordHash;
      changed.push("password");
    }
    return n;
  }, input.version);
  if (passwordHash || changes.email) await revokeOtherSessions(deps, uid, actor);
  if (changes.email) await identityProvider(deps).sendEmailVerification(next, deps.now());
  if (changed.length) {
    await audit(deps, actor, actor.id === uid ? "user.updateOwn" : "user.update", uid, [
      ...new Set(changed),
    ]);
  }
  const e = await getUserEntry(deps.kv, uid);
  return await view(deps.kv, e.value!, e.versionstamp!);
}

/** A changed password or e-mail ends the user's other sessions (the actor's own one stays). */
async function revokeOtherSessions(deps: ServiceDeps, uid: string, actor: SessionUser) {
  if (actor.id !== uid) {
    await revokeAllSessions(deps.kv, uid);
    return;
  }
  for await (const e of listEntries<string>(deps.kv, sessionsByUserPrefix(uid))) {
    if (e.value !== actor.sid) await revokeSession(deps.kv, e.value);
  }
}

export interface UserListQuery {
  page?: number;
  perPage?: number;
  term?: string;
}

/** GET /api/admin/users/: newest first, `term` matched in e-mail, first and last name. */
export async function listUsers(
  deps: ServiceDeps,
  q: UserListQuery,
): Promise<{ result: PublicUser[]; total: number }> {
  const perPage = Math.min(Math.max(q.perPage ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const page = Math.max(q.page ?? 1, 1);
  const term = (q.term ?? "").trim().toLowerCase();
  // A club chain has hundreds of users, not millions: one prefix read is the simple, fast path.
  const all = (await listAll<UserRecord>(deps.kv, usersPrefix())).map((e) => e.value);
  const matching = term
    ? all.filter((u) =>
      u.email.toLowerCase().includes(term) || u.firstName.toLowerCase().includes(term) ||
      u.lastName.toLowerCase().includes(term) ||
      `${u.firstName} ${u.lastName}`.toLowerCase().includes(term)
    )
    : all;
  matching.sort((a, b) => b.dateCreated.localeCompare(a.dateCreated) || b.id.localeCompare(a.id));
  const start = (page - 1) * perPage;
  return { result: matching.slice(start, start + perPage).map(publicUser), total: matching.length };
}

/**
 * DELETE /api/admin/users/{id}: disables the user and ends every session at once; its API tokens
 * are revoked, so a later restore does not bring them back.
 */
export async function disableUser(
  deps: ServiceDeps,
  actor: SessionUser,
  id: string,
): Promise<PublicUser> {
  if (!can(actor, "admin")) throw forbidden();
  if (actor.id === id) {
    throw new DomainError("validation", "CANNOT_DELETE_SELF", "users.cannotDeleteSelf");
  }
  const u = await updateUser(deps.kv, id, (u) => ({ ...u, enabled: false }));
  await identityProvider(deps).setAccountDisabled?.(id, true);
  await revokeAllSessions(deps.kv, id);
  await revokeAllApiTokens(deps.kv, id);
  await audit(deps, actor, "user.disable", id);
  return publicUser(u);
}

/** PUT /api/admin/users/restore/{id}. */
export async function restoreUser(
  deps: ServiceDeps,
  actor: SessionUser,
  id: string,
): Promise<PublicUser> {
  if (!can(actor, "admin")) throw forbidden();
  const u = await updateUser(deps.kv, id, (u) => ({ ...u, enabled: true }));
  await identityProvider(deps).setAccountDisabled?.(id, false);
  await audit(deps, actor, "user.restore", id);
  return publicUser(u);
}

async function requireUser(kv: Deno.Kv, id: string): Promise<UserRecord> {
  const e = await getUserEntry(kv, id);
  if (!e.value) throw notFound();
  return e.value;
}

/**
 * POST /api/admin/users/{id}/api-tokens: a token for a user's scripts, with a scope and an optional
 * expiry (a date: the end of that day in UTC, or an instant); the clear token is answered once.
 */
export async function issueUserApiToken(
  deps: ServiceDeps,
  actor: SessionUser,
  userId: string,
  input: { name: string; scope?: ApiTokenScope; expiresAt?: string | null },
) {
  if (!can(actor, "admin")) throw forbidden();
  await requireUser(deps.kv, userId);
  const now = deps.now();
  const expiresAt = input.expiresAt
    ? new Date(input.expiresAt.length === 10 ? `${input.expiresAt}T23:59:59.999Z` : input.expiresAt)
      .toISOString()
    : null;
  if (expiresAt && Date.parse(expiresAt) <= now.getTime()) {
    throw badRequest({ expiresAt: "validation.futureDate" });
  }
  const { token, view } = await issueApiToken(
    deps.kv,
    userId,
    { name: input.name, scope: input.scope ?? "write", expiresAt },
    actor.id,
    now,
  );
  await audit(deps, actor, "apiToken.issue", userId, [view.id, `scope:${view.scope}`]);
  return { ...view, token };
}

export async function listUserApiTokens(deps: ServiceDeps, actor: SessionUser, userId: string) {
  if (!can(actor, "admin")) throw forbidden();
  await requireUser(deps.kv, userId);
  return await listApiTokens(deps.kv, userId);
}

export async function revokeUserApiToken(
  deps: ServiceDeps,
  actor: SessionUser,
  userId: string,
  tokenId: string,
) {
  if (!can(actor, "admin")) throw forbidden();
  if (!(await revokeApiToken(deps.kv, userId, tokenId))) throw notFound();
  await audit(deps, actor, "apiToken.revoke", userId, [tokenId]);
}

export async function userAudit(deps: ServiceDeps, actor: SessionUser, userId: string) {
  if (!can(actor, "admin")) throw forbidden();
  return await listAuditFor(deps.kv, userId);
}

export { getUserSettings };

/** GET /api/auth/me: the signed-in user (as clients see users) and their settings. */
export async function signedInUser(kv: Deno.Kv, userId: string) {
  const rec = await getUser(kv, userId);
  if (!rec) throw unauthorized();
  return { user: publicUser(rec), settings: await getUserSettings(kv, rec.id) };
}
