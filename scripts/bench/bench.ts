/**
 * `deno task bench [--n 100000] [--seconds 8] [--kv path] [--fresh] [--generate-only]`
 *
 * Generates a deterministic chain (20 districts, 200 clubs, 60 projects with Zipf sizes, 400
 * users, N prospects, ~60% Done, ~3 status changes each) straight into a KV file (reused on the
 * next run with the same N unless --fresh), starts the real server (main.ts) on it, and drives it
 * over HTTP on loopback with authenticated requests: GET /api/prospects with a random mix of
 * filters, PUT updates with 1 and 8 concurrent clients, and the server-rendered /prospects page.
 * Prints p50/p95/max and requests/s per operation as a table, and the prospects page's JavaScript
 * (gzip) from static/build/manifest.json.
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runMigrations } from "@/lib/db/migrations.ts";
import { generateChainInFile, pickWeighted, zipfWeights } from "@/scripts/bench/generate.ts";
import { listAll, openKv } from "@/lib/db/kv.ts";
import { loadConfig } from "@/lib/config.ts";
import { prospectsByProjectPrefix, usersPrefix } from "@/lib/db/keys.ts";
import { listMarketProjects } from "@/lib/db/reference.ts";
import { subscribedClubIds } from "@/lib/db/settings.ts";
import { createSession } from "@/lib/auth/session.ts";
import type { UserRecord } from "@/lib/domain/user.ts";
import { startServer } from "@/scripts/bench/bench_server.ts";
import { printStoreFigures, storeFigures } from "@/scripts/bench/bench_store.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { UNPAUSED_STATUSES } from "@/scripts/bench/unpaused.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({
  args: Deno.args,
  options: {
    n: { type: "string", default: "100000" },
    seconds: { type: "string", default: "8" },
    kv: { type: "string" },
    fresh: { type: "boolean", default: false },
    seed: { type: "string", default: "1" },
    "generate-only": { type: "boolean", default: false },
  },
});
const N = Number(values.n);
const SECONDS = Number(values.seconds);
const SEED = Number(values.seed);
const KV_PATH = values.kv ?? join(Deno.env.get("TMPDIR") ?? "/tmp", `klubbleads-bench-${N}.kv`);
// A fresh key per run: production (the server's mode here) refuses keys written in the source.
const SECRET = [...crypto.getRandomValues(new Uint8Array(32))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
const MARKER = ["_bench", "generated"];
const log = (s: string) => console.error(s);

// ── 1. the data ──────────────────────────────────────────────────────────────
async function prepare(): Promise<void> {
  if (!values.fresh) {
    try {
      const kv = await Deno.openKv(KV_PATH);
      const m = await kv.get<{ n: number; seed: number }>(MARKER);
      kv.close();
      if (m.value?.n === N && m.value.seed === SEED) {
        log(`reusing ${KV_PATH} (${N} prospects)`);
        return;
      }
    } catch { /* generate */ }
  }
  for (const f of [KV_PATH, `${KV_PATH}-wal`, `${KV_PATH}-shm`]) {
    await Deno.remove(f).catch(() => {});
  }
  // Opened as main.ts opens it: the keep step's reads go to reader connections, the log is
  // checkpointed by a child process (lib/db/kv.ts).
  const config = loadConfig();
  const open = () =>
    openKv({ kvPath: KV_PATH, kvReaders: config.kvReaders, kvCheckpointer: config.kvCheckpointer });
  const first = await open();
  await runMigrations(first);
  first.close();
  const started = performance.now();
  // The prospects loaded into the file by a process of their own (kv_load.ts).
  await generateChainInFile(KV_PATH, open, {
    prospects: N,
    seed: SEED,
    now: new Date(),
    passwordHash: "$argon2id$bench-users-cannot-sign-in",
    onProgress: (done, total) => {
      if (done % 100_000 === 0 || done === total) {
        const s = (performance.now() - started) / 1000;
        log(`generated ${done}/${total} prospects in ${s.toFixed(0)} s`);
      }
    },
  });
  const kv = await open();
  await kv.set(MARKER, { n: N, seed: SEED });
  kv.close();
  log(`generation: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface Actor {
  user: UserRecord;
  token: string;
  clubIds: number[];
}

async function actors() {
  const kv = await Deno.openKv(KV_PATH);
  try {
    const users = (await listAll<UserRecord>(kv, usersPrefix())).map((e) => e.value);
    const staff = users.filter((u) => u.roles.includes("ROLE_USER")).slice(0, 40);
    const admin = users.find((u) => u.roles.includes("ROLE_ADMIN"))!;
    const mk = async (u: UserRecord): Promise<Actor> => ({
      user: u,
      token: (await createSession(kv, SECRET, u.id)).accessToken,
      clubIds: await subscribedClubIds(kv, u.id),
    });
    const projects = (await listMarketProjects(kv, { sort: "id" })).filter((p) =>
      p.active && !p.b2b
    );
    // A pool of open prospects to update, spread over the projects.
    const pool: string[] = [];
    for (const p of projects.slice(0, 20)) {
      for await (
        const e of kv.list({ prefix: prospectsByProjectPrefix(p.marketProjectId, 0) }, {
          limit: 150,
        })
      ) pool.push(e.key[e.key.length - 1] as string);
    }
    return {
      staff: await Promise.all(staff.map(mk)),
      admin: await mk(admin),
      projects: projects.map((p) => p.marketProjectId),
      pool,
    };
  } finally {
    kv.close();
  }
}

// ── 3. the workloads ─────────────────────────────────────────────────────────
interface Sample {
  op: string;
  ms: number;
  ok: boolean;
}

const rand = (() => {
  let s = 12345;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const PREFIXES = [
  "a",
  "an",
  "and",
  "be",
  "ber",
  "j",
  "jo",
  "joh",
  "ö",
  "öb",
  "å",
  "li",
  "lind",
  "s",
];

function searchRequest(
  staff: Actor[],
  projects: number[],
  cumulative: number[],
  /** Only a name prefix over a whole project (its own row: ~3 % of the mix is ~100 samples). */
  namePrefixOnly = false,
): { op: string; path: string; token: string } {
  const a = pick(staff);
  const mp = projects[pickWeighted(cumulative, rand())];
  const q = new URLSearchParams({
    marketProjectId: String(mp),
    size: String(pick([10, 10, 10, 25, 50, 5])),
    sortFollowUpDate: rand() < 0.7 ? "asc" : "desc",
  });
  if (rand() < 0.15) q.set("page", String(2 + Math.floor(rand() * 4)));
  if (rand() < 0.2) q.set("showCompleted", "true");
  const r = namePrefixOnly ? 0.7 : rand();
  let op: string;
  if (r < 0.35) {
    op = "search: my clubs";
    q.set("clubId", a.clubIds.join(","));
  } else if (r < 0.5) {
    op = "search: one club";
    q.set("clubId", String(pick(a.clubIds)));
  } else if (r < 0.6) {
    op = "search: clubs + status";
    q.set("clubId", a.clubIds.join(","));
    q.set("sellStatus", pick(SELL_STATUSES));
  } else if (r < 0.7) {
    op = "search: status";
    q.set("sellStatus", pick(SELL_STATUSES));
  } else if (r < 0.82) {
    q.set(rand() < 0.6 ? "lastName" : "firstName", pick(PREFIXES));
    // The grid sends the user's clubs; scripts may search a whole project.
    if (!namePrefixOnly && rand() < 0.75) {
      op = "search: name prefix, my clubs";
      q.set("clubId", a.clubIds.join(","));
    } else op = "search: name prefix, whole project";
  } else if (r < 0.9) {
    op = "search: my assigned";
    q.set("myAssigned", "true");
    q.set("clubId", a.clubIds.join(","));
  } else {
    op = "search: whole project";
  }
  return { op, path: `/api/prospects?${q}`, token: a.token };
}

async function timed(fn: () => Promise<boolean>, op: string, out: Sample[]) {
  const t0 = performance.now();
  let ok = false;
  try {
    ok = await fn();
  } catch {
    ok = false;
  }
  out.push({ op, ms: performance.now() - t0, ok });
}

async function runFor(
  seconds: number,
  clients: number,
  step: (out: Sample[]) => Promise<void>,
): Promise<{ samples: Sample[]; elapsed: number }> {
  const samples: Sample[] = [];
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) await step(samples);
    }),
  );
  return { samples, elapsed: (performance.now() - t0) / 1000 };
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Row {
  op: string;
  clients: number;
  n: number;
  errors: number;
  p50: number;
  p95: number;
  max: number;
  rps: number;
}

function summarize(
  samples: Sample[],
  elapsed: number,
  clients: number,
  byOp = false,
  label?: string,
): Row[] {
  const groups = new Map<string, Sample[]>();
  const all = label ?? samples[0]?.op ?? "?";
  groups.set(all, samples);
  if (byOp) {
    for (const s of samples) {
      if (!groups.has(s.op)) groups.set(s.op, []);
      groups.get(s.op)!.push(s);
    }
  }
  return [...groups.entries()].map(([op, ss]) => {
    const ms = ss.map((s) => s.ms).sort((a, b) => a - b);
    return {
      op,
      clients,
      n: ss.length,
      errors: ss.filter((s) => !s.ok).length,
      p50: pct(ms, 50),
      p95: pct(ms, 95),
      max: ms[ms.length - 1],
      rps: ss.length / elapsed,
    };
  });
}

function printTable(rows: Row[]) {
  const head = [
    "operation",
    "clients",
    "requests",
    "errors",
    "p50 ms",
    "p95 ms",
    "max ms",
    "req/s",
  ];
  const lines = rows.map((r) => [
    r.op,
    String(r.clients),
    String(r.n),
    String(r.errors),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.max.toFixed(1),
    r.rps.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    "| " +
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") +
    " |";
  console.log(fmt(head));
  console.log(
    "|" +
      widths.map((w, i) => (i === 0 ? "-" : "") + "-".repeat(w) + (i === 0 ? "-" : ":") + "|").join(
        "",
      ),
  );
  for (const l of lines) console.log(fmt(l));
}

/** The gzip size of the JavaScript a page loads: the entry, each island it renders, their imports. */
async function pageJsGzip(html: string): Promise<{ total: number; files: number }> {
  const dir = join(ROOT, "static/build");
  const manifest = JSON.parse(await Deno.readTextFile(join(dir, "manifest.json")));
  const entry = (manifest.entry as string).split("/").pop()!;
  const read = (f: string) => Deno.readTextFileSync(join(dir, f));
  const staticImports = (f: string) =>
    [...read(f).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set<string>();
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const g of staticImports(f)) walk(g);
  };
  walk(entry);
  const entryText = read(entry) + [...seen].map(read).join("\n");
  const islands = new Set([...html.matchAll(/data-island="([A-Za-z]+)"/g)].map((m) => m[1]));
  for (const name of islands) {
    const m = new RegExp(`${name}:\\(\\)=>import\\("\\./([^"]+)"\\)`).exec(entryText);
    if (m) walk(m[1]);
  }
  let total = 0;
  for (const f of seen) total += manifest.files[f] ?? 0;
  return { total, files: seen.size };
}

// ── main ─────────────────────────────────────────────────────────────────────
await prepare();
if (values["generate-only"]) {
  printStoreFigures(await storeFigures(KV_PATH));
  Deno.exit(0);
}
const { staff, admin, projects, pool } = await actors();
const weights = zipfWeights(60);
const cumulative: number[] = [];
projects.map((mp) => weights[mp - 1] ?? 0).reduce((acc, w, i) => (cumulative[i] = acc + w), 0);
const totalW = cumulative[cumulative.length - 1];
for (let i = 0; i < cumulative.length; i++) cumulative[i] /= totalW;

const server = await startServer(ROOT, { KV_PATH, SECRET_KEY: SECRET });
log(`server on ${server.url}; ${pool.length} prospects in the update pool`);
const rows: Row[] = [];
try {
  const get = async (path: string, token: string) => {
    const r = await fetch(server.url + path, { headers: { Authorization: `Bearer ${token}` } });
    await r.arrayBuffer();
    return r.ok;
  };
  const searchStep = async (out: Sample[]) => {
    const s = searchRequest(staff, projects, cumulative);
    await timed(() => get(s.path, s.token), s.op, out);
  };
  // Warm-up.
  await runFor(2, 2, searchStep);

  let r = await runFor(SECONDS, 1, searchStep);
  rows.push(...summarize(r.samples, r.elapsed, 1, true, "search (mix)"));
  r = await runFor(SECONDS, 8, searchStep);
  rows.push(...summarize(r.samples, r.elapsed, 8, false, "search (mix)"));
  // The same requests as the mix's name prefixes over a whole project, alone: enough samples for
  // a p95 (in the mix they are ~100 a run, so its p95 is the 5th slowest).
  r = await runFor(SECONDS, 1, async (out) => {
    const s = searchRequest(staff, projects, cumulative, true);
    await timed(() => get(s.path, s.token), s.op, out);
  });
  rows.push(
    ...summarize(r.samples, r.elapsed, 1, false, "search: name prefix, whole project, alone"),
  );

  // Updates: whole rows with their version, as the grid sends them.
  const cache = new Map<string, any>();
  for (let i = 0; i < pool.length; i += 50) {
    await Promise.all(
      pool.slice(i, i + 50).map(async (id) => {
        const res = await fetch(`${server.url}/api/prospects/${id}`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        });
        if (res.ok) cache.set(id, await res.json());
        else await res.body?.cancel();
      }),
    );
  }
  // Saves change statuses that pause nobody, of prospects not Paused (the server refuses those).
  const ids = [...cache.keys()].filter((id) => cache.get(id).activityStatus !== "Paused");
  const statuses = UNPAUSED_STATUSES;
  let conflicts = 0;
  const errors = new Map<string, number>();
  const updateStep = async (out: Sample[]) => {
    const id = pick(ids);
    const p = cache.get(id);
    const body = {
      firstName: p.firstName,
      lastName: p.lastName,
      tag: p.tag,
      phoneNumber: p.phoneNumber,
      email: p.email,
      marketProjectId: p.marketProjectId,
      clubId: p.clubId,
      sellStatus: pick(statuses),
      followUpDate: null,
      version: p.version,
    };
    await timed(
      async () => {
        const res = await fetch(`${server.url}/api/prospects/${id}`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const json = await res.json();
        if (!res.ok) {
          const k = `${res.status} ${json.error}`;
          errors.set(k, (errors.get(k) ?? 0) + 1);
        }
        if (res.ok) cache.set(id, json);
        else if (res.status === 409 && json.data?.current) {
          cache.set(id, json.data.current);
          conflicts++;
        }
        return res.ok;
      },
      "update (PUT)",
      out,
    );
  };
  await runFor(1, 1, updateStep);
  r = await runFor(SECONDS, 1, updateStep);
  rows.push(...summarize(r.samples, r.elapsed, 1));
  r = await runFor(SECONDS, 8, updateStep);
  rows.push(...summarize(r.samples, r.elapsed, 8));

  // The server-rendered page (cookie session, the user's remembered view: all their clubs).
  let html = "";
  const pageStep = async (out: Sample[]) => {
    const a = pick(staff);
    const mp = projects[pickWeighted(cumulative, rand())];
    await timed(
      async () => {
        const res = await fetch(`${server.url}/prospects?marketProjectId=${mp}`, {
          headers: { Cookie: `kl_at=${a.token}` },
        });
        html = await res.text();
        return res.ok && html.includes('data-island="ProspectGrid"');
      },
      "page GET /prospects (SSR)",
      out,
    );
  };
  r = await runFor(SECONDS, 1, pageStep);
  rows.push(...summarize(r.samples, r.elapsed, 1));

  console.log(`\nN = ${N} prospects · ${SECONDS} s per row · ${new Date().toISOString()}\n`);
  printTable(rows);
  const js = await pageJsGzip(html);
  console.log(
    `\nprospects page JavaScript: ${(js.total / 1024).toFixed(1)} KB gzip in ${js.files} files` +
      ` (the notes dialog loads on demand); update conflicts answered 409: ${conflicts}`,
  );
  if (errors.size) console.log(`update errors: ${JSON.stringify(Object.fromEntries(errors))}`);
} finally {
  server.child.kill("SIGTERM");
  await server.child.status;
  printStoreFigures(await storeFigures(KV_PATH));
}
