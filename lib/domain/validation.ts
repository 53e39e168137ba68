/**
 * zod failures → the app's field errors: {field path: i18n key} (our schemas use i18n keys as
 * messages) and the limits length messages name. Used by the API's input checks and by the CSV
 * import, which reports the same messages per line.
 */
import type { z } from "zod";
import { DomainError } from "@/lib/domain/errors.ts";

/** Parses with a zod schema; failures become 400 with {field: i18nKey}. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields = zodFields(r.error);
  const vars = zodFieldVars(r.error, fields);
  throw new DomainError(
    "validation",
    "VALIDATION",
    "errors.validation",
    fields,
    undefined,
    undefined,
    vars,
  );
}

/** The limit a length message names ({{n}}), per field whose message is a min/max length. */
export function zodFieldVars(
  error: z.ZodError,
  fields: Record<string, string>,
): Record<string, Record<string, unknown>> | undefined {
  const out: Record<string, Record<string, unknown>> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    if (out[path] || fields[path] !== issue.message) continue;
    const limit = issue.code === "too_big"
      ? issue.maximum
      : issue.code === "too_small"
      ? issue.minimum
      : undefined;
    if (limit !== undefined) out[path] = { n: Number(limit) };
  }
  return Object.keys(out).length ? out : undefined;
}

const I18N_KEY = /^[a-zA-Z]+\.[\w.]+$/;

/** Maps zod issues to {path: i18n key}; our schemas use i18n keys as messages. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    if (fields[path]) continue;
    if (I18N_KEY.test(issue.message)) fields[path] = issue.message;
    else if (issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined) {
      fields[path] = "validation.required";
    } else if (issue.code === "invalid_type" && issue.expected === "number") {
      fields[path] = "validation.notANumber";
    } else fields[path] = "validation.generic";
  }
  return fields;
}
