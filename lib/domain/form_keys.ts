/** The web-form keys of a market project: which origins a campaign's form may post from. */
import { z } from "zod";

/** How many origins one form key may allow, and how many keys a project may have. */
export const MAX_FORM_KEY_ORIGINS = 10;
export const MAX_FORM_KEYS = 20;

/** An origin a web form may post from: scheme, host and port only (https, or http on localhost). */
const origin = z.string().trim().max(200).refine((v) => {
  try {
    const u = new URL(v);
    const local = u.hostname === "localhost" || u.hostname === "127.0.0.1";
    return (u.protocol === "https:" || (u.protocol === "http:" && local)) && u.origin === v;
  } catch {
    return false;
  }
}, "intake.errors.BAD_ORIGIN");

/** POST /api/marketprojects/{id}/form-keys. */
export const formKeyCreateSchema = z.object({
  allowedOrigins: z.array(origin).max(MAX_FORM_KEY_ORIGINS, "intake.errors.TOO_MANY_ORIGINS"),
});
