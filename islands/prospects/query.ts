/**
 * The grid's filters: from the page URL, to the API query of spec §7, and back to the URL, so a
 * reload shows the same view. Pure; used by the page (server) and the grid (browser).
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/domain/statuses.ts";

export interface Filters {
  marketProjectId: number | null;
  /** One field for a person: name, phone in any form, e-mail or customer id (the API's search). */
  search: string;
  customerId: string;
  firstName: string;
  lastName: string;
  tag: string;
  email: string;
  sellStatus: string;
  /** One of the user's clubs, "" for all of them, or ALL_CLUBS (admins: every club). */
  clubId: string;
  registerDate: string;
  registerEndDate: string;
  showCompleted: boolean;
  myAssigned: boolean;
  /** Admins: the project's deleted prospects instead (newest deletion first). */
  deleted: boolean;
  sortFollowUpDate: "asc" | "desc";
  /** "urgency": most urgent activity first, then follow-up date. */
  sort: "followUpDate" | "urgency";
  page: number;
  size: number;
}

/** The club filter's value for every club of the chain (admins). */
export const ALL_CLUBS = "all";

export const TEXT_FILTERS = [
  "search",
  "customerId",
  "firstName",
  "lastName",
  "tag",
  "email",
  "sellStatus",
  "clubId",
  "registerDate",
  "registerEndDate",
] as const;

export function defaultFilters(marketProjectId: number | null): Filters {
  return {
    marketProjectId,
    search: "",
    customerId: "",
    firstName: "",
    lastName: "",
    tag: "",
    email: "",
    sellStatus: "",
    clubId: "",
    registerDate: "",
    registerEndDate: "",
    showCompleted: false,
    myAssigned: false,
    deleted: false,
    sortFollowUpDate: "asc",
    sort: "followUpDate",
    page: 1,
    size: DEFAULT_PAGE_SIZE,
  };
}

/**
 * Filters from URL parameters; the remembered project when the URL names none and searches for no
 * person.
 */
export function filtersFromParams(p: URLSearchParams, fallbackProject: number | null): Filters {
  const mp = Number(p.get("marketProjectId"));
  // A person searched for without a project is looked for in every project (no fallback).
  const f = defaultFilters(
    Number.isInteger(mp) && mp > 0 ? mp : p.get("search")?.trim() ? null : fallbackProject,
  );
  for (const k of TEXT_FILTERS) f[k] = (p.get(k) ?? "").slice(0, 100);
  f.showCompleted = p.get("showCompleted") === "true";
  f.myAssigned = p.get("myAssigned") === "true";
  f.deleted = p.get("deleted") === "true";
  f.sortFollowUpDate = p.get("sortFollowUpDate") === "desc" ? "desc" : "asc";
  f.sort = p.get("sort") === "urgency" ? "urgency" : "followUpDate";
  const page = Number(p.get("page"));
  f.page = Number.isInteger(page) && page > 0 ? page : 1;
  const size = Number(p.get("size"));
  f.size = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  return f;
}

/** The GET /api/prospects query: "all my clubs" sends the user's subscribed clubs. */
export function apiQuery(
  f: Filters,
  myClubIds: number[],
): Record<string, string | number | boolean | undefined> {
  const q: Record<string, string | number | boolean | undefined> = {
    marketProjectId: f.marketProjectId ?? undefined,
    page: f.page,
    size: f.size,
    sortFollowUpDate: f.sortFollowUpDate,
    sort: f.sort === "urgency" ? "urgency" : undefined,
    showCompleted: f.showCompleted || undefined,
    myAssigned: f.myAssigned || undefined,
    deleted: f.deleted || undefined,
  };
  for (const k of TEXT_FILTERS) if (f[k].trim()) q[k] = f[k].trim();
  // ALL_CLUBS (admins): the whole chain, no club filter.
  if (f.clubId === ALL_CLUBS) delete q.clubId;
  else if (!f.clubId && myClubIds.length) q.clubId = myClubIds.join(",");
  return q;
}

/** The page URL's query for these filters (defaults left out). */
export function urlQuery(f: Filters): string {
  const p = new URLSearchParams();
  if (f.marketProjectId) p.set("marketProjectId", String(f.marketProjectId));
  for (const k of TEXT_FILTERS) if (f[k].trim()) p.set(k, f[k].trim());
  if (f.showCompleted) p.set("showCompleted", "true");
  if (f.myAssigned) p.set("myAssigned", "true");
  if (f.deleted) p.set("deleted", "true");
  if (f.sortFollowUpDate === "desc") p.set("sortFollowUpDate", "desc");
  if (f.sort === "urgency") p.set("sort", "urgency");
  if (f.page > 1) p.set("page", String(f.page));
  if (f.size !== DEFAULT_PAGE_SIZE) p.set("size", String(f.size));
  return p.toString();
}
