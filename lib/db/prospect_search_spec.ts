/**
 * What a prospect search asks for and how a record is checked against it: the spec, the search
 * field's kinds (digits, e-mail, name) and the candidate order, shared by every search path.
 */
import { getRecords } from "@/lib/db/prospect_record.ts";
import { assigneePart, doneFlag, phoneKeyPart, statusPart } from "@/lib/db/prospect_indexes.ts";
import { foldName, NO_FOLLOW_UP_SORT, type Prospect } from "@/lib/domain/prospect.ts";

import { type ProspectEntry, withVersion } from "@/lib/db/prospects.ts";

// ── search ──────────────────────────────────────────────────────────────────

export interface SearchSpec {
  marketProjectId: number;
  /** Only these clubs (undefined: every club of the project). */
  clubIds?: number[];
  sellStatuses?: string[];
  showCompleted: boolean;
  /** Lower-cased e-mail of the assignee (myAssigned). */
  assignee?: string;
  customerId?: number;
  firstName?: string;
  lastName?: string;
  tag?: string;
  email?: string;
  search?: string;
  /** Registration instants, from inclusive, to exclusive (ISO). */
  registerFrom?: string;
  registerTo?: string;
  order: "asc" | "desc";
  /** "urgency": activity weight, then follow-up date; default the follow-up date. */
  sort?: "followUpDate" | "urgency";
  offset: number;
  limit: number;
}

export interface SearchResult {
  items: Prospect[];
  total: number;
  /** The total is a lower bound: the scan stopped at its cap (docs/prospects.md). */
  approximate?: boolean;
}

/** How many index entries a post-filtered scan may walk before it stops counting. */
export const SCAN_CAP = 100_000;
/** Candidates taken from a global lookup (e-mail or phone prefix) at most. */
export const LOOKUP_CAP = 5_000;

type SearchKind = { kind: "digits"; value: string; phone: string } | {
  kind: "email";
  value: string;
} | {
  kind: "name";
  words: string[];
};

/** What a free-text search means: digits (phone, customer id), an e-mail or name words. */
export function searchKind(raw: string): SearchKind | null {
  const s = raw.trim();
  if (!s) return null;
  if (/^[+\d][\d\s-]*$/.test(s)) {
    return { kind: "digits", value: s.replace(/\D/g, ""), phone: phoneKeyPart(s) };
  }
  if (s.includes("@")) return { kind: "email", value: s.toLowerCase() };
  const words = foldName(s).split(" ").filter(Boolean);
  return words.length ? { kind: "name", words } : null;
}

function matchesSearch(p: Prospect, raw: string): boolean {
  const k = searchKind(raw);
  if (!k) return true;
  if (k.kind === "digits") {
    return String(p.customerId) === k.value ||
      (k.phone.length > 0 && phoneKeyPart(p.phoneNumber).startsWith(k.phone));
  }
  if (k.kind === "email") return (p.email ?? "").toLowerCase().startsWith(k.value);
  const first = foldName(p.firstName);
  const last = foldName(p.lastName);
  if (k.words.length === 1) return first.startsWith(k.words[0]) || last.startsWith(k.words[0]);
  return first.startsWith(k.words[0]) && last.startsWith(k.words[k.words.length - 1]);
}

/** Every filter of the spec checked on a record (used where no index covers a filter). */
export function matchesSpec(p: Prospect, s: SearchSpec): boolean {
  if (p.deleted || p.marketProjectId !== s.marketProjectId) return false;
  if (s.clubIds && !s.clubIds.includes(p.clubId)) return false;
  if (s.sellStatuses && !s.sellStatuses.includes(statusPart(p))) return false;
  if (!s.showCompleted && doneFlag(p) === 1) return false;
  if (s.assignee && assigneePart(p) !== s.assignee) return false;
  if (s.customerId !== undefined && p.customerId !== s.customerId) return false;
  if (s.firstName && !foldName(p.firstName).startsWith(foldName(s.firstName))) return false;
  if (s.lastName && !foldName(p.lastName).startsWith(foldName(s.lastName))) return false;
  if (s.tag && !foldName(p.tag ?? "").startsWith(foldName(s.tag))) return false;
  if (s.email && !(p.email ?? "").toLowerCase().startsWith(s.email.toLowerCase())) return false;
  if (s.registerFrom && p.registerDate < s.registerFrom) return false;
  if (s.registerTo && p.registerDate >= s.registerTo) return false;
  if (s.search && !matchesSearch(p, s.search)) return false;
  return true;
}

export interface Candidate {
  id: string;
  d: number;
  f: string;
}

/** The grid's order of candidates: not done first, then follow-up date (none last), then id. */
export function compareCandidates(order: "asc" | "desc") {
  const dir = order === "asc" ? 1 : -1;
  return (a: Candidate, b: Candidate) => {
    if (a.d !== b.d) return a.d - b.d;
    if (a.f !== b.f) {
      // Rows without a follow-up date come last in both directions.
      if (a.f === NO_FOLLOW_UP_SORT) return 1;
      if (b.f === NO_FOLLOW_UP_SORT) return -1;
      return a.f < b.f ? -dir : dir;
    }
    return a.id < b.id ? -dir : a.id > b.id ? dir : 0;
  };
}

/** The prospects of these ids with their versions, in order (missing ones left out). */
export async function loadProspects(kv: Deno.Kv, ids: string[]): Promise<Prospect[]> {
  const entries = await getRecords(kv, ids);
  return entries.filter((e) => e.value !== null).map((e) => withVersion(e as ProspectEntry));
}
