/**
 * deno task demo: the server on a KV file seeded with a believable Swedish chain (4 districts,
 * 20 clubs, 6 market projects of which 4 active and 1 b2b, ~30 staff, ~5,000 prospects with
 * months of history), using the same generator as the benchmark. Re-running reuses the data.
 */
import { parseArgs } from "node:util";
import { openKv } from "@/lib/db/kv.ts";
import { isKnownLayout, runMigrations } from "@/lib/db/migrations.ts";
import { type ChainNaming, generateChain } from "@/scripts/bench/generate.ts";
import { hashPassword } from "@/lib/auth/password.ts";
import type { Role } from "@/lib/domain/statuses.ts";

export const DEMO_PASSWORD = "Demo1234";
export const DEMO_LOGINS = {
  admin: "admin@klubbleads.demo",
  user: "anna@klubbleads.demo",
  b2b: "foretag@klubbleads.demo",
};

const DISTRICTS = ["Stockholm", "Göteborg", "Skåne", "Norrland"];
const CLUBS: Record<number, string[]> = {
  1: ["Göteborg Majorna", "Göteborg Lindholmen", "Mölndal", "Partille", "Kungsbacka"],
  2: ["Malmö Triangeln", "Lund Centrum", "Helsingborg", "Malmö Hyllie", "Ystad"],
  3: ["Umeå", "Luleå", "Sundsvall", "Östersund", "Skellefteå"],
  0: ["Stockholm Södermalm", "Stockholm Kungsholmen", "Solna", "Täby", "Nacka"],
};
const PROJECTS = [
  { name: "Vårkampanj 2026", active: true, b2b: false },
  { name: "Sommarträning", active: true, b2b: false },
  { name: "Höstkampanj", active: true, b2b: false },
  { name: "Företagsträning", active: true, b2b: true },
  { name: "Nyårslöftet", active: false, b2b: false },
  { name: "Studentrabatt", active: false, b2b: false },
];

export const DEMO_NAMING: ChainNaming = {
  // The generator puts club c in district 1 + (c % districts).
  district: (d) => DISTRICTS[(d - 1) % DISTRICTS.length],
  club: (c) => `${CLUBS[c % 4][Math.floor((c - 1) / 4) % 5]}`,
  // Projects started before the generated history (which reaches ~180 days back).
  project: (p) => ({
    ...PROJECTS[(p - 1) % PROJECTS.length],
    startDate: new Date(Date.now() - (190 + 30 * p) * 86_400_000).toISOString().slice(0, 10),
  }),
  userRole: (
    u,
  ): Role => (u === 1 ? "ROLE_ADMIN" : u === 3 || u % 11 === 0 ? "ROLE_B2B_USER" : "ROLE_USER"),
  userEmail: (u) =>
    u === 1
      ? DEMO_LOGINS.admin
      : u === 2
      ? DEMO_LOGINS.user
      : u === 3
      ? DEMO_LOGINS.b2b
      : `personal${u}@klubbleads.demo`,
};

const SEEDED_KEY = ["demo_seeded"];

/** Removes a demo file written in a layout this code no longer reads, so it is seeded afresh. */
async function dropOlderLayout(kvPath: string): Promise<void> {
  const kv = await openKv({ kvPath }).catch(() => null);
  if (!kv) return;
  const known = await isKnownLayout(kv);
  kv.close();
  if (known) return;
  console.log(`demo: ${kvPath} is of an older layout; seeding it afresh`);
  for (const f of [kvPath, `${kvPath}-wal`, `${kvPath}-shm`]) await Deno.remove(f).catch(() => {});
}

/** Seeds the demo chain into the KV file once; returns whether it seeded now. */
export async function seedDemo(kvPath: string, prospects = 5000): Promise<boolean> {
  await dropOlderLayout(kvPath);
  const kv = await openKv({ kvPath });
  try {
    await runMigrations(kv);
    if ((await kv.get(SEEDED_KEY)).value) return false;
    const started = performance.now();
    await generateChain(kv, {
      prospects,
      districts: 4,
      clubs: 20,
      projects: 6,
      users: 32,
      seed: 2026,
      now: new Date(),
      passwordHash: await hashPassword(DEMO_PASSWORD),
      naming: DEMO_NAMING,
      realDay: true,
    });
    await kv.set(SEEDED_KEY, { at: new Date().toISOString(), prospects });
    console.log(
      `demo: seeded ${prospects} prospects in ${Math.round(performance.now() - started)} ms`,
    );
    return true;
  } finally {
    kv.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { prospects: { type: "string" }, "seed-only": { type: "boolean" } },
  });
  const kvPath = Deno.env.get("KV_PATH") ?? "./data/demo.kv";
  await seedDemo(kvPath, Number(values.prospects ?? 5000));
  if (values["seed-only"]) Deno.exit(0);
  Deno.env.set("KV_PATH", kvPath);
  const port = Deno.env.get("PORT") ?? "8000";
  const url = Deno.env.get("APP_URL") ?? `http://localhost:${port}`;
  console.log(
    [
      "",
      "Klubbleads demo",
      `  open        ${url}/login`,
      `  admin       ${DEMO_LOGINS.admin} / ${DEMO_PASSWORD}`,
      `  user        ${DEMO_LOGINS.user} / ${DEMO_PASSWORD}`,
      `  B2B user    ${DEMO_LOGINS.b2b} / ${DEMO_PASSWORD}`,
      `  outbox      ${url}/outbox (e-mails and SMS, signed in as admin)`,
      `  API docs    ${url}/api/docs`,
      "",
    ].join("\n"),
  );
  await import("@/main.ts");
}
