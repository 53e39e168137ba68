/**
 * Reference data in KV: districts, clubs and market projects (records by ULID plus a unique index
 * on the numeric business id). Every write is one versionstamp-checked atomic (changeRecord);
 * deleting something still in use answers 409 and changes nothing. Settings are in settings.ts.
 */
import {
  clubByNumberKey,
  clubCountByDistrictKey,
  clubDistrictsKey,
  clubKey,
  clubsPrefix,
  clubSubscriberCountKey,
  districtByNumberKey,
  districtKey,
  districtsPrefix,
  marketProjectByNumberKey,
  marketProjectKey,
  marketProjectSeqKey,
  marketProjectsPrefix,
  prospectCountByClubKey,
  prospectCountByProjectKey,
  prospectsPrefix,
  reportDistrictsFromKey,
  userKey,
} from "@/lib/db/keys.ts";
import { addToCounter, counterValue, getManyChunked, isEmpty, ulid } from "@/lib/db/kv.ts";
import { conflict, DomainError } from "@/lib/domain/errors.ts";
import { type Club, type District, type MarketProject } from "@/lib/domain/reference.ts";
import {
  type ClubCreate,
  type ClubUpdate,
  type DistrictInput,
  isStartDateAllowed,
  type MarketProjectCreate,
  type MarketProjectUpdate,
} from "@/lib/domain/reference_rules.ts";
import { clubDistrictMap, type ClubDistricts } from "@/lib/db/report_keys.ts";

import {
  AGAIN,
  ATTEMPTS,
  byName,
  byNumber,
  changeRecord,
  duplicate,
  inUse,
  listRecords,
  type Stored,
  withVersion,
} from "@/lib/db/reference_records.ts";
import { clubSubscriberIds, setClubSubscription } from "@/lib/db/settings.ts";

export { duplicate, inUse };

// ── prospect counters (maintained by the prospects module) ──────────────────

// ── districts ───────────────────────────────────────────────────────────────

/** Every district, ordered by districtId. */
export async function listDistricts(kv: Deno.Kv): Promise<District[]> {
  const all = await listRecords<District>(kv, districtsPrefix());
  return all.sort((a, b) => a.districtId - b.districtId);
}

export async function getDistrict(kv: Deno.Kv, id: string): Promise<District | null> {
  const e = await kv.get<Stored<District>>(districtKey(id));
  return e.value === null ? null : withVersion<District>(e as Deno.KvEntry<Stored<District>>);
}

/** Creates a district; a taken districtId answers 409 DUPLICATE. */
export async function createDistrict(kv: Deno.Kv, input: DistrictInput): Promise<District> {
  const rec: Stored<District> = { id: ulid(), districtId: input.districtId, name: input.name };
  const res = await kv.atomic()
    .check({ key: districtByNumberKey(rec.districtId), versionstamp: null })
    .set(districtKey(rec.id), rec)
    .set(districtByNumberKey(rec.districtId), rec.id)
    .commit();
  if (!res.ok) throw duplicate("districtId");
  return { ...rec, version: res.versionstamp };
}

/**
 * Updates name and districtId. Changing the districtId of a district that still has clubs is
 * refused (the clubs refer to the number).
 */
export async function updateDistrict(
  kv: Deno.Kv,
  id: string,
  input: DistrictInput,
): Promise<District> {
  return await changeRecord<District, District>(
    kv,
    districtKey(id),
    input.version,
    async (e, op) => {
      const old = e.value;
      const next: Stored<District> = { ...old, districtId: input.districtId, name: input.name };
      op.set(districtKey(id), next);
      if (old.districtId !== next.districtId) {
        const count = await kv.get(clubCountByDistrictKey(old.districtId));
        const n = counterValue(count.value);
        if (n > 0) throw inUse("district", n);
        if ((await kv.get(districtByNumberKey(next.districtId))).value) {
          throw duplicate(
            "districtId",
          );
        }
        op.check(count)
          .check({ key: districtByNumberKey(next.districtId), versionstamp: null })
          .delete(districtByNumberKey(old.districtId))
          .set(districtByNumberKey(next.districtId), id);
      }
      return (version) => ({ ...next, version });
    },
  );
}

/** Deletes a district that has no clubs; otherwise 409 IN_USE. */
export async function deleteDistrict(kv: Deno.Kv, id: string, version?: string): Promise<void> {
  await changeRecord<District, void>(kv, districtKey(id), version, async (e, op) => {
    const count = await kv.get(clubCountByDistrictKey(e.value.districtId));
    const n = counterValue(count.value);
    if (n > 0) throw inUse("district", n);
    op.check(count).delete(districtKey(id)).delete(districtByNumberKey(e.value.districtId));
    return () => {};
  });
}

// ── clubs ───────────────────────────────────────────────────────────────────

/** Every club, ordered by name. */
export async function listClubs(kv: Deno.Kv): Promise<Club[]> {
  return (await listRecords<Club>(kv, clubsPrefix())).sort(byName);
}

export async function getClub(kv: Deno.Kv, id: string): Promise<Club | null> {
  const e = await kv.get<Stored<Club>>(clubKey(id));
  return e.value === null ? null : withVersion<Club>(e as Deno.KvEntry<Stored<Club>>);
}

/** A club by its numeric clubId, or null. */
export async function getClubByNumber(kv: Deno.Kv, clubId: number): Promise<Club | null> {
  return await byNumber<Club>(kv, clubByNumberKey(clubId), clubKey);
}

/** The clubs of the given numeric ids that exist, in the order asked. */
export async function getClubsByNumbers(kv: Deno.Kv, clubIds: number[]): Promise<Club[]> {
  const idx = await getManyChunked<string>(kv, clubIds.map((n) => clubByNumberKey(n)));
  const ids = idx.map((e) => e.value).filter((v): v is string => !!v);
  const recs = await getManyChunked<Stored<Club>>(kv, ids.map((id) => clubKey(id)));
  return recs.filter((e) => e.value !== null).map((e) =>
    withVersion<Club>(e as Deno.KvEntry<Stored<Club>>)
  );
}

const districtMissing = () =>
  new DomainError("validation", "VALIDATION", "errors.validation", {
    districtId: "settings.clubs.districtNotFound",
  });

/** The last decoded club→district map per store, by the versionstamp it was read at. */
const decodedDistricts = new WeakMap<
  Deno.Kv,
  { versionstamp: string | null; map: ClubDistricts }
>();

/**
 * Every club's district (clubId → districtId), as the write engine adds the district buckets. Read
 * every time; the same (read-only) map object is returned while the stored value has not changed,
 * so a report can keep sums made with it (reports.ts districtsToday).
 */
export async function clubDistricts(kv: Deno.Kv): Promise<ClubDistricts> {
  const e = await kv.get<[number, number][]>(clubDistrictsKey());
  const last = decodedDistricts.get(kv);
  if (last && last.versionstamp === e.versionstamp) return last.map;
  const map = clubDistrictMap(e.value);
  decodedDistricts.set(kv, { versionstamp: e.versionstamp, map });
  return map;
}

/** How long a process uses its copy of the clubs' districts for writes (per store). */
const DISTRICTS_COPY_MS = 5_000;
const districtCopies = new WeakMap<Deno.Kv, { at: number; map: Promise<ClubDistricts> }>();

/**
 * The clubs' districts for a write in `clubs`: this process's copy while it is under
 * DISTRICTS_COPY_MS old and knows every one of them, else read again. A copy seconds old is safe: a
 * club that moves district (or goes) marks the district buckets untrusted from that instant, and a
 * report reads a day's buckets only when that mark lies at least SNAPSHOT_SETTLE_MS (10 min) before
 * the day began (reports.ts districtsToday), so a write with the old district lands in a day no
 * report reads from them.
 */
export async function districtsForWrite(kv: Deno.Kv, clubs: number[]): Promise<ClubDistricts> {
  const now = Date.now();
  const copy = districtCopies.get(kv);
  if (copy && now - copy.at < DISTRICTS_COPY_MS) {
    const map = await copy.map;
    if (clubs.every((c) => map.has(c))) return map;
  }
  const map = clubDistricts(kv);
  districtCopies.set(kv, { at: now, map });
  map.catch(() => districtCopies.delete(kv));
  return await map;
}

/** After a club change: this process reads the districts again at its next write. */
function districtsChanged<T>(kv: Deno.Kv, out: T): T {
  districtCopies.delete(kv);
  return out;
}

/**
 * Puts a club change into the club→district pairs in the club's atomic (checked: concurrent club
 * changes retry). `from`/`to` are [clubId, districtId] before and after (null: none); `now` the
 * instant of the change.
 */
async function changeClubDistricts(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  from: [number, number] | null,
  to: [number, number] | null,
  now = new Date(),
) {
  const e = await kv.get<[number, number][]>(clubDistrictsKey());
  const map = new Map(clubDistrictMap(e.value));
  if (from) map.delete(from[0]);
  if (to) map.set(to[0], to[1]);
  op.check(e).set(clubDistrictsKey(), [...map].sort((a, b) => a[0] - b[0]));
  // A club that moves district, is renumbered or goes: today's district buckets may hold its
  // changes under what it was, so no live district report reads them until a midnight after this
  // (reports.ts districtsToday). A new club has nothing before it.
  if (from) op.set(reportDistrictsFromKey(), now.toISOString());
}

/**
 * The club→district map from the clubs, and the instant the district buckets are trusted from —
 * now, or the beginning for a store without prospects (the baseline of a new store).
 */
export async function startDistrictBuckets(kv: Deno.Kv): Promise<void> {
  const clubs = await listRecords<Club>(kv, clubsPrefix());
  const empty = await isEmpty(kv, prospectsPrefix());
  await kv.atomic()
    .set(clubDistrictsKey(), clubs.map((c) => [c.clubId, c.districtId]).sort((a, b) => a[0] - b[0]))
    .set(reportDistrictsFromKey(), new Date(empty ? 0 : Date.now()).toISOString())
    .commit();
}

/** Creates a club in an existing district; a taken clubId answers 409 DUPLICATE. */
/** The club number after the highest one in use (1 when there is none). */
async function nextClubNumber(kv: Deno.Kv): Promise<number> {
  for await (
    const e of kv.list({ prefix: clubByNumberKey(0).slice(0, 1) }, { reverse: true, limit: 1 })
  ) {
    return (e.key[1] as number) + 1;
  }
  return 1;
}

/** Creates a club; without a clubId the number after the highest in use is taken. */
export async function createClub(kv: Deno.Kv, input: ClubCreate): Promise<Club> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const district = await kv.get<string>(districtByNumberKey(input.districtId));
    if (!district.value) throw districtMissing();
    const rec: Stored<Club> = {
      id: ulid(),
      clubId: input.clubId ?? await nextClubNumber(kv),
      name: input.name,
      districtId: input.districtId,
    };
    const op = kv.atomic()
      .check(district)
      .check({ key: clubByNumberKey(rec.clubId), versionstamp: null })
      .set(clubKey(rec.id), rec)
      .set(clubByNumberKey(rec.clubId), rec.id);
    addToCounter(op, clubCountByDistrictKey(rec.districtId), 1);
    await changeClubDistricts(kv, op, null, [rec.clubId, rec.districtId]);
    const res = await op.commit();
    if (res.ok) return districtsChanged(kv, { ...rec, version: res.versionstamp });
    if (input.clubId !== undefined && (await kv.get(clubByNumberKey(rec.clubId))).value) {
      throw duplicate("clubId");
    }
  }
  throw conflict();
}

/**
 * Updates clubId, name and district. The clubId of a club with prospects or subscribers cannot
 * change (they refer to the number); the new district must exist.
 */
export async function updateClub(
  kv: Deno.Kv,
  id: string,
  input: ClubUpdate,
  now = new Date(),
): Promise<Club> {
  return await changeRecord<Club, Club>(kv, clubKey(id), input.version, async (e, op) => {
    const old = e.value;
    const next: Stored<Club> = {
      ...old,
      clubId: input.clubId,
      name: input.name,
      // Left out: the club keeps its district.
      districtId: input.districtId ?? old.districtId,
    };
    op.set(clubKey(id), next);
    if (old.clubId !== next.clubId) {
      const [prospects, subscribers] = await kv.getMany([
        prospectCountByClubKey(old.clubId),
        clubSubscriberCountKey(old.clubId),
      ]);
      const p = counterValue(prospects.value);
      if (p > 0) throw inUse("club", p);
      const s = counterValue(subscribers.value);
      if (s > 0) throw inUse("clubUsers", s);
      if ((await kv.get(clubByNumberKey(next.clubId))).value) throw duplicate("clubId");
      op.check(prospects).check(subscribers)
        .check({ key: clubByNumberKey(next.clubId), versionstamp: null })
        .delete(clubByNumberKey(old.clubId))
        .set(clubByNumberKey(next.clubId), id);
    }
    if (old.districtId !== next.districtId) {
      const district = await kv.get<string>(districtByNumberKey(next.districtId));
      if (!district.value) throw districtMissing();
      op.check(district);
      addToCounter(op, clubCountByDistrictKey(old.districtId), -1);
      addToCounter(op, clubCountByDistrictKey(next.districtId), 1);
    }
    if (old.clubId !== next.clubId || old.districtId !== next.districtId) {
      const from: [number, number] = [old.clubId, old.districtId];
      await changeClubDistricts(kv, op, from, [next.clubId, next.districtId], now);
    }
    return (version) => districtsChanged(kv, { ...next, version });
  });
}

/**
 * Unsubscribes the club's deleted (disabled) or vanished users, who can no longer do it
 * themselves; answers how many enabled users still subscribe.
 */
async function dropInactiveSubscribers(kv: Deno.Kv, clubId: number): Promise<number> {
  const ids = await clubSubscriberIds(kv, clubId);
  const users = await getManyChunked<{ enabled?: boolean }>(kv, ids.map((u) => userKey(u)));
  let active = 0;
  for (let i = 0; i < ids.length; i++) {
    if (users[i].value?.enabled) active++;
    else await setClubSubscription(kv, ids[i], clubId, false);
  }
  return active;
}

/**
 * Deletes a club without prospects and subscribers; otherwise 409 IN_USE. Subscriptions of deleted
 * users do not count: nobody could remove them, so they go with the club.
 */
export async function deleteClub(kv: Deno.Kv, id: string, version?: string): Promise<void> {
  await changeRecord<Club, void>(kv, clubKey(id), version, async (e, op) => {
    const [prospects, subscribers] = await kv.getMany([
      prospectCountByClubKey(e.value.clubId),
      clubSubscriberCountKey(e.value.clubId),
    ]);
    const p = counterValue(prospects.value);
    if (p > 0) throw inUse("club", p);
    const s = counterValue(subscribers.value);
    if (s > 0) {
      const active = await dropInactiveSubscribers(kv, e.value.clubId);
      if (active > 0) throw inUse("clubUsers", active);
      return AGAIN; // read the counters again, now without the deleted users
    }
    op.check(prospects).check(subscribers)
      .delete(clubKey(id))
      .delete(clubByNumberKey(e.value.clubId));
    addToCounter(op, clubCountByDistrictKey(e.value.districtId), -1);
    await changeClubDistricts(kv, op, [e.value.clubId, e.value.districtId], null);
    return () => void districtsChanged(kv, null);
  });
}

// ── market projects ─────────────────────────────────────────────────────────

export interface ListMarketProjectsOptions {
  /** Only active projects (every prospect and report select). */
  activeOnly?: boolean;
  /** Default: by name when activeOnly (selects), else by marketProjectId (the admin table). */
  sort?: "name" | "id";
}

/** Every market project (with `activeOnly` the active ones), by number or by name. */
export async function listMarketProjects(
  kv: Deno.Kv,
  opts: ListMarketProjectsOptions = {},
): Promise<MarketProject[]> {
  let all = await listRecords<MarketProject>(kv, marketProjectsPrefix());
  if (opts.activeOnly) all = all.filter((p) => p.active);
  const sort = opts.sort ?? (opts.activeOnly ? "name" : "id");
  return all.sort(sort === "name" ? byName : (a, b) => a.marketProjectId - b.marketProjectId);
}

/** A market project by its record id, or null. */
export async function getMarketProject(kv: Deno.Kv, id: string): Promise<MarketProject | null> {
  const e = await kv.get<Stored<MarketProject>>(marketProjectKey(id));
  return e.value === null
    ? null
    : withVersion<MarketProject>(e as Deno.KvEntry<Stored<MarketProject>>);
}

/** A market project by its numeric marketProjectId, or null. */
export async function getMarketProjectByNumber(
  kv: Deno.Kv,
  marketProjectId: number,
): Promise<MarketProject | null> {
  return await byNumber<MarketProject>(
    kv,
    marketProjectByNumberKey(marketProjectId),
    marketProjectKey,
  );
}

const startDateInPast = () =>
  new DomainError("validation", "VALIDATION", "errors.validation", {
    startDate: "validation.notBeforeToday",
  });

/**
 * Creates a market project (active, not b2b unless asked). Without a marketProjectId the next free
 * number is taken. `today` ("yyyy-MM-dd" in the configured time zone) enforces the start-date rule.
 */
export async function createMarketProject(
  kv: Deno.Kv,
  input: MarketProjectCreate,
  today: string,
): Promise<MarketProject> {
  if (!isStartDateAllowed(input.startDate, today)) throw startDateInPast();
  for (let i = 0; i < ATTEMPTS * 2; i++) {
    const seq = await kv.get<number>(marketProjectSeqKey());
    const last = seq.value ?? 0;
    const number = input.marketProjectId ?? last + 1 + i;
    const rec: Stored<MarketProject> = {
      id: ulid(),
      marketProjectId: number,
      name: input.name,
      startDate: input.startDate,
      active: input.active ?? true,
      b2b: input.b2b ?? false,
    };
    const res = await kv.atomic()
      .check(seq)
      .check({ key: marketProjectByNumberKey(number), versionstamp: null })
      .set(marketProjectKey(rec.id), rec)
      .set(marketProjectByNumberKey(number), rec.id)
      .set(marketProjectSeqKey(), Math.max(last, number))
      .commit();
    if (res.ok) return { ...rec, version: res.versionstamp };
    if (
      input.marketProjectId !== undefined &&
      (await kv.get(marketProjectByNumberKey(number))).value
    ) throw duplicate("marketProjectId");
  }
  throw conflict();
}

/**
 * Updates a project. A changed start date must not be before today; the marketProjectId of a
 * project with prospects cannot change.
 */
export async function updateMarketProject(
  kv: Deno.Kv,
  id: string,
  input: MarketProjectUpdate,
  today: string,
): Promise<MarketProject> {
  const key = marketProjectKey(id);
  return await changeRecord<MarketProject, MarketProject>(kv, key, input.version, async (e, op) => {
    const old = e.value;
    if (input.startDate !== old.startDate && !isStartDateAllowed(input.startDate, today)) {
      throw startDateInPast();
    }
    const next: Stored<MarketProject> = {
      ...old,
      marketProjectId: input.marketProjectId,
      name: input.name,
      startDate: input.startDate,
      b2b: input.b2b ?? old.b2b,
      active: input.active ?? old.active,
    };
    op.set(key, next);
    if (old.marketProjectId !== next.marketProjectId) {
      const count = await kv.get(prospectCountByProjectKey(old.marketProjectId));
      const n = counterValue(count.value);
      if (n > 0) throw inUse("marketProject", n);
      if ((await kv.get(marketProjectByNumberKey(next.marketProjectId))).value) {
        throw duplicate("marketProjectId");
      }
      const seq = await kv.get<number>(marketProjectSeqKey());
      op.check(count).check(seq)
        .check({ key: marketProjectByNumberKey(next.marketProjectId), versionstamp: null })
        .delete(marketProjectByNumberKey(old.marketProjectId))
        .set(marketProjectByNumberKey(next.marketProjectId), id)
        .set(marketProjectSeqKey(), Math.max(seq.value ?? 0, next.marketProjectId));
    }
    return (version) => ({ ...next, version });
  });
}

/** Turns a project on or off and answers the stored project (the checkbox follows it). */
export async function setMarketProjectActive(
  kv: Deno.Kv,
  id: string,
  active: boolean,
  version?: string,
): Promise<MarketProject> {
  const key = marketProjectKey(id);
  return await changeRecord<MarketProject, MarketProject>(kv, key, version, (e, op) => {
    const next = { ...e.value, active };
    op.set(key, next);
    return (version) => ({ ...next, version });
  });
}

/** Deletes a project without prospects; otherwise 409 IN_USE. */
export async function deleteMarketProject(
  kv: Deno.Kv,
  id: string,
  version?: string,
): Promise<void> {
  await changeRecord<MarketProject, void>(kv, marketProjectKey(id), version, async (e, op) => {
    const count = await kv.get(prospectCountByProjectKey(e.value.marketProjectId));
    const n = counterValue(count.value);
    if (n > 0) throw inUse("marketProject", n);
    op.check(count)
      .delete(marketProjectKey(id))
      .delete(marketProjectByNumberKey(e.value.marketProjectId));
    return () => {};
  });
}
