/**
 * Benchmark of the activity job (issue #6): one pass over N prospects of which 1% are due.
 *
 *   deno run -A scripts/bench/bench_activity.ts [--n 1000000] [--due 0.01] [--kv /tmp/bench_activity.kv]
 *
 * Writes straight into a fresh KV file in batches (KV-PERFORMANCE.md "Bulk data"): every record,
 * the next-transition index of the open ones, and every index entry and the history of the due
 * ones (the keys a transition moves and the value it appends to). 60% of the prospects are Done (not indexed for the job), the rest open with a
 * transition later today, and `due` of them past their transition. Then it times one job pass
 * (read the due range, recompute, commit, queue notifications) and a second, idle pass, and checks
 * that the pass touched exactly the due prospects.
 */
import { encodeRecord } from "@/lib/db/prospect_record.ts";
import { BLANK_PROSPECT } from "@/lib/domain/prospect_schemas.ts";
import { parseArgs } from "node:util";
import process from "node:process";
import { prospectKey, prospectsByNextTransitionPrefix } from "@/lib/db/keys.ts";
import { ID_IN_KEY, prospectEvents, prospectIndexEntries } from "@/lib/db/prospect_indexes.ts";
import { wholeHistory } from "@/scripts/bench/generate.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { runDuePass } from "@/lib/services/activity_pass.ts";
import { drainNotifications } from "@/lib/services/notification_delivery.ts";
import { DEFAULT_TIME_LIMITS } from "@/lib/domain/reference_rules.ts";
import { addWorkMs } from "@/lib/domain/worktime.ts";
import { openKv, ulid } from "@/lib/db/kv.ts";
import { type ClockSettings, computeActivity } from "@/lib/services/prospect_clock.ts";
import { loadConfig } from "@/lib/config.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    n: { type: "string", default: "1000000" },
    due: { type: "string", default: "0.01" },
    kv: { type: "string", default: "/tmp/bench_activity.kv" },
    parallel: { type: "string", default: "2" },
    "generate-only": { type: "boolean", default: false },
  },
});
const N = Number(values.n);
const DUE = Number(values.due);
const path = values.kv!;

const tz = "Europe/Stockholm";
const settings: ClockSettings = {
  limits: DEFAULT_TIME_LIMITS,
  worktime: { worktimeFrom: "08:00", worktimeTo: "17:00", timeZone: tz },
};
const now = new Date("2026-03-10T13:00:00Z"); // Tuesday 14:00 local, 6 work hours into the day
const HOUR = 3_600_000;

for (const suffix of ["", "-shm", "-wal"]) await Deno.remove(path + suffix).catch(() => {});
const kv = await Deno.openKv(path);

function prospect(i: number, kind: "done" | "open" | "due"): StoredProspect {
  // Due: registered 4.5 work hours ago (Prospect: ToDo → Notified after 4 h). Open: < 4 h ago.
  const workAgo = kind === "due" ? 4.5 : (i % 1000) / 1000 * 3.9;
  const registerDate = new Date(
    addWorkMs(new Date("2026-03-10T07:00:00Z"), (6 - workAgo) * HOUR, settings.worktime),
  ).toISOString();
  const base: StoredProspect = {
    ...BLANK_PROSPECT,
    id: ulid(Date.parse(registerDate)),
    customerId: i + 1,
    firstName: `Förnamn${i}`,
    lastName: `Efternamn${i % 5000}`,
    phoneNumber: `070${String(i).padStart(7, "0")}`,
    email: `p${i}@example.se`,
    marketProjectId: 1 + (i % 20),
    marketProjectName: `Projekt ${1 + (i % 20)}`,
    clubId: 100 + (i % 80),
    clubName: `Klubb ${100 + (i % 80)}`,
    sellStatus: kind === "done" ? "Member" : null,
    lastSellStatusChange: kind === "done" ? registerDate : null,
    registerDate,
    updatedAt: registerDate,
  };
  // The fields as the write path stored them at registration.
  return { ...base, ...computeActivity(base, settings, new Date(registerDate)) };
}

const t0 = performance.now();
let op = kv.atomic();
let ops = 0;
let dueCount = 0;
const flush = async () => {
  if (!ops) return;
  const res = await op.commit();
  if (!res.ok) throw new Error("bulk write failed");
  op = kv.atomic();
  ops = 0;
};
const dueEvery = Math.round(1 / DUE);
for (let i = 0; i < N; i++) {
  const kind = i % dueEvery === 0 ? "due" : i % 10 < 6 ? "done" : "open";
  const p = prospect(i, kind);
  op.set(prospectKey(p.id), encodeRecord(p));
  ops++;
  if (kind === "due") {
    dueCount++;
    for (const e of prospectIndexEntries(p)) op.set(e.key, e.value);
    // Its history so far (the creation), which the pass's write appends to.
    const created = prospectEvents(null, p, { at: p.registerDate, userId: null, newId: ulid });
    for (const e of wholeHistory(p.id, [created], () => ulid())) op.set(e.key, e.value);
    ops += 21;
  } else if (p.nextTransitionAt) {
    op.set(prospectsByNextTransitionPrefix(p.nextTransitionAt, p.id), ID_IN_KEY);
    ops++;
  }
  if (ops >= 400) await flush();
}
await flush();
const writeS = (performance.now() - t0) / 1000;
console.log(`wrote ${N} prospects (${dueCount} due) in ${writeS.toFixed(1)} s`);

if (values["generate-only"]) {
  kv.close();
  Deno.exit(0);
}

// Reopen the store, as a running server would have it: the bulk write's connection (its page cache
// and the WAL it left to checkpoint) is not what a minute's job pass runs on. Opened as main.ts
// opens it (reader connections beside the one that commits, KV_READERS, default 2; its log
// checkpointed by a child process, KV_CHECKPOINTER, default on).
kv.close();
const { kvReaders, kvCheckpointer } = loadConfig();
const kvRun = await openKv({ kvPath: path, kvReaders, kvCheckpointer });
const deps = {
  kv: kvRun,
  config: loadConfig({ APP_ENV: "test", KV_PATH: ":memory:", TZ_NAME: tz }),
  now: () => now,
};
// CPU time of this process next to wall time: the machine may be shared with other work.
const cpu0 = process.cpuUsage();
const t1 = performance.now();
const pass = await runDuePass(deps, { now, settings, parallel: Number(values.parallel) });
const passMs = performance.now() - t1;
const cpu = process.cpuUsage(cpu0);
const t2 = performance.now();
const idle = await runDuePass(deps, { now, settings });
const idleMs = performance.now() - t2;
const t3 = performance.now();
const drained = await drainNotifications(deps, 100_000);
const drainMs = performance.now() - t3;

console.log(JSON.stringify(
  {
    prospects: N,
    due: dueCount,
    pass: {
      ms: Math.round(passMs),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      ...pass,
    },
    loadAverage: Deno.loadavg(),
    idlePass: { ms: Math.round(idleMs), scanned: idle.scanned },
    drain: { ms: Math.round(drainMs), ...drained },
  },
  null,
  1,
));
if (pass.scanned !== dueCount || pass.changed !== dueCount) {
  console.error("the pass did not touch exactly the due prospects");
  Deno.exit(1);
}
kvRun.close();
