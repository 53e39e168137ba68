/** The audit trail of admin actions (who, what, when): ["audit", id] plus ["audit_by_target", …]. */
import { auditByTargetKey, auditByTargetPrefix, auditKey } from "@/lib/db/keys.ts";
import { ulid } from "@/lib/db/kv.ts";

export interface AuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  /** e.g. "user.create", "user.update", "user.disable", "user.restore", "apiToken.issue". */
  action: string;
  targetId: string;
  /** Names of the fields changed (never their values: they may be passwords). */
  fields?: string[];
}

/** Writes one audit entry in its own atomic (auditWrites puts it in a caller's). */
export async function writeAudit(
  kv: Deno.Kv,
  entry: Omit<AuditEntry, "id" | "at">,
  now = new Date(),
): Promise<AuditEntry> {
  const writes = auditWrites(entry, now);
  const op = kv.atomic();
  for (const w of writes) op.set(w.key, w.value);
  await op.commit();
  return writes[0].value as AuditEntry;
}

/** An audit entry's writes, for a caller's atomic (the action and its record in one commit). */
export function auditWrites(
  entry: Omit<AuditEntry, "id" | "at">,
  now = new Date(),
): { key: Deno.KvKey; value: unknown }[] {
  const full: AuditEntry = { id: ulid(now.getTime()), at: now.toISOString(), ...entry };
  return [
    { key: auditKey(full.id), value: full },
    { key: auditByTargetKey(full.targetId, full.id), value: full.id },
  ];
}

/** A target's audit entries, newest first. */
export async function listAuditFor(kv: Deno.Kv, targetId: string, limit = 100) {
  const out: AuditEntry[] = [];
  for await (
    const e of kv.list<string>({ prefix: auditByTargetPrefix(targetId) }, { reverse: true, limit })
  ) {
    const rec = (await kv.get<AuditEntry>(auditKey(e.value))).value;
    if (rec) out.push(rec);
  }
  return out;
}
