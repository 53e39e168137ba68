/** Every environment variable of the app, parsed once with zod (documented in README). */
import { z } from "zod";
import { DEFAULT_TIME_ZONE } from "@/lib/domain/worktime.ts";
import { MAKE_A_KEY, weakKeyReason } from "@/lib/secret_key.ts";
import { parseRateLimit, type RateLimit } from "@/lib/domain/rate_limit.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOSTNAME: z.string().default("127.0.0.1"),
  APP_URL: z.url().optional(),
  SECRET_KEY: z.string().min(32).optional(),
  KV_PATH: z.string().optional(),
  KV_URL: z.url().optional(),
  KV_READERS: z.coerce.number().int().min(0).max(16).default(2),
  KV_CHECKPOINTER: bool.optional(),
  TZ_NAME: z.string().default(DEFAULT_TIME_ZONE),
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(30_000).default(25_000),
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(50).default(5),
  MFA_MODE: z.enum(["required", "off"]).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Klubbleads <no-reply@klubbleads.local>"),
  SMS_URL: z.url().optional(),
  SMS_TOKEN: z.string().optional(),
  SMS_FROM: z.string().default("Klubbleads"),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_000_000),
  RATE_LIMIT: z.string().refine((v) => {
    try {
      parseRateLimit(v);
      return true;
    } catch {
      return false;
    }
  }, "a rate and a burst, e.g. 20/100, or off").optional(),
  ACCESS_LOG: bool.optional(),
  CRON: bool.optional(),
  AUTH_PROVIDER: z.enum(["embedded", "firebase"]).default("embedded"),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_API_KEY: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().regex(/^[\w.-]+:\d+$/, "host:port").optional(),
  WEBHOOK_RETRY_DELAYS_MS: z.string().regex(/^\d+(,\d+)*$/, "ms,ms,…").optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
});

/** The data API's default limit per caller: 20 requests a second, bursts of 100. */
export const DEFAULT_RATE_LIMIT = "20/100";

/** The embedded KV file outside Deno Deploy; "" opens the runtime's default store. */
export const DEFAULT_KV_PATH = "./data/app.kv";

/** The key used on localhost when SECRET_KEY is unset; refused anywhere else. */
export const DEV_SECRET_KEY = "development-secret-key-not-for-production-use-0000";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  hostname: string;
  appUrl: string;
  /** Key material for signing session tokens. */
  secretKey: string;
  /** A KV file, ":memory:", or "" for the runtime's default store (Deno Deploy's KV). */
  kvPath: string;
  kvUrl?: string;
  /** Extra SQLite connections that serve reads of a KV file (lib/db/kv.ts); 0 = one for all. */
  kvReaders: number;
  /** A KV file's write-ahead log checkpointed by a child process (lib/db/wal_checkpointer.ts). */
  kvCheckpointer: boolean;
  timeZone: string;
  mfaMode: "required" | "off";
  smtpUrl?: string;
  mailFrom: string;
  smsUrl?: string;
  smsToken?: string;
  smsFrom: string;
  bodyLimitBytes: number;
  accessLog: boolean;
  cron: boolean;
  /** Requests per second and burst per API caller (null: no limit, the default in tests). */
  rateLimit: RateLimit | null;
  /** The outbox (`/outbox`, `GET /api/outbox`) is readable outside production. */
  outboxReadable: boolean;
  isLocalhost: boolean;
  /** Who holds accounts and passwords: KV (embedded) or Firebase Authentication. */
  authProvider: "embedded" | "firebase";
  firebase?: FirebaseConfig;
  /** Outside production only: webhook retry delays (ms) instead of 1 min … 24 h (tests). */
  webhookRetryDelaysMs?: number[];
  /** Outside production only: a webhook request's timeout (ms) instead of 10 s (tests). */
  webhookTimeoutMs?: number;
  /** The live desk's event streams (`/api/events`): heartbeat interval and streams per user. */
  events: { heartbeatMs: number; maxStreams: number };
}

export interface FirebaseConfig {
  projectId: string;
  /** The web API key (REST sign-in and the browser SDK). */
  apiKey: string;
  /** host:port of the Auth emulator (tests); unset in production. */
  emulatorHost?: string;
  /** The service-account JSON file (production admin calls and custom tokens). */
  credentialsFile?: string;
}

export class ConfigError extends Error {}

/** Parses an environment (Deno.env.toObject() by default). Throws ConfigError on bad values. */
export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k in schema.shape && v !== undefined && v !== ""),
  );
  // An empty KV_PATH is a choice (the runtime's default store), not an unset variable.
  if (env.KV_PATH === "") cleaned.KV_PATH = "";
  // Deno Deploy fails closed: production's checks apply unless APP_ENV says otherwise.
  if (env.DENO_DEPLOYMENT_ID && !cleaned.APP_ENV) cleaned.APP_ENV = "production";
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.APP_ENV === "production") {
    const missing = [!e.SECRET_KEY && "SECRET_KEY", !e.APP_URL && "APP_URL"].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(
        `Production refuses to start without ${missing.join(" and ")}` +
          (env.DENO_DEPLOYMENT_ID ? " (Deno Deploy runs as APP_ENV=production)." : "."),
      );
    }
    if (env.DENO_DEPLOYMENT_ID && !e.APP_URL!.startsWith("https://")) {
      throw new ConfigError(`APP_URL must be an https:// address on Deno Deploy (${e.APP_URL}).`);
    }
    const weak = weakKeyReason(e.SECRET_KEY!, new URL("../", import.meta.url));
    if (weak) {
      throw new ConfigError(`SECRET_KEY is not safe for production: ${weak}; ${MAKE_A_KEY}.`);
    }
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const host = new URL(appUrl).hostname;
  const isLocalhost = host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  if (!isLocalhost && (!e.SECRET_KEY || e.SECRET_KEY === DEV_SECRET_KEY)) {
    throw new ConfigError(
      `SECRET_KEY must be set to a secret of at least 32 characters (not the development default) ` +
        `when APP_URL is not a loopback address (${appUrl}): it signs every session.`,
    );
  }
  const mfaMode = e.MFA_MODE ?? (isLocalhost ? "off" : "required");
  // Firebase texts its own MFA codes; the embedded provider needs our SMS gateway.
  if (
    e.APP_ENV === "production" && mfaMode === "required" && !e.SMS_URL &&
    e.AUTH_PROVIDER === "embedded"
  ) {
    throw new ConfigError("Production with MFA_MODE=required refuses to start without SMS_URL.");
  }
  let firebase: FirebaseConfig | undefined;
  if (e.AUTH_PROVIDER === "firebase") {
    const missing = [
      !e.FIREBASE_PROJECT_ID && "FIREBASE_PROJECT_ID",
      !e.FIREBASE_API_KEY && "FIREBASE_API_KEY",
      !e.FIREBASE_AUTH_EMULATOR_HOST && !e.GOOGLE_APPLICATION_CREDENTIALS &&
      "GOOGLE_APPLICATION_CREDENTIALS (or FIREBASE_AUTH_EMULATOR_HOST for the emulator)",
    ].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(`AUTH_PROVIDER=firebase needs ${missing.join(", ")}.`);
    }
    firebase = {
      projectId: e.FIREBASE_PROJECT_ID!,
      apiKey: e.FIREBASE_API_KEY!,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
      credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS,
    };
  }
  return {
    env: e.APP_ENV,
    port: e.PORT,
    hostname: e.HOSTNAME,
    appUrl,
    secretKey: e.SECRET_KEY ?? DEV_SECRET_KEY,
    kvPath: e.KV_PATH ?? (env.DENO_DEPLOYMENT_ID ? "" : DEFAULT_KV_PATH),
    kvUrl: e.KV_URL,
    kvReaders: e.KV_READERS,
    kvCheckpointer: e.KV_CHECKPOINTER ?? true,
    timeZone: e.TZ_NAME,
    mfaMode,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    smsToken: e.SMS_TOKEN,
    smsFrom: e.SMS_FROM,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    accessLog: e.ACCESS_LOG ?? e.APP_ENV !== "test",
    cron: e.CRON ?? e.APP_ENV !== "test",
    outboxReadable: e.APP_ENV !== "production",
    rateLimit: parseRateLimit(e.RATE_LIMIT ?? (e.APP_ENV === "test" ? "off" : DEFAULT_RATE_LIMIT)),
    isLocalhost,
    authProvider: e.AUTH_PROVIDER,
    firebase,
    // Shorter webhook retries and timeouts are for tests: production keeps the documented ones.
    webhookRetryDelaysMs: e.APP_ENV !== "production" && e.WEBHOOK_RETRY_DELAYS_MS
      ? e.WEBHOOK_RETRY_DELAYS_MS.split(",").map(Number)
      : undefined,
    webhookTimeoutMs: e.APP_ENV !== "production" ? e.WEBHOOK_TIMEOUT_MS : undefined,
    events: { heartbeatMs: e.EVENTS_HEARTBEAT_MS, maxStreams: e.EVENTS_MAX_STREAMS },
  };
}
