/**
 * The records of reference data and settings: a value stored without its version (the
 * versionstamp is the version), read and listed with it, and changed through one
 * read–check–commit loop (changeRecord). Refusals: 404, 409 CONFLICT with the current record,
 * 409 IN_USE, 409 DUPLICATE.
 */
import { listAll } from "@/lib/db/kv.ts";
import { conflict, DomainError, notFound } from "@/lib/domain/errors.ts";

/** How often a reference change reads again after another write came between. */
export const ATTEMPTS = 5;

export type Stored<T> = Omit<T, "version">;

/** A reference record of a read entry, with its versionstamp as `version`. */
export function withVersion<T>(e: Deno.KvEntry<Stored<T>>): T {
  return { ...e.value, version: e.versionstamp } as T;
}

/** 409 IN_USE: "District is still used by 3 clubs" (errors.inUse.<kind>). */
export function inUse(kind: "district" | "club" | "marketProject" | "clubUsers", count: number) {
  return new DomainError("conflict", "IN_USE", `errors.inUse.${kind}`, undefined, { kind, count }, {
    count,
  });
}

/** 409 DUPLICATE on a numeric business id. */
export function duplicate(field: "clubId" | "districtId" | "marketProjectId") {
  const key = `errors.duplicateField.${field}`;
  return new DomainError("conflict", "DUPLICATE", key, { [field]: key });
}

export function staleVersion<T>(sent: string | undefined, e: Deno.KvEntry<Stored<T>>): void {
  if (sent && sent !== e.versionstamp) throw conflict(withVersion<T>(e));
}

export async function getRecord<T>(kv: Deno.Kv, key: Deno.KvKey): Promise<Deno.KvEntry<Stored<T>>> {
  const e = await kv.get<Stored<T>>(key);
  if (e.value === null) throw notFound();
  return e as Deno.KvEntry<Stored<T>>;
}

/** The record a number index entry names (e.g. clubs_by_number), or null. */
export async function byNumber<T>(
  kv: Deno.Kv,
  indexKey: Deno.KvKey,
  recordKey: (id: string) => Deno.KvKey,
): Promise<T | null> {
  const idx = await kv.get<string>(indexKey);
  if (!idx.value) return null;
  const e = await kv.get<Stored<T>>(recordKey(idx.value));
  return e.value === null ? null : withVersion<T>(e as Deno.KvEntry<Stored<T>>);
}

/** Every record under a prefix, with their versions. */
export async function listRecords<T>(kv: Deno.Kv, prefix: Deno.KvKey): Promise<T[]> {
  return (await listAll<Stored<T>>(kv, prefix)).map((e) => withVersion<T>(e));
}

/** Sorts records by name in Swedish order. */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, "sv");

/** A plan's answer that asks the loop to read the record again (something it depends on moved). */
export const AGAIN = Symbol("again");

/** What a committed change answers, from the commit's versionstamp. */
type Answer<R> = (versionstamp: string) => R;

/**
 * The read–check–commit loop of every reference change, written once: reads the record at `key`
 * (404 when gone), refuses a stale `version` (409 with the current record), lets `plan` add its
 * checks and writes to an atomic already checked on the record — it may throw a refusal, or answer
 * AGAIN to read afresh — and commits; when another write came between, it reads again, ATTEMPTS
 * times at most (then 409 CONFLICT).
 * @example
 * const district = await changeRecord<District, District>(kv, districtKey(id), version, (e, op) => {
 *   const next = { ...e.value, name };
 *   op.set(districtKey(id), next);
 *   return (version) => ({ ...next, version });
 * });
 */
export async function changeRecord<T, R>(
  kv: Deno.Kv,
  key: Deno.KvKey,
  version: string | undefined,
  plan: (
    e: Deno.KvEntry<Stored<T>>,
    op: Deno.AtomicOperation,
  ) => Promise<Answer<R> | typeof AGAIN> | Answer<R> | typeof AGAIN,
): Promise<R> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const e = await getRecord<T>(kv, key);
    staleVersion(version, e);
    const op = kv.atomic().check(e);
    const answer = await plan(e, op);
    if (answer === AGAIN) continue;
    const res = await op.commit();
    if (res.ok) return answer(res.versionstamp);
  }
  throw conflict();
}
