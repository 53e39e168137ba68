/**
 * Admin-issued API tokens for scripts ("klt_…"), stored hashed; sent as Authorization: Bearer. A
 * token has a scope (read: GET only; write: no admin operations; admin: all its user may do), an
 * optional expiry, and its last use (written at most once a minute per token and instance).
 */
import {
  apiTokenKey,
  apiTokenLastUseKey,
  apiTokensByUserKey,
  apiTokensByUserPrefix,
  userKey,
} from "@/lib/db/keys.ts";
import { ulid } from "@/lib/db/kv.ts";
import { commitIfUnchanged, listEntries, put, readValue, remove } from "@/lib/db/records.ts";
import { randomToken, sha256 } from "@/lib/auth/crypto.ts";
import { toSessionUser } from "@/lib/auth/session.ts";
import type { ApiTokenScope, SessionUser, UserRecord } from "@/lib/domain/user.ts";

export const API_TOKEN_PREFIX = "klt_";

export type { ApiTokenScope };

export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  createdBy: string;
  createdAt: string;
  hash: string;
  /** Absent on tokens issued before scopes: they act as `admin` (all their user may do). */
  scope?: ApiTokenScope;
  /** The instant it stops working; null or absent: never. */
  expiresAt?: string | null;
}

/** A token as an admin sees it: never the token or its hash, with its last use. */
export type ApiTokenView = Omit<ApiTokenRecord, "hash" | "scope" | "expiresAt"> & {
  scope: ApiTokenScope;
  expiresAt: string | null;
  lastUsedAt: string | null;
};

const viewOf = (r: ApiTokenRecord, lastUsedAt: string | null): ApiTokenView => {
  const { hash: _hash, ...rest } = r;
  return { ...rest, scope: r.scope ?? "admin", expiresAt: r.expiresAt ?? null, lastUsedAt };
};

/** Issues a token for a user; the clear token is returned once and never stored. */
export async function issueApiToken(
  kv: Deno.Kv,
  userId: string,
  input: { name: string; scope: ApiTokenScope; expiresAt: string | null },
  createdBy: string,
  now: Date,
): Promise<{ token: string; view: ApiTokenView }> {
  const token = API_TOKEN_PREFIX + randomToken(32);
  const hash = await sha256(token);
  const record: ApiTokenRecord = {
    id: ulid(now.getTime()),
    userId,
    name: input.name,
    scope: input.scope,
    expiresAt: input.expiresAt,
    createdBy,
    createdAt: now.toISOString(),
    hash,
  };
  await commitIfUnchanged(kv, [], [
    put(apiTokenKey(hash), record),
    put(apiTokensByUserKey(userId, record.id), hash),
  ]);
  return { token, view: viewOf(record, null) };
}

/** A user's tokens, oldest first, each with its scope, expiry and last use. */
export async function listApiTokens(kv: Deno.Kv, userId: string): Promise<ApiTokenView[]> {
  const out: ApiTokenView[] = [];
  for await (const e of listEntries<string>(kv, apiTokensByUserPrefix(userId))) {
    const r = await readValue<ApiTokenRecord>(kv, apiTokenKey(e.value));
    if (r) out.push(viewOf(r, await readValue<string>(kv, apiTokenLastUseKey(r.id))));
  }
  return out;
}

export async function revokeApiToken(kv: Deno.Kv, userId: string, id: string): Promise<boolean> {
  const hash = await readValue<string>(kv, apiTokensByUserKey(userId, id));
  if (!hash) return false;
  await commitIfUnchanged(kv, [], [
    remove(apiTokenKey(hash)),
    remove(apiTokensByUserKey(userId, id)),
    remove(apiTokenLastUseKey(id)),
  ]);
  return true;
}

/** Revokes every API token of a user (a deleted user's tokens never come back on restore). */
export async function revokeAllApiTokens(kv: Deno.Kv, userId: string): Promise<number> {
  let n = 0;
  for await (const e of listEntries<string>(kv, apiTokensByUserPrefix(userId))) {
    const id = e.key[e.key.length - 1] as string;
    await commitIfUnchanged(kv, [], [
      remove(apiTokenKey(e.value)),
      remove(e.key),
      remove(apiTokenLastUseKey(id)),
    ]);
    n++;
  }
  return n;
}

/** When each token's last use was written, per instance: a use within a minute writes nothing. */
const lastUseWritten = new Map<string, number>();
const LAST_USE_EVERY_MS = 60_000;

async function noteUse(kv: Deno.Kv, id: string, now: Date): Promise<void> {
  const before = lastUseWritten.get(id) ?? 0;
  if (now.getTime() - before < LAST_USE_EVERY_MS) return;
  if (lastUseWritten.size > 10_000) lastUseWritten.clear();
  lastUseWritten.set(id, now.getTime());
  await commitIfUnchanged(kv, [], [put(apiTokenLastUseKey(id), now.toISOString())]);
}

/** The user and scope of a live token (not revoked, not expired, its user enabled); else null. */
export async function resolveApiToken(
  kv: Deno.Kv,
  token: string,
  now: Date,
): Promise<{ user: SessionUser; scope: ApiTokenScope } | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const rec = await readValue<ApiTokenRecord>(kv, apiTokenKey(await sha256(token)));
  if (!rec) return null;
  if (rec.expiresAt && Date.parse(rec.expiresAt) <= now.getTime()) return null;
  const user = await readValue<UserRecord>(kv, userKey(rec.userId));
  if (!user || !user.enabled) return null;
  await noteUse(kv, rec.id, now);
  return { user: toSessionUser(user, null), scope: rec.scope ?? "admin" };
}
