/** What the three report islands share (browser side): the report flow, its form and results. */
import { useEffect, useState } from "react";
import type { ComponentChildren } from "preact";
import { ApiError, buildUrl, get } from "@/lib/client/api.ts";
import { toastError } from "@/lib/client/toast.ts";
import { CsvLink } from "@/components/reports/ReportTable.tsx";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { BarChart } from "@/components/reports/BarChart.tsx";
import { addCounts, STATUS_COLUMN_ORDER, statusColumn } from "@/lib/domain/reports.ts";

const storageKey = (tab: string) => `klubbleads.reports.${tab}`;

/**
 * Keeps the last filter in the address bar and for this browser tab: a reload — or coming back
 * after changing the language — shows the same report again, in the new language.
 */
export function keepInAddress(tab: string, params: Record<string, string | number | number[]>) {
  if (typeof history === "undefined") return;
  const q = new URLSearchParams({ tab });
  for (const [k, v] of Object.entries(params)) {
    q.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  history.replaceState(null, "", `/reports?${q}`);
  try {
    sessionStorage.setItem(storageKey(tab), q.toString());
  } catch { /* storage off: the address still holds it */ }
}

/** Forgets the last filter (the type switch clears selection and results). */
export function forgetLast(tab: string) {
  try {
    sessionStorage.removeItem(storageKey(tab));
  } catch { /* nothing kept */ }
  if (typeof history !== "undefined") history.replaceState(null, "", `/reports?tab=${tab}`);
}

/** Opened without a filter but one was shown before in this browser tab: show it again. */
export function restoreLast(tab: string): boolean {
  try {
    const params = new URLSearchParams(location.search);
    params.delete("tab");
    const saved = sessionStorage.getItem(storageKey(tab));
    if (params.size > 0 || !saved) return false;
    location.replace(`/reports?${saved}`);
    return true;
  } catch {
    return false;
  }
}

/** "As of the end of 2026-03-08" or "As of now (10:17)". */
export function ReportAsOf(
  { asOf, referenceDate, live, timeZone }: {
    asOf: string;
    referenceDate: string;
    live: boolean;
    /** The configured zone (TZ_NAME), not the browser's. */
    timeZone?: string;
  },
) {
  const t = useT();
  const lang = useLang();
  const at = new Date(asOf);
  const text = live
    ? t("reports.asOfNow", {
      time: at.toLocaleTimeString(lang === "sv" ? "sv-SE" : "en-GB", {
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
      }),
    })
    : t("reports.asOfEnd", { date: referenceDate });
  return <p class="text-xs text-slate-500" data-testid="report-as-of">{text}</p>;
}

/** Splits a comma list from the address into numbers. */
export const idsFrom = (s: string | null | undefined) =>
  (s ?? "").split(",").map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The one report flow of the three tabs: the report on screen, its query (the CSV link downloads
 * exactly that), run = check → fetch → keep the filter in the address, and on mount the report of
 * the address (or the last one of this browser tab).
 */
export function useReport<R>(o: {
  tab: string;
  path: string;
  initial: R | null | undefined;
  shownQuery: Record<string, string | number> | undefined;
}) {
  const t = useT();
  const [report, setReport] = useState<R | null>(o.initial ?? null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Record<string, string | number>>(o.shownQuery ?? {});
  /** Runs a query (null: a check failed and was toasted); `address` is what the URL keeps. */
  const run = async (
    query: Record<string, string | number> | null,
    address: Record<string, string | number | number[]>,
  ) => {
    if (!query) return;
    setBusy(true);
    try {
      const { data } = await get<R>(o.path, { query });
      setReport(data);
      setShown(query);
      keepInAddress(o.tab, address);
    } catch (e) {
      toastError(e instanceof ApiError && e.status === 400 ? e.message : t("reports.loadError"));
    } finally {
      setBusy(false);
    }
  };
  /** On mount: nothing rendered by the server yet → the last report of this tab, or `start`. */
  const useStart = (start: () => void) =>
    useEffect(() => {
      if (!o.initial && restoreLast(o.tab)) return;
      if (!o.initial) start();
    }, []);
  const csvHref = report ? buildUrl(o.path, { ...shown, format: "csv" }) : null;
  return { report, setReport, busy, run, useStart, csvHref };
}

/** The filter form: the tab's fields, then Filter and (once a report is shown) the CSV link. */
export function ReportForm(
  { testId, busy, csvHref, onRun, children }: {
    /** The tab's test-id prefix, e.g. "age": age-filter, age-csv. */
    testId: string;
    busy: boolean;
    csvHref: string | null;
    onRun: () => void;
    children: ComponentChildren;
  },
) {
  const t = useT();
  return (
    <form
      class="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onRun();
      }}
      noValidate
    >
      {children}
      <button
        type="submit"
        class="btn btn-primary"
        disabled={busy}
        data-testid={`${testId}-filter`}
      >
        {t("reports.filter")}
      </button>
      {csvHref && (
        <CsvLink href={csvHref} label={t("reports.downloadCsv")} testId={`${testId}-csv`} />
      )}
    </form>
  );
}

/** The report's as-of line, table and chart — or the empty text before any report. */
export function ReportResults(
  { testId, report, timeZone, children }: {
    testId: string;
    report: { asOf: string; referenceDate: string; live: boolean } | null;
    timeZone?: string;
    children: ComponentChildren;
  },
) {
  const t = useT();
  return report
    ? (
      <div class="space-y-4">
        <ReportAsOf {...report} timeZone={timeZone} />
        {children}
      </div>
    )
    : <p class="text-sm text-slate-500" data-testid={`${testId}-empty`}>{t("reports.empty")}</p>;
}

/** Sums the status columns of report rows (for the distribution chart). */
function statusTotals(rows: Record<string, unknown>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const r of rows) {
    addCounts(
      sum,
      Object.fromEntries(STATUS_COLUMN_ORDER.map((s) => [s, Number(r[statusColumn(s)] ?? 0)])),
    );
  }
  return sum;
}

/** The distribution of the rows over the sell statuses, as bars. */
export function StatusChart({ testId, rows }: { testId: string; rows: Record<string, unknown>[] }) {
  const t = useT();
  const totals = statusTotals(rows);
  return (
    <BarChart
      testId={testId}
      title={t("reports.chartTitle")}
      items={STATUS_COLUMN_ORDER.map((s) => ({
        label: t(`sellStatus.${s}`),
        values: [totals[s] ?? 0],
      }))}
    />
  );
}
