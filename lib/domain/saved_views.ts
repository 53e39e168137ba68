/**
 * Saved views of the prospect grid: a name and the grid's filter and sort as the page URL's query
 * (the parameters of islands/prospects/query.ts), the owner's own or shared with everyone by an
 * admin.
 */
import { z } from "zod";

/** The page URL parameters a view keeps (the page number is not kept: a view opens on page 1). */
export const SAVED_VIEW_PARAMS = [
  "marketProjectId",
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
  "showCompleted",
  "myAssigned",
  "deleted",
  "sortFollowUpDate",
  "sort",
  "size",
] as const;

/** The most views one user keeps. */
export const SAVED_VIEWS_MAX = 50;

/** The query as kept: only SAVED_VIEW_PARAMS, in their order, blank values left out. */
export function normalizeViewQuery(query: string): string {
  const p = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const out = new URLSearchParams();
  for (const k of SAVED_VIEW_PARAMS) {
    const v = p.get(k);
    if (v !== null && v.trim() !== "") out.set(k, v.trim());
  }
  return out.toString();
}

/** Parameters a view may not keep (anything but SAVED_VIEW_PARAMS and page). */
function unknownParams(query: string): string[] {
  const p = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const known = new Set<string>([...SAVED_VIEW_PARAMS, "page"]);
  return [...p.keys()].filter((k) => !known.has(k));
}

export const savedViewCreateSchema = z.object({
  name: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(
    80,
    "validation.maxLength",
  ),
  query: z.string({ error: "validation.required" }).max(2000, "validation.maxLength")
    .refine((q) => unknownParams(q).length === 0, "validation.invalidValue")
    .transform(normalizeViewQuery)
    .describe("the grid's page URL query, e.g. marketProjectId=1&sellStatus=Booked&sort=urgency"),
  shared: z.preprocess(
    (v) => v === "on" || v === "true" ? true : v === "false" || v === "" ? false : v,
    z.boolean({ error: "validation.invalidValue" }).default(false),
  ).describe("shown to every user (admins only)"),
});
export type SavedViewCreate = z.output<typeof savedViewCreateSchema>;

export interface SavedView {
  id: string;
  name: string;
  query: string;
  shared: boolean;
  ownerId: string;
  createdAt: string;
}

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  mine: z.boolean().describe("the caller saved it (and may delete it)"),
});
