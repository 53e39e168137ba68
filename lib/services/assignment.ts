/**
 * Automatic assignment (per club): an admin sets the rule; a new prospect of the club that nobody
 * was assigned — a web lead, a CSV import row, a staff entry left unassigned — goes to the next
 * user in turn who is not away, is enabled and may see it (maySee). The turn is one KV key per
 * club advanced atomically, so it is fair across server instances.
 */
import { getAssignmentState, putAssignmentRule, takeTurn } from "@/lib/db/assignment.ts";
import { getClubByNumber } from "@/lib/db/reference.ts";
import { getUsersWithSettings } from "@/lib/db/users.ts";
import { maySee } from "@/lib/auth/permissions.ts";
import { toSessionUser } from "@/lib/auth/session.ts";
import { type AssignmentInput, type AssignmentRule, pickInTurn } from "@/lib/domain/assignment.ts";
import { badRequest, notFound } from "@/lib/domain/errors.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

interface AssignCtx {
  kv: Deno.Kv;
  now: Date;
  user: { id: string };
}

/** Who a turn may go to: enabled, not away, and allowed to see a prospect with this b2b flag. */
async function candidates(
  kv: Deno.Kv,
  rule: AssignmentRule,
  b2b: boolean,
): Promise<Map<string, UserRecord>> {
  const found = await getUsersWithSettings(kv, rule.userIds);
  const out = new Map<string, UserRecord>();
  for (const f of found) {
    if (!f || !f.user.enabled || f.settings.away) continue;
    if (!maySee(toSessionUser(f.user, null), { b2b })) continue;
    out.set(f.user.id, f.user);
  }
  return out;
}

export interface AutoAssignee {
  assignId: string;
  assignName: string;
  assignUserId: string;
}

/**
 * Takes the club's next `count` turns for new prospects (b2b: their project's flag), in one
 * atomic: the users they go to, in turn order; none when the club's rule is off or nobody in it
 * may take a turn (the turn stays).
 */
export async function takeAutoAssignees(
  kv: Deno.Kv,
  clubId: number,
  b2b: boolean,
  count: number,
): Promise<AutoAssignee[]> {
  const { rule } = await getAssignmentState(kv, clubId);
  if (rule.mode !== "roundRobin" || !rule.userIds.length || count < 1) return [];
  const may = await candidates(kv, rule, b2b);
  if (!may.size) return [];
  const users = await takeTurn(kv, clubId, (turn) => {
    const out: UserRecord[] = [];
    let next = turn;
    for (let i = 0; i < count; i++) {
      const p = pickInTurn(rule.userIds, next, (id) => may.has(id));
      if (!p) return null;
      out.push(may.get(p.userId)!);
      next = p.nextTurn;
    }
    return { value: out, nextTurn: next };
  });
  return (users ?? []).map((u) => ({
    assignId: u.email,
    assignName: u.firstName,
    assignUserId: u.id,
  }));
}

/** The club's next turn for one new prospect; null when nobody takes it. */
export async function takeAutoAssignee(
  kv: Deno.Kv,
  clubId: number,
  b2b: boolean,
): Promise<AutoAssignee | null> {
  return (await takeAutoAssignees(kv, clubId, b2b, 1))[0] ?? null;
}

/** GET /api/clubs/{clubId}/assignment: the rule and who is next (a non-B2B prospect). */
export async function assignmentOf(ctx: AssignCtx, clubId: number) {
  if (!await getClubByNumber(ctx.kv, clubId)) throw notFound();
  const { rule, turn } = await getAssignmentState(ctx.kv, clubId);
  let next = null;
  if (rule.mode === "roundRobin") {
    const may = await candidates(ctx.kv, rule, false);
    const p = pickInTurn(rule.userIds, turn, (id) => may.has(id));
    const u = p ? may.get(p.userId)! : null;
    next = u ? { userId: u.id, firstName: u.firstName, email: u.email } : null;
  }
  return { clubId, mode: rule.mode, userIds: rule.userIds, next };
}

/** PUT /api/clubs/{clubId}/assignment: every user named must exist and be enabled (else 400). */
export async function setAssignment(ctx: AssignCtx, clubId: number, input: AssignmentInput) {
  if (!await getClubByNumber(ctx.kv, clubId)) throw notFound();
  const found = await getUsersWithSettings(ctx.kv, input.userIds);
  const bad = input.userIds.findIndex((_, i) => !found[i] || !found[i]!.user.enabled);
  if (bad >= 0) throw badRequest({ [`userIds.${bad}`]: "validation.invalidValue" });
  await putAssignmentRule(ctx.kv, {
    clubId,
    mode: input.mode,
    userIds: input.mode === "off" ? [] : input.userIds,
    updatedAt: ctx.now.toISOString(),
    updatedBy: ctx.user.id,
  });
  return await assignmentOf(ctx, clubId);
}
