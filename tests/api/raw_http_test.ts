/** Raw HTTP bytes a client library would never send: the server answers 4xx, never 5xx. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServer } from "@/tests/api/server_process.ts";

async function rawRequest(url: string, bytes: Uint8Array): Promise<string> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    await conn.write(bytes);
    const buf = new Uint8Array(512);
    const n = await conn.read(buf);
    return new TextDecoder().decode(buf.subarray(0, n ?? 0)).split("\r\n")[0];
  } finally {
    conn.close();
  }
}

const enc = (parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => typeof p === "string" ? [...new TextEncoder().encode(p)] : p),
  );

Deno.test({
  name:
    "raw HTTP: invalid header bytes in cookies, tokens, languages and boundaries never answer 5xx",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-raw-" });
    const server = startServer(join(dir, "app.kv"), {});
    try {
      await server.ready();
      const origin = server.url.replace("127.0.0.1", "localhost");
      const requests = [
        enc(["GET /api/prospects?marketProjectId=1 HTTP/1.1\r\nHost: x\r\nCookie: kl_at=", [
          0xff,
          0xfe,
          0x80,
        ], "\r\n\r\n"]),
        enc([
          "GET /api/prospects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ",
          [0xff, 0x01],
          "\r\n\r\n",
        ]),
        enc(["GET /login HTTP/1.1\r\nHost: x\r\nAccept-Language: ", [0xc3, 0x28], "\r\n\r\n"]),
        enc(["GET /api/health HTTP/1.1\r\nHost: x\r\nX-UI-Language: ", [0x7f, 0xff], "\r\n\r\n"]),
        enc([
          "GET /prospects HTTP/1.1\r\nHost: x\r\nCookie: lang=",
          [0xff],
          "; kl_rt=",
          [0x80],
          "\r\n\r\n",
        ]),
        enc([
          "POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nOrigin: ",
          [0xff],
          "\r\nContent-Length: 2\r\n\r\n{}",
        ]),
        enc([
          `POST /login HTTP/1.1\r\nHost: x\r\nOrigin: ${origin}\r\nContent-Type: multipart/form-data; boundary=`,
          [0xff],
          "\r\nContent-Length: 5\r\n\r\nhello",
        ]),
      ];
      for (const r of requests) {
        const status = await rawRequest(server.url, r);
        assert.match(
          status,
          /^HTTP\/1\.1 [234]\d\d /,
          `${status} for ${new TextDecoder().decode(r)}`,
        );
      }
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "raw HTTP: TRACE (and TRACK) on every documented path answers 405 with Allow, never 404",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-trace-" });
    const server = startServer(join(dir, "app.kv"), {});
    try {
      await server.ready();
      const doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
      const wrong: string[] = [];
      const paths = Object.keys(doc.paths as Record<string, unknown>);
      assert.ok(paths.length > 40);
      for (const template of paths) {
        const path = template.replace(/\{[^}]+\}/g, "1");
        for (const method of ["TRACE", "TRACK"]) {
          const head = await rawHead(server.url, `${method} ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
          const allow = /^allow: (.*)$/im.exec(head)?.[1]?.trim();
          if (!/^HTTP\/1\.1 405 /.test(head) || !allow) {
            wrong.push(`${method} ${path}: ${head.split("\r\n")[0]} allow=${allow}`);
          }
        }
      }
      assert.deepEqual(wrong, []);
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

/** The status line and headers of a raw request's answer. */
async function rawHead(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    await conn.write(new TextEncoder().encode(request));
    let text = "";
    const buf = new Uint8Array(4096);
    while (!text.includes("\r\n\r\n")) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    return text.split("\r\n\r\n")[0];
  } finally {
    conn.close();
  }
}
