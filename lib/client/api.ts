/**
 * The one fetch wrapper for islands: JSON in and out, empty query values dropped, a running-request
 * counter for the loader, one refresh and retry on 401, then logout with the stored error.
 * 403/404/409 are thrown as ApiError for the caller to toast (DESIGN §9), not logouts.
 */
import { signal } from "@preact/signals";

export const runningRequests = signal(0);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  query?: Record<string, string | number | boolean | null | undefined | (string | number)[]>;
  body?: unknown;
  /** A body that is not JSON (e.g. the CSV import): sent as is with its content type. */
  raw?: { type: string; text: string };
  signal?: AbortSignal;
  /** Skip the refresh-and-logout handling (auth screens). */
  noAuthRetry?: boolean;
  /** More request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export const STORED_ERROR_KEY = "klubbleads.error";

export function buildUrl(path: string, query?: ApiOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v)) {
      if (v.length) params.set(k, v.join(","));
    } else params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/** The header that carries the page's language (scripts send Accept-Language instead). */
export const UI_LANGUAGE_HEADER = "X-UI-Language";

async function send(method: string, path: string, opts: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.raw) headers["Content-Type"] = opts.raw.type;
  // The page's language, so the server's messages match the page whatever the browser's.
  const ui = globalThis.document?.documentElement?.lang;
  if (ui) headers[UI_LANGUAGE_HEADER] = ui;
  return await fetch(buildUrl(path, opts.query), {
    method,
    headers,
    body: opts.raw
      ? opts.raw.text
      : opts.body === undefined
      ? undefined
      : JSON.stringify(opts.body),
    credentials: "same-origin",
    signal: opts.signal,
  });
}

let refreshing: Promise<boolean> | null = null;
function refreshOnce(): Promise<boolean> {
  refreshing ??= fetch("/api/auth/refresh", { method: "POST", credentials: "same-origin" })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => setTimeout(() => (refreshing = null), 0));
  return refreshing;
}

/** Clears the session, stores the error for the login page, and goes to /login. */
export function forceLogout(status: number, text: string) {
  try {
    sessionStorage.setItem(STORED_ERROR_KEY, JSON.stringify({ status, text }));
  } catch { /* storage may be off */ }
  fetch("/api/auth/sign-out", { method: "POST", credentials: "same-origin" }).finally(() => {
    const here = location.pathname + location.search;
    location.href = `/login?redirect=${encodeURIComponent(here)}`;
  });
}

export async function api<T = unknown>(
  method: string,
  path: string,
  opts: ApiOptions = {},
): Promise<ApiResponse<T>> {
  runningRequests.value++;
  try {
    let res = await send(method, path, opts);
    if (res.status === 401 && !opts.noAuthRetry) {
      if (await refreshOnce()) res = await send(method, path, opts);
      if (res.status === 401) {
        const body = await res.json().catch(() => ({}));
        forceLogout(401, body.message ?? res.statusText);
        throw new ApiError(401, body.error ?? "UNAUTHORIZED", body.message ?? "");
      }
    }
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!res.ok) {
      const e = (data && typeof data === "object" ? data : {}) as {
        error?: string;
        message?: string;
        fields?: Record<string, string>;
        data?: unknown;
      };
      throw new ApiError(
        res.status,
        e.error ?? String(res.status),
        e.message ?? res.statusText,
        e.fields ?? {},
        e.data,
      );
    }
    return { data: data as T, status: res.status, headers: res.headers };
  } finally {
    runningRequests.value--;
  }
}

export const get = <T>(path: string, opts?: ApiOptions) => api<T>("GET", path, opts);
export const post = <T>(path: string, body?: unknown, opts?: ApiOptions) =>
  api<T>("POST", path, { ...opts, body });
export const put = <T>(path: string, body?: unknown, opts?: ApiOptions) =>
  api<T>("PUT", path, { ...opts, body });
export const patch = <T>(path: string, body?: unknown, opts?: ApiOptions) =>
  api<T>("PATCH", path, { ...opts, body });
export const del = <T>(path: string, opts?: ApiOptions) => api<T>("DELETE", path, opts);
