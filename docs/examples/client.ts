/**
 * The typed client every example uses: openapi-fetch over the types openapi-typescript generated
 * from /api/openapi.json (`klubbleads.d.ts`; tests/api/script_jobs_test.ts checks it is current).
 *
 *   npx openapi-typescript "$APP_URL/api/openapi.json" -o klubbleads.d.ts
 */
import createClient from "openapi-fetch";
import type { paths } from "./klubbleads.d.ts";

export type Api = ReturnType<typeof createClient<paths>>;

/** A client for one token; `fetch` may be replaced (tests, proxies). */
export function klubbleads(baseUrl: string, token: string, fetchFn?: typeof fetch): Api {
  return createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${token}` },
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });
}
