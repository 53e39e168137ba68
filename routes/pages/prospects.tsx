/**
 * / and /prospects: the Prospects screen. The server renders the first page of results for the
 * filters in the URL (or the remembered market project) so the page is useful before hydration.
 */
import { Island } from "@/components/Island.tsx";
import { FirstRunChecklist } from "@/components/FirstRunChecklist.tsx";
import {
  type FirstRunStatus,
  firstRunStatus,
  getClubsByNumbers,
  listClubs,
  subscribedClubIds,
  visibleProjects,
} from "@/lib/services/reference.ts";
import { GRID_COLUMNS, prospectSearchSchema } from "@/lib/domain/prospect_schemas.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";
import { isAdmin } from "@/lib/domain/user.ts";
import { useT } from "@/lib/i18n/context.ts";
import { searchForUser, withMay } from "@/lib/services/prospects.ts";
import ProspectGrid, { type ProspectGridProps } from "@/islands/ProspectGrid.tsx";
import { apiQuery, filtersFromParams } from "@/islands/prospects/query.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import type { Ctx } from "@/routes/env.ts";

function ProspectsPage(
  { grid, firstRun }: { grid: ProspectGridProps; firstRun: FirstRunStatus | null },
) {
  const t = useT();
  return (
    <section class="space-y-3" data-testid="prospects-page">
      <h1 class="text-xl font-bold">{t("prospects.title")}</h1>
      {firstRun && !firstRun.complete && <FirstRunChecklist status={firstRun} />}
      <Island name="ProspectGrid" component={ProspectGrid} props={grid} />
    </section>
  );
}

/** The page handler (mounted for / and /prospects by routes/pages/home.tsx). */
export async function prospectsPage(c: Ctx) {
  const user = requirePageUser(c);
  const { kv, config, now } = c.get("deps");
  const [projects, myClubIds] = await Promise.all([
    visibleProjects(kv, user, { active: true }),
    subscribedClubIds(kv, user.id),
  ]);
  // The selects list the user's clubs; every club for an admin or a user without subscriptions.
  const clubs = myClubIds.length && !isAdmin(user)
    ? await getClubsByNumbers(kv, myClubIds)
    : await listClubs(kv);
  const visible = new Set(projects.map((p) => p.marketProjectId));
  const remembered = Number(c.get("userSettings")?.selectedMarketProjectId);
  const filters = filtersFromParams(
    new URL(c.req.url).searchParams,
    visible.has(remembered) ? remembered : null,
  );
  if (filters.marketProjectId !== null && !visible.has(filters.marketProjectId)) {
    filters.marketProjectId = null;
  }
  const at = now();
  let rows: Prospect[] = [];
  let total = 0;
  if (filters.marketProjectId !== null) {
    const q = prospectSearchSchema.safeParse(apiQuery(filters, myClubIds));
    if (q.success) {
      try {
        const out = await searchForUser({ kv, config, now: at, user }, q.data);
        rows = out.items.map((p) => withMay(user, p));
        total = out.total;
      } catch { /* the island shows the error when it searches again */ }
    }
  }
  const grid: ProspectGridProps = {
    projects: projects.map((p) => ({ marketProjectId: p.marketProjectId, name: p.name })),
    clubs: clubs.map((cl) => ({ clubId: cl.clubId, name: cl.name })),
    myClubIds,
    user: { id: user.id, email: user.email, firstName: user.firstName, admin: isAdmin(user) },
    timeZone: config.timeZone,
    now: at.toISOString(),
    filters,
    rows,
    total,
    columns: GRID_COLUMNS,
  };
  const firstRun = isAdmin(user) ? await firstRunStatus(kv) : null;
  return renderPage(c, <ProspectsPage grid={grid} firstRun={firstRun} />, {
    title: "prospects.title",
  });
}
