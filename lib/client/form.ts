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
    // A length limit names itself ("Största längd är 100"), as the server's answer does.
    const n = issue.code === "too_big"
      ? issue.maximum
      : issue.code === "too_small"
      ? issue.minimum
      : undefined;
    out[path] = t(key, n === undefined ? undefined : { n: Number(n) });
  }
  return out;
}
