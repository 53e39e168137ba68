/** A market project's web-form keys: the record, its lookup by key and the project's count. */
import { formKeyCountKey, formKeyKey, formKeyLookupKey, formKeysPrefix } from "@/lib/db/keys.ts";
import { listAll } from "@/lib/db/kv.ts";
import { DomainError } from "@/lib/domain/errors.ts";

export interface FormKey {
  id: string;
  /** What the web form posts to: /api/intake/{key}. Public (it sits in a web page), not a secret. */
  key: string;
  marketProjectId: number;
  allowedOrigins: string[];
  createdAt: string;
  createdBy: string;
  /** Leads received (new and repeated) and when the last came. */
  leads: number;
  lastLeadAt: string | null;
}

const ATTEMPTS = 20;
const conflict = () => new DomainError("conflict", "CONFLICT", "errors.conflict");

/** A project's keys, oldest first. */
export async function listFormKeys(kv: Deno.Kv, mp: number): Promise<FormKey[]> {
  return (await listAll<FormKey>(kv, formKeysPrefix(mp))).map((e) => e.value);
}

/**
 * Stores a new key unless the project has `max` already: the count and the insert in one check, so
 * parallel creates cannot pass the limit. False when it is full.
 */
export async function insertFormKey(kv: Deno.Kv, fk: FormKey, max: number): Promise<boolean> {
  const countKey = formKeyCountKey(fk.marketProjectId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const count = await kv.get<number>(countKey);
    if ((count.value ?? 0) >= max) return false;
    const res = await kv.atomic()
      .check(count)
      .check({ key: formKeyLookupKey(fk.key), versionstamp: null })
      .set(countKey, (count.value ?? 0) + 1)
      .set(formKeyKey(fk.marketProjectId, fk.id), fk)
      .set(formKeyLookupKey(fk.key), { marketProjectId: fk.marketProjectId, id: fk.id })
      .commit();
    if (res.ok) return true;
  }
  throw conflict();
}

/** Deletes a key and its lookup; false when the project has no such key. */
export async function deleteFormKey(kv: Deno.Kv, mp: number, keyId: string): Promise<boolean> {
  const countKey = formKeyCountKey(mp);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [e, count] = await kv.getMany<[FormKey, number]>([formKeyKey(mp, keyId), countKey]);
    if (!e.value) return false;
    const res = await kv.atomic()
      .check(e, count)
      .delete(e.key)
      .delete(formKeyLookupKey(e.value.key))
      .set(countKey, Math.max(0, (count.value ?? 1) - 1))
      .commit();
    if (res.ok) return true;
  }
  throw conflict();
}

/** The live key a web form posts with, or null. */
export async function formKeyByKey(kv: Deno.Kv, key: string): Promise<FormKey | null> {
  const at = await kv.get<{ marketProjectId: number; id: string }>(formKeyLookupKey(key));
  if (!at.value) return null;
  return (await kv.get<FormKey>(formKeyKey(at.value.marketProjectId, at.value.id))).value;
}

/** Counts a lead on its key (best effort: a lost race only makes a statistic one short). */
export async function countFormKeyLead(kv: Deno.Kv, fk: FormKey, at: string): Promise<void> {
  const e = await kv.get<FormKey>(formKeyKey(fk.marketProjectId, fk.id));
  if (!e.value) return;
  await kv.atomic().check(e).set(e.key, { ...e.value, leads: e.value.leads + 1, lastLeadAt: at })
    .commit();
}
