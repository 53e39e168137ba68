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
import { withMay } from "@/lib/services/prospect_checks.ts";
import { searchForUser } from "@/lib/services/prospect_reads.ts";
import ProspectGrid, { type ProspectGridProps } from "@/islands/ProspectGrid.tsx";
import { apiQuery, filtersFromParams } from "@/islands/prospects/query.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";
import type { Hono } from "hono";
import { callApi, readForm } from "@/routes/pages/form_bridge.ts";
import { listViews, viewForUser } from "@/lib/services/saved_views.ts";

function ProspectsPage(
  { grid, firstRun }: { grid: ProspectGridProps; firstRun: FirstRunStatus | null },
) {
  const t = useT();
  return (
    <section class="space-y-3" data-testid="prospects-page">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <h1 class="text-xl font-bold">{t("prospects.title")}</h1>
        {grid.filters.marketProjectId !== null && (
          <a href="#new-prospect" class="btn btn-primary min-h-10" data-testid="jump-new-prospect">
            {t("prospects.newProspect")}
          </a>
        )}
      </div>
      {firstRun && !firstRun.complete && <FirstRunChecklist status={firstRun} />}
      <Island name="ProspectGrid" component={ProspectGrid} props={grid} />
    </section>
  );
}

/** The page handler (mounted for / and /prospects by routes/pages/home.tsx). */
export async function prospectsPage(
  c: Ctx,
  o: { query?: string; viewSaveError?: { name: string; message: string }; status?: number } = {},
) {
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
  const at = now();
  // `?view=<id>` opens a saved view: its filter and sort exactly as saved.
  const params = new URLSearchParams(o.query ?? new URL(c.req.url).search);
  const viewCtx = { kv, now: at, user };
  const [views, view] = await Promise.all([
    listViews(viewCtx),
    params.get("view") ? viewForUser(viewCtx, params.get("view")!) : null,
  ]);
  const filters = filtersFromParams(
    view ? new URLSearchParams(view.query) : params,
    visible.has(remembered) ? remembered : null,
  );
  if (filters.marketProjectId !== null && !visible.has(filters.marketProjectId)) {
    filters.marketProjectId = null;
  }
  let rows: Prospect[] = [];
  let total = 0;
  if (filters.marketProjectId !== null || filters.search.trim()) {
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
    openNotes: params.get("notes"),
    columns: GRID_COLUMNS,
    views,
    viewId: view?.id ?? null,
    viewSaveError: o.viewSaveError ?? null,
  };
  const firstRun = isAdmin(user) ? await firstRunStatus(kv) : null;
  return renderPage(c, <ProspectsPage grid={grid} firstRun={firstRun} />, {
    title: "prospects.title",
    status: o.status,
  });
}

/**
 * The "save current view" form's server action: the API call its island makes; then the saved
 * view's filters (303), or the page again with the refusal under the name field.
 */
export function prospectPages(app: Hono<AppEnv>) {
  app.post("/prospects/views", async (c) => {
    requirePageUser(c);
    const f = await readForm(c);
    const query = f.query ?? "";
    const out = await callApi(app, c, "POST", "/api/views", {
      name: f.name ?? "",
      query,
      shared: f.shared === "on",
    });
    if (out.status === 201) return c.redirect(`/prospects?view=${out.json!.id}`, 303);
    const message = out.errors("name");
    return await prospectsPage(c, {
      query,
      status: out.status,
      viewSaveError: {
        name: f.name ?? "",
        message: message.name ?? message.query ?? Object.values(message)[0] ?? "",
      },
    });
  });
}
