/**
 * The cleanup an erase leaves to do. The atomic that erases a prospect's record also writes
 * ["erase_pending", id] with the contact values it held; the cleanup strips those values from
 * the duplicate guards, the phone and e-mail indexes and the name counts, and the caller removes
 * the copies in mails and queued notifications, then deletes the entry. A process that dies in
 * between leaves the entry, so the cleanup resumes (at the next start, on a repeated erase, at
 * the next retention run) and the entry itself shows the admin what is left.
 */
import {
  erasePendingKey,
  erasePendingPrefix,
  prospectByEmailKey,
  prospectByPhoneKey,
  prospectContactGuardKey,
} from "@/lib/db/keys.ts";
import { getManyChunked, listAll } from "@/lib/db/kv.ts";
import { phoneKeyPart } from "@/lib/db/prospect_indexes.ts";
import { dropEmptyNameCounts, type StoredProspect } from "@/lib/db/prospects.ts";

/** What an erased prospect held that may still sit in keys and copies elsewhere. */
export interface PendingErase {
  id: string;
  marketProjectId: number;
  customerId: number;
  firstName: string;
  lastName: string;
  /** As written on the record (copies hold it so). */
  phoneNumber: string;
  /** Normalised, as the guards and the phone index hold it. */
  phone: string;
  /** Lower-cased, as the guards and the e-mail index hold it. */
  email: string;
  /** When the record was erased. */
  at: string;
}

export type PendingEraseEntry = Deno.KvEntry<PendingErase>;

/** The entry an erase writes in its own atomic. */
export function pendingEraseWrite(
  p: StoredProspect,
  at: string,
): { key: Deno.KvKey; value: PendingErase } {
  return {
    key: erasePendingKey(p.id),
    value: {
      id: p.id,
      marketProjectId: p.marketProjectId,
      customerId: p.customerId,
      firstName: p.firstName,
      lastName: p.lastName,
      phoneNumber: p.phoneNumber ?? "",
      phone: phoneKeyPart(p.phoneNumber ?? ""),
      email: (p.email ?? "").trim().toLowerCase(),
      at,
    },
  };
}

/** A prospect's unfinished erase cleanup, if any. */
export async function getPendingErase(kv: Deno.Kv, id: string): Promise<PendingEraseEntry | null> {
  const e = await kv.get<PendingErase>(erasePendingKey(id));
  return e.versionstamp ? e as PendingEraseEntry : null;
}

/** Every unfinished cleanup (few: each lives from an erase to the end of its cleanup). */
export async function listPendingErases(kv: Deno.Kv): Promise<PendingEraseEntry[]> {
  return await listAll<PendingErase>(kv, erasePendingPrefix()) as PendingEraseEntry[];
}

/**
 * Strips the person's contact values from the keys that hold them: the duplicate guards that
 * still point to the prospect, its phone and e-mail index entries, and name counts left at zero.
 * Idempotent.
 */
export async function stripContactKeys(kv: Deno.Kv, p: PendingErase): Promise<void> {
  const guards: Deno.KvKey[] = [];
  if (p.phone) guards.push(prospectContactGuardKey(p.marketProjectId, "p", p.phone));
  if (p.email) guards.push(prospectContactGuardKey(p.marketProjectId, "e", p.email));
  for (const g of await getManyChunked<string>(kv, guards)) {
    if (g.value === p.id) await kv.atomic().check(g).delete(g.key).commit();
  }
  const op = kv.atomic();
  if (p.phone) op.delete(prospectByPhoneKey(p.phone, p.id));
  if (p.email) op.delete(prospectByEmailKey(p.email, p.id));
  await op.commit();
  await dropEmptyNameCounts(kv, p as unknown as StoredProspect);
}

/** Removes a finished cleanup's entry (kept when it changed meanwhile: it runs again). */
export async function finishPendingErase(kv: Deno.Kv, e: PendingEraseEntry): Promise<void> {
  await kv.atomic().check(e).delete(e.key).commit();
}

/** The prospect ids whose duplicate guards in these projects hold this phone or e-mail. */
export async function contactGuardIds(
  kv: Deno.Kv,
  marketProjectIds: number[],
  contact: { phone: string | null; email: string | null },
): Promise<string[]> {
  const keys: Deno.KvKey[] = [];
  for (const mp of marketProjectIds) {
    if (contact.phone) keys.push(prospectContactGuardKey(mp, "p", contact.phone));
    if (contact.email) keys.push(prospectContactGuardKey(mp, "e", contact.email));
  }
  const out = new Set<string>();
  for (const e of await getManyChunked<string>(kv, keys)) {
    if (typeof e.value === "string") out.add(e.value);
  }
  return [...out];
}
