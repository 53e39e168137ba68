/** Automatic assignment per club (admins): GET/PUT /api/clubs/{clubId}/assignment. */
import { z } from "zod";
import { assignmentAnswerSchema, assignmentInputSchema } from "@/lib/domain/assignment.ts";
import { assignmentOf, setAssignment } from "@/lib/services/assignment.ts";
import type { ApiRouter } from "@/routes/api/define.ts";

const clubParams = z.object({
  clubId: z.coerce.number({ error: "validation.notANumber" }).int("validation.notANumber")
    .positive("validation.notANumber"),
});

export function assignmentRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/clubs/:clubId/assignment",
    access: "admin",
    tag: "assignment",
    summary: "The club's automatic assignment rule and who the next new prospect goes to",
    params: clubParams,
    response: assignmentAnswerSchema,
    handler: (c, { params, user }) =>
      assignmentOf({ kv: c.get("deps").kv, now: c.get("deps").now(), user: user! }, params.clubId),
  });
  r.add({
    method: "put",
    path: "/api/clubs/:clubId/assignment",
    access: "admin",
    tag: "assignment",
    summary:
      "Set the club's automatic assignment: off, or roundRobin over userIds (in turn order). A new prospect of the club with no assignee (web lead, CSV import row, staff entry left unassigned) goes to the next of them who is not away (user setting), is enabled and may see it; its history says the assignment was automatic",
    params: clubParams,
    body: assignmentInputSchema,
    response: assignmentAnswerSchema,
    handler: (c, { params, body, user }) =>
      setAssignment(
        { kv: c.get("deps").kv, now: c.get("deps").now(), user: user! },
        params.clubId,
        body,
      ),
  });
}
