/** GET /api/overview: the chain overview per club and district (admins only). */
import { z } from "zod";
import { chainOverview, OVERVIEW_RESPONSE_DAYS } from "@/lib/services/overview.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { prospectCtx } from "@/routes/api/prospects.ts";

const count = z.number().int();
const overviewClub = z.object({
  clubId: count,
  name: z.string(),
  waiting: count.describe(
    "web leads nobody has contacted yet (GET /api/prospects/today?clubId=…&show=web)",
  ),
  escalated: count.describe("escalated items of today's list (show=Escalated)"),
  due: count.describe("Notified and ToDo items of today's list (show=due)"),
  leads: count.describe("web leads registered in the period"),
  medianMinutes: z.number().nullable().describe(
    "median work minutes from registration to first contact of the period's contacted web leads (null: none)",
  ),
});

export function overviewRoutes(api: ApiRouter) {
  api.add({
    method: "get",
    path: "/api/overview",
    access: "admin",
    tag: "reports",
    summary:
      `The chain overview: every club by district with its waiting web leads, escalated and due items of today's list, and the median response time to web leads over the last ${OVERVIEW_RESPONSE_DAYS} days`,
    response: z.object({
      from: z.string().describe("the response-time period's first local date"),
      to: z.string().describe("the response-time period's last local date (today)"),
      districts: z.array(z.object({
        districtId: count,
        name: z.string(),
        clubs: z.array(overviewClub),
      })),
    }),
    handler: async (c, { user }) => await chainOverview(prospectCtx(c, user)),
  });
}
