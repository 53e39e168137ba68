/**
 * The reports page's "Konvertering" (conversion) tab, rendered on the server: a plain GET form
 * (projects, registration period, grouping, district), a horizontal funnel per group (leads,
 * reached, booked, members, each bar as a share of the leads) and the table of GET
 * /api/reports/funnel with its CSV download. No island: it works before and without JavaScript.
 */
import { CsvLink, ReportTable } from "@/components/reports/ReportTable.tsx";
import { SelectField } from "@/components/SelectField.tsx";
import { PeriodFields } from "@/components/reports/PeriodFields.tsx";
import { FUNNEL_COLUMNS, FUNNEL_GROUPS, type FunnelRow } from "@/lib/domain/funnel.ts";
import { funnelQuerySchema } from "@/lib/domain/report_schemas.ts";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { reportTab } from "@/routes/pages/report_tab.ts";
import { funnel, type FunnelReport, type ReportCtx } from "@/lib/services/reports.ts";

interface Props {
  projects: { marketProjectId: number; name: string }[];
  districts: { districtId: number; name: string }[];
  /** The address's query; marketProjectId a comma list. */
  query: Record<string, string>;
  report: FunnelReport | null;
  /** An i18n key: why the address's query gave no report. */
  error: string | null;
}

const STAGES = ["leads", "reached", "booked", "members"] as const;
const SHARE: Record<(typeof STAGES)[number], keyof FunnelRow | null> = {
  leads: null,
  reached: "reachedShare",
  booked: "bookedShare",
  members: "membersShare",
};
/** A share as a whole percent ("45 %"; Swedish and English alike put the sign after). */
const pct = (x: number, lang: string) =>
  new Intl.NumberFormat(lang === "en" ? "en-GB" : "sv-SE", {
    style: "percent",
    maximumFractionDigits: 0,
  }).format(x);

/** One group's funnel: a bar per stage, its width the share of the group's leads. */
function FunnelBars({ row, lang }: { row: FunnelRow; lang: string }) {
  const t = useT();
  const label = (k: string, o?: Record<string, unknown>) => t(`reports.funnel.${k}`, o);
  return (
    <figure class="card space-y-2 p-3" data-testid="funnel-group">
      <figcaption class="flex flex-wrap items-baseline justify-between gap-x-3">
        <strong>{row.name}</strong>
        {row.medianDaysToMember !== null && (
          <span class="text-sm text-slate-600">
            {label("medianDays", { n: row.medianDaysToMember })}
          </span>
        )}
      </figcaption>
      <dl class="space-y-1">
        {STAGES.map((s) => {
          const share = SHARE[s] ? (row[SHARE[s]!] as number) : row.leads ? 1 : 0;
          return (
            <div
              key={s}
              class="grid grid-cols-[7rem_1fr] items-center gap-2 sm:grid-cols-[9rem_1fr]"
            >
              <dt class="text-sm text-slate-700">{label(`columns.${s}`)}</dt>
              <dd class="flex items-center gap-2">
                <span class="h-4 flex-1 rounded bg-slate-100" aria-hidden="true">
                  <span
                    class="block h-4 rounded bg-brand-600"
                    style={{ width: `${Math.round(share * 100)}%` }}
                  />
                </span>
                <span class="w-24 text-right text-sm tabular-nums" data-stage={s}>
                  {s === "leads" ? String(row.leads) : `${row[s]} (${pct(share, lang)})`}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </figure>
  );
}

export function FunnelPanel({ projects, districts, query, report, error }: Props) {
  const t = useT();
  const label = (k: string) => t(`reports.funnel.${k}`);
  const lang = useLang();
  const chosen = new Set((query.marketProjectId ?? "").split(",").filter(Boolean));
  const csv = report &&
    `/api/reports/funnel?${new URLSearchParams({
      marketProjectId: report.marketProjectIds.join(","),
      from: report.from,
      to: report.to,
      groupBy: report.groupBy,
      ...(report.districtId !== null ? { districtId: String(report.districtId) } : {}),
      format: "csv",
    })}`;
  const share = (row: FunnelRow) => ({
    ...row,
    reachedShare: pct(row.reachedShare, lang),
    bookedShare: pct(row.bookedShare, lang),
    membersShare: pct(row.membersShare, lang),
    conversionRate: pct(row.conversionRate, lang),
    medianDaysToMember: row.medianDaysToMember ?? label("none"),
  });
  return (
    <div class="space-y-3">
      <p class="text-sm text-slate-600">{label("intro")}</p>
      <form
        method="get"
        action="/reports"
        class="card grid grid-cols-2 gap-3 p-3 sm:grid-cols-4"
        data-testid="funnel-form"
      >
        <input type="hidden" name="tab" value="funnel" />
        <fieldset class="col-span-2 sm:col-span-4">
          <legend class="label">{label("projects")}</legend>
          <div class="flex flex-wrap gap-x-4 gap-y-1">
            {projects.map((p) => (
              <label key={p.marketProjectId} class="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="marketProjectId"
                  value={String(p.marketProjectId)}
                  checked={chosen.has(String(p.marketProjectId))}
                  data-testid={`funnel-project-${p.marketProjectId}`}
                />
                {p.name}
              </label>
            ))}
          </div>
        </fieldset>
        <PeriodFields
          label={label}
          query={query}
          report={report}
          districts={districts}
          testId="funnel"
        />
        <SelectField
          name="groupBy"
          label={label("groupByLabel")}
          value={query.groupBy ?? report?.groupBy ?? "source"}
          options={FUNNEL_GROUPS.map((g) => [g, label(`groupBy.${g}`)])}
          onChange={() => {}}
          testId="funnel-group-by"
        />
        <div class="col-span-2 flex items-end sm:col-span-4">
          <button type="submit" class="btn btn-primary" data-testid="funnel-submit">
            {label("show")}
          </button>
        </div>
      </form>
      {error && <p class="field-error" role="alert" data-testid="funnel-error">{t(error)}</p>}
      {report && (
        <>
          <div class="flex flex-wrap items-center gap-2">
            <strong>{`${report.from} – ${report.to}`}</strong>
            <CsvLink href={csv!} label={label("csv")} testId="funnel-csv" />
          </div>
          {report.total.leads === 0
            ? <p class="text-sm text-slate-600" data-testid="funnel-empty">{label("empty")}</p>
            : (
              <div class="grid gap-3 lg:grid-cols-2" data-testid="funnel-bars">
                {[...report.rows.filter((r) => r.leads > 0), report.total].map((r) => (
                  <FunnelBars key={r.key || "total"} row={r} lang={lang} />
                ))}
              </div>
            )}
          <ReportTable
            testId="funnel-table"
            caption={label("title")}
            columns={FUNNEL_COLUMNS.map((c) => ({
              key: c,
              label: c === "name" ? label(`groupBy.${report.groupBy}`) : label(`columns.${c}`),
              text: c === "name",
            }))}
            rows={report.rows.map(share)}
            totals={share(report.total)}
            totalsLabel={label("total")}
          />
        </>
      )}
    </div>
  );
}

/** The tab's content for the address's query (a report once a project is chosen). */
export function funnelTab(ctx: ReportCtx, query: Record<string, string>) {
  return reportTab(ctx, query, funnelQuerySchema, funnel);
}
