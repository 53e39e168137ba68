/**
 * Reports → Status project: up to 10 active projects and a reference date (default today), Filter;
 * one row per project with every status column (each count with its share of the project) and the
 * totals, a bar chart of the status
 * distribution over the chosen projects, CSV download.
 */
import { DateInput } from "@/components/DateInput.tsx";
import { useState } from "react";
import { toastError } from "@/lib/client/toast.ts";
import {
  firstInDate,
  PROJECT_REPORT_COLUMNS,
  type StatusProjectReport as Report,
  withStatusShares,
} from "@/lib/domain/reports.ts";
import { REPORT_PROJECT_LIMIT } from "@/lib/domain/statuses.ts";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { MultiSelect } from "@/components/reports/MultiSelect.tsx";
import { ReportTable } from "@/components/reports/ReportTable.tsx";
import { ReportForm, ReportResults, StatusChart, useReport } from "@/islands/reports/shared.tsx";

export interface StatusProjectReportProps {
  projects: { marketProjectId: number; name: string }[];
  today: string;
  /** The configured time zone: firstProspectIn is shown as its local date there. */
  timeZone?: string;
  initial: { marketProjectIds: number[]; referenceDate: string | null };
  report?: Report | null;
  shownQuery?: Record<string, string | number>;
}

const PATH = "/api/reports/status-project";
const TEXT = new Set(["marketProject", "startDate", "firstProspectIn"]);

export default function StatusProjectReport(props: StatusProjectReportProps) {
  const t = useT();
  const lang = useLang();
  const [ids, setIds] = useState<number[]>(props.initial.marketProjectIds);
  const [date, setDate] = useState(props.initial.referenceDate ?? props.today);
  const { report, busy, run, useStart, csvHref } = useReport<Report>({
    tab: "statusProject",
    path: PATH,
    initial: props.report,
    shownQuery: props.shownQuery,
  });
  const filter = () => {
    const ok = !!date && ids.length <= REPORT_PROJECT_LIMIT;
    if (!date) toastError(t("reports.referenceDateRequired"));
    else if (!ok) toastError(t("reports.errors.tooManyProjects"));
    return run(
      ok
        ? { referenceDate: date, marketProjectIds: ids.join(","), limit: REPORT_PROJECT_LIMIT }
        : null,
      { marketProjectIds: ids, referenceDate: date },
    );
  };
  useStart(() => {
    if (props.initial.referenceDate) filter();
  });

  const columns = PROJECT_REPORT_COLUMNS.map((c) => ({
    key: c,
    label: t(`reports.columns.${c}`),
    text: TEXT.has(c),
  }));
  const zone = props.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <section class="space-y-4">
      <ReportForm testId="project" busy={busy} csvHref={csvHref} onRun={filter}>
        <MultiSelect
          label={t("reports.marketProjects")}
          placeholder={t("reports.chooseProjects")}
          options={props.projects.map((p) => ({ value: p.marketProjectId, label: p.name }))}
          selected={ids}
          onChange={setIds}
          max={REPORT_PROJECT_LIMIT}
          selectedLabel={(n) => t("reports.selectedCount", { n })}
          testId="project-projects"
        />
        <label class="w-44">
          <span class="label">{t("reports.referenceDate")} *</span>
          <DateInput name="referenceDate" testId="project-date" value={date} onChange={setDate} />
        </label>
      </ReportForm>
      <p class="text-xs text-slate-500">
        {`${t("reports.maxProjects", { n: REPORT_PROJECT_LIMIT })}. ${t("reports.projectsHint")}`}
      </p>
      <ReportResults testId="project" report={report} timeZone={props.timeZone}>
        {report && (
          <>
            <ReportTable
              testId="project-table"
              caption={t("reports.tabs.statusProject")}
              columns={columns}
              rows={report.rows.map((r) => ({
                ...withStatusShares(r, lang),
                firstProspectIn: firstInDate(r.firstProspectIn as string | null, zone),
              }))}
            />
            <StatusChart testId="project-chart" rows={report.rows} />
          </>
        )}
      </ReportResults>
    </section>
  );
}
