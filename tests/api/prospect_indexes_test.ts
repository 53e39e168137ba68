/**
 * Index consistency: after random creates, saves, assignments, moves and deletes through the app
 * path, the KV holds exactly the index entries and counters the records imply, and searches agree
 * with a brute-force filter over all records.
 */
import { DomainError } from "@/lib/domain/errors.ts";
import { decodeRecord, getRecord } from "@/lib/db/prospect_record.ts";
import assert from "node:assert/strict";
import { makeEnv, signedIn } from "@/tests/helpers.ts";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import { listAll } from "@/lib/db/kv.ts";
import {
  familyPart,
  prospectEventsFamily,
  prospectEventsPrefix,
  prospectHistoryKey,
  prospectHistoryPrefix,
  prospectKey,
  prospectsPrefix,
  prospectTotalKey,
  reportChangeAtKey,
} from "@/lib/db/keys.ts";
import {
  type EventPack,
  eventsOfEntry,
  HISTORY_MAX_CHARS,
  historyEntries,
  historyPacks,
  historyText,
  type ProspectEvent,
  prospectIndexEntries,
  prospectTotalKeys,
  referenceCounterKeys,
  type StoredHistory,
} from "@/lib/db/prospect_indexes.ts";
import { listProspectEvents, type StoredProspect } from "@/lib/db/prospects.ts";
import { searchProspects, type SearchSpec } from "@/lib/db/prospect_search.ts";
import { counterValue } from "@/lib/db/kv.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { assignProspect, deleteProspect, saveProspect } from "@/lib/services/prospects.ts";
import { foldName, followUpSortKey, isCompleted, type Prospect } from "@/lib/domain/prospect.ts";
import { generateChain, wholeHistory } from "@/scripts/bench/generate.ts";
import { clubChanges } from "@/lib/db/report_changes.ts";
import { clubStatusCounts } from "@/lib/db/report_status.ts";
import { districtsToday } from "@/lib/db/report_districts.ts";
import { pruneChangeTimes } from "@/lib/db/report_keep.ts";
import { clubDistricts } from "@/lib/db/reference.ts";
import { asOfInstant } from "@/lib/domain/reports.ts";
import { changesByDistrict, statusByDistrict } from "@/tests/api/report_fixtures.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

/** The JSON characters of a stored history value (its text, or its packs as JSON). */
const historyChars = (v: unknown) => typeof v === "string" ? v.length : JSON.stringify(v).length;

/** A small seeded PRNG (mulberry32) so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INDEX_FAMILIES = [
  "prospects_by_customer_id",
  "prospects_by_phone",
  "prospects_by_email",
  "prospects_by_project",
  "prospects_by_project_club",
  "prospects_by_project_status",
  "prospects_by_project_club_status",
  "prospects_by_assignee_project",
  "prospects_by_first_name",
  "prospects_by_last_name",
  "prospects_deleted_by_project",
  "prospects_by_next_transition",
  "prospects_by_project_urgency",
  "prospects_by_project_club_urgency",
  "prospects_by_club_registered",
  "prospects_awaiting_contact",
  "prospects_by_updated",
].map(familyPart);

const session = (u: UserRecord): SessionUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: u.roles,
  sid: null,
});

/** Every index entry and counter in KV is exactly what the stored records imply. */
export async function assertConsistent(kv: Deno.Kv): Promise<StoredProspect[]> {
  const records = (await listAll(kv, prospectsPrefix())).map((e) => decodeRecord(e.value));
  const expected = new Map<string, string>();
  for (const p of records) {
    for (const e of prospectIndexEntries(p)) {
      expected.set(JSON.stringify(e.key), JSON.stringify(e.value));
    }
  }
  const actual = new Map<string, string>();
  for (const fam of INDEX_FAMILIES) {
    for (const e of await listAll(kv, [fam])) {
      actual.set(JSON.stringify(e.key), JSON.stringify(e.value));
    }
  }
  const missing = [...expected.keys()].filter((k) => !actual.has(k));
  const stray = [...actual.keys()].filter((k) => !expected.has(k));
  assert.deepEqual(missing, [], "every record is reachable through its indexes");
  assert.deepEqual(stray, [], "every index entry points at a live record with matching fields");
  for (const [k, v] of expected) assert.equal(actual.get(k), v, k);

  const counts = new Map<string, number>();
  for (const p of records) {
    for (const k of [...prospectTotalKeys(p), ...referenceCounterKeys(p)]) {
      const id = JSON.stringify(k);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  const stored = new Map<string, number>();
  for (const fam of prospectTotalKey("prospect_count_by_club", "prospect_count_by_project")) {
    for (const e of await listAll(kv, [fam])) {
      const n = counterValue(e.value);
      if (n !== 0) stored.set(JSON.stringify(e.key), n);
    }
  }
  assert.deepEqual(Object.fromEntries(stored), Object.fromEntries(counts));

  return records;
}

/** The page and total a search must answer: every record filtered and sorted in memory. */
async function assertSearchOf(records: StoredProspect[], spec: SearchSpec, kv: Deno.Kv) {
  const want = records.filter((p) =>
    !p.deleted &&
    p.marketProjectId === spec.marketProjectId &&
    (!spec.clubIds || spec.clubIds.includes(p.clubId)) &&
    (!spec.sellStatuses || spec.sellStatuses.includes(p.sellStatus ?? "")) &&
    (spec.showCompleted || !isCompleted(p)) &&
    (!spec.assignee || (p.assignId ?? "").toLowerCase() === spec.assignee) &&
    (!spec.firstName || foldName(p.firstName).startsWith(foldName(spec.firstName))) &&
    (!spec.lastName || foldName(p.lastName).startsWith(foldName(spec.lastName))) &&
    (!spec.tag || (p.tag ?? "").startsWith(spec.tag))
  ).sort((a, b) => {
    const da = isCompleted(a) ? 1 : 0;
    const db = isCompleted(b) ? 1 : 0;
    if (da !== db) return da - db;
    // Rows without a follow-up date come last, descending too (issue 19).
    const ua = a.followUpDate ? 0 : 1;
    const ub = b.followUpDate ? 0 : 1;
    if (ua !== ub) return ua - ub;
    const fa = followUpSortKey(a) + a.id;
    const fb = followUpSortKey(b) + b.id;
    return spec.order === "asc" ? (fa < fb ? -1 : 1) : (fa < fb ? 1 : -1);
  });
  const got = await searchProspects(kv, spec);
  assert.equal(got.total, want.length, JSON.stringify(spec));
  assert.deepEqual(
    got.items.map((p) => p.id),
    want.slice(spec.offset, spec.offset + spec.limit).map((p) => p.id),
    JSON.stringify(spec),
  );
}

/** A store whose `list` calls record the key family they read. */
function watchLists(kv: Deno.Kv): { kv: Deno.Kv; families: Set<string> } {
  const families = new Set<string>();
  const watched = new Proxy(kv, {
    get(t, prop) {
      if (prop === "list") {
        return (sel: Deno.KvListSelector, o?: Deno.KvListOptions) => {
          families.add(String(("prefix" in sel ? sel.prefix : sel.start)[0]));
          return t.list(sel, o);
        };
      }
      const v = Reflect.get(t, prop);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  return { kv: watched, families };
}

Deno.test("indexes and counters match the records after random writes; search = brute force", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  try {
    await makeChain(env);
    const admin = session((await signedIn(env, { role: "ROLE_ADMIN" })).user);
    const staff = [
      session((await signedIn(env, { firstName: "Åke" })).user),
      session((await signedIn(env, { firstName: "Bea" })).user),
    ];
    const rand = rng(20260310);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const names = ["Åsa", "Anna", "Ängel", "Östen", "Olle", "Émile", "Zelda", "Ørjan", "anders"];
    const ctx = (user: SessionUser): ProspectCtx => ({
      kv: env.kv,
      config: { timeZone: "Europe/Stockholm" },
      now: new Date("2026-03-10T10:00:00Z"),
      user,
    });
    const ids: string[] = [];
    let applied = 0;
    const current = async (id: string) =>
      (await env.kv.get<StoredProspect>(prospectKey(id))).versionstamp!;
    for (let i = 0; i < 260; i++) {
      const roll = rand();
      if (roll < 0.4 || ids.length < 5) {
        const p = await createProspect(ctx(pick([admin, ...staff])), {
          firstName: pick(names),
          lastName: pick(names) + "son",
          phoneNumber: `070${Math.floor(rand() * 1e7)}`,
          email: rand() < 0.7 ? `${pick(names).toLowerCase()}${i}@ex.se` : null,
          marketProjectId: rand() < 0.8 ? 1 : 2,
          clubId: pick([101, 102, 103]),
          tag: rand() < 0.3 ? "fb" : null,
          followUpDate: rand() < 0.3 ? "2026-03-2" + Math.floor(rand() * 9) : null,
        });
        ids.push(p.id);
        continue;
      }
      const id = pick(ids);
      const stored = (await getRecord(env.kv, id)).value!;
      if (stored.deleted) continue;
      const version = await current(id);
      try {
        if (roll < 0.75) {
          const status = rand() < 0.1 ? null : pick(SELL_STATUSES);
          await saveProspect(ctx(admin), id, {
            firstName: rand() < 0.2 ? pick(names) : stored.firstName,
            lastName: stored.lastName,
            tag: stored.tag,
            nominator: null,
            motivationText: null,
            noteType: stored.noteType,
            phoneNumber: rand() < 0.1 ? `+4670${Math.floor(rand() * 1e7)}` : stored.phoneNumber,
            email: rand() < 0.1 ? null : stored.email,
            marketProjectId: rand() < 0.1 ? pick([1, 2]) : stored.marketProjectId,
            clubId: rand() < 0.2 ? pick([101, 102, 103]) : stored.clubId,
            sellStatus: status,
            followUpDate: "2026-04-0" + Math.floor(1 + rand() * 8),
            version,
          });
        } else if (roll < 0.92) {
          const who = pick(staff);
          await assignProspect(ctx(rand() < 0.5 ? admin : who), id, {
            assignId: rand() < 0.3 ? null : who.email,
            version,
          });
        } else {
          await deleteProspect(ctx(admin), id);
        }
        applied++;
      } catch (e) {
        // Refusals (e.g. ALREADY_ASSIGNED) are fine: they must change nothing.
        if (!(e instanceof DomainError)) throw e;
      }
    }

    assert.ok(applied > 100, `only ${applied} updates applied`);
    const records = await assertConsistent(env.kv);
    assert.equal(records.length, ids.length);

    // Search equals a brute-force filter + sort over all records.
    const assertSearch = (spec: SearchSpec, kv = env.kv) => assertSearchOf(records, spec, kv);
    for (let q = 0; q < 150; q++) {
      const clubIds = rand() < 0.5 ? [pick([101, 102, 103]), pick([101, 102, 103])] : undefined;
      const sellStatuses: string[] | undefined = rand() < 0.3
        ? [pick(SELL_STATUSES), pick(SELL_STATUSES)]
        : undefined;
      // A first- or last-name prefix of 1–5 letters (the project-wide walk counts up to 4).
      const nameRoll = rand();
      const namePrefix = pick(names).slice(0, 1 + Math.floor(rand() * 5));
      const limit = pick([5, 10, 25]);
      await assertSearch({
        marketProjectId: rand() < 0.8 ? 1 : 2,
        clubIds: clubIds ? [...new Set(clubIds)] : undefined,
        sellStatuses: sellStatuses ? [...new Set(sellStatuses)] : undefined,
        showCompleted: rand() < 0.4,
        assignee: rand() < 0.2 ? pick(staff).email.toLowerCase() : undefined,
        firstName: nameRoll < 0.25 ? namePrefix : undefined,
        lastName: nameRoll >= 0.25 && nameRoll < 0.45 ? namePrefix : undefined,
        tag: rand() < 0.1 ? "fb" : undefined,
        order: rand() < 0.5 ? "asc" : "desc",
        offset: rand() < 0.3 ? limit : 0,
        limit,
      });
    }

    // A name prefix over a whole project walks the project index (its values carry the names)
    // with the total from the name-prefix counters: no per-club name range is read.
    const { kv: watched, families } = watchLists(env.kv);
    for (let q = 0; q < 80; q++) {
      const field = rand() < 0.5 ? "firstName" : "lastName";
      const prefix = pick([...names, "Q", "Zz"]).slice(0, 1 + Math.floor(rand() * 4));
      const limit = pick([1, 5, 10]);
      families.clear();
      await assertSearch({
        marketProjectId: rand() < 0.8 ? 1 : 2,
        showCompleted: rand() < 0.4,
        [field]: prefix,
        order: rand() < 0.5 ? "asc" : "desc",
        offset: pick([0, 0, limit, 3 * limit, 200]),
        limit,
      }, watched);
      assert.ok(
        !families.has(familyPart("prospects_by_first_name")) &&
          !families.has(familyPart("prospects_by_last_name")),
        `${field} ${prefix}: read ${[...families]}`,
      );
    }
  } finally {
    env.close();
  }
});

Deno.test("the generator writes the same keys and counters as the app path (deterministically)", async () => {
  const run = async () => {
    const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
    try {
      const chain = await generateChain(env.kv, {
        prospects: 600,
        districts: 2,
        clubs: 8,
        projects: 6,
        users: 12,
        passwordHash: "not-a-real-hash",
        chunk: 150, // several chunks: counters are summed chunk by chunk
      });
      const records = await assertConsistent(env.kv);
      assert.equal(records.length, 600);
      const done = records.filter((p) => isCompleted(p)).length / records.length;
      assert.ok(done > 0.5 && done < 0.7, `~60% Done (${done})`);
      const biggest = records.filter((p) => p.marketProjectId === 1).length / records.length;
      assert.ok(biggest > 0.25, `Zipf: the largest project holds ${biggest}`);
      // The change-time entries are those the nightly prune keeps (today's window, clock changes).
      const changes = (await listAll(env.kv, reportChangeAtKey())).map((e) => e.key[2]);
      // Those of the days around 2025-10-26 (the clocks went back) are kept.
      assert.ok(changes.some((at) => String(at).startsWith("2025-10-2")));
      const keepFrom = new Date(Date.parse("2026-03-10T10:00:00Z") - 2 * 86_400_000); // its `now`
      for (let mp = 1; mp <= 6; mp++) {
        assert.equal(await pruneChangeTimes(env.kv, mp, keepFrom, "Europe/Stockholm"), 0);
      }
      // The district buckets it writes (only the days the keep step leaves) answer today's
      // district report as the clubs' values summed by district do.
      const live = asOfInstant("2026-03-10", new Date("2026-03-10T10:00:00Z"), "Europe/Stockholm");
      const districts = await clubDistricts(env.kv);
      for (let mp = 1; mp <= 6; mp++) {
        const fast = await districtsToday(env.kv, mp, live, districts);
        assert.ok(fast, `project ${mp}: district buckets trusted`);
        const status = statusByDistrict(await clubStatusCounts(env.kv, mp, live), districts);
        const changes = changesByDistrict(await clubChanges(env.kv, mp, live), districts);
        const sorted = <T>(m: Map<number, T>) => [...m].sort((a, b) => a[0] - b[0]);
        assert.deepEqual(sorted(fast.status), sorted(status), `project ${mp}`);
        assert.deepEqual(sorted(fast.changes), sorted(changes), `project ${mp} changes`);
      }
      const histories = await listAll<unknown[]>(env.kv, prospectHistoryPrefix());
      const archives = await listAll<unknown[]>(env.kv, prospectEventsFamily());
      const events = [...archives, ...histories].flatMap(eventsOfEntry);
      assert.ok(events.length / records.length > 3, "~3 status changes plus create each");
      // One history value per prospect, one pack per write in it, not one key per event; the
      // older packs of the long ones in archive keys, as the app's writes leave them.
      assert.equal(histories.length, records.length);
      assert.ok(archives.length < records.length * 0.3, `${archives.length} archives`);
      for (const h of [...archives, ...histories]) {
        assert.ok(historyChars(h.value) <= HISTORY_MAX_CHARS, JSON.stringify(h.key));
      }
      assert.ok(histories.every((h) => typeof h.value === "string"), "values as their JSON text");
      const packs = [...archives, ...histories]
        .reduce((n, h) => n + historyPacks(h.value).length, 0);
      assert.ok(packs < events.length * 0.8, `${packs} packs, ${events.length} events`);
      // The app reads a generated store: a search and an update through the service.
      const res = await searchProspects(env.kv, {
        marketProjectId: 1,
        clubIds: chain.users[6].clubIds,
        showCompleted: false,
        order: "asc",
        offset: 0,
        limit: 10,
      });
      assert.ok(res.total > 0);
      const admin = session(chain.users[0]);
      const p = records.find((r) => !isCompleted(r))!;
      await saveProspect(
        {
          kv: env.kv,
          config: { timeZone: "Europe/Stockholm" },
          now: new Date("2026-03-10T10:00:00Z"),
          user: admin,
        },
        p.id,
        {
          firstName: p.firstName,
          lastName: p.lastName,
          phoneNumber: p.phoneNumber,
          marketProjectId: p.marketProjectId,
          clubId: p.clubId,
          sellStatus: "NoAnswer2",
          version: (await env.kv.get(prospectKey(p.id))).versionstamp!,
        },
      );
      await assertConsistent(env.kv);
      return records.map((r) => `${r.id}:${r.customerId}:${r.sellStatus}:${r.assignId}`).join(",");
    } finally {
      env.close();
    }
  };
  const a = await run();
  const b = await run();
  assert.equal(
    a.split(",").slice(0, 50).join(),
    b.split(",").slice(0, 50).join(),
    "same seed, same data",
  );
});

/** A chain, an admin's context and `n` new prospects of project 1 in clubs 101–103. */
async function adminWithProspects(n: number) {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  await makeChain(env);
  const admin = session((await signedIn(env, { role: "ROLE_ADMIN" })).user);
  const ctx: ProspectCtx = {
    kv: env.kv,
    config: { timeZone: "Europe/Stockholm" },
    now: new Date("2026-03-10T10:00:00Z"),
    user: admin,
  };
  const made: Prospect[] = [];
  for (let i = 0; i < n; i++) {
    made.push(
      await createProspect(ctx, {
        firstName: `P${i}`,
        lastName: "Ek",
        phoneNumber: `070${n}${String(i).padStart(5, "0")}`,
        marketProjectId: 1,
        clubId: 101 + (i % 3),
      }),
    );
  }
  return { env, ctx, made };
}

/** Saves a prospect of adminWithProspects with a sell status on the version it has now. */
async function saveStatus(
  ctx: ProspectCtx,
  p: Prospect,
  sellStatus: "DidNotShowUp" | "RegretMeeting",
) {
  const cur = await getRecord(ctx.kv, p.id);
  return await saveProspect(ctx, p.id, {
    firstName: p.firstName,
    lastName: p.lastName,
    phoneNumber: p.phoneNumber,
    marketProjectId: 1,
    clubId: p.clubId,
    sellStatus,
    version: cur.versionstamp!,
  });
}
const saveDidNotShowUp = (ctx: ProspectCtx, p: Prospect) => saveStatus(ctx, p, "DidNotShowUp");

Deno.test("group commit: concurrent saves all land; a stale one loses alone, in its group or the one beside it", async () => {
  const { env, ctx, made } = await adminWithProspects(30);
  try {
    const row = (
      p: Prospect,
      sellStatus: "RegretMeeting" | "DidNotShowUp",
      version: string,
    ) => ({
      firstName: p.firstName,
      lastName: p.lastName,
      phoneNumber: p.phoneNumber,
      marketProjectId: 1,
      clubId: p.clubId,
      sellStatus,
      version,
    });
    // The first save of made[0] bumps its version; a second one with the old version is stale.
    const results = await Promise.allSettled([
      ...made.map((p) => saveProspect(ctx, p.id, row(p, "RegretMeeting", p.version!))),
      saveProspect(ctx, made[0].id, row(made[0], "DidNotShowUp", made[0].version!)),
    ]);
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const lost = results.filter((r) =>
      r.status === "rejected" && (r.reason as DomainError).kind === "conflict"
    ).length;
    assert.deepEqual({ ok, lost }, { ok: 30, lost: 1 });
    const records = await assertConsistent(env.kv);
    assert.ok(records.every((p) =>
      p.sellStatus === "RegretMeeting"
    ));
    // Each history value got its own write's pack (appended in the group's atomic); the stale
    // write left none.
    for (const p of made) {
      const changes = (await listProspectEvents(env.kv, p.id))
        .filter((e) => e.type === "sellStatus").map((e) => e.to);
      assert.deepEqual(changes, ["RegretMeeting"], p.firstName);
    }

    // A history past the 900-character limit (written whole, as an import of history might): the next save
    // moves its older packs to archive keys, every value is left under the limit (so SQLite keeps
    // it on its page), and the events still read back complete and in order.
    const long = made[1];
    const old: EventPack[] = Array.from({ length: 24 }, (_, i) => ({
      at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      u: "01M89Y5F3ABMM89SGADJD9DZ9Q",
      mp: 1,
      c: long.clubId,
      ch: [[
        "followUp",
        null,
        `2025-01-${String(1 + (i % 28)).padStart(2, "0")}`,
      ]] as EventPack["ch"],
    }));
    const key = prospectHistoryKey(long.id);
    const kept = historyPacks((await env.kv.get(key)).value);
    await env.kv.set(key, historyText([...old, ...kept]));
    const plain = (e: ProspectEvent) => [e.at, e.type, e.from, e.to];
    const before = (await listProspectEvents(env.kv, long.id)).map(plain);
    assert.ok(JSON.stringify([...old, ...kept]).length > 2 * HISTORY_MAX_CHARS);
    const cur = (await env.kv.get<StoredProspect>(prospectKey(long.id))).versionstamp!;
    await saveProspect(ctx, long.id, row(long, "DidNotShowUp", cur));
    const stored = (await env.kv.get(key)).value;
    const history = historyPacks(stored);
    const archived = await listAll<unknown[]>(env.kv, prospectEventsPrefix(long.id));
    assert.ok(archived.length >= 2, "an over-long history leaves in chunks of the limit");
    for (const e of [...archived, { key, value: stored }]) {
      assert.ok(historyChars(e.value) <= HISTORY_MAX_CHARS, JSON.stringify(e.key));
    }
    assert.ok(historyChars(stored) <= HISTORY_MAX_CHARS / 2, "room for the next saves");
    const total = archived.reduce((n, e) => n + historyPacks(e.value).length, history.length);
    assert.equal(total, old.length + kept.length + 1);
    const all = (await listProspectEvents(env.kv, long.id)).map(plain);
    assert.deepEqual(all.slice(0, -1), before, "the same events, in the same order");
    assert.deepEqual(all.slice(-1).map((e) => e.slice(1)), [[
      "sellStatus",
      "RegretMeeting",
      "DidNotShowUp",
    ]]);
    // The next save appends to the short value; no new archive until it is full again.
    const cur2 = (await env.kv.get<StoredProspect>(prospectKey(long.id))).versionstamp!;
    await saveProspect(ctx, long.id, row(long, "RegretMeeting", cur2));
    assert.equal(historyPacks((await env.kv.get(key)).value).length, history.length + 1);
    assert.equal((await listAll(env.kv, prospectEventsPrefix(long.id))).length, archived.length);
  } finally {
    env.close();
  }
});

Deno.test("the generator's history of a prospect is what its writes one after another leave", () => {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
  const writes: ProspectEvent[][] = Array.from(
    { length: 40 },
    (_, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, j) =>
        ({
          id: `e${i}.${j}`,
          prospectId: "P1",
          at: at(i),
          type: j ? "followUp" : "sellStatus",
          from: null,
          to: j ? "2026-02-01" : "NoAnswer1",
          userId: "01M89Y5F3ABMM89SGADJD9DZ9Q",
          marketProjectId: 1,
          clubId: 101,
        }) as ProspectEvent),
  );
  writes.splice(7, 0, []); // a write without events leaves no pack
  const archiveId = (ms: number) => `A${ms}`;
  const stored = new Map<string, unknown>();
  let prior: StoredHistory = "";
  for (const w of writes) {
    const entries = historyEntries("P1", prior, w, () => archiveId(Date.parse(w[0].at)));
    for (const e of entries) stored.set(JSON.stringify(e.key), e.value);
    if (entries.length) prior = entries[entries.length - 1].value as StoredHistory;
  }
  const whole = new Map(
    wholeHistory("P1", writes, archiveId).map((e) => [JSON.stringify(e.key), e.value]),
  );
  assert.deepEqual(whole, stored);
  assert.ok(
    [...whole.keys()].filter((k) => JSON.parse(k)[0] === familyPart("prospect_events")).length >= 3,
  );
  for (const v of whole.values()) assert.ok(historyChars(v) <= HISTORY_MAX_CHARS);
});

/** `kv` whose first commit runs `first` to its end before it commits (a race inside a save's turn). */
function commitAfter(kv: Deno.Kv, first: () => Promise<unknown>): Deno.Kv {
  let ran = false;
  const wrap = (op: Deno.AtomicOperation): Deno.AtomicOperation => {
    const w: Deno.AtomicOperation = new Proxy(op, {
      get(o, q) {
        if (q === "commit") {
          return async () => {
            if (!ran) {
              ran = true;
              await first();
            }
            return await o.commit();
          };
        }
        const v = Reflect.get(o, q, o);
        if (typeof v !== "function") return v;
        return (...a: unknown[]) => {
          const r = v.apply(o, a);
          return r === o ? w : r;
        };
      },
    });
    return w;
  };
  return new Proxy(kv, {
    get(t, q) {
      if (q === "atomic") return () => wrap(t.atomic());
      const v = Reflect.get(t, q, t);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
}

Deno.test("a save that read the record and its history before another save committed: 409, and no pack is lost", async () => {
  // The write engine appends to the history value read with the record (one snapshot); that is
  // only right while the record's check holds. Another save commits between the read and the commit.
  const { env, ctx, made } = await adminWithProspects(1);
  try {
    const p = made[0];
    const statuses = async () =>
      (await listProspectEvents(env.kv, p.id)).filter((e) => e.type === "sellStatus").map((e) =>
        e.to
      );
    const other = () => saveStatus(ctx, p, "RegretMeeting");
    await assert.rejects(
      () => saveDidNotShowUp({ ...ctx, kv: commitAfter(env.kv, other) }, p),
      (e: { kind?: string }) => e.kind === "conflict",
    );
    assert.deepEqual(
      await statuses(),
      ["RegretMeeting"],
      "the other save's pack, the stale one's none",
    );
    await saveDidNotShowUp(ctx, p);
    assert.deepEqual(await statuses(), ["RegretMeeting", "DidNotShowUp"]);
    await assertConsistent(env.kv);
  } finally {
    env.close();
  }
});

Deno.test("a name prefix over a whole project: walked or read from the club ranges, the page and total of brute force", async () => {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  try {
    // Big enough segments that deep pages of rare prefixes read the club ranges instead.
    await generateChain(env.kv, {
      prospects: 6_000,
      districts: 2,
      clubs: 8,
      projects: 2,
      users: 8,
      passwordHash: "not-a-real-hash",
    });
    const records = (await listAll(env.kv, prospectsPrefix())).map((e) => decodeRecord(e.value));
    const rand = rng(87);
    const { kv: watched, families: read } = watchLists(env.kv);
    const firsts = [...new Set(records.map((p) => p.firstName))];
    for (let q = 0; q < 60; q++) {
      const field = rand() < 0.5 ? "firstName" as const : "lastName" as const;
      const name = q % 10 === 0 ? "Xq" : firsts[Math.floor(rand() * firsts.length)];
      const prefix = name.slice(0, 1 + Math.floor(rand() * 4));
      const limit = [10, 50][q % 2];
      const spec: SearchSpec = {
        marketProjectId: 1,
        showCompleted: rand() < 0.5,
        [field]: prefix,
        order: rand() < 0.5 ? "asc" : "desc",
        offset: [0, limit, 4 * limit, 1_500][Math.floor(rand() * 4)],
        limit,
      };
      await assertSearchOf(records, spec, watched);
    }
    // Both ways were taken.
    assert.ok(read.has(familyPart("prospects_by_project")), [...read].join());
    assert.ok(
      read.has(familyPart("prospects_by_first_name")) ||
        read.has(familyPart("prospects_by_last_name")),
    );
  } finally {
    env.close();
  }
});
