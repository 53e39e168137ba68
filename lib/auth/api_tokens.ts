/** Admin-issued API tokens for scripts ("klt_…"), stored hashed; sent as Authorization: Bearer. */
import { apiTokenKey, apiTokensByUserKey, apiTokensByUserPrefix, userKey } from "@/lib/db/keys.ts";
import { ulid } from "@/lib/db/kv.ts";
import { commitIfUnchanged, listEntries, put, readValue, remove } from "@/lib/db/records.ts";
import { randomToken, sha256 } from "@/lib/auth/crypto.ts";
import { toSessionUser } from "@/lib/auth/session.ts";
import type { SessionUser, UserRecord } from "@/lib/domain/user.ts";

export const API_TOKEN_PREFIX = "klt_";

export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  createdBy: string;
  createdAt: string;
  hash: string;
}

/** Issues a token for a user; the clear token is returned once and never stored. */
export async function issueApiToken(
  kv: Deno.Kv,
  userId: string,
  name: string,
  createdBy: string,
): Promise<{ token: string; record: ApiTokenRecord }> {
  const token = API_TOKEN_PREFIX + randomToken(32);
  const hash = await sha256(token);
  const record: ApiTokenRecord = {
    id: ulid(),
    userId,
    name,
    createdBy,
    createdAt: new Date().toISOString(),
    hash,
  };
  await commitIfUnchanged(kv, [], [
    put(apiTokenKey(hash), record),
    put(apiTokensByUserKey(userId, record.id), hash),
  ]);
  return { token, record };
}

export async function listApiTokens(
  kv: Deno.Kv,
  userId: string,
): Promise<Omit<ApiTokenRecord, "hash">[]> {
  const out: Omit<ApiTokenRecord, "hash">[] = [];
  for await (const e of listEntries<string>(kv, apiTokensByUserPrefix(userId))) {
    const r = await readValue<ApiTokenRecord>(kv, apiTokenKey(e.value));
    if (r) {
      const { hash: _hash, ...rest } = r;
      out.push(rest);
    }
  }
  return out;
}

export async function revokeApiToken(kv: Deno.Kv, userId: string, id: string): Promise<boolean> {
  const hash = await readValue<string>(kv, apiTokensByUserKey(userId, id));
  if (!hash) return false;
  await commitIfUnchanged(kv, [], [
    remove(apiTokenKey(hash)),
    remove(apiTokensByUserKey(userId, id)),
  ]);
  return true;
}

/** Revokes every API token of a user (a deleted user's tokens never come back on restore). */
export async function revokeAllApiTokens(kv: Deno.Kv, userId: string): Promise<number> {
  let n = 0;
  for await (const e of listEntries<string>(kv, apiTokensByUserPrefix(userId))) {
    await commitIfUnchanged(kv, [], [remove(apiTokenKey(e.value)), remove(e.key)]);
    n++;
  }
  return n;
}

export async function resolveApiToken(kv: Deno.Kv, token: string): Promise<SessionUser | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const rec = await readValue<ApiTokenRecord>(kv, apiTokenKey(await sha256(token)));
  if (!rec) return null;
  const user = await readValue<UserRecord>(kv, userKey(rec.userId));
  if (!user || !user.enabled) return null;
  return toSessionUser(user, null);
}
