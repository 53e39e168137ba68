/** Page guards: unauthenticated → /login?redirect=<path> (via the error mapper); non-admin → 403 page. */
import { HttpError } from "@/routes/errors.ts";
import { isAdmin, type SessionUser } from "@/lib/domain/user.ts";
import type { Ctx } from "@/routes/env.ts";

export function requirePageUser(c: Ctx): SessionUser {
  const user = c.get("user");
  if (!user) throw new HttpError(401, "UNAUTHORIZED", "errors.unauthorized");
  return user;
}

export function requirePageAdmin(c: Ctx): SessionUser {
  const user = requirePageUser(c);
  if (!isAdmin(user)) throw new HttpError(403, "FORBIDDEN", "errors.forbidden");
  return user;
}
