/**
 * POST /api/prospects/batch: up to BATCH_CREATE_MAX new prospects in one call, each item through
 * the rules of a single create (createProspect: its schema, §5 rules, the duplicate guard, the
 * caller's projects, automatic assignment) and answered on its own — never all-or-nothing.
 */
import { prospectCreateSchema } from "@/lib/domain/prospect_schemas.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { zodFields } from "@/lib/domain/validation.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";

/** The most prospects one batch create takes. */
export const BATCH_CREATE_MAX = 500;
/** Items created at once: the write engine packs concurrent creates into shared commits. */
const PARALLEL = 8;

export type BatchItemResult =
  | { index: number; status: "created"; id: string }
  | { index: number; status: "duplicate"; duplicateOf: string | null; error: BatchError }
  | { index: number; status: "invalid"; error: BatchError };

export interface BatchError {
  code: string;
  field: string | null;
  /** The i18n key of the message (the route words it in the caller's language). */
  messageKey: string;
}

const firstField = (fields?: Record<string, string>) => Object.keys(fields ?? {})[0] ?? null;

async function one(ctx: ProspectCtx, raw: unknown, index: number): Promise<BatchItemResult> {
  const parsed = prospectCreateSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = zodFields(parsed.error, raw);
    const field = firstField(fields);
    return {
      index,
      status: "invalid",
      error: { code: "VALIDATION", field, messageKey: field ? fields[field] : "errors.validation" },
    };
  }
  try {
    const p = await createProspect(ctx, parsed.data);
    return { index, status: "created", id: p.id };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const error = { code: e.code, field: firstField(e.fields), messageKey: e.messageKey };
    if (e.code === "DUPLICATE_PROSPECT") {
      // createProspect names only matches the caller may see (maySee).
      const dups = (e.data as { duplicates?: { id: string }[] })?.duplicates ?? [];
      return { index, status: "duplicate", duplicateOf: dups[0]?.id ?? null, error };
    }
    return { index, status: "invalid", error };
  }
}

/** Creates each item on its own, a few at a time; answers one result per item, in item order. */
export async function createBatch(
  ctx: ProspectCtx,
  items: unknown[],
): Promise<BatchItemResult[]> {
  const out: BatchItemResult[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await one(ctx, items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return out;
}
