/**
 * `deno task bench:bulk [--n 1000000] [--rows 500] [--rounds 5] [--kv path]`
 *
 * A bulk change of `rows` prospects (POST /api/prospects/bulk, one call) against the real server
 * over a store of N generated prospects (the file `deno task bench` generates and reuses; made here
 * with `--generate-only` when missing). Each round changes the same rows another way (a tag, an
 * assignee, unassigning, a follow-up date) and prints the call's time and the rows updated; the
 * issue's bar is ≤ 5 s for 500 rows at 1M.
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { listAll } from "@/lib/db/kv.ts";
import { prospectsByProjectPrefix, usersPrefix } from "@/lib/db/keys.ts";
import { listMarketProjects } from "@/lib/db/reference.ts";
import { createSession } from "@/lib/auth/session.ts";
import type { UserRecord } from "@/lib/domain/user.ts";
import { startServer } from "@/scripts/bench/bench_server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({
  args: Deno.args,
  options: {
    n: { type: "string", default: "1000000" },
    rows: { type: "string", default: "500" },
    rounds: { type: "string", default: "5" },
    kv: { type: "string" },
  },
});
const N = Number(values.n);
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const KV_PATH = values.kv ?? join(Deno.env.get("TMPDIR") ?? "/tmp", `klubbleads-bench-${N}.kv`);
const SECRET = [...crypto.getRandomValues(new Uint8Array(32))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
const log = (s: string) => console.error(s);

async function ensureStore() {
  try {
    await Deno.stat(KV_PATH);
  } catch {
    log(`generating ${N} prospects into ${KV_PATH} (deno task bench --generate-only)`);
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "scripts/bench/bench.ts",
        "--n",
        String(N),
        "--kv",
        KV_PATH,
        "--generate-only",
      ],
      cwd: ROOT,
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (!out.success) throw new Error("generation failed");
  }
}

/** An admin's token and `ROWS` open prospects of the largest non-B2B projects. */
async function actors() {
  const kv = await Deno.openKv(KV_PATH);
  try {
    const users = (await listAll<UserRecord>(kv, usersPrefix())).map((e) => e.value);
    const admin = users.find((u) => u.roles.includes("ROLE_ADMIN"))!;
    const token = (await createSession(kv, SECRET, admin.id)).accessToken;
    const projects = (await listMarketProjects(kv, { sort: "id" })).filter((p) =>
      p.active && !p.b2b
    );
    const ids: string[] = [];
    for (const p of projects) {
      for await (
        const e of kv.list({ prefix: prospectsByProjectPrefix(p.marketProjectId, 0) }, {
          limit: ROWS - ids.length,
        })
      ) ids.push(e.key[e.key.length - 1] as string);
      if (ids.length >= ROWS) break;
    }
    return { admin, token, ids };
  } finally {
    kv.close();
  }
}

await ensureStore();
const { admin, token, ids } = await actors();
const server = await startServer(ROOT, { KV_PATH, SECRET_KEY: SECRET });
try {
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const sets: Record<string, unknown>[] = [
    { tag: "bulk-a" },
    { assignedTo: admin.id },
    { assignedTo: null },
    { followUpDate: day },
    { tag: "bulk-b" },
  ];
  log(`${ids.length} rows, ${N} prospects in the store`);
  console.log("round | set | ms | updated | other");
  for (let i = 0; i < ROUNDS; i++) {
    const set = sets[i % sets.length];
    const started = performance.now();
    const res = await fetch(`${server.url}/api/prospects/bulk`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: JSON.stringify({ ids, set }),
    });
    const body = await res.json();
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    const other = body.results.filter((r: { status: string }) => r.status !== "updated").length;
    console.log(
      `${i + 1} | ${JSON.stringify(set)} | ${ms.toFixed(0)} | ${body.updated} | ${other}`,
    );
  }
} finally {
  server.child.kill();
  await server.child.status;
}
