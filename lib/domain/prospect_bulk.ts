/**
 * Bulk changes of prospects (POST /api/prospects/bulk): the request, each row's outcome and the
 * rules that decide it. Each row is one single change of one prospect; the outcome of a row is one
 * of BULK_ROW_STATUSES.
 */
import { z } from "zod";
import { prospectPatchSchema } from "@/lib/domain/prospect_schemas.ts";
import type { DomainError } from "@/lib/domain/errors.ts";

/** The most ids one bulk request takes (the grid sends larger selections in calls of this). */
export const BULK_MAX = 500;
/** The most rows the grid selects with "select all matching". */
export const BULK_SELECT_MAX = 5_000;

export const BULK_ROW_STATUSES = [
  "updated",
  "conflict",
  "forbidden",
  "invalid",
  "notFound",
] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

const bulkSetSchema = prospectPatchSchema.pick({
  sellStatus: true,
  followUpDate: true,
  clubId: true,
  tag: true,
}).extend({
  assignedTo: z.string().trim().min(1, "validation.required").max(64).nullable().optional()
    .describe("a user id to assign, null to unassign"),
});

export const prospectBulkSchema = z.object({
  ids: z.array(z.string().min(1).max(64), { error: "validation.required" })
    .min(1, "validation.required").max(BULK_MAX, "validation.maxItems")
    .describe(`1–${BULK_MAX} prospect ids`),
  set: bulkSetSchema.optional().describe("the fields to set on every row"),
  delete: z.literal(true, { error: "validation.invalidValue" }).optional().describe(
    "true: soft delete every row (instead of set)",
  ),
  versions: z.record(z.string(), z.string().min(1).max(64)).optional().describe(
    "per id, the version the caller saw: a row changed since answers conflict",
  ),
}).superRefine((v, ctx) => {
  const fields = v.set ? Object.keys(v.set).filter((k) => k in v.set!) : [];
  if (v.delete && v.set) {
    ctx.addIssue({ code: "custom", path: ["set"], message: "validation.bulkSetOrDelete" });
  } else if (!v.delete && !fields.length) {
    ctx.addIssue({ code: "custom", path: ["set"], message: "validation.bulkSetOrDelete" });
  }
});
export type ProspectBulk = z.output<typeof prospectBulkSchema>;
export type ProspectBulkSet = NonNullable<ProspectBulk["set"]>;

export const bulkResultSchema = z.object({
  updated: z.number().int().describe("rows changed (status updated)"),
  results: z.array(z.object({
    id: z.string(),
    status: z.enum(BULK_ROW_STATUSES),
    error: z.object({
      code: z.string(),
      message: z.string().describe("in the caller's language"),
      fields: z.record(z.string(), z.string()).optional(),
    }).optional(),
  })).describe("one per id, in the order sent"),
});

export interface BulkRowResult {
  id: string;
  status: BulkRowStatus;
  error?: DomainError;
}

/** A row's outcome for the error its single change raised. */
export function bulkStatusOf(e: DomainError): BulkRowStatus {
  switch (e.kind) {
    case "not_found":
      return "notFound";
    case "forbidden":
      return "forbidden";
    case "conflict":
      return "conflict";
    default:
      return "invalid";
  }
}
