/**
 * Every Deno KV key of the app is built here, by small named functions (DESIGN §4).
 * Records live under ["<entity>", id]; indexes are named "<entity>_by_<field>" and hold ids.
 */
type Part = Deno.KvKeyPart;

// ── meta ────────────────────────────────────────────────────────────────────
export const migrationKey = (n: number) => ["_migrations", n];
export const migrationsPrefix = () => ["_migrations"];
export const healthKey = () => ["_health"];
export const jobLeaseKey = (name: string) => ["job_leases", name];

// ── users and identity ──────────────────────────────────────────────────────
export const userKey = (id: string) => ["users", id];
export const usersPrefix = () => ["users"];
export const userByEmailKey = (emailLower: string) => ["users_by_email", emailLower];
export const usersByCreatedPrefix = () => ["users_by_created"];
export const userByCreatedKey = (created: string, id: string) => ["users_by_created", created, id];
export const userSettingsKey = (userId: string) => ["user_settings", userId];
export const sessionKey = (sid: string) => ["sessions", sid];
export const sessionsByUserKey = (userId: string, sid: string) => ["sessions_by_user", userId, sid];
export const sessionsByUserPrefix = (userId: string) => ["sessions_by_user", userId];
export const refreshTokenKey = (hash: string) => ["refresh_tokens", hash];
export const apiTokenKey = (hash: string) => ["api_tokens", hash];
export const apiTokensByUserKey = (
  userId: string,
  id: string,
) => ["api_tokens_by_user", userId, id];
export const apiTokensByUserPrefix = (userId: string) => ["api_tokens_by_user", userId];
export const setupTokenKey = () => ["setup_token"];
export const outboxKey = (id: string) => ["outbox", id];
export const outboxPrefix = () => ["outbox"];
export const auditKey = (id: string) => ["audit", id];
export const auditPrefix = () => ["audit"];

export type { Part };
