/**
 * /overview: the chain overview where an admin lands after sign-in. Per district a table of its
 * clubs: waiting web leads, escalated and due items of today's list (each a link to /today showing
 * exactly those) and the median response time (a link to the response-time report). The table
 * scrolls inside its own box on a narrow screen. Everyone else is sent to their desk (/today).
 */
import type { Hono } from "hono";
import { isAdmin } from "@/lib/domain/user.ts";
import { useT } from "@/lib/i18n/context.ts";
import { chainOverview, type Overview, type OverviewClub } from "@/lib/services/overview.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";

const COUNTS = [
  ["waiting", "web"],
  ["escalated", "Escalated"],
  ["due", "due"],
] as const;

function ClubRow({ club, from, to }: { club: OverviewClub; from: string; to: string }) {
  const t = useT();
  const report = `/reports?${new URLSearchParams({ tab: "responseTime", from, to })}`;
  const median = club.medianMinutes === null
    ? null
    : t("overview.minutes", { count: club.medianMinutes });
  return (
    <tr class="border-t border-slate-200" data-testid="overview-club" data-club-id={club.clubId}>
      <th scope="row" class="px-2 py-2 sm:px-3 text-left font-medium">{club.name}</th>
      {COUNTS.map(([field, show]) => (
        <td key={field} class="px-2 py-2 sm:px-3 text-right">
          <a
            href={`/today?clubId=${club.clubId}&show=${show}`}
            class={`inline-flex min-h-10 min-w-10 items-center justify-end underline ${
              club[field] ? "font-bold text-brand-700" : "text-slate-600"
            }`}
            aria-label={t(`overview.linkLabel.${field}`, { count: club[field], club: club.name })}
            data-testid={`overview-${field}`}
          >
            {club[field]}
          </a>
        </td>
      ))}
      <td class="px-2 py-2 sm:px-3 text-right">
        <a
          href={report}
          class="inline-flex min-h-10 min-w-10 items-center justify-end text-slate-700 underline"
          aria-label={t("overview.linkLabel.median", {
            club: club.name,
            value: median ?? t("overview.noLeadsLabel"),
          })}
          data-testid="overview-median"
        >
          {median ?? t("overview.noLeads")}
        </a>
      </td>
    </tr>
  );
}

function OverviewPage({ overview }: { overview: Overview }) {
  const t = useT();
  const { from, to } = overview;
  return (
    <section class="space-y-4" data-testid="overview-page">
      <h1 class="text-xl font-bold">{t("overview.title")}</h1>
      <p class="text-sm text-slate-600">{t("overview.intro", { from, to })}</p>
      {overview.districts.length === 0 && <p class="card p-4">{t("overview.empty")}</p>}
      {overview.districts.map((d) => (
        <section key={d.districtId} class="space-y-2" data-testid="overview-district">
          <h2 class="text-lg font-semibold">{d.name}</h2>
          <div
            class="card overflow-x-auto"
            role="region"
            tabIndex={0}
            aria-label={t("overview.tableLabel", { district: d.name })}
          >
            <table class="w-full text-sm">
              <thead class="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" class="px-2 py-2 sm:px-3 text-left">
                    {t("overview.columns.club")}
                  </th>
                  {COUNTS.map(([field]) => (
                    <th key={field} scope="col" class="px-2 py-2 sm:px-3 text-right">
                      {t(`overview.columns.${field}`)}
                    </th>
                  ))}
                  <th scope="col" class="px-2 py-2 sm:px-3 text-right">
                    {t("overview.columns.median")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.clubs.map((club) => (
                  <ClubRow
                    key={club.clubId}
                    club={club}
                    from={from}
                    to={to}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </section>
  );
}

async function overviewPage(c: Ctx) {
  const user = requirePageUser(c);
  if (!isAdmin(user)) return c.redirect("/today", 302);
  const { kv, config, now } = c.get("deps");
  const overview = await chainOverview({ kv, config, now: now(), user });
  return renderPage(c, <OverviewPage overview={overview} />, { title: "overview.title" });
}

export function overviewPages(app: Hono<AppEnv>) {
  app.get("/overview", overviewPage);
}
