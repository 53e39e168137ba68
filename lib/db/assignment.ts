/**
 * Automatic assignment per club: the admin's rule and the turn counter. The turn is one key per
 * club, advanced in a versionstamp-checked atomic and retried when another instance advanced it
 * first, so every new prospect takes its own turn however many servers create them.
 */
import { assignmentRuleKey, assignmentTurnKey } from "@/lib/db/keys.ts";
import { type AssignmentRule, offRule } from "@/lib/domain/assignment.ts";
import { DomainError } from "@/lib/domain/errors.ts";

export async function getAssignmentRule(kv: Deno.Kv, clubId: number): Promise<AssignmentRule> {
  return (await kv.get<AssignmentRule>(assignmentRuleKey(clubId))).value ?? offRule(clubId);
}

/** The rule and the current turn, read together. */
export async function getAssignmentState(
  kv: Deno.Kv,
  clubId: number,
): Promise<{ rule: AssignmentRule; turn: number }> {
  const [rule, turn] = await kv.getMany<[AssignmentRule, number]>([
    assignmentRuleKey(clubId),
    assignmentTurnKey(clubId),
  ]);
  return { rule: rule.value ?? offRule(clubId), turn: turn.value ?? 0 };
}

/** Stores a club's automatic assignment rule (replacing any). */
export async function putAssignmentRule(kv: Deno.Kv, rule: AssignmentRule): Promise<void> {
  await kv.set(assignmentRuleKey(rule.clubId), rule);
}

/** How many rounds a turn is tried while other writers take turns of the club. */
const TURN_ATTEMPTS = 200;

/**
 * Takes the club's next turn: `pick` chooses from the current turn (null: nobody may take it, the
 * turn stays); its choice is kept only when the counter is still the one it read.
 */
export async function takeTurn<T>(
  kv: Deno.Kv,
  clubId: number,
  pick: (turn: number) => { value: T; nextTurn: number } | null,
): Promise<T | null> {
  const key = assignmentTurnKey(clubId);
  for (let attempt = 0; attempt < TURN_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(attempt, 8)));
    const current = await kv.get<number>(key);
    const chosen = pick(current.value ?? 0);
    if (!chosen) return null;
    const res = await kv.atomic().check(current).set(key, chosen.nextTurn).commit();
    if (res.ok) return chosen.value;
  }
  throw new DomainError("conflict", "WRITE_CONTENTION", "prospects.errors.WRITE_CONTENTION");
}
