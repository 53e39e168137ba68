/**
 * `deno run -A scripts/bench/bench_reports.ts [--n 1000000] [--seconds 6] [--kv path] [--fresh]`
 *
 * The report benchmark (issue #7): generates the same deterministic chain as scripts/bench/bench.ts
 * (scripts/bench/generate.ts: 200 clubs in 20 districts, 60 Zipf-sized projects, ~3 status changes per
 * prospect, with the report history), starts the real server on it and drives the three reports
 * over HTTP on loopback, one client, for today and for past reference dates. Prints p50/p95/max.
 *
 * The generator keeps every past midnight's report values and prunes the buckets before, as the
 * nightly job does (keepMidnights, lib/services/report_snapshots.ts); a store generated before that is
 * brought there first (migration 85), and the time it took printed.
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runMigrations } from "@/lib/db/migrations.ts";
import { generateChainInFile } from "@/scripts/bench/generate.ts";
import { listAll, openKv } from "@/lib/db/kv.ts";
import { loadConfig } from "@/lib/config.ts";
import { usersPrefix } from "@/lib/db/keys.ts";
import { listDistricts, listMarketProjects } from "@/lib/db/reference.ts";
import { subscribedClubIds } from "@/lib/db/settings.ts";
import { createSession } from "@/lib/auth/session.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import type { UserRecord } from "@/lib/domain/user.ts";
import { keepEveryProject } from "@/lib/db/report_keep.ts";
import { startServer } from "@/scripts/bench/bench_server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({
  args: Deno.args,
  options: {
    n: { type: "string", default: "100000" },
    seconds: { type: "string", default: "6" },
    kv: { type: "string" },
    fresh: { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
  },
});
const N = Number(values.n);
const SECONDS = Number(values.seconds);
const KV_PATH = values.kv ??
  join(Deno.env.get("TMPDIR") ?? "/tmp", `klubbleads-bench-reports-${N}.kv`);
// A fresh key per run: production (the server's mode here) refuses keys written in the source.
const SECRET = [...crypto.getRandomValues(new Uint8Array(32))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
const MARKER = ["_bench", "generated_reports"];
const TZ = "Europe/Stockholm";
const log = (s: string) => console.error(s);

async function prepare() {
  if (!values.fresh) {
    try {
      const kv = await Deno.openKv(KV_PATH);
      // scripts/bench/bench.ts generates the same chain (seed 1): either marker will do.
      const [m, b] = await kv.getMany<[{ n: number }, { n: number; seed: number }]>([
        MARKER,
        ["_bench", "generated"],
      ]);
      kv.close();
      if (m.value?.n === N || (b.value?.n === N && b.value.seed === 1)) {
        return log(`reusing ${KV_PATH} (${N} prospects)`);
      }
    } catch { /* generate */ }
  }
  for (const f of [KV_PATH, `${KV_PATH}-wal`, `${KV_PATH}-shm`]) {
    await Deno.remove(f).catch(() => {});
  }
  // Opened as main.ts opens it: the keep step's reads go to reader connections (lib/db/kv.ts).
  const open = () => openKv({ kvPath: KV_PATH, kvReaders: loadConfig().kvReaders });
  const first = await open();
  await runMigrations(first);
  first.close();
  const t0 = performance.now();
  // The prospects loaded into the file by a process of their own (kv_load.ts).
  await generateChainInFile(KV_PATH, open, {
    prospects: N,
    now: new Date(),
    passwordHash: "$argon2id$bench-users-cannot-sign-in",
    onProgress: (done, total) => {
      if (done % 100_000 === 0 || done === total) {
        log(`generated ${done}/${total} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
    },
  });
  const kv = await open();
  await kv.set(MARKER, { n: N });
  kv.close();
  log(`generation: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function setup() {
  const kv = await Deno.openKv(KV_PATH);
  try {
    const users = (await listAll<UserRecord>(kv, usersPrefix())).map((e) => e.value);
    const staff = users.filter((u) => u.roles.includes("ROLE_USER")).slice(0, 30);
    const admin = users.find((u) => u.roles.includes("ROLE_ADMIN"))!;
    const token = async (u: UserRecord) => (await createSession(kv, SECRET, u.id)).accessToken;
    const projects = (await listMarketProjects(kv, { sort: "id" })).filter((p) =>
      p.active && !p.b2b
    )
      .map((p) => p.marketProjectId);
    return {
      staff: await Promise.all(
        staff.map(async (u) => ({
          token: await token(u),
          clubs: await subscribedClubIds(kv, u.id),
        })),
      ),
      admin: await token(admin),
      // Project ids follow the Zipf rank: 1 is the largest (~30% of all prospects).
      projects,
      districts: (await listDistricts(kv)).map((d) => d.districtId),
    };
  } finally {
    kv.close();
  }
}

/** Keeps every past midnight of every project (what the nightly job builds up), if not yet. */
async function snapshots() {
  const kv = await Deno.openKv(KV_PATH);
  try {
    const projects = (await listMarketProjects(kv)).map((p) => p.marketProjectId);
    const now = new Date();
    const t0 = performance.now();
    const { kept } = await keepEveryProject(kv, projects, TZ, now);
    log(
      `kept midnights: ${kept} (${projects.length} projects) in ${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s`,
    );
  } finally {
    kv.close();
  }
}

let seed = 4711;
const rand = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];

await prepare();
if (values["generate-only"]) Deno.exit(0);
await snapshots();
const { staff, admin, projects, districts } = await setup();
const server = await startServer(ROOT, { KV_PATH, SECRET_KEY: SECRET });
const today = localDate(new Date(), TZ);
const pastDate = () => addDays(today, -(1 + Math.floor(rand() * 30)));

/** A Zipf-ish pick: the large projects are asked for most. */
const project = () =>
  projects[Math.min(projects.length - 1, Math.floor(Math.pow(rand(), 2.5) * 12))];

const ops: Record<string, () => { path: string; token: string }> = {
  "sell-status-age, today": () => {
    const a = pick(staff);
    return {
      path: `/api/reports/sell-status-age?marketProjectId=${project()}&referenceDate=${today}`,
      token: a.token,
    };
  },
  "sell-status-age, past date": () => {
    const a = pick(staff);
    return {
      path: `/api/reports/sell-status-age?marketProjectId=${project()}&referenceDate=${pastDate()}`,
      token: a.token,
    };
  },
  "status-project 10 largest, today": () => ({
    path: `/api/reports/status-project?referenceDate=${today}&marketProjectIds=${
      projects.slice(0, 10)
    }`,
    token: admin,
  }),
  "status-project 10 largest, past date": () => ({
    path: `/api/reports/status-project?referenceDate=${pastDate()}&marketProjectIds=${
      projects.slice(0, 10)
    }`,
    token: admin,
  }),
  "club: my clubs × 3 projects, today": () => {
    const a = pick(staff);
    return {
      path:
        `/api/reports/status-project?referenceDate=${today}&prospectFieldKey=clubId&collection=clubs&ids=${a.clubs}&marketProjectIds=${[
          project(),
          project(),
          project(),
        ]}`,
      token: a.token,
    };
  },
  "club: my clubs × 3 projects, past": () => {
    const a = pick(staff);
    return {
      path:
        `/api/reports/status-project?referenceDate=${pastDate()}&prospectFieldKey=clubId&collection=clubs&ids=${a.clubs}&marketProjectIds=${[
          project(),
          project(),
          project(),
        ]}`,
      token: a.token,
    };
  },
  "district: all 20 × largest project, today": () => ({
    path:
      `/api/reports/status-project?referenceDate=${today}&prospectFieldKey=districtId&collection=district&ids=${districts}&marketProjectIds=${
        projects[0]
      }`,
    token: admin,
  }),
  "district: all 20 × 10 projects, today": () => ({
    path:
      `/api/reports/status-project?referenceDate=${today}&prospectFieldKey=districtId&collection=district&ids=${districts}&marketProjectIds=${
        projects.slice(0, 10)
      }`,
    token: admin,
  }),
  "district: all 20 × largest project, past": () => ({
    path:
      `/api/reports/status-project?referenceDate=${pastDate()}&prospectFieldKey=districtId&collection=district&ids=${districts}&marketProjectIds=${
        projects[0]
      }`,
    token: admin,
  }),
};

const rows: string[][] = [];
try {
  for (const [name, make] of Object.entries(ops)) {
    const run = async (seconds: number) => {
      const ms: number[] = [];
      let errors = 0;
      const end = performance.now() + seconds * 1000;
      while (performance.now() < end) {
        const { path, token } = make();
        const t0 = performance.now();
        const r = await fetch(server.url + path, { headers: { Authorization: `Bearer ${token}` } });
        await r.arrayBuffer();
        ms.push(performance.now() - t0);
        if (!r.ok) errors++;
      }
      return { ms: ms.sort((a, b) => a - b), errors };
    };
    await run(1); // warm-up
    const { ms, errors } = await run(SECONDS);
    rows.push([
      name,
      String(ms.length),
      String(errors),
      pct(ms, 50).toFixed(1),
      pct(ms, 95).toFixed(1),
      ms[ms.length - 1].toFixed(1),
    ]);
    log(`${name}: p95 ${pct(ms, 95).toFixed(1)} ms`);
  }
} finally {
  server.child.kill("SIGTERM");
  await server.child.status;
}
const head = ["report (HTTP, 1 client)", "requests", "errors", "p50 ms", "p95 ms", "max ms"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const fmt = (c: string[]) =>
  "| " + c.map((x, i) => (i ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(" | ") + " |";
console.log(`\nN = ${N} prospects · ${SECONDS} s per row · ${new Date().toISOString()}\n`);
console.log(fmt(head));
console.log("|" + widths.map((w, i) => "-".repeat(w + 1) + (i ? ":" : "-")).join("|") + "|");
for (const r of rows) console.log(fmt(r));
