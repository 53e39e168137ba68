/**
 * Reports → Sell status age: an active project and a reference date (default today), Filter; the
 * caller's subscribed clubs above the table; a stacked bar per status by age; CSV download. The
 * filter is kept in the address so a reload (e.g. after a language change) runs it again.
 */
import { SelectField } from "@/components/SelectField.tsx";
import { DateInput } from "@/components/DateInput.tsx";
import { useState } from "react";
import { toastError } from "@/lib/client/toast.ts";
import { AGE_COLUMNS, type SellStatusAgeReport as Report } from "@/lib/domain/reports.ts";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { BarChart } from "@/components/reports/BarChart.tsx";
import { ReportTable } from "@/components/reports/ReportTable.tsx";
import { ReportForm, ReportResults, useReport } from "@/islands/reports/shared.tsx";

export interface SellStatusAgeReportProps {
  /** The configured zone (TZ_NAME): the report's "now" reads in it. */
  timeZone?: string;
  projects: { marketProjectId: number; name: string }[];
  clubs: { clubId: number; name: string }[];
  today: string;
  initial: { marketProjectId: number | null; referenceDate: string | null };
  /** The report of `initial`, rendered by the server (a reload shows it at once). */
  report?: Report | null;
  /** The API query of `report` (its CSV link). */
  shownQuery?: Record<string, string | number>;
}

const PATH = "/api/reports/sell-status-age";

export default function SellStatusAgeReport(props: SellStatusAgeReportProps) {
  const t = useT();
  const lang = useLang();
  const [project, setProject] = useState(
    props.initial.marketProjectId ? String(props.initial.marketProjectId) : "",
  );
  const [date, setDate] = useState(props.initial.referenceDate ?? props.today);
  const { report, busy, run, useStart, csvHref } = useReport<Report>({
    tab: "sellStatusAge",
    path: PATH,
    initial: props.report,
    shownQuery: props.shownQuery,
  });
  const filter = () => {
    if (!project || !date) toastError(t("reports.fillAllRequired"));
    return run(
      project && date ? { marketProjectId: project, referenceDate: date, language: lang } : null,
      { marketProjectId: project, referenceDate: date },
    );
  };
  useStart(() => {
    if (props.initial.marketProjectId && props.initial.referenceDate) filter();
  });

  const columns = [
    { key: "sellStatusName", label: t("reports.columns.sellStatus"), text: true },
    ...AGE_COLUMNS.map((c) => ({ key: c, label: t(`reports.columns.${c}`) })),
    { key: "sum", label: t("reports.columns.sum") },
  ];

  return (
    <section class="space-y-4">
      <ReportForm testId="age" busy={busy} csvHref={csvHref} onRun={filter}>
        <SelectField
          name="marketProjectId"
          label={`${t("reports.marketProject")} *`}
          class="w-72 max-w-full"
          testId="age-project"
          value={project}
          empty={t("reports.chooseProjects")}
          options={props.projects.map((p) => [String(p.marketProjectId), p.name])}
          onChange={setProject}
        />
        <label class="w-44">
          <span class="label">{t("reports.referenceDate")} *</span>
          <DateInput name="referenceDate" testId="age-date" value={date} onChange={setDate} />
        </label>
      </ReportForm>
      <p class="text-sm text-slate-700" data-testid="age-clubs">
        {props.clubs.length
          ? t("reports.subscribedClubs", { clubs: props.clubs.map((c) => c.name).join(", ") })
          : (
            <a href="/settings?tab=chooseClub" class="text-brand-700 underline">
              {t("reports.noSubscribedClubs")}
            </a>
          )}
      </p>
      <ReportResults testId="age" report={report} timeZone={props.timeZone}>
        {report && (
          <>
            <ReportTable
              testId="age-table"
              caption={t("reports.tabs.sellStatusAge")}
              columns={columns}
              rows={report.rows as unknown as Record<string, unknown>[]}
              totals={report.totals}
              totalsLabel={t("reports.total")}
            />
            <BarChart
              testId="age-chart"
              title={t("reports.chartTitle")}
              items={report.rows.map((r) => ({
                label: r.sellStatusName,
                values: AGE_COLUMNS.map((c) => r[c]),
              }))}
              legend={AGE_COLUMNS.map((c) => t(`reports.columns.${c}`))}
            />
          </>
        )}
      </ReportResults>
    </section>
  );
}
