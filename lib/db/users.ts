/** Users in KV: ["users", id] plus the unique e-mail index ["users_by_email", lower(email)]. */
import { userByCreatedKey, userByEmailKey, userKey, userSettingsKey } from "@/lib/db/keys.ts";
import { getManyChunked, ulid } from "@/lib/db/kv.ts";
import { DEFAULT_USER_SETTINGS, type UserRecord, type UserSettings } from "@/lib/domain/user.ts";
import { DomainError } from "@/lib/domain/errors.ts";

export type NewUser = Omit<UserRecord, "id" | "dateCreated"> & {
  id?: string;
  dateCreated?: string;
};

/** Creates a user; a taken e-mail answers 409 EMAIL_EXISTS. */
export async function createUser(kv: Deno.Kv, input: NewUser): Promise<UserRecord> {
  const user: UserRecord = {
    ...input,
    id: input.id ?? ulid(),
    email: input.email.trim(),
    dateCreated: input.dateCreated ?? new Date().toISOString(),
  };
  const emailKey = userByEmailKey(user.email.toLowerCase());
  const res = await kv.atomic()
    .check({ key: userKey(user.id), versionstamp: null })
    .check({ key: emailKey, versionstamp: null })
    .set(userKey(user.id), user)
    .set(emailKey, user.id)
    .set(userByCreatedKey(user.dateCreated, user.id), user.id)
    .commit();
  if (!res.ok) {
    throw new DomainError("conflict", "EMAIL_EXISTS", "register.errors.emailInUse", {
      email: "register.errors.emailInUse",
    });
  }
  return user;
}

/** A user's record by id, or null. */
export async function getUser(kv: Deno.Kv, id: string): Promise<UserRecord | null> {
  return (await kv.get<UserRecord>(userKey(id))).value;
}

/** Users by id, in the order of `ids` (null for an unknown id), 10 per read call. */
export async function getUsers(
  kv: Deno.Kv,
  ids: readonly string[],
): Promise<(UserRecord | null)[]> {
  return (await getManyChunked<UserRecord>(kv, ids.map(userKey))).map((e) => e.value);
}

/** A user's entry by id (value null when none), for a checked change. */
export async function getUserEntry(kv: Deno.Kv, id: string) {
  return await kv.get<UserRecord>(userKey(id));
}

/** A user's record by e-mail (any case), or null. */
export async function getUserByEmail(kv: Deno.Kv, email: string): Promise<UserRecord | null> {
  const idx = await kv.get<string>(userByEmailKey(email.trim().toLowerCase()));
  return idx.value ? await getUser(kv, idx.value) : null;
}

/**
 * Applies `change` to the stored user with a versionstamp check, retrying a few times on a
 * concurrent write. E-mail changes move the unique index in the same atomic.
 */
export async function updateUser(
  kv: Deno.Kv,
  id: string,
  change: (u: UserRecord) => UserRecord,
  /** When given, a record saved by someone else since answers 409 instead of being retried. */
  expectedVersion?: string,
): Promise<UserRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<UserRecord>(userKey(id));
    if (!entry.value) throw new DomainError("not_found", "NOT_FOUND", "errors.notFound");
    if (expectedVersion !== undefined && entry.versionstamp !== expectedVersion) {
      throw new DomainError("conflict", "CONFLICT", "errors.conflict");
    }
    const next = change(entry.value);
    const op = kv.atomic().check(entry).set(userKey(id), next);
    const oldEmail = entry.value.email.toLowerCase();
    const newEmail = next.email.toLowerCase();
    if (oldEmail !== newEmail) {
      op.check({ key: userByEmailKey(newEmail), versionstamp: null })
        .delete(userByEmailKey(oldEmail))
        .set(userByEmailKey(newEmail), id);
    }
    const res = await op.commit();
    if (res.ok) return next;
    if (oldEmail !== newEmail && (await kv.get(userByEmailKey(newEmail))).value) {
      throw new DomainError("conflict", "EMAIL_EXISTS", "register.errors.emailInUse", {
        email: "register.errors.emailInUse",
      });
    }
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}

/** Stored settings over the defaults (a user who never changed anything has no entry). */
export function settingsOrDefaults(stored: Partial<UserSettings> | null): UserSettings {
  return { ...DEFAULT_USER_SETTINGS, ...(stored ?? {}) };
}

/** Users and their settings, in the order of `ids` (null for an unknown id), in few read calls. */
export async function getUsersWithSettings(
  kv: Deno.Kv,
  ids: readonly string[],
): Promise<({ user: UserRecord; settings: UserSettings } | null)[]> {
  const entries = await getManyChunked<unknown>(
    kv,
    ids.flatMap((id) => [userKey(id), userSettingsKey(id)]),
  );
  return ids.map((_, i) => {
    const user = entries[2 * i].value as UserRecord | null;
    const settings = entries[2 * i + 1].value as Partial<UserSettings> | null;
    return user ? { user, settings: settingsOrDefaults(settings) } : null;
  });
}

/** A user's settings, the defaults filling what was never set. */
export async function getUserSettings(kv: Deno.Kv, userId: string): Promise<UserSettings> {
  return settingsOrDefaults((await kv.get<UserSettings>(userSettingsKey(userId))).value);
}

/** Merges `patch` into a user's settings, retried on a concurrent change; answers the settings. */
export async function updateUserSettings(
  kv: Deno.Kv,
  userId: string,
  patch: Partial<UserSettings> | ((current: UserSettings) => Partial<UserSettings>),
): Promise<UserSettings> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const e = await kv.get<UserSettings>(userSettingsKey(userId));
    const current = { ...DEFAULT_USER_SETTINGS, ...(e.value ?? {}) };
    const next = { ...current, ...(typeof patch === "function" ? patch(current) : patch) };
    const res = await kv.atomic().check(e).set(userSettingsKey(userId), next).commit();
    if (res.ok) return next;
  }
  throw new DomainError("conflict", "CONFLICT", "errors.conflict");
}
