/**
 * /reports: tabs Sell status age, Status project, Status project club (spec §2 Reports), Response
 * time and Conversion (the funnel). Tabs are links (?tab=…); the server renders the active tab's island (the response
 * time: server-rendered HTML) with the active projects the caller may pick and the last filter
 * from the address (so a reload shows the same report again).
 */
import type { Hono } from "hono";
import type { ComponentChildren } from "preact";
import { Island } from "@/components/Island.tsx";
import { listClubs, listDistricts, reportClubs } from "@/lib/services/reference.ts";
import {
  reportableProjects,
  type ReportCtx,
  sellStatusAge,
  statusProjectAny,
} from "@/lib/services/reports.ts";
import { sellStatusAgeQuerySchema, statusProjectQuerySchema } from "@/lib/domain/report_schemas.ts";
import type {
  StatusGroupReport,
  StatusProjectReport as ProjectReport,
} from "@/lib/domain/reports.ts";
import { isValidDate } from "@/lib/domain/formats.ts";
import { localDate } from "@/lib/domain/prospect.ts";
import { useT } from "@/lib/i18n/context.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";
import SellStatusAgeReport from "@/islands/reports/SellStatusAgeReport.tsx";
import StatusProjectReport from "@/islands/reports/StatusProjectReport.tsx";
import StatusProjectClubReport from "@/islands/reports/StatusProjectClubReport.tsx";
import { idsFrom } from "@/islands/reports/shared.tsx";
import { ResponseTimePanel, responseTimeTab } from "@/routes/pages/response_time.tsx";
import { FunnelPanel, funnelTab } from "@/routes/pages/funnel.tsx";

export const REPORT_TABS = [
  "sellStatusAge",
  "statusProject",
  "statusProjectClub",
  "responseTime",
  "funnel",
] as const;
type TabId = (typeof REPORT_TABS)[number];

function ReportsPage({ active, children }: { active: TabId; children: ComponentChildren }) {
  const t = useT();
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-bold">{t("reports.title")}</h1>
      <nav
        class="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1"
        aria-label={t("reports.title")}
      >
        {REPORT_TABS.map((tab) => (
          <a
            key={tab}
            href={`/reports?tab=${tab}`}
            data-testid={`tab-${tab}`}
            aria-current={tab === active ? "page" : undefined}
            class={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
              tab === active
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {t(`reports.tabs.${tab}`)}
          </a>
        ))}
      </nav>
      <div data-testid={`panel-${active}`}>{children}</div>
    </section>
  );
}

/** Runs the report of a complete filter from the address; anything invalid → no report. */
async function initialReport<T>(
  query: Record<string, string>,
  schema: { safeParse(x: unknown): { success: boolean; data?: unknown } },
  run: (q: any) => Promise<T>,
): Promise<{ report: T | null; shownQuery: Record<string, string> }> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) return { report: null, shownQuery: {} };
  try {
    return { report: await run(parsed.data), shownQuery: query };
  } catch {
    return { report: null, shownQuery: {} };
  }
}

async function tabContent(c: Ctx, tab: TabId) {
  const { kv, config, now } = c.get("deps");
  const user = c.get("user")!;
  const ctx: ReportCtx = { kv, config, now: now(), user, lang: c.get("lang") };
  const q = (k: string) => c.req.query(k) ?? null;
  const date = q("referenceDate");
  const referenceDate = date && isValidDate(date) ? date : null;
  const today = localDate(now(), config.timeZone);
  const projects = (await reportableProjects(kv, user)).map((p) => ({
    marketProjectId: p.marketProjectId,
    name: p.name,
  }));
  switch (tab) {
    case "sellStatusAge": {
      const clubs = await reportClubs(kv, user);
      const mp = Number(q("marketProjectId"));
      const initial = {
        marketProjectId: Number.isInteger(mp) && mp > 0 ? mp : null,
        referenceDate,
      };
      const shown = initial.marketProjectId && referenceDate
        ? await initialReport(
          { marketProjectId: String(mp), referenceDate, language: ctx.lang },
          sellStatusAgeQuerySchema,
          (x) => sellStatusAge(ctx, x),
        )
        : { report: null, shownQuery: {} };
      const props = {
        projects,
        today,
        clubs: clubs.map((x) => ({ clubId: x.clubId, name: x.name })),
        timeZone: config.timeZone,
        initial,
        ...shown,
      };
      return <Island name="SellStatusAgeReport" component={SellStatusAgeReport} props={props} />;
    }
    case "statusProject": {
      const initial = {
        marketProjectIds: idsFrom(q("marketProjectIds")).slice(0, 10),
        referenceDate,
      };
      const shown = referenceDate
        ? await initialReport(
          { referenceDate, marketProjectIds: initial.marketProjectIds.join(","), limit: "10" },
          statusProjectQuerySchema,
          (x) => statusProjectAny(ctx, x) as Promise<ProjectReport>,
        )
        : { report: null, shownQuery: {} };
      const props = { projects, today, timeZone: config.timeZone, initial, ...shown };
      return <Island name="StatusProjectReport" component={StatusProjectReport} props={props} />;
    }
    case "responseTime": {
      const query = Object.fromEntries(
        ["marketProjectId", "from", "to", "districtId"].flatMap((k) => {
          const v = q(k);
          return v ? [[k, v]] : [];
        }),
      );
      const out = await responseTimeTab(ctx, query);
      return <ResponseTimePanel projects={projects} query={query} {...out} />;
    }
    case "funnel": {
      const query = Object.fromEntries(
        ["from", "to", "groupBy", "districtId"].flatMap((k) => {
          const v = q(k);
          return v ? [[k, v]] : [];
        }),
      );
      // Checkboxes send the projects as repeated parameters.
      const mps = (c.req.queries("marketProjectId") ?? []).join(",");
      if (mps) query.marketProjectId = mps;
      const out = await funnelTab(ctx, query);
      return <FunnelPanel projects={projects} query={query} {...out} />;
    }
    case "statusProjectClub": {
      const [clubs, districts] = await Promise.all([listClubs(kv), listDistricts(kv)]);
      const collection = q("collection");
      const initial = {
        referenceDate,
        marketProjectIds: idsFrom(q("marketProjectIds")),
        collection: collection === "clubs" || collection === "district"
          ? collection as "clubs" | "district"
          : null,
        ids: idsFrom(q("ids")),
      };
      const shown = referenceDate && initial.collection && initial.ids.length &&
          initial.marketProjectIds.length
        ? await initialReport(
          {
            referenceDate,
            marketProjectIds: initial.marketProjectIds.join(","),
            prospectFieldKey: initial.collection === "district" ? "districtId" : "clubId",
            collection: initial.collection,
            ids: initial.ids.join(","),
          },
          statusProjectQuerySchema,
          (x) => statusProjectAny(ctx, x) as Promise<StatusGroupReport>,
        )
        : { report: null, shownQuery: {} };
      const props = {
        projects,
        today,
        clubs: clubs.map((x) => ({ clubId: x.clubId, name: x.name })),
        districts: districts.map((d) => ({ districtId: d.districtId, name: d.name })),
        timeZone: config.timeZone,
        initial,
        ...shown,
      };
      return (
        <Island name="StatusProjectClubReport" component={StatusProjectClubReport} props={props} />
      );
    }
  }
}

export function reportPages(app: Hono<AppEnv>) {
  app.get("/reports", async (c) => {
    requirePageUser(c);
    const asked = c.req.query("tab") as TabId | undefined;
    const active: TabId = asked && REPORT_TABS.includes(asked) ? asked : "sellStatusAge";
    const content = await tabContent(c, active);
    return renderPage(c, <ReportsPage active={active}>{content}</ReportsPage>, {
      title: "reports.title",
    });
  });
}
