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
  const fields = zodFields(r.error, input);
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

/** What a field of another type was expected to be (its message says which type). */
const EXPECTED: Record<string, string> = {
  string: "validation.expected.text",
  number: "validation.notANumber",
  int: "validation.notANumber",
  boolean: "validation.expected.boolean",
  array: "validation.expected.list",
  object: "validation.expected.object",
};

const jsType = (v: unknown) => (Array.isArray(v) ? "array" : typeof v);

/** The value at a zod issue's path in the input (undefined when a part of the way is missing). */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * Maps zod issues to {path: i18n key}; our schemas use i18n keys as messages. A value of another
 * type (a number where text belongs) says what was expected, never "required" — given the input,
 * a sent value is told from a missing one.
 */
export function zodFields(error: z.ZodError, input?: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    if (fields[path]) continue;
    const raw = input === undefined ? undefined : valueAt(input, issue.path);
    const blank = raw == null || (typeof raw === "string" && raw.trim() === "");
    const otherType = issue.code === "invalid_type" && !blank && issue.path.length > 0 &&
      jsType(raw) !== (issue.expected === "int" ? "number" : issue.expected);
    if (otherType && EXPECTED[issue.expected]) fields[path] = EXPECTED[issue.expected];
    else if (I18N_KEY.test(issue.message)) fields[path] = issue.message;
    else if (issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined) {
      fields[path] = "validation.required";
    } else if (issue.code === "invalid_type" && issue.expected === "number") {
      fields[path] = "validation.notANumber";
    } else fields[path] = "validation.generic";
  }
  return fields;
}
