/**
 * Automatic assignment per club: an admin's rule ("off" or "roundRobin" over some users) and the
 * turn that picks the next user for a new prospect nobody was assigned. Pure.
 */
import { z } from "zod";

export const ASSIGNMENT_MODES = ["off", "roundRobin"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
/** The most users one club's turn goes round. */
export const ASSIGNMENT_USERS_MAX = 50;

export interface AssignmentRule {
  clubId: number;
  mode: AssignmentMode;
  /** The users in turn order. */
  userIds: string[];
  updatedAt: string | null;
  updatedBy: string | null;
}

export const offRule = (clubId: number): AssignmentRule => ({
  clubId,
  mode: "off",
  userIds: [],
  updatedAt: null,
  updatedBy: null,
});

export const assignmentInputSchema = z.object({
  mode: z.enum(ASSIGNMENT_MODES, { error: "validation.invalidValue" }),
  userIds: z.array(z.string().min(1).max(64), { error: "validation.required" })
    .max(ASSIGNMENT_USERS_MAX, "validation.maxItems")
    .refine((ids) => new Set(ids).size === ids.length, "validation.invalidValue")
    .default([]),
}).superRefine((v, ctx) => {
  if (v.mode === "roundRobin" && v.userIds.length === 0) {
    ctx.addIssue({ code: "custom", path: ["userIds"], message: "validation.arrayRequired" });
  }
});
export type AssignmentInput = z.output<typeof assignmentInputSchema>;

export const assignmentAnswerSchema = z.object({
  clubId: z.number().int(),
  mode: z.enum(ASSIGNMENT_MODES),
  userIds: z.array(z.string()),
  next: z.object({ userId: z.string(), firstName: z.string(), email: z.string() }).nullable()
    .describe("who the next new prospect of the club goes to (null: off, or everyone away)"),
});

/**
 * The turn taken from `turn`: the first of `userIds` from position turn mod n on who `may` take
 * it, and the turn after them; null when none may.
 */
export function pickInTurn(
  userIds: readonly string[],
  turn: number,
  may: (userId: string) => boolean,
): { userId: string; nextTurn: number } | null {
  const n = userIds.length;
  for (let i = 0; i < n; i++) {
    const userId = userIds[(turn + i) % n];
    if (may(userId)) return { userId, nextTurn: turn + i + 1 };
  }
  return null;
}
