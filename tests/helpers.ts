/** Test helpers: a fresh :memory: KV per test, the app on it, users and signed-in request headers. */
import { type Config, loadConfig } from "@/lib/config.ts";
import { parseCsvRecords } from "@/lib/domain/reports.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createUser } from "@/lib/db/users.ts";
import { createSession } from "@/lib/auth/session.ts";
import { hashPassword } from "@/lib/auth/password.ts";
import { type App, createApp } from "@/routes/mod.ts";
import type { Role } from "@/lib/domain/statuses.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

export const ORIGIN = "http://localhost:8000";

/** A fresh random key as `openssl rand -hex 32` makes (production refuses keys in the source). */
export function strongKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface TestEnv {
  kv: Deno.Kv;
  config: Config;
  app: App;
  /** The test clock (mutable): tests move it with `env.clock.set(...)`. */
  clock: { now: Date; set(d: Date | string): void; advance(ms: number): void };
  close(): void;
}

/** A fresh in-memory KV with migrations run, and the app on top of it. */
export async function makeEnv(
  overrides: Record<string, string> = {},
  now?: Date,
): Promise<TestEnv> {
  const config = testConfig(overrides);
  const kv = await Deno.openKv(":memory:");
  await runMigrations(kv);
  const clock = {
    now: now ?? new Date(),
    set(d: Date | string) {
      this.now = new Date(d);
    },
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = createApp({ kv, config, now: now ? () => clock.now : () => new Date() });
  return { kv, config, app, clock, close: () => kv.close() };
}

/** Runs fn with a new temporary directory, removed afterwards (KV files of their own). */
export async function withDir<T>(
  fn: (dir: string) => Promise<T>,
  prefix = "klubbleads-",
): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix });
  try {
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Runs fn with a fresh env and always closes its KV. */
export async function withEnv<T>(
  fn: (env: TestEnv) => Promise<T>,
  overrides: Record<string, string> = {},
) {
  const env = await makeEnv(overrides);
  try {
    return await fn(env);
  } finally {
    env.close();
  }
}

let counter = 0;
// One hash for the test password, computed once: argon2 is deliberately slow.
let testHash: Promise<string> | null = null;
export const TEST_PASSWORD = "Secret123";

export interface TestUserInput {
  role?: Role;
  email?: string;
  firstName?: string;
  lastName?: string;
  verified?: boolean;
  enabled?: boolean;
  mobile?: string;
}

/** Creates a verified, enabled user with password TEST_PASSWORD. */
export async function createTestUser(kv: Deno.Kv, input: TestUserInput = {}): Promise<UserRecord> {
  testHash ??= hashPassword(TEST_PASSWORD);
  const n = ++counter;
  const role = input.role ?? "ROLE_USER";
  return await createUser(kv, {
    email: input.email ?? `user${n}.${crypto.randomUUID().slice(0, 6)}@example.se`,
    firstName: input.firstName ?? `Test${n}`,
    lastName: input.lastName ?? "Person",
    mobile: input.mobile ?? "+46701234567",
    roles: [role],
    passwordHash: await testHash,
    verified: input.verified ?? true,
    enabled: input.enabled ?? true,
    mfaEnrolled: false,
    mfaPhone: null,
    notificationCategoryId: null,
    dailyReportSubscription: false,
  });
}

/** Headers of a signed-in browser: session cookies and a same-origin Origin. */
export async function sessionHeaders(
  env: TestEnv,
  user: UserRecord,
): Promise<Record<string, string>> {
  const tokens = await createSession(env.kv, env.config.secretKey, user.id);
  return {
    Cookie: `kl_at=${tokens.accessToken}; kl_rt=${tokens.refreshToken}`,
    Origin: ORIGIN,
  };
}

/** A user of the role plus its signed-in headers. */
export async function signedIn(env: TestEnv, input: TestUserInput = {}) {
  const user = await createTestUser(env.kv, input);
  return { user, headers: await sessionHeaders(env, user) };
}

/** app.request with JSON body and headers; returns the response and its parsed JSON (or null). */
export async function call(
  env: TestEnv,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ res: Response; json: any }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await env.app.request(`${ORIGIN}${path}`, { method, headers, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { res, json };
}

/** A config for tests: test env, in-memory KV, a fixed secret on localhost. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: "test",
    KV_PATH: ":memory:",
    SECRET_KEY: "test-secret-key-0123456789abcdef0123456789abcdef",
    APP_URL: "http://localhost:8000",
    ...overrides,
  });
}

/** The cells of a CSV the app wrote (a report or export download), row by row. */
export function parseCsv(text: string, sep = ";"): string[][] {
  return parseCsvRecords(text, sep).map((r) => r.cells);
}
