/**
 * `deno task bench:import [--rows 10000] [--parts 10]`: the CSV import and export over HTTP on the
 * real server (main.ts) with a fresh KV file. Imports `parts` files of `rows` rows into one market
 * project (each timed, first as a dry run), imports the first file again (all duplicates), then
 * exports the whole project as CSV: the time to the first byte and to the last.
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { createUser } from "@/lib/db/users.ts";
import { createSession } from "@/lib/auth/session.ts";
import { startServer } from "@/scripts/bench/bench_server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({
  args: Deno.args,
  options: {
    rows: { type: "string", default: "10000" },
    parts: { type: "string", default: "10" },
  },
});
const ROWS = Number(values.rows);
const PARTS = Number(values.parts);
// A fresh key per run: production (the server's mode here) refuses keys written in the source.
const SECRET = [...crypto.getRandomValues(new Uint8Array(32))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
const dir = await Deno.makeTempDir({ prefix: "klubbleads-import-" });
const KV_PATH = join(dir, "import.kv");
const log = (s: string) => console.log(s);
const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");

const kv = await Deno.openKv(KV_PATH);
await runMigrations(kv);
await createDistrict(kv, { districtId: 1, name: "Bench" });
for (let c = 1; c <= 20; c++) {
  await createClub(kv, { clubId: c, name: `Klubb ${c}`, districtId: 1 });
}
await createMarketProject(
  kv,
  { name: "Import", startDate: "2026-01-01", marketProjectId: 1 },
  "2000-01-01",
);
const admin = await createUser(kv, {
  email: "bench.admin@example.se",
  firstName: "Bench",
  lastName: "Admin",
  mobile: "+46700000000",
  roles: ["ROLE_ADMIN"],
  passwordHash: "$argon2id$bench-users-cannot-sign-in",
  verified: true,
  enabled: true,
  mfaEnrolled: false,
  mfaPhone: null,
  notificationCategoryId: null,
  dailyReportSubscription: false,
});
const token = (await createSession(kv, SECRET, admin.id)).accessToken;
kv.close();

/** A partner list as Excel writes it in Sweden: Swedish headers, ";", varied phone formats. */
function file(part: number): string {
  const lines = ["Förnamn;Efternamn;Telefon;E-post;Klubb-ID;Tagg"];
  for (let i = 0; i < ROWS; i++) {
    const n = part * ROWS + i;
    const digits = String(n).padStart(7, "0");
    const phone = n % 3 === 0
      ? `+46 72 ${digits}`
      : n % 3 === 1
      ? `072-${digits}`
      : `004672${digits}`;
    lines.push(`Åsa${n};Öberg;${phone};lead${n}@example.se;${(n % 20) + 1};partner`);
  }
  return lines.join("\r\n") + "\r\n";
}

const server = await startServer(ROOT, { KV_PATH, SECRET_KEY: SECRET });
const headers = { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" };
async function post(csv: string, dryRun: boolean) {
  const t0 = performance.now();
  const res = await fetch(
    `${server.url}/api/prospects/import?marketProjectId=1${dryRun ? "&dryRun=true" : ""}`,
    { method: "POST", headers, body: csv },
  );
  const out = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(out)}`);
  return { ms: performance.now() - t0, out };
}

try {
  log(`import bench: ${PARTS} files × ${ROWS} rows, load ${load()}`);
  for (let p = 0; p < PARTS; p++) {
    const csv = file(p);
    const dry = p === 0 ? await post(csv, true) : null;
    const real = await post(csv, false);
    log(
      `file ${p + 1}: ${(csv.length / 1e6).toFixed(2)} MB` +
        (dry ? `, dry run ${(dry.ms / 1000).toFixed(2)} s` : "") +
        `, import ${
          (real.ms / 1000).toFixed(2)
        } s (${real.out.created} created, ${real.out.errors.length} errors), load ${load()}`,
    );
  }
  const again = await post(file(0), false);
  log(
    `file 1 again: ${
      (again.ms / 1000).toFixed(2)
    } s, ${again.out.created} created, ${again.out.duplicates.length} duplicates`,
  );
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/prospects?marketProjectId=1&format=csv`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const reader = res.body!.getReader();
  let first = 0, bytes = 0, lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - t0;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  log(
    `export: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB, first byte ${
      first.toFixed(0)
    } ms, ` +
      `all ${((performance.now() - t0) / 1000).toFixed(2)} s, load ${load()}`,
  );
} finally {
  server.child.kill("SIGTERM");
  await server.child.status;
  await Deno.remove(dir, { recursive: true });
}
