/**
 * The grid kept current by the live desk's events: a prospect created in the project shown comes
 * in on top, marked like a row just added (unless a reload brought it already); a changed row is read again (unless the user is
 * editing it: their save meets the version check as before); a deleted one leaves.
 */
import { useEffect, useRef } from "react";
import { get } from "@/lib/client/api.ts";
import { type LiveChange, onLiveChanges } from "@/lib/client/live.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";
import type { Filters } from "@/islands/prospects/query.ts";

type Update<T> = (f: (v: T) => T) => void;

export interface LiveRowsStore {
  filters: Filters;
  rows: Prospect[];
  setRows: Update<Prospect[]>;
  setTotal: Update<number>;
  setFresh: Update<string[]>;
}

/** Whether the row of this prospect is being edited in the page (its draft would be lost). */
const editing = (p: Prospect) =>
  typeof document !== "undefined" &&
  !!document.querySelector(`[data-testid="row-${p.customerId}"][data-editing=true]`);

/** Whether a prospect belongs in the rows the filters show (project, club; not the deleted view). */
function fits(f: Filters, p: Prospect): boolean {
  if (f.deleted || p.marketProjectId !== f.marketProjectId) return false;
  return !/^\d+$/.test(f.clubId) || Number(f.clubId) === p.clubId;
}

async function apply(s: LiveRowsStore, changes: LiveChange[]) {
  const f = s.filters;
  for (const c of changes) {
    if (c.marketProjectId !== f.marketProjectId) continue;
    const shown = s.rows.find((r) => r.id === c.id);
    if (c.type === "deleted") {
      if (!shown || f.deleted) continue;
      s.setRows((rs) => rs.filter((r) => r.id !== c.id));
      s.setTotal((n) => Math.max(0, n - 1));
      continue;
    }
    if (shown && editing(shown)) continue;
    if (!shown && c.type !== "created") continue;
    let p: Prospect;
    try {
      p = (await get<Prospect>(`/api/prospects/${c.id}`)).data;
    } catch {
      continue; // gone meanwhile, or not the user's to see
    }
    if (shown) s.setRows((rs) => rs.map((r) => (r.id === p.id ? p : r)));
    else if (fits(f, p)) {
      // The total is left to the next read of the page: a reload already under way (an import,
      // this user's own save) counts the row itself.
      s.setRows((rs) => rs.some((r) => r.id === p.id) ? rs : [p, ...rs]);
      s.setFresh((ids) => ids.includes(p.id) ? ids : [...ids, p.id]);
    }
  }
}

/** Subscribes the grid to the live desk's events while it is on the page. */
export function useLiveRows(store: LiveRowsStore): void {
  const current = useRef(store);
  current.current = store;
  useEffect(() => onLiveChanges((changes) => void apply(current.current, changes)), []);
}
