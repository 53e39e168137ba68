/**
 * Duplicates at entry: the live prospects (not deleted, not cleaned) with the same
 * phone (any written form, normalised) or the same e-mail (trimmed, case-insensitive).
 */
import { listEntries } from "@/lib/db/records.ts";
import { getRecords } from "@/lib/db/prospect_record.ts";
import { prospectByEmailKey, prospectByPhoneKey, prospectContactGuardKey } from "@/lib/db/keys.ts";

import { keyId, phoneKeyPart } from "@/lib/db/prospect_indexes.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import type { DuplicateView } from "@/lib/domain/prospect.ts";
import type { SessionUser } from "@/lib/domain/user.ts";
import { maySee } from "@/lib/auth/permissions.ts";

export type { DuplicateView };

/** What a duplicate warning shows of a matching prospect. */
export const duplicateView = (p: StoredProspect): DuplicateView => ({
  id: p.id,
  customerId: p.customerId,
  firstName: p.firstName,
  lastName: p.lastName,
  clubId: p.clubId,
  marketProjectId: p.marketProjectId,
  sellStatus: p.sellStatus,
  assignName: p.assignName,
});

/**
 * The duplicate warning a user may read: the matches they may see, and whether others exist that
 * they may not (said only as "registered elsewhere", never who, where or in what state).
 */
export function duplicateWarning(
  user: SessionUser,
  matches: StoredProspect[],
): { possibleDuplicates: DuplicateView[]; registeredElsewhere: boolean } {
  const seen = matches.filter((m) => maySee(user, m));
  return {
    possibleDuplicates: seen.map(duplicateView),
    registeredElsewhere: seen.length < matches.length,
  };
}

/** The phone and e-mail key parts a duplicate check looks up. */
export const contactOf = (phone: string | null | undefined, email: string | null | undefined) => ({
  phone: phoneKeyPart(phone ?? ""),
  email: (email ?? "").trim().toLowerCase(),
});

/** The guard entries a create of this contact in project `mp` checks and sets (see keys.ts). */
export function guardKeys(mp: number, c: { phone: string; email: string }): Deno.KvKey[] {
  const keys: Deno.KvKey[] = [];
  if (c.phone) keys.push(prospectContactGuardKey(mp, "p", c.phone));
  if (c.email) keys.push(prospectContactGuardKey(mp, "e", c.email));
  return keys;
}

/** Live prospects in any project with this phone or e-mail (exact, after normalising). */
export async function contactMatches(
  kv: Deno.Kv,
  c: { phone: string; email: string },
): Promise<StoredProspect[]> {
  const ids = new Set<string>();
  const scan = async (prefix: Deno.KvKey) => {
    for await (const e of listEntries(kv, prefix, { limit: 200 })) ids.add(keyId(e.key));
  };
  if (c.phone) await scan(prospectByPhoneKey(c.phone, "").slice(0, 2));
  if (c.email) await scan(prospectByEmailKey(c.email, "").slice(0, 2));
  const recs = await getRecords(kv, [...ids]);
  return recs.map((r) => r.value).filter((p): p is StoredProspect =>
    !!p && !p.deleted && p.activityStatus !== "CustomerCleaned"
  );
}
