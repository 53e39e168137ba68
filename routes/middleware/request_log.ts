/** Request id (X-Request-Id) and a one-line JSON access log without queries, bodies or secrets. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "@/routes/env.ts";

export function requestLog(
  options: { log: boolean; write?: (line: string) => void },
): MiddlewareHandler<AppEnv> {
  const write = options.write ?? ((l: string) => console.log(l));
  return async function requestLog(c, next) {
    const incoming = c.req.header("x-request-id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", id);
    const started = performance.now();
    await next();
    // On the answer's own headers: c.header() after the handler copies the whole Response.
    c.res.headers.set("X-Request-Id", id);
    if (options.log) {
      write(JSON.stringify({
        t: new Date().toISOString(),
        id,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        user: c.get("user")?.id ?? null,
      }));
    }
  };
}
