/**
 * The Prospects screen (spec §2): filter bar, the editable grid with the add-new last row, sort by
 * follow-up date, paging, Assign/X, save/delete with toasts, the 409 conflict notice and the notes
 * dialog (loaded on first use). The server renders the first page; this island takes over.
 */
import { useState } from "react";
import type { ComponentType } from "preact";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { ApiError, buildUrl, del, get, patch, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { errorCodeOf, minFollowUpDate, type Prospect, validateRow } from "@/lib/domain/prospect.ts";
import { PAGE_SIZES } from "@/lib/domain/statuses.ts";
import { FilterBar } from "@/islands/prospects/FilterBar.tsx";
import {
  type GridUser,
  ProspectRow,
  type RowActions,
  type RowDraft,
  type RowEnv,
} from "@/islands/prospects/ProspectRow.tsx";
import { ConfirmDialog } from "@/islands/prospects/ConfirmDialog.tsx";
import { type DuplicateMatch, DuplicatePrompt } from "@/islands/prospects/DuplicatePrompt.tsx";
import type { ImportDialogProps } from "@/islands/prospects/ImportDialog.tsx";
import { apiQuery, defaultFilters, type Filters, urlQuery } from "@/islands/prospects/query.ts";
import type { NotesDialogProps } from "@/islands/NotesDialog.tsx";

export interface ProspectGridProps {
  projects: { marketProjectId: number; name: string }[];
  /** The clubs the selects list: the user's subscribed ones (every club when they have none). */
  clubs: { clubId: number; name: string }[];
  /** The user's subscribed clubs: the club filter and the add row list these. */
  myClubIds: number[];
  user: GridUser;
  timeZone: string;
  /** The server's clock when it rendered (ages match on hydration). */
  now: string;
  filters: Filters;
  rows: Prospect[];
  total: number;
}

const errorText = (t: (k: string) => string, e: unknown): string => {
  if (!(e instanceof ApiError)) return t("common.networkError");
  const key = `prospects.errors.${e.code}`;
  const known = t(key);
  return known !== key ? known : e.message;
};

export default function ProspectGrid(props: ProspectGridProps) {
  const t = useT();
  const lang = useLang();
  const [filters, setFilters] = useState<Filters>(props.filters);
  const [form, setForm] = useState<Filters>(props.filters);
  const [rows, setRows] = useState<Prospect[]>(props.rows);
  const [total, setTotal] = useState(props.total);
  const [now, setNow] = useState(() => new Date(props.now));
  const [conflicts, setConflicts] = useState<Record<string, RowDraft>>({});
  const [fresh, setFresh] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<Prospect | null>(null);
  // Loaded on first use, like the notes dialog: the page's own JavaScript stays small.
  const [Importer, setImporter] = useState<ComponentType<ImportDialogProps> | null>(null);
  const [importing, setImporting] = useState(false);
  const [notesFor, setNotesFor] = useState<Prospect | null>(null);
  const [Notes, setNotes] = useState<ComponentType<NotesDialogProps> | null>(null);

  const allClubs = new Map(props.clubs.map((c) => [c.clubId, c.name]));
  const myClubs = props.myClubIds.length
    ? props.myClubIds.map((id) => ({ clubId: id, name: allClubs.get(id) ?? String(id) }))
    : props.clubs;
  const project = props.projects.find((p) => p.marketProjectId === filters.marketProjectId);

  const load = async (f: Filters, keep: string[] = []) => {
    setFilters(f);
    if (typeof history !== "undefined") history.replaceState(null, "", `/prospects?${urlQuery(f)}`);
    if (!f.marketProjectId) {
      setRows([]);
      setTotal(0);
      return;
    }
    try {
      const r = await get<Prospect[]>("/api/prospects", { query: apiQuery(f, props.myClubIds) });
      let list = r.data;
      // A row just added stays visible at the top even when its sort position is elsewhere.
      const extra = rows.filter((p) => keep.includes(p.id) && !list.some((x) => x.id === p.id));
      list = [...extra, ...list];
      setRows(list);
      setTotal(Number(r.headers.get("x-total-elements") ?? list.length));
      setNow(new Date());
      setConflicts({});
    } catch (e) {
      toastError(`${t("prospects.loadError")}: ${errorText(t, e)}`);
    }
  };

  const [duplicate, setDuplicate] = useState<
    {
      body: Record<string, unknown>;
      draft: RowDraft;
      assign: boolean;
      matches: DuplicateMatch[];
    } | null
  >(null);

  const replaceRow = (p: Prospect) => setRows((rs) => rs.map((r) => (r.id === p.id ? p : r)));

  /** POST a new row; allowDuplicate after the user chose "Skapa ändå". */
  const create = async (
    body: Record<string, unknown>,
    d: RowDraft,
    assign: boolean,
    allowDuplicate: boolean,
  ) => {
    const r = await post<Prospect & { possibleDuplicates?: DuplicateMatch[] }>("/api/prospects", {
      ...body,
      customerId: d.customerId || undefined,
      marketProjectId: filters.marketProjectId,
      assignId: assign ? props.user.email : undefined,
      allowDuplicate: allowDuplicate || undefined,
    });
    const elsewhere = r.data.possibleDuplicates?.length ?? 0;
    toastSuccess(
      elsewhere
        ? `${t("prospects.created")}. ${t("duplicates.elsewhere", { count: elsewhere })}`
        : t("prospects.created"),
    );
    setRows((rs) => [r.data, ...rs]);
    setFresh((f) => [...f, r.data.id]);
    setTotal((n) => n + 1);
    return null;
  };

  const save: RowActions["save"] = async (p, d, assign) => {
    const body = {
      firstName: d.firstName,
      lastName: d.lastName,
      tag: d.tag,
      phoneNumber: d.phoneNumber,
      email: d.email,
      clubId: d.clubId,
      followUpDate: d.followUpDate || null,
    };
    const local = validateRow(
      {
        ...body,
        sellStatus: p ? d.sellStatus || null : null,
        marketProjectId: filters.marketProjectId,
      },
      { now: new Date(), timeZone: props.timeZone, previousFollowUpDate: p?.followUpDate },
    );
    if (Object.keys(local).length) {
      // The §5 message when there is one (follow-up date), else the generic validation text.
      const key = `prospects.errors.${errorCodeOf(local)}`;
      const why = t(key) !== key ? t(key) : t("validation.generic");
      toastError(`${t(p ? "prospects.updateError" : "prospects.createError")}: ${why}`);
      return local;
    }
    try {
      if (!p) return await create(body, d, assign, false);
      const r = await put<Prospect>(`/api/prospects/${p.id}`, {
        ...body,
        sellStatus: d.sellStatus || null,
        marketProjectId: p.marketProjectId,
        version: p.version,
      });
      replaceRow(r.data);
      setConflicts(({ [p.id]: _gone, ...rest }) => rest);
      toastSuccess(t("prospects.updated"));
      return null;
    } catch (e) {
      const what = t(p ? "prospects.updateError" : "prospects.createError");
      if (!p && e instanceof ApiError && e.code === "DUPLICATE_PROSPECT") {
        const matches = (e.data as { duplicates?: DuplicateMatch[] } | undefined)?.duplicates ?? [];
        setDuplicate({ body, draft: d, assign, matches });
        return { _: e.message };
      }
      if (p && e instanceof ApiError && e.status === 409) {
        const current = (e.data as { current?: Prospect } | undefined)?.current;
        if (current) {
          replaceRow(current);
          setConflicts((c) => ({ ...c, [p.id]: d }));
        }
        toastError(t("prospects.reloaded"));
        return null;
      }
      if (p && e instanceof ApiError && e.status === 404) {
        setRows((rs) => rs.filter((r) => r.id !== p.id));
      }
      toastError(`${what}: ${errorText(t, e)}`);
      return e instanceof ApiError && Object.keys(e.fields).length ? e.fields : { _: what };
    }
  };

  const assignTo = async (p: Prospect, assignId: string | null) => {
    const ok = assignId ? "prospects.assigned" : "prospects.unassigned";
    const bad = assignId ? "prospects.assignError" : "prospects.unassignError";
    try {
      const r = await patch<Prospect>(`/api/prospects/${p.id}/assign`, {
        assignId,
        assignName: assignId ? props.user.firstName : null,
        // No version: the server decides from the current assignee (ALREADY_ASSIGNED,
        // NOT_ASSIGNEE), so a colleague's unrelated save does not make Assign fail.
      });
      replaceRow(r.data);
      toastSuccess(t(ok));
    } catch (e) {
      const current = e instanceof ApiError
        ? (e.data as { current?: Prospect } | undefined)?.current
        : undefined;
      if (current) replaceRow(current);
      toastError(`${t(bad)}: ${errorText(t, e)}`);
    }
  };

  const remove = async (p: Prospect) => {
    setDeleting(null);
    try {
      await del(`/api/prospects/${p.id}`);
      toastSuccess(t("prospects.deleted"));
      setRows((rs) => rs.filter((r) => r.id !== p.id));
      setTotal((n) => Math.max(0, n - 1));
    } catch (e) {
      toastError(`${t("prospects.deleteError")}: ${errorText(t, e)}`);
    }
  };

  const restore = async (p: Prospect) => {
    try {
      await put(`/api/prospects/restore/${p.id}`, {});
      toastSuccess(t("privacy.restored"));
      setRows((rs) => rs.filter((r) => r.id !== p.id));
      setTotal((n) => Math.max(0, n - 1));
    } catch (e) {
      toastError(`${t("privacy.restoreError")}: ${errorText(t, e)}`);
    }
  };

  const openNotes = async (p: Prospect) => {
    if (!Notes) {
      const m = await import("@/islands/NotesDialog.tsx");
      setNotes(() => m.default);
    }
    setNotesFor(p);
  };

  const actions: RowActions = {
    save,
    assign: (p) => assignTo(p, props.user.email),
    unassign: (p) => assignTo(p, null),
    remove: (p) => setDeleting(p),
    restore,
    notes: openNotes,
  };
  const env: RowEnv = {
    user: props.user,
    clubs: myClubs,
    clubName: (id) => allClubs.get(id) ?? String(id),
    projectName: project?.name ?? "",
    lang,
    timeZone: props.timeZone,
    now,
    minDate: minFollowUpDate(now, props.timeZone),
  };

  const chooseProject = (marketProjectId: number | null) => {
    const next = { ...form, marketProjectId, page: 1 };
    setForm(next);
    load(next);
    patch(`/api/users/${props.user.id}/settings/market-project`, {
      selectedMarketProjectId: marketProjectId,
    }).catch(() => {});
  };
  const pages = Math.max(1, Math.ceil(total / filters.size));
  const from = total === 0 ? 0 : (filters.page - 1) * filters.size + 1;
  const to = Math.min(total, filters.page * filters.size);
  const go = (patchF: Partial<Filters>) => {
    const next = { ...filters, ...patchF };
    setForm((f) => ({ ...f, ...patchF }));
    load(next, fresh);
  };

  /** A header with a short label (the full one on hover and for screen readers): the row fits
   * 1280 px without sideways scrolling. */
  const shortTh = (k: "marketProject" | "activityStatus" | "note") => (
    <th aria-label={t(`prospects.columns.${k}`)}>
      <abbr class="no-underline" title={t(`prospects.columns.${k}`)}>
        {t(`prospects.columnsShort.${k}`)}
      </abbr>
    </th>
  );

  return (
    <div class="space-y-3">
      <FilterBar
        admin={props.user.admin}
        form={form}
        projects={props.projects}
        clubs={myClubs}
        onChange={(p) => setForm((f) => ({ ...f, ...p }))}
        onProject={chooseProject}
        onSubmit={() => {
          // Spec §5: searching needs a market project.
          if (!form.marketProjectId) toastError(t("validation.selectMarketingProjectFirst"));
          else if (
            form.registerDate && form.registerEndDate && form.registerEndDate < form.registerDate
          ) toastError(t("ux.errors.dateRangeReversed")); // the server says so too (400)
          else load({ ...form, page: 1 });
        }}
        onClear={() => {
          const next = { ...defaultFilters(form.marketProjectId), size: form.size };
          setForm(next);
          load(next);
        }}
      />
      {!filters.marketProjectId
        ? (
          <p class="card p-6 text-center text-slate-600" data-testid="select-project-message">
            {t("prospects.selectMarketProjectMessage")}
          </p>
        )
        : (
          <div class="card">
            <div class="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm">
              <strong data-testid="total">{t("prospects.total", { count: total })}</strong>
              <span class="text-xs text-slate-500">{project?.name}</span>
              {!filters.deleted && (
                <a
                  class="btn btn-secondary !py-0.5 !text-xs"
                  href={buildUrl("/api/prospects", {
                    ...apiQuery(filters, props.myClubIds),
                    page: undefined,
                    size: undefined,
                    format: "csv",
                  })}
                  download
                  data-testid="export-csv"
                >
                  {t("duplicates.export")}
                </a>
              )}
              {!filters.deleted && project && (
                <button
                  type="button"
                  class="btn btn-secondary !py-0.5 !text-xs"
                  data-testid="import-csv"
                  onClick={async () => {
                    if (!Importer) {
                      const m = await import("@/islands/prospects/ImportDialog.tsx");
                      setImporter(() => m.ImportDialog);
                    }
                    setImporting(true);
                  }}
                >
                  {t("intake.import.button")}
                </button>
              )}
              <label class="ml-auto flex items-center gap-1 text-xs text-slate-600">
                {t("urgency.sortBy")}
                <select
                  class="input !w-auto !py-0.5 !text-xs"
                  data-testid="sort-by"
                  value={filters.sort}
                  onChange={(e) =>
                    go({
                      sort: (e.target as HTMLSelectElement).value === "urgency"
                        ? "urgency"
                        : "followUpDate",
                      page: 1,
                    })}
                >
                  {/* `selected` too: server-rendered HTML has no select value to hydrate */}
                  <option value="followUpDate" selected={filters.sort !== "urgency"}>
                    {t("urgency.followUpDate")}
                  </option>
                  <option value="urgency" selected={filters.sort === "urgency"}>
                    {t("urgency.urgency")}
                  </option>
                </select>
              </label>
            </div>
            <div class="overflow-x-auto">
              <table
                class="table [&_td]:!px-[3px] [&_th]:!px-[3px] [&_th]:!text-[11px] [&_th]:!normal-case [&_th]:!tracking-normal"
                data-testid="prospect-grid"
              >
                <thead>
                  <tr>
                    <th>{t("prospects.columns.customerId")}</th>
                    <th>{t("prospects.columns.firstName")}</th>
                    <th>{t("prospects.columns.lastName")}</th>
                    <th>{t("prospects.columns.tag")}</th>
                    {shortTh("note")}
                    <th>{t("prospects.columns.phone")}</th>
                    <th>{t("prospects.columns.email")}</th>
                    {shortTh("marketProject")}
                    <th>{t("prospects.columns.sellStatus")}</th>
                    <th>{t("prospects.columns.club")}</th>
                    {shortTh("activityStatus")}
                    <th aria-sort={filters.sortFollowUpDate === "asc" ? "ascending" : "descending"}>
                      <button
                        type="button"
                        class="inline-flex items-center gap-1 font-semibold hover:text-brand-700"
                        data-testid="sort-followUpDate"
                        title={t(
                          filters.sortFollowUpDate === "asc"
                            ? "prospects.sortFollowUpDesc"
                            : "prospects.sortFollowUpAsc",
                        )}
                        onClick={() =>
                          go({
                            sortFollowUpDate: filters.sortFollowUpDate === "asc" ? "desc" : "asc",
                            sort: "followUpDate",
                            page: 1,
                          })}
                      >
                        <abbr class="no-underline" title={t("prospects.columns.followUpDate")}>
                          {t("prospects.columnsShort.followUpDate")}
                        </abbr>
                        <span aria-hidden="true">
                          {filters.sortFollowUpDate === "asc" ? "▲" : "▼"}
                        </span>
                      </button>
                    </th>
                    <th>{t("prospects.columns.age")}</th>
                    <th>{t("prospects.columns.assignee")}</th>
                    <th class="sticky right-0">{t("prospects.columns.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p) => (
                    <ProspectRow
                      key={`${p.id}:${p.version}`}
                      p={p}
                      env={env}
                      actions={actions}
                      conflict={conflicts[p.id] ?? null}
                      highlight={fresh.includes(p.id)}
                    />
                  ))}
                  {rows.length === 0 && (
                    <tr>
                      <td
                        colSpan={15}
                        class="py-6 text-center text-slate-500"
                        data-testid="grid-empty"
                      >
                        {t("prospects.empty")}
                      </td>
                    </tr>
                  )}
                  <ProspectRow
                    key={`new:${filters.marketProjectId}`}
                    p={null}
                    env={env}
                    actions={actions}
                  />
                </tbody>
              </table>
            </div>
            <nav
              class="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 px-3 py-2 text-sm"
              aria-label={t("common.pagination.label")}
              data-testid="pagination"
            >
              <label class="flex items-center gap-2">
                {t("common.pagination.rowsPerPage")}
                <select
                  class="input !w-20 !py-1"
                  value={String(filters.size)}
                  data-testid="page-size"
                  onChange={(e) =>
                    go({ size: Number((e.target as HTMLSelectElement).value), page: 1 })}
                >
                  {PAGE_SIZES.map((s) => (
                    <option key={s} value={String(s)} selected={s === filters.size}>{s}</option>
                  ))}
                </select>
              </label>
              <span data-testid="page-range">
                {t("common.pagination.range", { from, to, total })}
              </span>
              <button
                type="button"
                class="btn btn-secondary !px-2"
                disabled={filters.page <= 1}
                aria-label={t("common.pagination.previous")}
                data-testid="page-prev"
                onClick={() => go({ page: filters.page - 1 })}
              >
                ‹
              </button>
              <button
                type="button"
                class="btn btn-secondary !px-2"
                disabled={filters.page >= pages}
                aria-label={t("common.pagination.next")}
                data-testid="page-next"
                onClick={() => go({ page: filters.page + 1 })}
              >
                ›
              </button>
            </nav>
          </div>
        )}
      {importing && Importer && filters.marketProjectId && (
        <Importer
          marketProjectId={filters.marketProjectId}
          clubs={myClubs}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            load(filters);
          }}
        />
      )}
      {duplicate && (
        <DuplicatePrompt
          matches={duplicate.matches}
          clubName={(id) => allClubs.get(id) ?? String(id)}
          onCancel={() => setDuplicate(null)}
          onCreate={async () => {
            const dup = duplicate;
            setDuplicate(null);
            try {
              await create(dup.body, dup.draft, dup.assign, true);
            } catch (e) {
              toastError(`${t("prospects.createError")}: ${errorText(t, e)}`);
            }
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t("prospects.confirmDelete.title")}
          text={t("prospects.confirmDelete.text", {
            name: `${deleting.firstName} ${deleting.lastName}`,
          })}
          confirmLabel={t("prospects.delete")}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {Notes && notesFor && (
        <Notes
          prospect={notesFor}
          user={props.user}
          timeZone={props.timeZone}
          onClose={() => setNotesFor(null)}
          onProspectChange={replaceRow}
        />
      )}
    </div>
  );
}
