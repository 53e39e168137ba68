/**
 * What a fresh install still lacks: the admin's first-run checklist is shown until a
 * district, a club, a market project and a second user exist. A few short reads, no index.
 */
import { listDistricts } from "@/lib/db/reference.ts";
import { clubByNumberKey, marketProjectsPrefix, usersPrefix } from "@/lib/db/keys.ts";

export interface FirstRunStatus {
  district: boolean;
  club: boolean;
  marketProject: boolean;
  users: boolean;
  complete: boolean;
}

async function atLeast(kv: Deno.Kv, prefix: Deno.KvKey, n: number): Promise<boolean> {
  let seen = 0;
  for await (const _ of kv.list({ prefix }, { limit: n })) seen++;
  return seen >= n;
}

export async function firstRunStatus(kv: Deno.Kv): Promise<FirstRunStatus> {
  const [districts, club, marketProject, users] = await Promise.all([
    listDistricts(kv),
    atLeast(kv, clubByNumberKey(0).slice(0, 1), 1),
    atLeast(kv, marketProjectsPrefix(), 1),
    atLeast(kv, usersPrefix(), 2),
  ]);
  const district = districts.length > 0;
  return {
    district,
    club,
    marketProject,
    users,
    complete: district && club && marketProject && users,
  };
}
