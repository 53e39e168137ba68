/**
 * The deterministic chain generator: districts, clubs, market projects (Zipf-skewed sizes), users
 * with club subscriptions, and N prospects with ~3 sell status changes each (~60% end Done),
 * written straight into a KV store in atomics of ~500 mutations. Prospect keys, counters and
 * events come from the same pure functions as the app's write path (prospect_indexes.ts), so a
 * generated store is indistinguishable from one built through the API. Used by `deno task bench`
 * and (later) the demo seed.
 */
import { encodeRecord } from "@/lib/db/prospect_record.ts";
import { BLANK_PROSPECT } from "@/lib/domain/prospect_schemas.ts";
import type { Worktime } from "@/lib/domain/worktime.ts";
import {
  clubDistricts,
  createClub,
  createDistrict,
  createMarketProject,
} from "@/lib/db/reference.ts";
import { setAllClubSubscriptions } from "@/lib/db/settings.ts";
import { createUser } from "@/lib/db/users.ts";
import {
  customerIdSeqKey,
  FAMILY_TAGS,
  familyPart,
  prospectEventKey,
  prospectHistoryKey,
  prospectKey,
  prospectsPrefix,
  reportChangeAtKey,
  reportDistrictsFromKey,
} from "@/lib/db/keys.ts";
import {
  CHANGE_HOURS_KEPT_MS,
  type ClubDistricts,
  hourOf,
  reportDay,
  reportMutations,
} from "@/lib/db/report_keys.ts";
import { changeTimeKept } from "@/lib/domain/reports.ts";
import {
  BUCKET_DAYS_KEPT,
  keepEveryProject,
  type KeyRange,
  type Prune,
} from "@/lib/db/report_keep.ts";
import {
  type EventPack,
  historyText,
  packEvents,
  type ProspectEvent,
  prospectEvents,
  prospectIndexEntries,
  splitHistory,
  stateCounterKeys,
} from "@/lib/db/prospect_indexes.ts";
import { counterDelta, CounterSums, isEmpty, keyString, packed } from "@/lib/db/kv.ts";
import {
  type EncodedChunk,
  type HeldRows,
  inKeyOrder,
  kvFileKey,
} from "@/scripts/bench/kv_load.ts";
import { readLines } from "@/lib/db/dump.ts";
import v8 from "node:v8";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { activityAt, escalationAt } from "@/lib/domain/activity.ts";
import { DEFAULT_TIME_LIMITS } from "@/lib/domain/reference_rules.ts";
import { DEFAULT_WORKTIME, type MarketProject } from "@/lib/domain/reference.ts";
import {
  DONE_SELL_STATUSES,
  isFollowUpSellStatus,
  type Role,
  SELL_STATUSES,
  type SellStatus,
} from "@/lib/domain/statuses.ts";
import { addDays, localDate, startOfLocalDay } from "@/lib/domain/prospect.ts";
import { withFunnelMarks } from "@/lib/domain/funnel.ts";
import { packFunnelCounters } from "@/lib/db/report_funnel_packs.ts";
import { clockStartFor, followUpDateFor, pickDayStatus } from "@/scripts/bench/real_day.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

export interface GenerateOptions {
  prospects: number;
  districts?: number;
  clubs?: number;
  projects?: number;
  users?: number;
  seed?: number;
  /** The generator's "now" (histories end before it). */
  now?: Date;
  timeZone?: string;
  /** A precomputed password hash for every generated user. */
  passwordHash: string;
  /** Mutations per atomic (KV allows 1000). */
  batchMutations?: number;
  /** Prospects buffered, sorted and written together. */
  chunk?: number;
  onProgress?: (done: number, total: number) => void;
  /**
   * Keep every past midnight's report values and prune the day buckets and stints before, as the
   * nightly job has done on a store that has run (keepMidnights; default true).
   */
  keepMidnights?: boolean;
  /** Names for a believable chain (the demo); numbered names when absent. */
  naming?: ChainNaming;
  /**
   * Date the open prospects' last changes so the activity clock reads as on a real working day
   * (real_day.ts: mostly Paused or ToDo, a few Notified, a handful Escalated); the demo. Default
   * false: the benchmark's chain, whose changes spread evenly up to now.
   */
  realDay?: boolean;
}

/** How the generator names reference data and users (1-based numbers in). */
export interface ChainNaming {
  district?: (d: number) => string;
  club?: (c: number) => string;
  project?: (p: number) => { name: string; active: boolean; b2b: boolean; startDate?: string };
  userEmail?: (u: number, role: Role) => string;
  /** The role of the u-th user (default: 5 admins, every 15th B2B, the rest USER). */
  userRole?: (u: number) => Role;
}

export interface GeneratedChain {
  clubIds: number[];
  projects: MarketProject[];
  /** Project weights (Zipf), in the order of `projects`. */
  projectWeights: number[];
  users: (UserRecord & { clubIds: number[] })[];
}

/** mulberry32: a small, fast, seeded PRNG. */
export function prng(seed: number, skip = 0): () => number {
  // mulberry32: its state moves by a constant per draw, so `skip` draws are one multiplication.
  let s = (seed + Math.imul(skip, 0x6d2b79f5)) | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A ULID from a time and the seeded PRNG (deterministic, unlike lib/db/kv.ts's ulid()). */
function seededUlid(ms: number, rand: () => number): string {
  let t = "";
  let time = Math.floor(ms);
  for (let i = 0; i < 10; i++) {
    t = ULID_ALPHABET[time % 32] + t;
    time = Math.floor(time / 32);
  }
  for (let i = 0; i < 16; i++) t += ULID_ALPHABET[Math.floor(rand() * 32)];
  return t;
}

/** Cumulative weights for a Zipf(s) distribution over n items (s = 1.2: the largest ~30%). */
export function zipfWeights(n: number, s = 1.2): number[] {
  const w = Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1, s));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
}

export function pickWeighted(cumulative: number[], r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const FIRST = [
  "Anna",
  "Åsa",
  "Älva",
  "Östen",
  "Erik",
  "Lars",
  "Karin",
  "Maria",
  "Johan",
  "Sofia",
  "Emma",
  "Oskar",
  "Linnéa",
  "Björn",
  "Sara",
  "Mikael",
  "Elin",
  "Jonas",
  "Ida",
  "Per",
  "Malin",
  "Nils",
  "Ebba",
  "Gustav",
  "Hanna",
  "Viktor",
  "Alva",
  "Hugo",
  "Maja",
  "Axel",
  "Ella",
  "Olle",
  "Märta",
  "Göran",
  "Agnes",
  "Örjan",
  "Stina",
  "Ture",
  "Wilma",
  "Émile",
];
const LAST = [
  "Andersson",
  "Johansson",
  "Karlsson",
  "Nilsson",
  "Eriksson",
  "Larsson",
  "Olsson",
  "Persson",
  "Svensson",
  "Gustafsson",
  "Pettersson",
  "Jonsson",
  "Jansson",
  "Hansson",
  "Bengtsson",
  "Jönsson",
  "Lindberg",
  "Jakobsson",
  "Magnusson",
  "Lindström",
  "Olofsson",
  "Lindqvist",
  "Lindgren",
  "Berg",
  "Axelsson",
  "Bergström",
  "Lundberg",
  "Lind",
  "Lundgren",
  "Lundqvist",
  "Mattsson",
  "Berglund",
  "Fredriksson",
  "Sandberg",
  "Henriksson",
  "Forsberg",
  "Sjöberg",
  "Wallin",
  "Engström",
  "Åberg",
  "Öberg",
  "Ekström",
  "Holm",
  "Nyström",
  "Söderberg",
];
const TAGS = ["Facebook", "Instagram", "Webb", "Kampanj", "Tips", "Mässa"];
const DONE = [...DONE_SELL_STATUSES].filter((s) => s !== "JumpedOff") as SellStatus[];
const OPEN = SELL_STATUSES.filter((s) => !DONE_SELL_STATUSES.has(s));

/** An e-mail-safe form of a name: "Åsa Öberg" → "asa", "oberg". */
const ascii = (s: string) =>
  s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]/g, "");

/** About the bytes KV encodes a key in (a string part: its UTF-16 length and 2; a number: 9). */
function keyByteLength(key: Deno.KvKey): number {
  let n = 0;
  for (const part of key) n += typeof part === "string" ? part.length + 2 : 9;
  return n;
}

/** The name of club number c (1-based; its id is 1000 + c). */
const clubName = (naming: ChainNaming | undefined, c: number) =>
  naming?.club?.(c) ?? `Klubb ${LAST[c % LAST.length]} ${c}`;

/** Writes reference data and users through the normal modules (small), returns what it made. */
async function generateReference(
  kv: Deno.Kv,
  o: Required<Omit<GenerateOptions, "onProgress">>,
  rand: () => number,
): Promise<GeneratedChain> {
  const naming = o.naming ?? {};
  for (let d = 1; d <= o.districts; d++) {
    await createDistrict(kv, { districtId: d, name: naming.district?.(d) ?? `Distrikt ${d}` });
  }
  const clubIds: number[] = [];
  for (let c = 1; c <= o.clubs; c++) {
    const clubId = 1000 + c;
    await createClub(kv, {
      clubId,
      name: clubName(o.naming, c),
      districtId: 1 + (c % o.districts),
    });
    clubIds.push(clubId);
  }
  const today = localDate(o.now, o.timeZone);
  const projects: MarketProject[] = [];
  for (let p = 1; p <= o.projects; p++) {
    projects.push(
      await createMarketProject(kv, {
        marketProjectId: p,
        startDate: addDays(today, -((p * 7) % 365)),
        ...(naming.project?.(p) ?? {
          name: `Kampanj ${String(p).padStart(2, "0")}`,
          b2b: p % 10 === 0,
          active: p <= o.projects - Math.floor(o.projects / 12),
        }),
      }, "2000-01-01"),
    );
  }
  const users: GeneratedChain["users"] = [];
  for (let u = 1; u <= o.users; u++) {
    const role: Role = naming.userRole?.(u) ??
      (u <= 5 ? "ROLE_ADMIN" : u % 15 === 0 ? "ROLE_B2B_USER" : "ROLE_USER");
    const user = await createUser(kv, {
      email: naming.userEmail?.(u, role) ?? `user${u}@klubbleads.test`,
      firstName: FIRST[u % FIRST.length],
      lastName: LAST[u % LAST.length],
      mobile: `+4670${String(1000000 + u)}`,
      roles: [role],
      passwordHash: o.passwordHash,
      verified: true,
      enabled: true,
      mfaEnrolled: false,
      mfaPhone: null,
      notificationCategoryId: "all",
      dailyReportSubscription: u % 4 === 0,
      dateCreated: new Date(o.now.getTime() - 400 * 86_400_000).toISOString(),
    });
    const count = 5 + Math.floor(rand() * 16);
    const mine = new Set<number>();
    const start = Math.floor(rand() * clubIds.length);
    for (let i = 0; i < count; i++) mine.add(clubIds[(start + i * 7) % clubIds.length]);
    await setAllClubSubscriptions(kv, user.id, [...mine], true);
    users.push({ ...user, clubIds: [...mine] });
  }
  return { clubIds, projects, projectWeights: zipfWeights(o.projects), users };
}

/**
 * Generates a whole chain into `kv` (expected empty but for migrations). Deterministic for a
 * given seed and options.
 */
export async function generateChain(kv: Deno.Kv, opts: GenerateOptions): Promise<GeneratedChain> {
  const plan = await planChain(kv, opts);
  await fillChain(kv, plan, opts);
  return plan.chain;
}

const DEFAULTS = {
  districts: 20,
  clubs: 200,
  projects: 60,
  users: 400,
  seed: 1,
  now: new Date("2026-03-10T10:00:00Z"),
  timeZone: "Europe/Stockholm",
  batchMutations: 500,
  chunk: 25_000,
  realDay: false,
};

/**
 * The first half of generateChain: writes the reference data and users into `kv`, returns the plan
 * of the prospects.
 */
export async function planChain(kv: Deno.Kv, opts: GenerateOptions): Promise<ProspectPlan> {
  const o = { ...DEFAULTS, ...opts };
  if (!(await isEmpty(kv, prospectsPrefix()))) {
    throw new Error("generateChain writes into a store without prospects");
  }
  const rand = prng(o.seed);
  const chain = await generateReference(kv, o as Required<GenerateOptions>, rand);
  // Every bucket the prospects add is written by the districts of now, which never change while
  // it runs.
  await kv.set(reportDistrictsFromKey(), new Date(0).toISOString());
  const clubNames: Record<number, string> = {};
  for (const clubId of chain.clubIds) clubNames[clubId] = clubName(o.naming, clubId - 1000);
  return {
    prospects: o.prospects,
    seed: Math.floor(rand() * 2 ** 32),
    archiveSeed: o.seed ^ 0x5eed,
    nowMs: o.now.getTime(),
    timeZone: o.timeZone,
    chunk: o.chunk,
    chain,
    clubNames,
    districts: await clubDistricts(kv),
    realDay: o.realDay,
  };
}

/**
 * The second half of generateChain: the plan's prospects, the customer number sequence after them,
 * and (keepMidnights) every past midnight kept. `loadedInto`: the KV file the prospects were
 * loaded into already (fillChainInFile), else they are committed through `kv`.
 */
export async function fillChain(
  kv: Deno.Kv,
  plan: ProspectPlan,
  opts: Omit<GenerateOptions, "prospects" | "passwordHash">,
  loadedInto?: string,
): Promise<void> {
  const o = { ...DEFAULTS, ...opts };
  if (loadedInto === undefined) await writeProspects(kv, plan, o.batchMutations, o.onProgress);
  await kv.set(customerIdSeqKey(), plan.prospects);
  // The funnel's counters were written as counters, as the write engine's deltas: into packs.
  await packFunnelCounters(kv);
  if (o.keepMidnights ?? true) await keepChain(kv, plan, loadedInto);
}

/**
 * generateChain into the KV file at `path`, its prospects loaded straight into the file by a
 * process of its own (generate_load.ts, kv_load.ts; the same entries byte for byte) while no
 * handle is open on it, so that SQLite writes them without its log. `open` opens the store as the
 * app does, for the reference data before and the keep step after; every handle it gives is
 * closed before this returns.
 */
export async function generateChainInFile(
  path: string,
  open: () => Promise<Deno.Kv>,
  opts: GenerateOptions,
): Promise<GeneratedChain> {
  const kv = await open();
  let plan: ProspectPlan;
  try {
    plan = await planChain(kv, opts);
  } finally {
    kv.close();
  }
  await fillChainInFile(path, open, plan, opts);
  return plan.chain;
}

/**
 * fillChain into the KV file at `path`, which no handle may have open: loaded by a process of its
 * own, or committed through a handle from `open` when the file is not of the format the loader
 * writes (kv_load.ts, FormatRefused).
 */
export async function fillChainInFile(
  path: string,
  open: () => Promise<Deno.Kv>,
  plan: ProspectPlan,
  opts: Omit<GenerateOptions, "prospects" | "passwordHash">,
): Promise<void> {
  const held = `${path}.held`;
  await Deno.remove(held).catch(() => {});
  try {
    const loaded = await inFile(
      path,
      { plan, hold: { path: held, now: readAfterLoad() } },
      (line) => opts.onProgress?.(line.done!, plan.prospects),
    );
    const kv = await open();
    try {
      await fillChain(kv, plan, opts, loaded ? path : undefined);
    } finally {
      kv.close();
    }
    if (loaded && !await inFile(path, { held }, () => {})) {
      throw new Error("generate: the file refused the held-back rows");
    }
  } finally {
    await Deno.remove(held).catch(() => {});
  }
}

/**
 * The key ranges of the families the steps after the load read (the funnel's packing and the keep
 * step: the reports' and the search totals), loaded first. The rest waits in a file of its own
 * until the keep step has pruned, then fills the pages the prune freed instead of growing the file
 * by them: a store that has run prunes a night's keys and reuses their pages the next day.
 */
function readAfterLoad(): [Uint8Array, Uint8Array][] {
  return Object.keys(FAMILY_TAGS)
    .filter((f) => f.startsWith("report_") || f === "prospect_totals")
    .map((f) => {
      const start = kvFileKey([familyPart(f)]);
      const end = start.slice();
      end[end.length - 1] = 1; // past every key whose first part is exactly the family's
      return [start, end];
    });
}

/**
 * Keeps every past midnight of a generated chain (keepEveryProject). Into a KV file its prospects
 * were loaded into (`file`), what the step prunes (~40 % of what was loaded) is deleted by SQLite
 * range by range at the end, not listed and deleted through KV (fillChainInFile then writes the
 * rows it held back into the pages that freed).
 */
export async function keepChain(kv: Deno.Kv, plan: ProspectPlan, file?: string): Promise<void> {
  const projects = plan.chain.projects.map((p) => p.marketProjectId);
  const pruned: KeyRange[] = [];
  const collect: Prune = (_, ranges) => {
    pruned.push(...ranges);
    return Promise.resolve(0);
  };
  const now = new Date(plan.nowMs);
  await keepEveryProject(kv, projects, plan.timeZone, now, 4, file ? collect : undefined);
  if (!file) return;
  const deleteRanges = pruned.map((r) => [kvFileKey(r.start), kvFileKey(r.end)]);
  if (!await inFile(file, { deleteRanges }, () => {})) {
    throw new Error("generate: the file refused the keep step's deletes");
  }
}

/** What the prospects of a chain are generated from: plain data, so a worker can receive it. */
export interface ProspectPlan {
  prospects: number;
  seed: number;
  archiveSeed: number;
  nowMs: number;
  timeZone: string;
  /** Prospects whose entries are sorted and handed over together. */
  chunk: number;
  chain: GeneratedChain;
  clubNames: Record<number, string>;
  districts: ClubDistricts;
  realDay: boolean;
}

/** An entry to write: a set, or (sum) a counter delta added as KvU64's bigint. */
export interface GeneratedEntry {
  key: Deno.KvKey;
  value: unknown;
  sum?: boolean;
}

/**
 * Writes the plan's prospects into `kv`. A worker generates them, a chunk at a time, its entries
 * sorted in KV key order (appending in order is ~5× faster than random inserts: KV-PERFORMANCE.md,
 * "Bulk data"), while this thread writes the chunk before. Deno KV's writer thread only takes the
 * next commit when this thread is back in its event loop, so generating here between commits left
 * the writer idle (a 2M-key commit queue made no progress during 6 s of computing); in a worker the
 * two overlap. The worker runs at most CHUNKS_AHEAD chunks ahead of what is written.
 */
async function writeProspects(
  kv: Deno.Kv,
  plan: ProspectPlan,
  batchMutations: number,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const worker = new Worker(new URL("./generate_worker.ts", import.meta.url).href, {
    type: "module",
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let written = Promise.resolve();
      let done = 0;
      worker.onmessage = (e: MessageEvent<GenerateMessage>) => {
        const m = e.data;
        if (m.type === "chunk") {
          written = written.then(async () => {
            await writeSorted(kv, m.entries, batchMutations);
            worker.postMessage({ type: "written" } satisfies GenerateMessage);
            onProgress?.(done += m.prospects, plan.prospects);
          });
          written.catch(reject);
        } else if (m.type === "end") written.then(resolve, reject);
        else if (m.type === "failed") reject(new Error(`generate: ${m.error}`));
      };
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error(`generate: ${e.message}`));
      };
      worker.postMessage({ type: "start", plan } satisfies GenerateMessage);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * Runs a job of the loading process (generate_load.ts; kv_load.ts) on the KV file at `path`:
 * loading a plan's prospects, or deleting key ranges. The caller must not write to the file
 * meanwhile. False, having written nothing, when the file is not of the Deno KV format it writes
 * (another Deno's): the caller commits through KV then.
 */
async function inFile(
  path: string,
  job: LoadJob,
  onLine: (line: { done?: number }) => void,
): Promise<boolean> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `--config=${fileURLToPath(new URL("../../deno.json", import.meta.url))}`,
      fileURLToPath(new URL("./generate_load.ts", import.meta.url)),
      resolve(path),
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const stdin = child.stdin.getWriter();
  await stdin.write(v8.serialize(job));
  await stdin.close();
  for await (const line of readLines(child.stdout)) if (line) onLine(JSON.parse(line));
  const status = await child.status;
  if (status.code === LOAD_REFUSED) return false;
  if (!status.success) throw new Error(`generate: the loading process exited with ${status.code}`);
  return true;
}

/** What the loading process is asked to do (V8-serialised on its stdin). */
export type LoadJob =
  | { plan: ProspectPlan; hold?: HeldRows }
  | { deleteRanges: Uint8Array[][] }
  | { held: string };

/** The loading process's exit code when the file is not of the format it writes. */
export const LOAD_REFUSED = 3;

/** Chunks the worker may post before the writing thread confirms the first of them written. */
export const CHUNKS_AHEAD = 2;

/** The messages between writeProspects and its worker (generate_worker.ts). */
export type GenerateMessage =
  | {
    type: "start";
    plan: ProspectPlan;
    part?: { index: number; of: number };
    encode?: { v8Version: number };
  }
  | { type: "chunk"; entries: GeneratedEntry[]; prospects: number }
  | { type: "encoded"; chunk: EncodedChunk; prospects: number }
  | { type: "written" }
  | { type: "end" }
  | { type: "failed"; error: string };

/**
 * Commits queued on KV at once: with two, KV's writer has the next while this thread serialises the
 * one after (the writing phase of 1M 376–389 → 350 s against one).
 */
const COMMITS_QUEUED = 2;

/** Writes entries already in key order, at most `batchMutations` per atomic. */
async function writeSorted(kv: Deno.Kv, entries: GeneratedEntry[], batchMutations: number) {
  const inflight: Promise<void>[] = [];
  let i = 0;
  while (i < entries.length) {
    // At most batchMutations per atomic and well under KV's 80 KiB of keys per atomic.
    const op = kv.atomic();
    let keyBytes = 0;
    let count = 0;
    while (i < entries.length && count < batchMutations && keyBytes < 60_000) {
      const e = entries[i++];
      if (e.sum) op.sum(e.key, e.value as bigint);
      else op.set(e.key, packed(e.value)); // as received from the worker: holey arrays
      keyBytes += keyByteLength(e.key);
      count++;
    }
    if (inflight.length >= COMMITS_QUEUED) await inflight.shift();
    inflight.push(
      op.commit().then((r) => {
        if (!r.ok) throw new Error("generate: an atomic failed");
      }),
    );
  }
  await Promise.all(inflight);
}

/**
 * The plan's prospects, a chunk at a time: each prospect's entries as the app path would have
 * written them (appPathEntries) and its history, then the chunk's counter deltas summed (memory
 * stays per chunk), in KV key order when `sorted` (to be committed through KV: inKeyOrder; the
 * loader's workers order the rows they encode themselves, kv_load.ts's keyOrder). Each chunk draws from a stretch of the chain's random sequences of its own, so `part`
 * (the chunks c with c % of === index) lets several workers generate one chain.
 */
export function* prospectChunks(
  plan: ProspectPlan,
  part = { index: 0, of: 1 },
  sorted = true,
): Generator<{ entries: GeneratedEntry[]; prospects: number }> {
  const now = new Date(plan.nowMs);
  const cumulative: number[] = [];
  plan.chain.projectWeights.reduce((acc, w, i) => (cumulative[i] = acc + w), 0);
  const history: HistoryCtx = {
    now,
    timeZone: plan.timeZone,
    rand: prng(plan.seed),
    chain: plan.chain,
    clubNames: plan.clubNames,
    cumulative,
    settings: {
      limits: DEFAULT_TIME_LIMITS,
      worktime: { ...DEFAULT_WORKTIME, timeZone: plan.timeZone },
    },
    nowMs: plan.nowMs,
    today: localDate(now, plan.timeZone),
    staff: plan.chain.users.filter((u) => !u.roles.includes("ROLE_ADMIN")),
    realDay: plan.realDay === true,
  };
  const counters = new CounterSums();
  const keep = {
    changeTime: changeTimeFilter(plan.nowMs, plan.timeZone),
    counter: counterFilter(now, plan.timeZone),
    counters,
    districts: plan.districts,
    timeZone: plan.timeZone,
  };
  const chunks = Math.ceil(plan.prospects / plan.chunk);
  // Chunk c draws from the chain's sequence at c × stride on: sequences that never overlap (two
  // seeds of mulberry32 are two places in one cycle of 2^32; seeds of their own overlapped and
  // generated the same prospects twice, 2 % of a 1M chain).
  const stride = Math.floor(2 ** 32 / chunks);
  for (let c = part.index; c < chunks; c += part.of) {
    history.rand = drawsAtMost(prng(plan.seed, c * stride), stride);
    // Archive ids of long histories from their own sequence: the chain stays what the seed made it.
    const archiveRand = drawsAtMost(prng(plan.archiveSeed, c * stride), stride);
    const from = c * plan.chunk, to = Math.min(from + plan.chunk, plan.prospects);
    const pending: GeneratedEntry[] = [];
    for (let i = from; i < to; i++) {
      const { final, steps, events } = prospectHistory(i, history);
      pending.push(...appPathEntries(final, steps, keep));
      pending.push(...wholeHistory(final.id, events, (ms) => seededUlid(ms, archiveRand)));
    }
    for (const d of counters.take()) {
      pending.push({ key: d.key, value: counterDelta(d.delta).value, sum: true });
    }
    yield { entries: sorted ? inKeyOrder(pending) : pending, prospects: to - from };
  }
}

/** A sequence that fails rather than run into the next chunk's (prospectChunks). */
export function drawsAtMost(rand: () => number, n: number): () => number {
  let left = n;
  return () => {
    if (left-- <= 0) throw new Error(`generate: a chunk drew more than ${n} random numbers`);
    return rand();
  };
}

/**
 * The entries the app path would have set for a prospect written in `steps` (record, index entries,
 * report keys; its history apart), its counter deltas added to `x.counters`. The app writes
 * diffProspectKeys of every step: index entries and state counters telescope over a run of writes
 * from nothing (the last record's alone); the report keys depend on the path, so each step's are
 * applied in order. What the nightly job would have pruned is left out.
 */
function appPathEntries(
  final: StoredProspect,
  steps: [StoredProspect | null, StoredProspect, string][],
  x: {
    changeTime: (at: string) => boolean;
    counter: (key: Deno.KvKey) => boolean;
    counters: CounterSums;
    districts: ClubDistricts;
    timeZone: string;
  },
): { key: Deno.KvKey; value: unknown }[] {
  const report = new Map<string, { key: Deno.KvKey; value: unknown }>();
  for (const [before, after, at] of steps) {
    const diff = reportMutations(before, after, at, x.timeZone, x.districts);
    for (const k of diff.deletes) report.delete(keyString(k));
    for (const e of diff.sets) {
      if (e.key[0] === reportChangeAtKey()[0] && !x.changeTime(e.key[2] as string)) continue;
      report.set(keyString(e.key), e);
    }
    for (const c of diff.counterDeltas) if (x.counter(c.key)) x.counters.add(c.key, c.delta);
  }
  for (const key of stateCounterKeys(final)) x.counters.add(key, 1);
  return [
    { key: prospectKey(final.id), value: encodeRecord(final) },
    ...prospectIndexEntries(final),
    ...report.values(),
  ];
}

/** The district day buckets: only the live district report reads them, never a kept midnight. */
const DISTRICT_SCOPES = new Set(["sdd", "dcd"]);

/**
 * Whether a report counter is one the store keeps once the nightly job has run: not a per-hour
 * change bucket older than two days, nor a district bucket of a day before those prunedRanges
 * leaves (BUCKET_DAYS_KEPT before the last kept midnight, today's or yesterday's).
 */
function counterFilter(now: Date, timeZone: string): (key: Deno.KvKey) => boolean {
  const hoursFrom = hourOf(new Date(now.getTime() - CHANGE_HOURS_KEPT_MS).toISOString());
  const districtDaysFrom = addDays(localDate(now, timeZone), -BUCKET_DAYS_KEPT - 1);
  return (key) => {
    if (key[1] === "cch" || key[1] === "dch") return (key[3] as string) >= hoursFrom;
    if (DISTRICT_SCOPES.has(key[1] as string)) return (key[3] as string) >= districtDaysFrom;
    return true;
  };
}

/**
 * Whether a change-time entry at an instant is one the nightly job keeps: within the last two days,
 * or on a day changeTimeKept names. The kept days of the generated history (the last 400 days) are
 * found once, as instant ranges, so no entry needs its local date.
 */
function changeTimeFilter(nowMs: number, timeZone: string): (at: string) => boolean {
  const keepFrom = new Date(nowMs - CHANGE_HOURS_KEPT_MS).toISOString();
  const today = reportDay(new Date(nowMs).toISOString(), timeZone);
  const kept: [string, string][] = [];
  for (let d = addDays(today, -400); d <= today; d = addDays(d, 1)) {
    if (!changeTimeKept(d, timeZone)) continue;
    kept.push([
      startOfLocalDay(d, timeZone).toISOString(),
      startOfLocalDay(addDays(d, 1), timeZone).toISOString(),
    ]);
  }
  const oldest = startOfLocalDay(addDays(today, -400), timeZone).toISOString();
  return (at) => {
    if (at >= keepFrom) return true;
    if (at < oldest) return changeTimeKept(reportDay(at, timeZone), timeZone);
    return kept.some(([from, to]) => at >= from && at < to);
  };
}

interface HistoryCtx {
  now: Date;
  timeZone: string;
  rand: () => number;
  chain: GeneratedChain;
  clubNames: Record<number, string>;
  /** The projects' cumulative weights (pickWeighted). */
  cumulative: number[];
  settings: { limits: typeof DEFAULT_TIME_LIMITS; worktime: Worktime };
  nowMs: number;
  today: string;
  staff: GeneratedChain["users"];
  realDay: boolean;
}

/**
 * Prospect number i and its history: registration, ~3 sell-status changes (~60% ending Done),
 * then the activity clock as of now — every step as the app would have written it.
 */
function prospectHistory(i: number, x: HistoryCtx) {
  const { rand, chain, cumulative, settings, nowMs, today, staff } = x;
  const project = chain.projects[pickWeighted(cumulative, rand())];
  const clubId = chain.clubIds[Math.floor(rand() * chain.clubIds.length)];
  const club = x.clubNames[clubId];
  const registerMs = nowMs - Math.floor(rand() * 180 * 86_400_000) - 3_600_000;
  const firstName = FIRST[Math.floor(rand() * FIRST.length)];
  const lastName = LAST[Math.floor(rand() * LAST.length)];
  const id = seededUlid(registerMs, rand);
  const registerDate = new Date(registerMs).toISOString();
  const assignee = rand() < 0.6 ? staff[Math.floor(rand() * staff.length)] : null;
  let rec: StoredProspect = {
    ...BLANK_PROSPECT,
    id,
    customerId: i + 1,
    firstName,
    lastName,
    tag: rand() < 0.4 ? TAGS[Math.floor(rand() * TAGS.length)] : null,
    nominator: rand() < 0.2 ? FIRST[Math.floor(rand() * FIRST.length)] : null,
    phoneNumber: `07${String(Math.floor(rand() * 1e8)).padStart(8, "0")}`,
    email: rand() < 0.7 ? `${ascii(firstName)}.${ascii(lastName)}.${i}@example.se` : null,
    marketProjectId: project.marketProjectId,
    marketProjectName: project.name,
    clubId,
    clubName: club,
    registerDate,
    b2b: project.b2b,
    updatedAt: registerDate,
  };
  // One events entry per write, as the app stores them.
  const events: ProspectEvent[][] = [];
  const newId = (ms: number) => () => seededUlid(ms, rand);
  // Every step's diff, as the app path would have written it (the reports read the history).
  const steps: [StoredProspect | null, StoredProspect, string][] = [[null, rec, registerDate]];
  events.push(
    prospectEvents(null, rec, { at: registerDate, userId: null, newId: newId(registerMs) }),
  );
  // ~3 status changes spread between registration and now; ~60% end in a Done status.
  const changes = 1 + Math.floor(rand() * 5);
  const done = rand() < 0.6;
  let t = registerMs;
  // A real day: the earlier changes end two days before now, the last one is placed by real_day.ts.
  const endMs = x.realDay ? Math.max(registerMs, nowMs - 2 * 86_400_000) : nowMs;
  for (let k = 0; k < changes; k++) {
    t += Math.floor(rand() * (endMs - t) / (changes - k + 1));
    const last = k === changes - 1;
    const status: SellStatus = last && done
      ? DONE[Math.floor(rand() * DONE.length)]
      : OPEN[Math.floor(rand() * OPEN.length)];
    const dayStatus = x.realDay && last && !done ? pickDayStatus(rand()) : null;
    if (dayStatus && !isFollowUpSellStatus(status)) {
      const limits = settings.limits[status] ?? settings.limits.Prospect;
      t = Math.max(t, clockStartFor(dayStatus, limits, nowMs, settings.worktime, rand()));
    }
    const at = new Date(t).toISOString();
    const followUpDate = !isFollowUpSellStatus(status) ? null : dayStatus
      ? followUpDateFor(
        dayStatus,
        { sellStatus: status, lastSellStatusChange: at, registerDate },
        settings.limits,
        settings.worktime,
        x.now,
        today,
        rand(),
      )
      : addDays(today, Math.floor(rand() * 20) - 5);
    // The marks the write engine sets: the first contact, the funnel's booked and member.
    const next: StoredProspect = withFunnelMarks(rec, {
      ...rec,
      firstContactAt: rec.firstContactAt ?? at,
      sellStatus: status,
      lastSellStatusChange: at,
      followUpDate,
      updatedAt: at,
    }, at);
    if (k === 0 && assignee) {
      next.assignId = assignee.email;
      next.assignName = assignee.firstName;
      next.assignUserId = assignee.id;
    }
    events.push(
      prospectEvents(rec, next, { at, userId: assignee?.id ?? null, newId: newId(t) }),
    );
    steps.push([rec, next, at]);
    rec = next;
  }
  const clock = activityAt(rec, settings.limits, settings.worktime, x.now);
  // An escalation is dated when the clock reached it (a past-date report shows it), not now.
  const escalated = clock.activityStatus === "Escalated"
    ? escalationAt(rec, settings.limits, settings.worktime)
    : null;
  const finalMs = escalated
    ? Math.min(nowMs, Math.max(Date.parse(escalated), Date.parse(rec.updatedAt)))
    : nowMs;
  const finalAt = new Date(finalMs).toISOString();
  const final: StoredProspect = {
    ...rec,
    activityStatus: clock.activityStatus,
    activityStatusWeigth: clock.activityStatusWeigth,
    nextTransitionAt: clock.nextTransitionAt,
    ...(escalated ? { firstEscalatedAt: finalAt } : {}),
  };
  events.push(
    prospectEvents(rec, final, { at: finalAt, userId: null, newId: newId(finalMs) }),
  );
  steps.push([rec, final, finalAt]);
  return { final, steps, events };
}

/**
 * The history of a prospect written at once (the bulk generator), as its writes would have left it one after another:
 * one pack per write, the archive keys each split made (`archiveId` gets the time of the pack whose
 * write split it).
 */
export function wholeHistory(
  prospectId: string,
  writes: ProspectEvent[][],
  archiveId: (ms: number) => string,
): { key: Deno.KvKey; value: unknown }[] {
  const out: { key: Deno.KvKey; value: unknown }[] = [];
  let packs: EventPack[] = [];
  for (const w of writes) {
    if (!w.length) continue;
    const pack = packEvents(w);
    packs.push(pack);
    const split = splitHistory(packs);
    if (!split) continue;
    const at = Date.parse(pack.at);
    for (const chunk of split.archived) {
      out.push({ key: prospectEventKey(prospectId, archiveId(at)), value: historyText(chunk) });
    }
    packs = split.kept;
  }
  if (packs.length) out.push({ key: prospectHistoryKey(prospectId), value: historyText(packs) });
  return out;
}
