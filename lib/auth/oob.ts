/**
 * Single-use, expiring e-mail action codes (`oobCode`) for e-mail verification and password
 * reset. Stored by the SHA-256 of the code; consuming is get + check + delete in one atomic, so a
 * code works exactly once even when two requests race.
 */
import { actionCodeKey } from "@/lib/db/keys.ts";
import {
  commitIfUnchanged,
  type Entry,
  readEntry,
  remove,
  type Write,
  writeValue,
} from "@/lib/db/records.ts";
import { randomToken, sha256 } from "@/lib/auth/crypto.ts";

export type ActionMode = "verifyEmail" | "resetPassword";

/** How long a mailed link stays valid. */
export const ACTION_CODE_TTL_MS: Record<ActionMode, number> = {
  verifyEmail: 3 * 24 * 3600 * 1000,
  resetPassword: 60 * 60 * 1000,
};

export interface ActionCodeRecord {
  mode: ActionMode;
  userId: string;
  /** The e-mail the code was sent to (a code dies when the address changes). */
  email: string;
  createdAt: string;
  expiresAt: string;
}

export async function createActionCode(
  kv: Deno.Kv,
  input: { mode: ActionMode; userId: string; email: string },
  now = new Date(),
): Promise<string> {
  const code = randomToken(24);
  const ttl = ACTION_CODE_TTL_MS[input.mode];
  const rec: ActionCodeRecord = {
    ...input,
    email: input.email.toLowerCase(),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttl).toISOString(),
  };
  await writeValue(kv, actionCodeKey(await sha256(code)), rec, ttl);
  return code;
}

/** What an action decided: its result, the writes that make it, the records they rest on. */
export interface ActionOutcome<T> {
  result: T;
  unchanged: Entry<unknown>[];
  writes: Write[];
}

const CODE_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** Reads a live code of the mode without using it up (the reset page checks before the form). */
export async function peekActionCode(
  kv: Deno.Kv,
  code: string,
  mode: ActionMode,
  now = new Date(),
): Promise<ActionCodeRecord | null> {
  if (!CODE_RE.test(code)) return null;
  const e = await readEntry<ActionCodeRecord>(kv, actionCodeKey(await sha256(code)));
  if (!e.value || e.value.mode !== mode) return null;
  if (Date.parse(e.value.expiresAt) <= now.getTime()) return null;
  return e.value;
}

/**
 * Uses a code up. `apply` runs on the record and returns the action's result with its writes (e.g.
 * the user update) and the records they were decided on; they commit together with the deletion
 * of the code, or not at all.
 * Returns null when the code is unknown, of another mode, expired, or used meanwhile.
 */
export async function consumeActionCode<T>(
  kv: Deno.Kv,
  code: string,
  mode: ActionMode,
  apply: (rec: ActionCodeRecord) => Promise<ActionOutcome<T> | null>,
  now = new Date(),
): Promise<T | null> {
  if (!CODE_RE.test(code)) return null;
  const key = actionCodeKey(await sha256(code));
  for (let attempt = 0; attempt < 3; attempt++) {
    const e = await readEntry<ActionCodeRecord>(kv, key);
    if (!e.value || e.value.mode !== mode) return null;
    if (Date.parse(e.value.expiresAt) <= now.getTime()) {
      await commitIfUnchanged(kv, [e], [remove(key)]);
      return null;
    }
    const out = await apply(e.value);
    if (out === null) return null;
    if (await commitIfUnchanged(kv, [e, ...out.unchanged], [remove(key), ...out.writes])) {
      return out.result;
    }
    // The code or the record changed under us: read again (a used code then reads as gone).
  }
  return null;
}
