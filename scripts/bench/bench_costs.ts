/**
 * What one request costs in KV operations (docs/scaling.md): runs typical requests
 * in-process against a store through a counting wrapper of Deno.Kv and prints, per request, the
 * read calls (get, getMany, list batches), entries read, atomic commits, checks, mutations and
 * bytes written (key + value as JSON, 8 per counter), and the one run's time through the counting
 * wrapper (a rough figure: bench and bench:reports time requests over HTTP). These are the units a
 * hosted KV bills.
 *
 *   deno task bench:costs --kv /tmp/klubbleads-bench-100000.kv   (a copy: requests write to it)
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { createSession } from "@/lib/auth/session.ts";
import { listAll } from "@/lib/db/kv.ts";
import { familyName, prospectsByProjectClubPrefix, usersPrefix } from "@/lib/db/keys.ts";
import { listDistricts, listMarketProjects } from "@/lib/db/reference.ts";
import { subscribedClubIds } from "@/lib/db/settings.ts";
import type { UserRecord } from "@/lib/domain/user.ts";
import { createApp } from "@/routes/mod.ts";
import { runDuePass } from "@/lib/services/activity_pass.ts";
import { notPaused } from "@/scripts/bench/unpaused.ts";

class Counts {
  families = new Map<string, number>();
  reads = 0;
  entries = 0;
  commits = 0;
  checks = 0;
  mutations = 0;
  bytes = 0;
  /** Mutations and bytes by the key's first part (its family). */
  written = new Map<string, { n: number; bytes: number }>();
  write(key: Deno.KvKey, bytes: number) {
    this.mutations++;
    this.bytes += bytes;
    const f = familyName(String(key[0]));
    const w = this.written.get(f) ?? { n: 0, bytes: 0 };
    w.n++;
    w.bytes += bytes;
    this.written.set(f, w);
  }
}

const size = (key: Deno.KvKey, value?: unknown) =>
  JSON.stringify(key).length +
  (value === undefined
    ? 0
    : value instanceof Deno.KvU64
    ? 8
    : (JSON.stringify(value, (_k, v) => typeof v === "bigint" ? String(v) : v)?.length ?? 0));

function countingAtomic(op: Deno.AtomicOperation, c: Counts) {
  // A counter update (sum, or max and min, a touch among them): the key and its 8 bytes.
  const counter = (kind: "sum" | "max" | "min") => (key: Deno.KvKey, n: bigint) => {
    c.write(key, size(key) + 8);
    op[kind](key, n);
    return w;
  };
  const w = {
    check(...checks: Deno.AtomicCheck[]) {
      c.checks += checks.length;
      op.check(...checks);
      return w;
    },
    set(key: Deno.KvKey, value: unknown, o?: { expireIn?: number }) {
      c.write(key, size(key, value));
      op.set(key, value, o);
      return w;
    },
    delete(key: Deno.KvKey) {
      c.write(key, size(key));
      op.delete(key);
      return w;
    },
    sum: counter("sum"),
    max: counter("max"),
    min: counter("min"),
    mutate(...ms: Deno.KvMutation[]) {
      for (const m of ms) {
        c.write(
          m.key,
          size(m.key, m.type === "set" ? m.value : undefined) +
            (m.type === "set" || m.type === "delete" ? 0 : 8), // a counter's 8 bytes
        );
      }
      op.mutate(...ms);
      return w;
    },
    enqueue(v: unknown, o?: Parameters<Deno.AtomicOperation["enqueue"]>[1]) {
      c.write(["(queue)"], size([], v));
      op.enqueue(v, o);
      return w;
    },
    commit() {
      c.commits++;
      return op.commit();
    },
  };
  return w;
}

function counting(kv: Deno.Kv, cur: () => Counts): Deno.Kv {
  return new Proxy(kv, {
    get(t, p) {
      const c = cur();
      if (p === "get") {
        return async (k: Deno.KvKey, o?: { consistency?: Deno.KvConsistencyLevel }) => {
          c.reads++;
          const r = await t.get(k, o);
          if (r.versionstamp) c.entries++;
          return r;
        };
      }
      if (p === "getMany") {
        return async (ks: Deno.KvKey[], o?: { consistency?: Deno.KvConsistencyLevel }) => {
          c.reads++;
          const r = await t.getMany(ks, o);
          c.entries += r.filter((e) => e.versionstamp).length;
          return r;
        };
      }
      if (p === "list") {
        return (sel: Deno.KvListSelector, o?: Deno.KvListOptions) => {
          const it = t.list(sel, o);
          const batch = o?.batchSize ?? Math.min(o?.limit ?? 500, 500);
          let n = 0;
          c.reads++;
          const w = {
            async next() {
              const r = await it.next();
              if (!r.done) {
                if (n > 0 && n % batch === 0) c.reads++;
                n++;
                c.entries++;
                const f = familyName(String(r.value.key[0])) + ":" + String(r.value.key[1]);
                c.families.set(f, (c.families.get(f) ?? 0) + 1);
              }
              return r;
            },
            [Symbol.asyncIterator]() {
              return w;
            },
            get cursor() {
              return it.cursor;
            },
          };
          return w;
        };
      }
      if (p === "atomic") return () => countingAtomic(t.atomic(), c);
      if (p === "set") {
        return (k: Deno.KvKey, v: unknown, o?: { expireIn?: number }) =>
          countingAtomic(t.atomic(), c).set(k, v, o).commit();
      }
      if (p === "delete") {
        return (k: Deno.KvKey) => countingAtomic(t.atomic(), c).delete(k).commit();
      }
      const v = Reflect.get(t, p);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
}

const { values } = parseArgs({ args: Deno.args, options: { kv: { type: "string" } } });
if (!values.kv) throw new Error("--kv path of a generated store (a copy) is required");
const raw = await Deno.openKv(values.kv);
let counts = new Counts();
const kv = counting(raw, () => counts);
const config = loadConfig({ APP_ENV: "test", KV_PATH: ":memory:" });
const app = createApp({ kv, config });

const users = (await listAll<UserRecord>(raw, usersPrefix())).map((e) => e.value);
const staff = users.find((u) => u.roles.includes("ROLE_USER") && !u.roles.includes("ROLE_ADMIN"))!;
const admin = users.find((u) => u.roles.includes("ROLE_ADMIN"))!;
const token = async (u: UserRecord) =>
  (await createSession(raw, config.secretKey, u.id)).accessToken;
const staffToken = await token(staff);
const adminToken = await token(admin);
const clubs = await subscribedClubIds(raw, staff.id);
const projects = (await listMarketProjects(raw, { sort: "id" })).filter((p) => p.active && !p.b2b)
  .map((p) => p.marketProjectId);
const mp = projects[0];
// An open prospect whose sell status may change (not Paused).
const candidates: string[] = [];
for await (
  const e of raw.list({ prefix: prospectsByProjectClubPrefix(mp, clubs[0], 0) }, { limit: 200 })
) candidates.push(e.key[e.key.length - 1] as string);
const open = (await notPaused(raw, candidates))[0] ?? null;
const today = new Date().toISOString().slice(0, 10);

const rows: string[][] = [];
const writes: [string, Counts["written"]][] = [];
async function measure(name: string, fn: () => unknown) {
  counts = new Counts();
  const t0 = performance.now();
  const res = await fn();
  const took = performance.now() - t0;
  if (res instanceof Response) {
    await res.body?.cancel();
    if (!res.ok) throw new Error(`${name}: ${res.status}`);
  }
  const c = counts;
  if (Deno.env.get("FAMILIES")) console.log(name, JSON.stringify([...c.families]));
  if (c.written.size) writes.push([name, c.written]);
  rows.push([
    name,
    ...[c.reads, c.entries, c.commits, c.checks, c.mutations, c.bytes].map(String),
    took.toFixed(1),
  ]);
}
const call = (method: string, path: string, t: string, body?: unknown) =>
  app.request(`http://localhost${path}`, {
    method,
    headers: {
      authorization: `Bearer ${t}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

const q = `marketProjectId=${mp}&clubId=${clubs.join(",")}&size=20`;
await measure(
  `search: my ${clubs.length} clubs, 20 rows`,
  () => call("GET", `/api/prospects?${q}`, staffToken),
);
await measure(
  "search: one club, 20 rows",
  () => call("GET", `/api/prospects?marketProjectId=${mp}&clubId=${clubs[0]}&size=20`, staffToken),
);
await measure(
  "search: name prefix, my clubs",
  () => call("GET", `/api/prospects?${q}&firstName=an`, staffToken),
);
await measure(
  "search: name prefix, whole project, 20 rows",
  () => call("GET", `/api/prospects?marketProjectId=${mp}&lastName=an&size=20`, adminToken),
);
await measure(
  "search: phone",
  () => call("GET", `/api/prospects?marketProjectId=${mp}&search=0701234567`, staffToken),
);
const row = await (await call("GET", `/api/prospects/${open}`, adminToken)).json();
await measure("read one prospect", () => call("GET", `/api/prospects/${open}`, adminToken));
await measure(
  "update: sell status change (PUT)",
  () =>
    call("PUT", `/api/prospects/${open}`, adminToken, {
      ...row,
      sellStatus: row.sellStatus === "Prospect" ? "RegretMeeting" : "Prospect",
    }),
);
await measure("update: the same again", async () => {
  const again = await (await call("GET", `/api/prospects/${open}`, adminToken)).json();
  counts = new Counts();
  return await call("PUT", `/api/prospects/${open}`, adminToken, {
    ...again,
    sellStatus: again.sellStatus === "Prospect" ? "RegretMeeting" : "Prospect",
  });
});
await measure("create (POST)", () =>
  call("POST", "/api/prospects", adminToken, {
    marketProjectId: mp,
    clubId: clubs[0],
    firstName: "Kostnad",
    lastName: "Mätning",
    phoneNumber: `070${String(Date.now()).slice(-7)}`,
  }));
await measure(
  "report: age, my clubs, today",
  () =>
    call(
      "GET",
      `/api/reports/sell-status-age?marketProjectId=${mp}&referenceDate=${today}`,
      staffToken,
    ),
);
const tenProjects = (date: string) =>
  call(
    "GET",
    `/api/reports/status-project?referenceDate=${date}&marketProjectIds=${
      projects.slice(0, 10).join(",")
    }`,
    adminToken,
  );
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
await measure("report: 10 projects, today (first this hour)", () => tenProjects(today));
await measure("report: 10 projects, today (again)", () => tenProjects(today));
await measure("report: club, my clubs × 1 project, today", () =>
  call(
    "GET",
    `/api/reports/status-project?referenceDate=${today}&prospectFieldKey=clubId&collection=clubs&ids=${
      clubs.join(",")
    }&marketProjectIds=${mp}`,
    staffToken,
  ));
const districts = (await listDistricts(raw)).map((d) => d.districtId).join(",");
const allDistricts = () =>
  call(
    "GET",
    `/api/reports/status-project?referenceDate=${today}&prospectFieldKey=districtId&collection=district&ids=${districts}&marketProjectIds=${
      projects.slice(0, 10).join(",")
    }`,
    adminToken,
  );
await measure("report: all districts × 10 projects, today", allDistricts);
await measure("report: all districts × 10 projects, today (again)", allDistricts);
await measure("report: 10 projects, 30 days ago (first time)", () => tenProjects(monthAgo));
await measure("report: 10 projects, 30 days ago (again)", () => tenProjects(monthAgo));
// The change feed: a page of 1,000 changes from the feed's start, and the page after it (a script's
// nightly walk reads pages like these; what a save adds to the feed is in the writes below).
let feedCursor: string | null = null;
await measure("change feed: 1,000 changes (first page)", async () => {
  const res = await call("GET", "/api/prospects/changes?limit=1000", adminToken);
  const body = await res.json();
  if (body.items.length !== 1000) throw new Error(`feed page: ${body.items.length} items`);
  feedCursor = body.cursor;
  return new Response(null);
});
await measure("change feed: the next 1,000", async () => {
  const res = await call(
    "GET",
    `/api/prospects/changes?limit=1000&after=${encodeURIComponent(feedCursor!)}`,
    adminToken,
  );
  const body = await res.json();
  if (body.items.length !== 1000) throw new Error(`feed page: ${body.items.length} items`);
  return new Response(null);
});
// A store generated earlier has transitions due by now (say work hours began since): the first pass
// settles them, so the row is what a minute's job costs when nothing is due.
const pass = () => runDuePass({ kv, config, now: () => new Date() } as never, { now: new Date() });
await pass();
await measure("activity pass (nothing due)", pass);

console.log(`\n${values.kv} · ${new Date().toISOString()}\n`);
console.log(
  "| request | read calls | entries read | commits | checks | mutations | bytes written | ms (one run) |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
console.log("\nWhat each writing request wrote, by key family (mutations, bytes):\n");
for (const [name, w] of writes) {
  const parts = [...w].sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([f, { n, bytes }]) => `${f} ${n}/${bytes}`);
  console.log(`- ${name}: ${parts.join(", ")}`);
}
raw.close();
