/**
 * The reports page's "Svarstid" (response time) tab, rendered on the server: a plain GET form
 * (project, registration period, district) and the per-club table of GET /api/reports/response-time
 * with its CSV download. No island: it works before and without JavaScript.
 */
import { CsvLink, ReportTable } from "@/components/reports/ReportTable.tsx";
import { SelectField } from "@/components/SelectField.tsx";
import { PeriodFields } from "@/components/reports/PeriodFields.tsx";
import { RESPONSE_TIME_COLUMNS } from "@/lib/domain/response_time.ts";
import { responseTimeQuerySchema } from "@/lib/domain/report_schemas.ts";
import { useT } from "@/lib/i18n/context.ts";
import { reportTab } from "@/routes/pages/report_tab.ts";
import { type ReportCtx, responseTime, type ResponseTimeReport } from "@/lib/services/reports.ts";

interface Props {
  projects: { marketProjectId: number; name: string }[];
  districts: { districtId: number; name: string }[];
  query: Record<string, string>;
  report: ResponseTimeReport | null;
  /** An i18n key: why the address's query gave no report. */
  error: string | null;
}

export function ResponseTimePanel({ projects, districts, query, report, error }: Props) {
  const t = useT();
  const label = (k: string) => t(`reports.responseTime.${k}`);
  const csv = report &&
    `/api/reports/response-time?${new URLSearchParams({
      marketProjectId: String(report.marketProjectId),
      from: report.from,
      to: report.to,
      ...(report.districtId !== null ? { districtId: String(report.districtId) } : {}),
      format: "csv",
    })}`;
  return (
    <div class="space-y-3">
      <p class="text-sm text-slate-600">{label("intro")}</p>
      <form
        method="get"
        action="/reports"
        class="card grid grid-cols-2 gap-3 p-3 sm:grid-cols-5"
        data-testid="response-form"
      >
        <input type="hidden" name="tab" value="responseTime" />
        <SelectField
          name="marketProjectId"
          label={t("reports.marketProject")}
          class="col-span-2 block sm:col-span-1"
          value={query.marketProjectId ?? ""}
          empty={t("common.select")}
          options={projects.map((p) => [String(p.marketProjectId), p.name])}
          onChange={() => {}}
          testId="response-project"
        />
        <PeriodFields
          label={label}
          query={query}
          report={report}
          districts={districts}
          testId="response"
        />
        <div class="flex items-end">
          <button type="submit" class="btn btn-primary" data-testid="response-submit">
            {label("show")}
          </button>
        </div>
      </form>
      {error && <p class="field-error" role="alert" data-testid="response-error">{t(error)}</p>}
      {report && (
        <>
          <div class="flex flex-wrap items-center gap-2">
            <strong>{`${report.marketProject}: ${report.from} – ${report.to}`}</strong>
            <CsvLink href={csv!} label={label("csv")} testId="response-csv" />
          </div>
          <ReportTable
            testId="response-table"
            caption={label("title")}
            columns={RESPONSE_TIME_COLUMNS.map((c) => ({
              key: c,
              label: label(`columns.${c}`),
              text: c === "clubName",
            }))}
            rows={report.rows.map((r) => ({
              ...r,
              medianMinutes: r.medianMinutes ?? label("none"),
            }))}
          />
        </>
      )}
    </div>
  );
}

/** The tab's content for the address's query (a report once a project is chosen). */
export function responseTimeTab(ctx: ReportCtx, query: Record<string, string>) {
  return reportTab(ctx, query, responseTimeQuerySchema, responseTime);
}
