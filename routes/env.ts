/** The Hono environment of the app: its dependencies and per-request variables. */
import type { ApiTokenScope } from "@/lib/auth/api_tokens.ts";
import type { Context } from "hono";
import type { DomainError } from "@/lib/domain/errors.ts";
import type { Config } from "@/lib/config.ts";
import type { SessionUser, UserSettings } from "@/lib/domain/user.ts";
import type { Lang } from "@/lib/i18n/mod.ts";
import type { Prefetched } from "@/lib/services/deps.ts";

/** The built client entry and stylesheet (routes/assets.ts reads them from the manifest). */
export interface Assets {
  entry: string | null;
  css: string | null;
}

export interface AppDeps {
  kv: Deno.Kv;
  config: Config;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** Built client assets; tests without a build get an empty manifest. */
  assets?: Assets;
}

export interface AppVariables {
  deps: Required<AppDeps>;
  requestId: string;
  user: SessionUser | null;
  lang: Lang;
  /** The signed-in user's settings (menu state, language, selected project). */
  userSettings: UserSettings | null;
  /** Set by the session middleware when the access cookie was refreshed on this request. */
  authVia: "cookie" | "bearer" | null;
  /** An API token's scope (lib/auth/api_tokens.ts); null for sessions and access tokens. */
  tokenScope: ApiTokenScope | null;
  /** The route's keys read with the session (define.ts, `prefetch`); null when none were. */
  prefetched: Prefetched | null;
  /** The signed-in user's unread notifications, read for a page (the bell). */
  unread?: number;
  /** Why a presented credential was refused (e.g. a Firebase token of an unverified e-mail). */
  authError?: DomainError;
}

export type AppEnv = { Variables: AppVariables };
export type Ctx = Context<AppEnv>;

export const isApiPath = (path: string) =>
  path.startsWith("/api/") || path === "/api" || path.startsWith("/oauth/");
