/**
 * Reports → Status project club: reference date, market projects (Select all), report type Club or
 * District (changing it clears the selection and the results), clubs or districts (Select all),
 * Filter; one row per club or district, a distribution chart, CSV download.
 */
import { DateInput } from "@/components/DateInput.tsx";
import { useState } from "react";
import { toastError } from "@/lib/client/toast.ts";
import { GROUP_REPORT_COLUMNS, type StatusGroupReport as Report } from "@/lib/domain/reports.ts";
import { useT } from "@/lib/i18n/context.ts";
import { MultiSelect } from "@/components/reports/MultiSelect.tsx";
import { ReportTable } from "@/components/reports/ReportTable.tsx";
import {
  forgetLast,
  ReportForm,
  ReportResults,
  StatusChart,
  useReport,
} from "@/islands/reports/shared.tsx";

type Kind = "clubs" | "district";

export interface StatusProjectClubReportProps {
  /** The configured zone (TZ_NAME): the report's "now" reads in it. */
  timeZone?: string;
  projects: { marketProjectId: number; name: string }[];
  clubs: { clubId: number; name: string }[];
  districts: { districtId: number; name: string }[];
  today: string;
  initial: {
    referenceDate: string | null;
    marketProjectIds: number[];
    collection: Kind | null;
    ids: number[];
  };
  report?: Report | null;
  shownQuery?: Record<string, string | number>;
}

const PATH = "/api/reports/status-project";

export default function StatusProjectClubReport(props: StatusProjectClubReportProps) {
  const t = useT();
  const init = props.initial;
  const [date, setDate] = useState(init.referenceDate ?? props.today);
  const [projects, setProjects] = useState<number[]>(init.marketProjectIds);
  const [kind, setKind] = useState<Kind | "">(init.collection ?? "");
  const [ids, setIds] = useState<number[]>(init.ids);
  const { report, setReport, busy, run, useStart, csvHref } = useReport<Report>({
    tab: "statusProjectClub",
    path: PATH,
    initial: props.report,
    shownQuery: props.shownQuery,
  });
  const filter = () => {
    const ok = !!date && !!kind && ids.length > 0 && projects.length > 0;
    if (!ok) toastError(t("reports.fillAllRequired"));
    return run(
      ok
        ? {
          referenceDate: date,
          marketProjectIds: projects.join(","),
          prospectFieldKey: kind === "district" ? "districtId" : "clubId",
          collection: kind,
          ids: ids.join(","),
        }
        : null,
      { referenceDate: date, marketProjectIds: projects, collection: kind, ids },
    );
  };
  useStart(() => {
    const complete = init.referenceDate && init.collection && init.ids.length &&
      init.marketProjectIds.length;
    if (complete) filter();
  });

  const switchKind = (next: Kind | "") => {
    setKind(next);
    setIds([]);
    setReport(null);
    forgetLast("statusProjectClub");
  };

  const groupOptions = kind === "district"
    ? props.districts.map((d) => ({ value: d.districtId, label: d.name }))
    : props.clubs.map((c) => ({ value: c.clubId, label: c.name }));
  const first = report?.collection === "district" ? "district" : "club";
  const columns = [
    { key: "name", label: t(`reports.columns.${first}`), text: true },
    ...GROUP_REPORT_COLUMNS.map((c) => ({ key: c, label: t(`reports.columns.${c}`) })),
  ];

  return (
    <section class="space-y-4">
      <ReportForm testId="club" busy={busy} csvHref={csvHref} onRun={filter}>
        <label class="w-44">
          <span class="label">{t("reports.referenceDate")} *</span>
          <DateInput name="referenceDate" testId="club-date" value={date} onChange={setDate} />
        </label>
        <MultiSelect
          label={`${t("reports.marketProjects")} *`}
          placeholder={t("reports.chooseProjects")}
          options={props.projects.map((p) => ({ value: p.marketProjectId, label: p.name }))}
          selected={projects}
          onChange={setProjects}
          selectAllLabel={t("reports.selectAll")}
          selectedLabel={(n) => t("reports.selectedCount", { n })}
          testId="club-projects"
        />
        <label class="w-40">
          <span class="label">{t("reports.reportType")} *</span>
          <select
            class="input"
            name="collection"
            data-testid="club-kind"
            value={kind}
            onChange={(e) => switchKind((e.currentTarget as HTMLSelectElement).value as Kind | "")}
          >
            <option value="" selected={kind === ""}>–</option>
            <option value="clubs" selected={kind === "clubs"}>{t("reports.typeClub")}</option>
            <option value="district" selected={kind === "district"}>
              {t("reports.typeDistrict")}
            </option>
          </select>
        </label>
        {kind && (
          <MultiSelect
            key={kind}
            label={`${t(kind === "district" ? "reports.districts" : "reports.clubs")} *`}
            placeholder={t(kind === "district" ? "reports.chooseDistricts" : "reports.chooseClubs")}
            options={groupOptions}
            selected={ids}
            onChange={setIds}
            selectAllLabel={t("reports.selectAll")}
            selectedLabel={(n) => t("reports.selectedCount", { n })}
            testId="club-ids"
          />
        )}
      </ReportForm>
      <ReportResults testId="club" report={report} timeZone={props.timeZone}>
        {report && (
          <>
            <ReportTable
              testId="club-table"
              caption={t("reports.tabs.statusProjectClub")}
              columns={columns}
              rows={report.rows}
            />
            <StatusChart testId="club-chart" rows={report.rows} />
          </>
        )}
      </ReportResults>
    </section>
  );
}
