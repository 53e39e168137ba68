/** A local webhook receiver for tests (Deno.serve on 127.0.0.1) and the signature check. */

export interface Received {
  url: string;
  signature: string;
  body: string;
  json: { id: string; type: string; occurredAt: string; data: Record<string, any> };
}

/** A free loopback port (listened on and closed: nothing answers there until a server does). */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Receives deliveries on `port` (0: any) and answers `status` (200 by default). */
export function startReceiver(port = 0, status = () => 200) {
  const got: Received[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, async (req) => {
    const body = await req.text();
    got.push({
      url: req.url,
      signature: req.headers.get("Klubbleads-Signature") ?? "",
      body,
      json: JSON.parse(body),
    });
    return new Response(null, { status: status() });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/hook`,
    got,
    /** Waits until `pred` holds for the received deliveries (or throws after `ms`). */
    async until(pred: (got: Received[]) => boolean, ms = 15_000): Promise<void> {
      const end = Date.now() + ms;
      while (!pred(got)) {
        if (Date.now() > end) throw new Error(`receiver timed out with ${got.length} deliveries`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop: () => server.shutdown(),
  };
}

/**
 * The receiver's check, as docs/api.md shows it: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<body>")>`, computed here independently of the app's code.
 */
export async function signatureValid(secret: string, header: string, body: string) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=")));
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const mac = new Uint8Array(parts.v1.match(/../g)!.map((h: string) => parseInt(h, 16)));
  return await crypto.subtle.verify(
    "HMAC",
    key,
    mac,
    new TextEncoder().encode(`${parts.t}.${body}`),
  );
}
