/**
 * `deno run -A scripts/bench/bench_funnel.ts [--n 100000] [--rounds 200] [--saves 400] [--kv path]
 * [--rate 20] [--pairs 3] [--fresh]`
 *
 * The conversion funnel and webhook benchmark: generates the deterministic chain of
 * scripts/bench/generate.ts (200 clubs, 60 Zipf-sized projects: project 1 is the largest) into a KV
 * file, then, in this process on that file:
 *
 * 1. GET /api/reports/funnel's service over the largest project for the last 180 days, grouped by
 *    source, club, user and project, for an admin (every club) and for staff (their clubs):
 *    p50/p95/max per grouping.
 * 2. A save's time (a sell-status change through patchProspect, one at a time) with no webhook
 *    endpoint and with three enabled endpoints (a local receiver answering 204, the queue listener
 *    delivering in the same process, as a server does): p50/p95 of each and the change, once
 *    with saves one after another as fast as they go (the deliveries queue up behind them) and
 *    once with saves arriving at `--rate` per second (a pace far above a chain's own).
 *
 * Not a test: it prints figures (docs/performance.md).
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { runMigrations } from "@/lib/db/migrations.ts";
import { generateChainInFile } from "@/scripts/bench/generate.ts";
import { listAll, openKv } from "@/lib/db/kv.ts";
import { loadConfig } from "@/lib/config.ts";
import { prospectsByProjectPrefix, usersPrefix } from "@/lib/db/keys.ts";
import { subscribedClubIds } from "@/lib/db/settings.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import type { SessionUser, UserRecord } from "@/lib/domain/user.ts";
import { funnel } from "@/lib/services/reports.ts";
import { patchProspect } from "@/lib/services/prospects.ts";
import { notPaused, UNPAUSED_STATUSES } from "@/scripts/bench/unpaused.ts";
import {
  createWebhook,
  listWebhookViews,
  removeWebhook,
  updateWebhook,
} from "@/lib/services/webhooks.ts";
import { startQueue } from "@/lib/jobs/queue.ts";
import { FUNNEL_GROUPS } from "@/lib/domain/funnel.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    n: { type: "string", default: "100000" },
    rounds: { type: "string", default: "200" },
    saves: { type: "string", default: "400" },
    rate: { type: "string", default: "20" },
    pairs: { type: "string", default: "3" },
    kv: { type: "string" },
    fresh: { type: "boolean", default: false },
  },
});
const N = Number(values.n);
const KV_PATH = values.kv ??
  join(Deno.env.get("TMPDIR") ?? "/tmp", `klubbleads-bench-funnel-${N}.kv`);
const MARKER = ["_bench", "generated_funnel"];
const TZ = "Europe/Stockholm";
const log = (s: string) => console.error(s);
const config = loadConfig({
  APP_ENV: "development",
  KV_PATH,
  TZ_NAME: TZ,
  SECRET_KEY: "bench-funnel-secret-0123456789abcdef0123456789",
});
const open = () => openKv({ kvPath: KV_PATH, kvReaders: config.kvReaders });

async function prepare() {
  if (!values.fresh) {
    try {
      const kv = await Deno.openKv(KV_PATH);
      // Its own store, or one `deno task bench --generate-only` made (the same chain).
      const [m, other] = await kv.getMany<[{ n: number }, { n: number }]>([
        MARKER,
        ["_bench", "generated"],
      ]);
      kv.close();
      if (m.value?.n === N || other.value?.n === N) {
        return log(`reusing ${KV_PATH} (${N} prospects)`);
      }
    } catch { /* generate */ }
  }
  for (const f of [KV_PATH, `${KV_PATH}-wal`, `${KV_PATH}-shm`]) {
    await Deno.remove(f).catch(() => {});
  }
  const first = await open();
  await runMigrations(first);
  first.close();
  const t0 = performance.now();
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
}

const sessionOf = (u: UserRecord): SessionUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: u.roles,
  sid: null,
});
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
type Stats = { p50: number; p95: number; max: number };
const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95), max: s[s.length - 1] };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

await prepare();
const kv = await open();
const users = (await listAll<UserRecord>(kv, usersPrefix())).map((e) => e.value);
const admin = sessionOf(users.find((u) => u.roles.includes("ROLE_ADMIN"))!);
const staffUser = users.find((u) => u.roles.includes("ROLE_USER"))!;
const staff = sessionOf(staffUser);
log(`staff clubs: ${(await subscribedClubIds(kv, staffUser.id)).length}`);
const now = new Date();
const to = localDate(now, TZ);
const from = addDays(to, -180);

// ── 1. the funnel over the largest project ──
const ROUNDS = Number(values.rounds);
for (const [who, user] of [["admin", admin], ["staff", staff]] as const) {
  for (const groupBy of FUNNEL_GROUPS) {
    const ctx = { kv, config, now, user, lang: "sv" as const };
    const q = { marketProjectId: [1], from, to, groupBy, format: "json" as const };
    const first = await funnel(ctx, q);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await funnel(ctx, q);
      times.push(performance.now() - t0);
    }
    const s = stats(times);
    console.log(
      `funnel ${who} by ${groupBy}: ${first.total.leads} leads, ${first.rows.length} rows — ` +
        `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`,
    );
  }
}

// ── 2. a save's time without and with three endpoints ──
const ids: string[] = [];
for await (const e of kv.list({ prefix: prospectsByProjectPrefix(1) }, { limit: 5000 })) {
  ids.push(e.key[e.key.length - 1] as string);
}
ids.splice(0, ids.length, ...await notPaused(kv, ids));
const SAVES = Number(values.saves);
const statuses = UNPAUSED_STATUSES;
// Each round moves every prospect it saves to another status than the round before (a save that
// changes nothing writes nothing).
let round = 0;
const RATE = Number(values.rate);
/** One round of saves: back to back, or paced (save i starts at i / RATE s, or when i - 1 ends). */
const saveRound = async (paced = false) => {
  round++;
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < SAVES; i++) {
    const due = start + (i * 1000) / RATE - performance.now();
    if (paced && due > 0) await new Promise((r) => setTimeout(r, due));
    const ctx = { kv, config, now: new Date(), user: admin };
    const id = ids[(i * 7919) % ids.length];
    const t0 = performance.now();
    await patchProspect(ctx, id, { sellStatus: statuses[(i + round) % 3] } as any, ["sellStatus"]);
    times.push(performance.now() - t0);
  }
  return stats(times);
};
const deps = { kv, config, now: () => new Date() };
// Endpoints an earlier run left behind would deliver (and fail) beside this run's.
for (const w of await listWebhookViews(deps, admin)) await removeWebhook(deps, admin, w.id);
// The receiver runs in a process of its own, as a partner's server would: its HTTP work is not the
// app's. It answers 204 to a POST and the number of POSTs to a GET.
const receiverCode = `let n = 0;
Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: (a) => console.log(a.port) },
  async (req) => req.method === "POST"
    ? (n++, await req.body?.cancel(), new Response(null, { status: 204 }))
    : new Response(String(n)));`;
const receiverProc = new Deno.Command(Deno.execPath(), {
  args: ["eval", receiverCode],
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const port = await (async () => {
  const reader = receiverProc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return Number(value!.trim());
})();
const received = async () => Number(await (await fetch(`http://127.0.0.1:${port}/`)).text());
const made: string[] = [];
for (let i = 0; i < 3; i++) {
  const w = await createWebhook(deps, admin, {
    url: `http://127.0.0.1:${port}/hook${i}`,
    events: ["prospect.updated", "prospect.created"],
  });
  made.push(w.id);
}
const queue = startQueue(deps);
let expected = 0;
/** Waits until the receiver has had every POST the rounds with endpoints caused (a minute at most). */
const drain = async () => {
  let posts = 0;
  for (let i = 0; i < 600 && posts < expected; i++) {
    await new Promise((r) => setTimeout(r, 100));
    posts = await received();
  }
  return posts;
};
/** Turns the three endpoints on or off (this process's cache learns of it at once). */
const endpoints = async (enabled: boolean) => {
  for (const id of made) await updateWebhook(deps, admin, id, { enabled });
};
/**
 * A round with the endpoints off or on, after the last round's deliveries have arrived (an
 * endpoint turned off drops what it has not been sent yet).
 */
const measured = async (on: boolean, paced: boolean) => {
  await drain();
  await endpoints(on);
  const s = await saveRound(paced);
  if (on) expected += 3 * SAVES;
  return s;
};
const change = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const PAIRS = Number(values.pairs);
await measured(true, false); // warm-up
for (const paced of [true, false]) {
  const off: Stats[] = [];
  const on: Stats[] = [];
  // Off and on alternate, so a drift of the machine's load falls on both.
  for (let i = 0; i < PAIRS; i++) {
    off.push(await measured(false, paced));
    on.push(await measured(true, paced));
  }
  const pace = paced ? `${RATE} saves/s` : "back to back";
  for (const [name, xs] of [["without endpoints", off], ["with 3 endpoints", on]] as const) {
    console.log(
      `save ${name}, ${pace}: p50 ${xs.map((x) => ms(x.p50)).join(" / ")}, ` +
        `p95 ${xs.map((x) => ms(x.p95)).join(" / ")}`,
    );
  }
  const [p50off, p50on] = [median(off.map((x) => x.p50)), median(on.map((x) => x.p50))];
  const [p95off, p95on] = [median(off.map((x) => x.p95)), median(on.map((x) => x.p95))];
  console.log(
    `  change of the medians, ${pace}: p50 ${change(p50on, p50off)}, p95 ${change(p95on, p95off)}`,
  );
}
// The deliveries finish before the endpoints go and the store closes.
const posts = await drain();
console.log(`deliveries received: ${posts} of ${expected}`);
for (const id of made) await removeWebhook(deps, admin, id);
receiverProc.kill();
await receiverProc.status;
kv.close();
await queue.catch(() => {});
