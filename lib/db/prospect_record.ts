/**
 * The stored form of a prospect record: the values of its fields in STORED_FIELDS order, without
 * their names. A record of ~700 B spent ~400 B on its 33 field names, which V8's serializer writes
 * with every value; the table's interior pages hold whole rows too (docs/architecture.md, "Storage
 * layout"). Every read of ["prospects", id] goes through `decodeRecord` (the entry helpers below),
 * every write through `encodeRecord`.
 *
 * The form: [FORM, extra, ...values] — `extra` holds the fields not (yet) in STORED_FIELDS (null when
 * none), so a field added to PROSPECT_FIELDS is never lost; trailing absent values are left out.
 */
import { getManyChunked } from "@/lib/db/kv.ts";
import { prospectKey, prospectsPrefix } from "@/lib/db/keys.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";

/** A prospect as stored (the API's `version` and `may` are not). */
export type StoredProspect = Omit<Prospect, "version" | "may">;

/**
 * The stored fields in their stored order. Only ever append: a stored record's values are read by
 * their place here (the schema's order, lib/domain/prospect_schemas.ts, is the CSV's and may change).
 */
export const STORED_FIELDS = [
  "id",
  "customerId",
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "tag",
  "nominator",
  "motivationText",
  "motivationTextLastChange",
  "noteType",
  "marketProjectId",
  "marketProjectName",
  "clubId",
  "clubName",
  "sellStatus",
  "lastSellStatusChange",
  "activityStatus",
  "activityStatusWeigth",
  "nextTransitionAt",
  "announced",
  "firstEscalatedAt",
  "followUpDate",
  "registerDate",
  "assignName",
  "assignId",
  "assignUserId",
  "b2b",
  "disabled",
  "deleted",
  "deletedAt",
  "deletedBy",
  "createdBy",
  "updatedAt",
  "source",
  "firstContactAt",
  "mergedInto",
  "bookedAt",
  "memberAt",
  "editedAt",
] as const;

/** The first element of a stored record: which form it is. */
const FORM = 1;
const PLACE = new Map<string, number>(STORED_FIELDS.map((f, i) => [f, i]));

/** The stored form of a record; the API's `version` and `may`, if the prospect has them, are not. */
export function encodeRecord(p: StoredProspect): unknown[] {
  const r = p as Record<string, unknown>;
  const out: unknown[] = [FORM, null];
  let extra: Record<string, unknown> | null = null;
  for (const k in r) {
    if (r[k] !== undefined && !PLACE.has(k) && k !== "version" && k !== "may") {
      (extra ??= {})[k] = r[k];
    }
  }
  out[1] = extra;
  let last = 0;
  for (let i = 0; i < STORED_FIELDS.length; i++) {
    const v = r[STORED_FIELDS[i]];
    out.push(v);
    if (v !== undefined) last = i;
  }
  out.length = 2 + last + 1;
  return out;
}

/** A stored record as the app uses it. */
export function decodeRecord(v: unknown): StoredProspect {
  if (!Array.isArray(v)) throw new TypeError("a prospect record is stored as an array");
  const out: Record<string, unknown> = {};
  for (let i = 2; i < v.length; i++) {
    if (v[i] !== undefined) out[STORED_FIELDS[i - 2]] = v[i];
  }
  if (v[1]) Object.assign(out, v[1]);
  return out as StoredProspect;
}

/** A read entry of ["prospects", id] with its record decoded (key and versionstamp as read). */
export function recordEntry(e: Deno.KvEntryMaybe<unknown>): Deno.KvEntryMaybe<StoredProspect> {
  return e.value === null
    ? e as Deno.KvEntryMaybe<StoredProspect>
    : { key: e.key, value: decodeRecord(e.value), versionstamp: e.versionstamp! };
}

/** The entry of one prospect with its record decoded (value null when none). */
export async function getRecord(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<StoredProspect>> {
  return recordEntry(await kv.get(prospectKey(id)));
}

/** The records of these ids, in their order (value null where none). */
export async function getRecords(
  kv: Deno.Kv,
  ids: string[],
): Promise<Deno.KvEntryMaybe<StoredProspect>[]> {
  return (await getManyChunked(kv, ids.map((id) => prospectKey(id)))).map(recordEntry);
}

/** Every record, in key order. */
export async function* listRecords(
  kv: Deno.Kv,
  batchSize = 1000,
): AsyncGenerator<Deno.KvEntry<StoredProspect>> {
  for await (const e of kv.list({ prefix: prospectsPrefix() }, { batchSize })) {
    yield recordEntry(e) as Deno.KvEntry<StoredProspect>;
  }
}
