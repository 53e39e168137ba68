/** Test fixtures for prospects: a small chain (district, clubs, projects) and a row factory. */
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { prospectCountByClubKey, prospectCountByProjectKey } from "@/lib/db/keys.ts";
import { counterValue } from "@/lib/db/kv.ts";
import type { MarketProject } from "@/lib/domain/reference.ts";
import { call, ORIGIN, type TestEnv } from "@/tests/helpers.ts";
import assert from "node:assert/strict";

export interface Chain {
  clubs: number[];
  project: MarketProject;
  b2bProject: MarketProject;
  inactiveProject: MarketProject;
}

/** District 1 with clubs 101–103; projects 1 (active), 2 (b2b), 3 (inactive). */
export async function makeChain(env: TestEnv): Promise<Chain> {
  const kv = env.kv;
  await createDistrict(kv, { districtId: 1, name: "Stockholm" });
  for (
    const [n, name] of [[101, "Klubb Söder"], [102, "Klubb Norr"], [103, "Klubb Väst"]] as const
  ) {
    await createClub(kv, { clubId: n, name, districtId: 1 });
  }
  const today = "2000-01-01";
  const project = await createMarketProject(
    kv,
    { name: "Vårkampanj", startDate: "2026-01-01", marketProjectId: 1 },
    today,
  );
  const b2bProject = await createMarketProject(
    kv,
    { name: "Företag", startDate: "2026-01-01", marketProjectId: 2, b2b: true },
    today,
  );
  const inactiveProject = await createMarketProject(
    kv,
    { name: "Gammal", startDate: "2026-01-01", marketProjectId: 3, active: false },
    today,
  );
  return { clubs: [101, 102, 103], project, b2bProject, inactiveProject };
}

let n = 0;
/** A valid create body (override any field). */
export function newRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  n++;
  return {
    firstName: `Anna${n}`,
    lastName: "Svensson",
    phoneNumber: `07012${String(n).padStart(5, "0")}`,
    email: `anna${n}@example.se`,
    marketProjectId: 1,
    clubId: 101,
    ...overrides,
  };
}

/** POSTs a prospect and fails the test on anything but 201. */
export async function createRow(
  env: TestEnv,
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const { res, json } = await call(env, "POST", "/api/prospects", {
    headers,
    body: newRow(overrides),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** GET /api/prospects with a query object; returns ids in order, the total and the rows. */
export async function search(
  env: TestEnv,
  headers: Record<string, string>,
  query: Record<string, string | number | boolean>,
) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  ).toString();
  const { res, json } = await call(env, "GET", `/api/prospects?${qs}`, { headers });
  return {
    res,
    json,
    rows: Array.isArray(json) ? json : [],
    total: Number(res.headers.get("x-total-elements")),
    names: Array.isArray(json) ? json.map((p: any) => p.firstName) : [],
  };
}

/** The whole editable row of a stored prospect, as the grid sends it on save. */
export function rowOf(p: any, changes: Record<string, unknown> = {}) {
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

/** A web lead through the public intake of a form key allowing https://kampanj.example.se. */
export async function postWebLead(env: TestEnv, key: string, over: Record<string, unknown> = {}) {
  const res = await env.app.request(`${ORIGIN}/api/intake/${key}`, {
    method: "POST",
    headers: { Origin: "https://kampanj.example.se", "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Webb",
      lastName: "Lead",
      phoneNumber: `070${Math.floor(1e6 + Math.random() * 8e6)}`,
      clubId: 101,
      ...over,
    }),
  }, { remoteAddr: { hostname: `203.0.113.${Math.floor(Math.random() * 200)}` } });
  assert.equal(res.status, 201, await res.text());
}

/** How many prospects refer to a club, as the club's delete check reads it. */
export async function countProspectsOfClub(env: { kv: Deno.Kv }, clubId: number) {
  return counterValue((await env.kv.get(prospectCountByClubKey(clubId))).value);
}

/** How many prospects refer to a market project, as the project's delete check reads it. */
export async function countProspectsOfProject(env: { kv: Deno.Kv }, marketProjectId: number) {
  return counterValue((await env.kv.get(prospectCountByProjectKey(marketProjectId))).value);
}
