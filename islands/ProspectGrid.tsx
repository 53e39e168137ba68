/**
 * The Prospects screen (spec §2): filter bar, the editable grid with the add-new last row, sort by
 * follow-up date, paging, Assign/X, save/delete with toasts, the 409 conflict notice and the notes
 * dialog (loaded on first use). The server renders the first page; this island takes over.
 */
import { EmptyRow } from "@/components/Buttons.tsx";
import { useEffect, useState } from "react";
import type { ComponentType } from "preact";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { buildUrl, get, patch } from "@/lib/client/api.ts";
import { toastError } from "@/lib/client/toast.ts";
import { minFollowUpDate, type Prospect } from "@/lib/domain/prospect.ts";
import { FilterBar } from "@/islands/prospects/FilterBar.tsx";
import { GridHead, GridToolbar } from "@/islands/prospects/GridParts.tsx";
import { Pagination } from "@/components/Pagination.tsx";
import {
  defaultClub,
  type GridUser,
  ProspectRow,
  type RowActions,
  type RowDraft,
  type RowEnv,
  storedClub,
} from "@/islands/prospects/ProspectRow.tsx";
import { ConfirmDialog } from "@/islands/prospects/ConfirmDialog.tsx";
import {
  assignRow,
  createRow,
  type DuplicateState,
  errorText,
  type GridStore,
  removeRow,
  replaceRow,
  restoreRow,
  saveRow,
} from "@/islands/prospects/grid_actions.ts";
import { DuplicatePrompt } from "@/islands/prospects/DuplicatePrompt.tsx";
import type { ImportDialogProps } from "@/islands/prospects/ImportDialog.tsx";
import {
  apiQuery,
  defaultFilters,
  type Filters,
  filtersFromParams,
  urlQuery,
} from "@/islands/prospects/query.ts";
import type { NotesDialogProps } from "@/islands/NotesDialog.tsx";
import type { GridColumn } from "@/lib/domain/prospect_schemas.ts";
import type { SavedViewAnswer } from "@/lib/services/saved_views.ts";
import type { BulkBarProps } from "@/islands/prospects/BulkBar.tsx";
import type { MergeDialogProps } from "@/islands/prospects/MergeDialog.tsx";
import { SavedViews } from "@/islands/prospects/SavedViews.tsx";
import { type LiveRowsStore, useLiveRows } from "@/islands/prospects/live_rows.ts";

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
  /** The plain text columns (GRID_COLUMNS of lib/domain/prospect_schemas.ts), in order. */
  columns: GridColumn[];
  /** The user's own and the shared saved views; the one opened (`?view=`), if any. */
  views: SavedViewAnswer[];
  viewId: string | null;
  /** A prospect whose notes open once the grid has hydrated (after "Ta" on Idag). */
  openNotes?: string | null;
  /** A save of the current view the server action refused. */
  viewSaveError?: { name: string; message: string } | null;
}

export default function ProspectGrid(props: ProspectGridProps) {
  const t = useT();
  const lang = useLang();
  const { filters, rows, setRows, total, setTotal, now, conflicts, setConflicts, load } =
    useGridRows(props, t);
  const { fresh, setFresh } = useFreshRows(filters, rows, setRows, setTotal);
  const filterForm = useFilterForm(props, filters, load, fresh);
  const { form, setForm, chooseProject, go } = filterForm;
  const [deleting, setDeleting] = useState<Prospect | null>(null);
  // The import and notes dialogs are loaded on first use: the page's own JavaScript stays small.
  const [Importer, loadImporter] = useLazy<ImportDialogProps>(async () =>
    (await import("@/islands/prospects/ImportDialog.tsx")).ImportDialog
  );
  const [importing, setImporting] = useState(false);
  const [notesFor, setNotesFor] = useState<Prospect | null>(null);
  const selection = useSelection(rows, filters, props.myClubIds, load);
  const merging = useMerge(filters, (id) => clubName(id), load);
  const [Notes, loadNotes] = useLazy<NotesDialogProps>(async () =>
    (await import("@/islands/NotesDialog.tsx")).default
  );
  const showNotes = (p: Prospect) => loadNotes().then(() => setNotesFor(p));
  useNotesOnArrival(props.openNotes, rows, showNotes);
  const allClubs = new Map(props.clubs.map((c) => [c.clubId, c.name]));
  const clubName = (id: number) => allClubs.get(id) ?? String(id);
  const myClubs = props.myClubIds.length
    ? props.myClubIds.map((id) => ({ clubId: id, name: clubName(id) }))
    : props.clubs;
  const project = props.projects.find((p) => p.marketProjectId === filters.marketProjectId);
  // The add row's club: the one last used in this browser (read after hydration), else the first.
  const [lastClub, setLastClub] = useState<number | null>(null);
  useEffect(() => setLastClub(storedClub()), []);
  const [duplicate, setDuplicate] = useState<DuplicateState | null>(null);
  const store: GridStore = {
    t,
    user: props.user,
    timeZone: props.timeZone,
    columns: props.columns,
    filters,
    setRows,
    setTotal,
    setFresh,
    setConflicts,
    setDuplicate,
  };
  const actions = rowActions(store, setDeleting, showNotes);
  const env: RowEnv = {
    ...rowEnvOf(props, now),
    clubs: myClubs,
    clubName,
    projectName: project?.name ?? "",
    lang,
    defaultClubId: defaultClub(myClubs, lastClub),
  };

  return (
    <div class="space-y-3">
      <GridViews props={props} filters={filters} setForm={setForm} load={load} />
      <FilterBar
        admin={props.user.admin}
        form={form}
        projects={props.projects}
        clubs={props.user.admin ? props.clubs : myClubs}
        onChange={(p) => setForm((f) => ({ ...f, ...p }))}
        onProject={chooseProject}
        onSubmit={filterForm.submit}
        onClear={filterForm.clear}
      />
      {!filters.marketProjectId && !filters.search.trim()
        ? (
          <p class="card p-6 text-center text-slate-600" data-testid="select-project-message">
            {t("prospects.selectMarketProjectMessage")}
          </p>
        )
        : (
          <GridCard
            grid={{ rows, env, actions, conflicts, fresh, selection }}
            filters={filters}
            total={total}
            exportHref={filters.deleted || !project ? null : csvHref(filters, props.myClubIds)}
            onImport={filters.deleted || !project ? null : async () => {
              await loadImporter();
              setImporting(true);
            }}
            onDuplicates={filters.deleted || !project ? null : () => merging.open()}
            go={go}
          />
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
      <RowDialogs
        store={store}
        clubName={clubName}
        duplicate={duplicate}
        deleting={deleting}
        setDeleting={setDeleting}
        onMerge={merging.open}
      />
      {merging.dialog}
      {Notes && notesFor && (
        <Notes
          prospect={notesFor}
          timeZone={props.timeZone}
          onClose={() => setNotesFor(null)}
          onProspectChange={(p) => replaceRow(store, p)}
        />
      )}
    </div>
  );
}

/** The rows' environment that follows from the page's props and the clock. */
const rowEnvOf = (props: ProspectGridProps, now: Date) => ({
  user: props.user,
  timeZone: props.timeZone,
  now,
  minDate: minFollowUpDate(now, props.timeZone),
  columns: props.columns,
});

/** The saved views above the filter bar: opening one sets the filters exactly as saved. */
function GridViews({ props, filters, setForm, load }: {
  props: ProspectGridProps;
  filters: Filters;
  setForm: (f: Filters) => void;
  load: (f: Filters) => Promise<void>;
}) {
  const [views, setViews] = useState(props.views);
  return (
    <SavedViews
      views={views}
      viewId={props.viewId}
      current={urlQuery({ ...filters, page: 1 })}
      admin={props.user.admin}
      saveError={props.viewSaveError}
      onChange={setViews}
      onOpen={(v) => {
        // Exactly as saved; a view without a project keeps the one chosen.
        const f = filtersFromParams(new URLSearchParams(v.query), filters.marketProjectId);
        setForm(f);
        load(f);
      }}
    />
  );
}

/** Why the filters cannot be searched (an i18n key), or null. */
function filterProblem(f: Filters): string | null {
  // Spec §5: searching needs a market project.
  if (!f.marketProjectId) return "validation.selectMarketingProjectFirst";
  // The server says so too (400).
  if (f.registerDate && f.registerEndDate && f.registerEndDate < f.registerDate) {
    return "ux.errors.dateRangeReversed";
  }
  return null;
}

/** A component imported on first use: [it or null, load it]. */
function useLazy<P>(load: () => Promise<ComponentType<P>>) {
  const [C, setC] = useState<ComponentType<P> | null>(null);
  const ensure = async () => {
    if (!C) {
      const loaded = await load();
      setC(() => loaded);
    }
  };
  return [C, ensure] as const;
}

/**
 * The rows chosen for a bulk change (kept across pages and reloads until cleared or applied), and
 * the action bar, loaded with the first choice.
 */
function useSelection(
  rows: Prospect[],
  filters: Filters,
  myClubIds: number[],
  load: (f: Filters) => Promise<void>,
) {
  const [ids, setIds] = useState<string[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [Bar, loadBar] = useLazy<BulkBarProps>(async () =>
    (await import("@/islands/prospects/BulkBar.tsx")).default
  );
  useEffect(() => {
    if (ids.length) loadBar();
  }, [ids.length > 0]);
  const onPage = rows.filter((p) => ids.includes(p.id)).length;
  const choose = (chosen: string[], on: boolean) =>
    setIds((cur) =>
      on ? [...new Set([...cur, ...chosen])] : cur.filter((x) => !chosen.includes(x))
    );
  return {
    ids,
    Bar,
    /** Bulk changes are for live rows (not the admins' deleted view). */
    enabled: !filters.deleted,
    page: (!rows.length ? "none" : onPage === rows.length ? "all" : onPage ? "some" : "none") as
      | "all"
      | "some"
      | "none",
    choose,
    summary,
    clear: () => {
      setIds([]);
      setSummary(null);
    },
    selectAll: async () => {
      try {
        const { matchingIds } = await import("@/islands/prospects/bulk.ts");
        setIds(await matchingIds(apiQuery(filters, myClubIds)));
      } catch (e) {
        toastError(String(e));
      }
    },
    versions: Object.fromEntries(rows.flatMap((p) => p.version ? [[p.id, p.version]] : [])),
    done: (text: string) => {
      setIds([]);
      setSummary(text);
      load(filters);
    },
  };
}
type Selection = ReturnType<typeof useSelection>;

/** The grid itself: its header, a row per prospect, and the add row last. */
function GridTable(
  { rows, env, actions, conflicts, fresh, marketProjectId, followUp, onFollowUp, selection }: {
    rows: Prospect[];
    env: RowEnv;
    actions: RowActions;
    conflicts: Record<string, RowDraft>;
    fresh: string[];
    marketProjectId: number | null;
    followUp: "asc" | "desc";
    onFollowUp: () => void;
    selection: Selection;
  },
) {
  const t = useT();
  const on = selection.enabled;
  return (
    <div class="overflow-x-auto">
      <table
        class="table [&_td]:!px-[3px] [&_th]:!px-[3px] [&_th]:!text-[11px] [&_th]:!normal-case [&_th]:!tracking-normal"
        data-testid="prospect-grid"
        data-all-projects={marketProjectId === null ? "true" : undefined}
      >
        <GridHead
          columns={env.columns}
          followUp={followUp}
          onFollowUp={onFollowUp}
          page={on && rows.length ? selection.page : null}
          onPage={(checked) => selection.choose(rows.map((p) => p.id), checked)}
        />
        <tbody>
          {rows.map((p) => (
            <ProspectRow
              key={`${p.id}:${p.version}`}
              p={p}
              env={env}
              actions={actions}
              conflict={conflicts[p.id] ?? null}
              highlight={fresh.includes(p.id)}
              selected={selection.ids.includes(p.id)}
              onSelect={on ? (checked) => selection.choose([p.id], checked) : undefined}
            />
          ))}
          {rows.length === 0 && (
            <EmptyRow colSpan={15} testId="grid-empty">{t("prospects.empty")}</EmptyRow>
          )}
          {marketProjectId !== null && (
            <ProspectRow
              key={`new:${marketProjectId}:${env.defaultClubId}`}
              p={null}
              env={env}
              actions={actions}
            />
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The rows marked as just added (by this user, or come in through the live desk's events, which
 * keep the rows current: lib/client/live.ts).
 */
function useFreshRows(
  filters: Filters,
  rows: Prospect[],
  setRows: LiveRowsStore["setRows"],
  setTotal: LiveRowsStore["setTotal"],
) {
  const [fresh, setFresh] = useState<string[]>([]);
  useLiveRows({ filters, rows, setRows, setTotal, setFresh });
  return { fresh, setFresh };
}

/** Opens the notes of the prospect the page was opened for (`?notes=<id>`), once, if allowed. */
function useNotesOnArrival(
  id: string | null | undefined,
  rows: Prospect[],
  open: (p: Prospect) => void,
) {
  useEffect(() => {
    const p = id ? rows.find((r) => r.id === id) : undefined;
    if (p?.may?.notes) open(p);
  }, []);
}

/** The rows shown, the filters they answer and reloading them (the URL follows the filters). */
function useGridRows(props: ProspectGridProps, t: (k: string) => string) {
  const [filters, setFilters] = useState<Filters>(props.filters);
  const [rows, setRows] = useState<Prospect[]>(props.rows);
  const [total, setTotal] = useState(props.total);
  const [now, setNow] = useState(() => new Date(props.now));
  const [conflicts, setConflicts] = useState<Record<string, RowDraft>>({});
  const load = async (f: Filters, keep: string[] = []) => {
    setFilters(f);
    if (typeof history !== "undefined") history.replaceState(null, "", `/prospects?${urlQuery(f)}`);
    // Without a project only a person search (every project the user may see) has rows.
    if (!f.marketProjectId && !f.search.trim()) {
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

  return { filters, rows, setRows, total, setTotal, now, conflicts, setConflicts, load };
}

/** "Möjliga dubbletter": the merge dialog, loaded on first use, on the project or on a pair. */
function useMerge(
  filters: Filters,
  clubName: (id: number) => string,
  load: (f: Filters) => Promise<void>,
) {
  const [Dialog, loadDialog] = useLazy<MergeDialogProps>(async () =>
    (await import("@/islands/prospects/MergeDialog.tsx")).default
  );
  const [open, setOpen] = useState<{ pair: [string, string] | null } | null>(null);
  return {
    open: async (pair: [string, string] | null = null) => {
      await loadDialog();
      setOpen({ pair });
    },
    dialog: Dialog && open && filters.marketProjectId
      ? (
        <Dialog
          marketProjectId={filters.marketProjectId}
          pair={open.pair}
          clubName={clubName}
          onClose={() => setOpen(null)}
          onMerged={() => load(filters)}
        />
      )
      : null,
  };
}

/** The prompts a row's action opens: a possible duplicate on create, and the delete confirmation. */
function RowDialogs(
  { store, clubName, duplicate, deleting, setDeleting, onMerge }: {
    store: GridStore;
    clubName: (id: number) => string;
    duplicate: DuplicateState | null;
    deleting: Prospect | null;
    setDeleting: (p: Prospect | null) => void;
    /** Open the merge of a pair: [kept, merged into it]. */
    onMerge: (pair: [string, string]) => void;
  },
) {
  const t = store.t;
  return (
    <>
      {duplicate && (
        <DuplicatePrompt
          matches={duplicate.matches}
          clubName={clubName}
          onCancel={() => store.setDuplicate(null)}
          onMerge={async (m) => {
            store.setDuplicate(null);
            try {
              const made = await createRow(
                store,
                duplicate.body,
                duplicate.draft,
                duplicate.assign,
                true,
              );
              onMerge([m.id, made.id]);
            } catch (e) {
              toastError(`${t("prospects.createError")}: ${errorText(t, e)}`);
            }
          }}
          onCreate={async () => {
            store.setDuplicate(null);
            try {
              await createRow(store, duplicate.body, duplicate.draft, duplicate.assign, true);
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
          onConfirm={() => {
            setDeleting(null);
            removeRow(store, deleting);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** The CSV download of the rows the filters match (every page). */
const csvHref = (f: Filters, myClubIds: number[]) =>
  buildUrl("/api/prospects", {
    ...apiQuery(f, myClubIds),
    page: undefined,
    size: undefined,
    format: "csv",
  });

/** The filter bar's values (applied on Search) and the changes that reload at once. */
function useFilterForm(
  props: ProspectGridProps,
  filters: Filters,
  load: (f: Filters, keep?: string[]) => Promise<void>,
  fresh: string[],
) {
  const t = useT();
  const [form, setForm] = useState<Filters>(props.filters);
  /** A project choice reloads at once and is remembered for the user. */
  const chooseProject = (marketProjectId: number | null) => {
    const next = { ...form, marketProjectId, page: 1 };
    setForm(next);
    load(next);
    patch(`/api/users/${props.user.id}/settings/market-project`, {
      selectedMarketProjectId: marketProjectId,
    }).catch(() => {});
  };
  /** Sort and paging: the applied filters change, the rows just added stay. */
  const go = (patchF: Partial<Filters>) => {
    const next = { ...filters, ...patchF };
    setForm((f) => ({ ...f, ...patchF }));
    load(next, fresh);
  };
  const submit = () => {
    const problem = filterProblem(form);
    if (problem) toastError(t(problem));
    else load({ ...form, page: 1 });
  };
  const clear = () => {
    const next = { ...defaultFilters(form.marketProjectId), size: form.size };
    setForm(next);
    load(next);
  };
  return { form, setForm, chooseProject, go, submit, clear };
}

/** What a row's buttons do (the grid's state changes through `store`). */
const rowActions = (
  store: GridStore,
  confirmDelete: (p: Prospect) => void,
  openNotes: (p: Prospect) => void,
): RowActions => ({
  save: (p, d, assign) => saveRow(store, p, d, assign),
  // "Ta": the caller takes the prospect and its notes open (the assignee's).
  assign: async (p) => {
    const taken = await assignRow(store, p, store.user.email);
    if (taken) openNotes(taken);
  },
  unassign: (p) => assignRow(store, p, null),
  remove: confirmDelete,
  restore: (p) => restoreRow(store, p),
  notes: openNotes,
});

type GridRows = Omit<
  Parameters<typeof GridTable>[0],
  "marketProjectId" | "followUp" | "onFollowUp"
>;

/** The grid's card: the toolbar, the table and the pagination. */
function GridCard(
  { grid, filters, total, exportHref, onImport, onDuplicates, go }: {
    grid: GridRows;
    filters: Filters;
    total: number;
    exportHref: string | null;
    onImport: (() => void) | null;
    onDuplicates: (() => void) | null;
    go: (patch: Partial<Filters>) => void;
  },
) {
  const sel = grid.selection;
  return (
    <div class="card">
      {sel.Bar && (sel.ids.length > 0 || sel.summary) && (
        <sel.Bar
          selected={sel.ids}
          total={total}
          onSelectAll={sel.selectAll}
          onClear={sel.clear}
          versions={sel.versions}
          user={grid.env.user}
          clubs={grid.env.clubs}
          summary={sel.summary}
          onDone={sel.done}
        />
      )}
      <GridToolbar
        total={total}
        projectName={grid.env.projectName}
        exportHref={exportHref}
        onImport={onImport}
        onDuplicates={onDuplicates}
        sort={filters.sort}
        onSort={(sort) => go({ sort, page: 1 })}
      />
      <GridTable
        {...grid}
        marketProjectId={filters.marketProjectId}
        followUp={filters.sortFollowUpDate}
        onFollowUp={() =>
          go({
            sortFollowUpDate: filters.sortFollowUpDate === "asc" ? "desc" : "asc",
            sort: "followUpDate",
            page: 1,
          })}
      />
      <Pagination
        page={filters.page}
        size={filters.size}
        total={total}
        onPage={(page) => go({ page })}
        onSize={(size) => go({ size, page: 1 })}
      />
    </div>
  );
}
