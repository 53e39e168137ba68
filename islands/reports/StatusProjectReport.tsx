/**
 * Reports → Status project: up to 10 active projects and a reference date (default today), Filter;
 * one row per project with every status column and the totals, a bar chart of the status
 * distribution over the chosen projects, CSV download.
 */
import { DateInput } from "@/components/DateInput.tsx";
import { useEffect, useState } from "react";
import { ApiError, buildUrl, get } from "@/lib/client/api.ts";
import { toastError } from "@/lib/client/toast.ts";
import {
  addCounts,
  firstInDate,
  PROJECT_REPORT_COLUMNS,
  STATUS_COLUMN_ORDER,
  statusColumn,
  type StatusProjectReport as Report,
} from "@/lib/domain/reports.ts";
import { REPORT_PROJECT_LIMIT } from "@/lib/domain/statuses.ts";
import { useT } from "@/lib/i18n/context.ts";
import { BarChart } from "@/components/reports/BarChart.tsx";
import { MultiSelect } from "@/components/reports/MultiSelect.tsx";
import { CsvLink, ReportTable } from "@/components/reports/ReportTable.tsx";
import { keepInAddress, ReportAsOf, restoreLast } from "@/islands/reports/shared.tsx";

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

/** Sums the status columns of report rows (for the distribution chart). */
export function statusTotals(rows: Record<string, unknown>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const r of rows) {
    addCounts(
      sum,
      Object.fromEntries(STATUS_COLUMN_ORDER.map((s) => [s, Number(r[statusColumn(s)] ?? 0)])),
    );
  }
  return sum;
}

export default function StatusProjectReport(props: StatusProjectReportProps) {
  const t = useT();
  const [ids, setIds] = useState<number[]>(props.initial.marketProjectIds);
  const [date, setDate] = useState(props.initial.referenceDate ?? props.today);
  const [report, setReport] = useState<Report | null>(props.report ?? null);
  const [busy, setBusy] = useState(false);
  /** The query of the report on screen: its CSV link downloads exactly that. */
  const [shown, setShown] = useState<Record<string, string | number>>(props.shownQuery ?? {});

  const query = () => ({
    referenceDate: date,
    marketProjectIds: ids.join(","),
    limit: REPORT_PROJECT_LIMIT,
  });

  const run = async () => {
    if (!date) {
      toastError(t("reports.referenceDateRequired"));
      return;
    }
    if (ids.length > REPORT_PROJECT_LIMIT) {
      toastError(t("reports.errors.tooManyProjects"));
      return;
    }
    setBusy(true);
    try {
      const q = query();
      const { data } = await get<Report>(PATH, { query: q });
      setReport(data);
      setShown(q);
      keepInAddress("statusProject", { marketProjectIds: ids, referenceDate: date });
    } catch (e) {
      toastError(e instanceof ApiError && e.status === 400 ? e.message : t("reports.loadError"));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!props.report && restoreLast("statusProject")) return;
    if (!props.report && props.initial.referenceDate) run();
  }, []);

  const columns = PROJECT_REPORT_COLUMNS.map((c) => ({
    key: c,
    label: t(`reports.columns.${c}`),
    text: TEXT.has(c),
  }));
  const totals = report ? statusTotals(report.rows) : {};
  const zone = props.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <section class="space-y-4">
      <form
        class="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
        noValidate
      >
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
        <button type="submit" class="btn btn-primary" disabled={busy} data-testid="project-filter">
          {t("reports.filter")}
        </button>
        {report && (
          <CsvLink
            href={buildUrl(PATH, { ...shown, format: "csv" })}
            label={t("reports.downloadCsv")}
            testId="project-csv"
          />
        )}
      </form>
      <p class="text-xs text-slate-500">
        {`${t("reports.maxProjects", { n: REPORT_PROJECT_LIMIT })}. ${t("reports.projectsHint")}`}
      </p>
      {report
        ? (
          <div class="space-y-4">
            <ReportAsOf {...report} />
            <ReportTable
              testId="project-table"
              caption={t("reports.tabs.statusProject")}
              columns={columns}
              rows={report.rows.map((r) => ({
                ...r,
                firstProspectIn: firstInDate(r.firstProspectIn as string | null, zone),
              }))}
            />
            <BarChart
              testId="project-chart"
              title={t("reports.chartTitle")}
              items={STATUS_COLUMN_ORDER.map((s) => ({
                label: t(`sellStatus.${s}`),
                values: [totals[s] ?? 0],
              }))}
            />
          </div>
        )
        : <p class="text-sm text-slate-500" data-testid="project-empty">{t("reports.empty")}</p>}
    </section>
  );
}
