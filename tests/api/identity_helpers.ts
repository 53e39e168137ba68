/** Helpers for the identity tests: cookies from responses, outbox links and codes, addresses. */
import { call, ORIGIN, type TestEnv } from "@/tests/helpers.ts";
import { listOutbox } from "@/lib/notify/mod.ts";

/** "name=value" pairs of every Set-Cookie of a response (deleted cookies skipped). */
export function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(";");
    const i = pair.indexOf("=");
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
    if (!expired && value) out[name] = value;
  }
  return out;
}

export function cookieHeader(c: Record<string, string>): Record<string, string> {
  return {
    Cookie: Object.entries(c).map(([k, v]) => `${k}=${v}`).join("; "),
    Origin: ORIGIN,
  };
}

/** Signs in through the API; the browser headers of the new session. */
export async function signInHeaders(env: TestEnv, email: string, password: string) {
  const r = await call(env, "POST", "/api/auth/sign-in", {
    headers: { Origin: ORIGIN },
    body: { email, password },
  });
  if (r.res.status !== 200 || !r.json.user) {
    throw new Error(`sign-in failed: ${r.res.status} ${JSON.stringify(r.json)}`);
  }
  return cookieHeader(cookiesOf(r.res));
}

/** The newest outbox message to a recipient. */
export async function lastMessage(env: TestEnv, to: string) {
  const [m] = await listOutbox(env.kv, { to, limit: 1, now: env.clock.now });
  if (!m) throw new Error(`no message to ${to}`);
  return m;
}

export async function lastOobCode(env: TestEnv, to: string, mode: string): Promise<string> {
  const m = await lastMessage(env, to);
  const link = new RegExp(`/email-redirect\\?mode=${mode}&oobCode=([A-Za-z0-9_%-]+)`).exec(m.text);
  if (!link) throw new Error(`no ${mode} link in ${m.text}`);
  return decodeURIComponent(link[1]);
}

export async function lastSmsCode(env: TestEnv, phone: string): Promise<string> {
  const m = await lastMessage(env, phone);
  const code = /\b(\d{6})\b/.exec(m.text);
  if (!code) throw new Error(`no code in ${m.text}`);
  return code[1];
}

/** app.request as Deno.serve would call it, with the client's address. */
export async function callFrom(
  env: TestEnv,
  address: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await env.app.app.request(`${ORIGIN}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: body === undefined ? undefined : JSON.stringify(body),
  }, { remoteAddr: { hostname: address, port: 1234, transport: "tcp" } });
  const text = await res.text();
  return { res, json: text ? JSON.parse(text) : null };
}
