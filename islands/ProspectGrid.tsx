/**
 * The Prospects screen (spec §2): filter bar, the editable grid with the add-new last row, sort by
 * follow-up date, paging, Assign/X, save/delete with toasts, the 409 conflict notice and the notes
 * dialog (loaded on first use). The server renders the first page; this island takes over.
 */
import { useState } from "react";
import type { ComponentType } from "preact";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { buildUrl, get, patch } from "@/lib/client/api.ts";
import { toastError } from "@/lib/client/toast.ts";
import { minFollowUpDate, type Prospect } from "@/lib/domain/prospect.ts";
import { FilterBar } from "@/islands/prospects/FilterBar.tsx";
import { GridHead, GridToolbar } from "@/islands/prospects/GridParts.tsx";
import { Pagination } from "@/components/Pagination.tsx";
import {
  type GridUser,
  ProspectRow,
  type RowActions,
  type RowDraft,
  type RowEnv,
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

  const [duplicate, setDuplicate] = useState<DuplicateState | null>(null);

  const store: GridStore = {
    t,
    user: props.user,
    timeZone: props.timeZone,
    filters,
    setRows,
    setTotal,
    setFresh,
    setConflicts,
    setDuplicate,
  };
  const replace = (p: Prospect) => replaceRow(store, p);

  const openNotes = async (p: Prospect) => {
    if (!Notes) {
      const m = await import("@/islands/NotesDialog.tsx");
      setNotes(() => m.default);
    }
    setNotesFor(p);
  };

  const actions: RowActions = {
    save: (p, d, assign) => saveRow(store, p, d, assign),
    assign: (p) => assignRow(store, p, props.user.email),
    unassign: (p) => assignRow(store, p, null),
    remove: (p) => setDeleting(p),
    restore: (p) => restoreRow(store, p),
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
  const go = (patchF: Partial<Filters>) => {
    const next = { ...filters, ...patchF };
    setForm((f) => ({ ...f, ...patchF }));
    load(next, fresh);
  };

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
            <GridToolbar
              total={total}
              projectName={project?.name ?? ""}
              exportHref={filters.deleted ? null : buildUrl("/api/prospects", {
                ...apiQuery(filters, props.myClubIds),
                page: undefined,
                size: undefined,
                format: "csv",
              })}
              onImport={filters.deleted || !project ? null : async () => {
                if (!Importer) {
                  const m = await import("@/islands/prospects/ImportDialog.tsx");
                  setImporter(() => m.ImportDialog);
                }
                setImporting(true);
              }}
              sort={filters.sort}
              onSort={(sort) => go({ sort, page: 1 })}
            />
            <div class="overflow-x-auto">
              <table
                class="table [&_td]:!px-[3px] [&_th]:!px-[3px] [&_th]:!text-[11px] [&_th]:!normal-case [&_th]:!tracking-normal"
                data-testid="prospect-grid"
              >
                <GridHead
                  followUp={filters.sortFollowUpDate}
                  onFollowUp={() =>
                    go({
                      sortFollowUpDate: filters.sortFollowUpDate === "asc" ? "desc" : "asc",
                      sort: "followUpDate",
                      page: 1,
                    })}
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
            <Pagination
              page={filters.page}
              size={filters.size}
              total={total}
              onPage={(page) => go({ page })}
              onSize={(size) => go({ size, page: 1 })}
            />
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
              await createRow(store, dup.body, dup.draft, dup.assign, true);
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
      {Notes && notesFor && (
        <Notes
          prospect={notesFor}
          timeZone={props.timeZone}
          onClose={() => setNotesFor(null)}
          onProspectChange={replace}
        />
      )}
    </div>
  );
}
