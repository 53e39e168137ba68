/** Report test fixtures: a chain with two districts, time limits, writes at chosen instants. */
import { createClub, createDistrict } from "@/lib/db/reference.ts";
import { getTimeSettings, updateTimeSetting } from "@/lib/db/settings.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import type { SessionUser, UserRecord } from "@/lib/domain/user.ts";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import type { TestEnv } from "@/tests/helpers.ts";
import type { ChangeCounts } from "@/lib/db/report_changes.ts";
import { addCounts, type StatusCounts } from "@/lib/domain/reports.ts";

export const TZ = "Europe/Stockholm";

export const sessionOf = (u: UserRecord): SessionUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: u.roles,
  sid: null,
});

/** District 1 (Stockholm: clubs 101–103), district 2 (Göteborg: club 201); projects 1, 2 (b2b), 3. */
export async function makeReportChain(env: TestEnv) {
  const chain = await makeChain(env);
  await createDistrict(env.kv, { districtId: 2, name: "Göteborg" });
  await createClub(env.kv, { clubId: 201, name: "Klubb Hisingen", districtId: 2 });
  return { ...chain, clubs: [...chain.clubs, 201] };
}

/** Sets the activity limits (work hours) of every sell status, some statuses differently. */
export async function setLimits(
  kv: Deno.Kv,
  all: [number, number, number],
  per: Record<string, [number, number, number]> = {},
) {
  for (const row of await getTimeSettings(kv)) {
    const [p, n, e] = per[row.sellStatus] ?? all;
    await updateTimeSetting(kv, row.id, {
      hoursLeftBeforePaused: p,
      hoursLeftBeforeNotified: n,
      hoursLeftBeforeEscalated: e,
    });
  }
}

/**
 * A save, or null when it was refused because the prospect is Paused (its sell status is locked
 * until the waiting time has passed or the follow-up date is reached): a workload of random
 * changes skips those, as staff would.
 */
export async function unlessPaused<T>(save: () => Promise<T>): Promise<T | null> {
  try {
    return await save();
  } catch (e) {
    if (e instanceof DomainError && e.code === "SELL_STATUS_PAUSED") return null;
    throw e;
  }
}

export const ctxAt = (env: TestEnv, user: SessionUser, at: string | Date): ProspectCtx => ({
  kv: env.kv,
  config: { timeZone: TZ },
  now: new Date(at),
  user,
});

let n = 0;
export function createInput(marketProjectId: number, clubId: number) {
  n++;
  return {
    firstName: `Rapport${n}`,
    lastName: "Testsson",
    phoneNumber: `0709${String(n).padStart(6, "0")}`,
    email: null,
    marketProjectId,
    clubId,
  };
}

/** The whole row for saveProspect from a stored prospect plus changes. */
export function saveInput(p: any, changes: Record<string, unknown> = {}) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    tag: p.tag,
    nominator: p.nominator,
    motivationText: p.motivationText,
    noteType: p.noteType,
    phoneNumber: p.phoneNumber,
    email: p.email,
    marketProjectId: p.marketProjectId,
    clubId: p.clubId,
    sellStatus: p.sellStatus,
    followUpDate: p.followUpDate,
    version: p.version,
    ...changes,
  };
}

/** Per-club values summed by district (a club→district map): what a district report shows. */
function byDistrict<T>(
  perClub: Map<number, T>,
  districts: ReadonlyMap<number, number>,
  add: (sum: T | undefined, v: T) => T,
): Map<number, T> {
  const out = new Map<number, T>();
  for (const [c, v] of perClub) {
    const d = districts.get(c)!;
    out.set(d, add(out.get(d), v));
  }
  return out;
}

export const statusByDistrict = (
  perClub: Map<number, StatusCounts>,
  districts: ReadonlyMap<number, number>,
) => byDistrict(perClub, districts, (sum, v) => addCounts({ ...sum }, v));

export const changesByDistrict = (
  perClub: Map<number, ChangeCounts>,
  districts: ReadonlyMap<number, number>,
) =>
  byDistrict(perClub, districts, (sum, r) => ({
    total: (sum?.total ?? 0) + r.total,
    last24h: (sum?.last24h ?? 0) + r.last24h,
  }));
