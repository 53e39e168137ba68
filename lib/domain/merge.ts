/**
 * Merging two records of one person in a market project: the fields a merge may take from the
 * duplicate, the request, and the groups of possible duplicates (same phone in any form, or same
 * e-mail) as answered. Pure.
 */
import { z } from "zod";
import { PLAIN_FIELDS, prospectSchema } from "@/lib/domain/prospect_schemas.ts";

/** The fields a merge may take from the duplicate (the rest stay the survivor's). */
export const MERGE_FIELDS = [...PLAIN_FIELDS, "clubId", "sellStatus", "followUpDate"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const mergeSchema = z.object({
  duplicateId: z.string({ error: "validation.required" }).min(1, "validation.required").max(64),
  take: z.array(z.enum(MERGE_FIELDS, { error: "validation.invalidValue" })).max(MERGE_FIELDS.length)
    .default([]).describe("fields whose values are taken from the duplicate"),
  version: z.string().min(1).max(64).optional().describe(
    "the survivor's version the caller saw: changed since answers 409",
  ),
});
export type MergeInput = z.output<typeof mergeSchema>;

export const duplicateGroupsQuerySchema = z.object({
  marketProjectId: z.coerce.number({ error: "validation.notANumber" }).int("validation.notANumber")
    .positive("validation.notANumber"),
});

/** The most groups one answer lists. */
export const DUPLICATE_GROUPS_MAX = 200;

export const duplicateGroupSchema = z.object({
  matchedOn: z.array(z.enum(["phone", "email"])).describe("what the records share"),
  prospects: z.array(prospectSchema).describe("oldest first"),
});

/**
 * Groups of records sharing a contact key (a normalised phone, a lower-cased e-mail), joined
 * transitively: A and B share a phone, B and C an e-mail → one group A, B, C. In first-seen order.
 */
export function groupByContact<T extends { id: string }>(
  items: readonly T[],
  keysOf: (item: T) => { phone: string; email: string },
): { matchedOn: ("phone" | "email")[]; items: T[] }[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const owner = new Map<string, string>();
  const kinds = new Map<string, Set<"phone" | "email">>();
  for (const it of items) parent.set(it.id, it.id);
  for (const it of items) {
    const k = keysOf(it);
    for (const [kind, v] of [["phone", k.phone], ["email", k.email]] as const) {
      if (!v) continue;
      const key = `${kind}:${v}`;
      const first = owner.get(key);
      if (first === undefined) {
        owner.set(key, it.id);
        continue;
      }
      const a = find(first), b = find(it.id);
      if (a !== b) parent.set(b, a);
      const root = find(it.id);
      kinds.set(root, new Set([...kinds.get(a) ?? [], ...kinds.get(b) ?? [], kind]));
    }
  }
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const r = find(it.id);
    groups.set(r, [...groups.get(r) ?? [], it]);
  }
  return [...groups.entries()].filter(([, g]) => g.length > 1).map(([r, g]) => ({
    matchedOn: [...kinds.get(find(r)) ?? []].sort() as ("phone" | "email")[],
    items: g,
  }));
}
