/** What a report tab of the reports page reads for the address's query (plain GET forms). */
import type { z } from "zod";
import { listDistricts } from "@/lib/services/reference.ts";
import type { ReportCtx } from "@/lib/services/reports.ts";

/**
 * The districts for the tab's filter, and its report once a project is chosen: the query checked
 * with `schema` (the first message when it fails), the report read with `read` (an unknown or
 * forbidden project leaves the form without one).
 */
export async function reportTab<S extends z.ZodType, R>(
  ctx: ReportCtx,
  query: Record<string, string>,
  schema: S,
  read: (ctx: ReportCtx, q: z.output<S>) => Promise<R>,
): Promise<
  { districts: { districtId: number; name: string }[]; report: R | null; error: string | null }
> {
  const districts = (await listDistricts(ctx.kv)).map((d) => ({
    districtId: d.districtId,
    name: d.name,
  }));
  let report: R | null = null;
  let error: string | null = null;
  if (query.marketProjectId) {
    const parsed = schema.safeParse(query);
    if (parsed.success) {
      try {
        report = await read(ctx, parsed.data);
      } catch { /* an unknown or forbidden project: the form stays */ }
    } else {
      error = parsed.error.issues[0]?.message ?? null;
    }
  }
  return { districts, report, error };
}
