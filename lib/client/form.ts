/** Form helpers for islands: zod issues → translated per-field messages. */
import type { z } from "zod";
import type { TFunction } from "@/lib/i18n/core.ts";

/** The first message per field; our schemas speak in i18n keys. */
export function fieldErrors(error: z.ZodError, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    if (out[path]) continue;
    const key = /^[a-zA-Z]+\.[\w.]+$/.test(issue.message)
      ? issue.message
      : issue.code === "invalid_type"
      ? "validation.required"
      : "validation.generic";
    out[path] = t(key);
  }
  return out;
}
