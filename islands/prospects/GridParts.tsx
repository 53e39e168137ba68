/**
 * The prospect grid's frame: the toolbar above it (total, Export, Import, the sort select) and its
 * header row (short labels, the follow-up sort); the pagination below is components/Pagination.tsx.
 * Markup only; the grid island owns the state and passes what to do.
 */
import { useT } from "@/lib/i18n/context.ts";
import type { GridColumn } from "@/lib/domain/prospect_schemas.ts";
import {
  headWidth,
  inColumnOrder,
  OWN_COLUMNS,
  type OwnColumn,
} from "@/islands/prospects/columns.ts";

export function GridToolbar(
  { total, projectName, exportHref, onImport, onDuplicates, sort, onSort }: {
    total: number;
    projectName: string;
    /** The CSV download of the current filters (null: not offered, e.g. the deleted rows). */
    exportHref: string | null;
    onImport: (() => void) | null;
    /** Opens the project's possible duplicates (null: not offered). */
    onDuplicates: (() => void) | null;
    sort: "followUpDate" | "urgency";
    onSort: (sort: "followUpDate" | "urgency") => void;
  },
) {
  const t = useT();
  return (
    <div class="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm">
      <strong data-testid="total">{t("prospects.total", { count: total })}</strong>
      <span class="text-xs text-slate-500">{projectName}</span>
      {exportHref && (
        <a
          class="btn btn-secondary !py-0.5 !text-xs"
          href={exportHref}
          download
          data-testid="export-csv"
        >
          {t("duplicates.export")}
        </a>
      )}
      {onImport && (
        <button
          type="button"
          class="btn btn-secondary !py-0.5 !text-xs"
          data-testid="import-csv"
          onClick={onImport}
        >
          {t("intake.import.button")}
        </button>
      )}
      {onDuplicates && (
        <button
          type="button"
          class="btn btn-secondary !py-0.5 !text-xs"
          data-testid="open-duplicates"
          onClick={onDuplicates}
        >
          {t("merge.title")}
        </button>
      )}
      <label class="ml-auto flex items-center gap-1 text-xs text-slate-600">
        {t("urgency.sortBy")}
        <select
          class="input !w-auto !py-0.5 !text-xs"
          data-testid="sort-by"
          value={sort}
          onChange={(e) =>
            onSort(
              (e.target as HTMLSelectElement).value === "urgency" ? "urgency" : "followUpDate",
            )}
        >
          {/* `selected` too: server-rendered HTML has no select value to hydrate */}
          <option value="followUpDate" selected={sort !== "urgency"}>
            {t("urgency.followUpDate")}
          </option>
          <option value="urgency" selected={sort === "urgency"}>
            {t("urgency.urgency")}
          </option>
        </select>
      </label>
    </div>
  );
}

/** The header row; a few columns have a short label (the full one on hover and for readers). */
export function GridHead(
  { columns, followUp, onFollowUp, page, onPage }: {
    columns: GridColumn[];
    followUp: "asc" | "desc";
    onFollowUp: () => void;
    /** The page's rows chosen for a bulk change: all, some or none (null: no checkbox). */
    page: "all" | "some" | "none" | null;
    onPage: (checked: boolean) => void;
  },
) {
  const t = useT();
  /** Short labels keep the row within 1280 px without sideways scrolling. */
  const w = (c: OwnColumn) => headWidth(OWN_COLUMNS[c].width);
  const shortTh = (c: OwnColumn, k: "marketProject" | "activityStatus" | "note" | "age") => (
    <th aria-label={t(`prospects.columns.${k}`)} style={w(c)}>
      <abbr class="no-underline" title={t(`prospects.columns.${k}`)}>
        {t(`prospects.columnsShort.${k}`)}
      </abbr>
    </th>
  );
  const own: Record<OwnColumn, preact.JSX.Element> = {
    id: (
      <th style={w("id")}>
        <span class="flex flex-col items-start">
          {page && (
            <input
              type="checkbox"
              checked={page === "all"}
              ref={(el) => {
                if (el) el.indeterminate = page === "some";
              }}
              aria-label={t("bulk.selectPage")}
              data-testid="select-page"
              onChange={(e) => onPage((e.target as HTMLInputElement).checked)}
            />
          )}
          <abbr class="no-underline" title={t("prospects.columns.customerId")}>
            {t("prospects.columnsShort.customerId")}
          </abbr>
        </span>
      </th>
    ),
    notes: shortTh("notes", "note"),
    project: shortTh("project", "marketProject"),
    status: <th style={w("status")}>{t("prospects.columns.sellStatus")}</th>,
    club: <th style={w("club")}>{t("prospects.columns.club")}</th>,
    activity: shortTh("activity", "activityStatus"),
    follow: (
      <th style={w("follow")} aria-sort={followUp === "asc" ? "ascending" : "descending"}>
        <button
          type="button"
          class="inline-flex items-center gap-1 font-semibold hover:text-brand-700"
          data-testid="sort-followUpDate"
          title={t(followUp === "asc" ? "prospects.sortFollowUpDesc" : "prospects.sortFollowUpAsc")}
          onClick={onFollowUp}
        >
          <abbr class="no-underline" title={t("prospects.columns.followUpDate")}>
            {t("prospects.columnsShort.followUpDate")}
          </abbr>
          <span aria-hidden="true">{followUp === "asc" ? "▲" : "▼"}</span>
        </button>
      </th>
    ),
    age: shortTh("age", "age"),
    assign: <th style={w("assign")}>{t("prospects.columns.assignee")}</th>,
    actions: <th class="sticky right-0" style={w("actions")}>{t("prospects.columns.actions")}</th>,
  };
  return (
    <thead>
      <tr>
        {inColumnOrder(columns, (c) =>
          own[c], (c) => <th style={headWidth(c.width)}>{t(`prospects.columns.${c.label}`)}</th>)}
      </tr>
    </thead>
  );
}
