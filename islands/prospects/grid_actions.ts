/**
 * What the prospect grid does with a row — create, save, assign, delete, restore — as functions of
 * the grid's state (GridStore), with their toasts and the 409/404/duplicate answers. The island
 * wires them to the rows; the server decides what is allowed (each row's `may`).
 */
import { ApiError, del, patch, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import type { TFunction } from "@/lib/i18n/core.ts";
import {
  errorCodeOf,
  type FieldErrors,
  type Prospect,
  validateRow,
} from "@/lib/domain/prospect.ts";
import type { GridUser, RowDraft } from "@/islands/prospects/ProspectRow.tsx";
import type { DuplicateMatch } from "@/islands/prospects/DuplicatePrompt.tsx";
import type { Filters } from "@/islands/prospects/query.ts";
import type { GridColumn } from "@/lib/domain/prospect_schemas.ts";

/** A create the server answered DUPLICATE_PROSPECT: the prompt shows the matches. */
export interface DuplicateState {
  body: Record<string, unknown>;
  draft: RowDraft;
  assign: boolean;
  matches: DuplicateMatch[];
}

type Update<T> = (f: (v: T) => T) => void;

/** The grid's state as the row actions see it. */
export interface GridStore {
  t: TFunction;
  user: GridUser;
  timeZone: string;
  /** The plain text columns: a save sends each. */
  columns: GridColumn[];
  filters: Filters;
  setRows: Update<Prospect[]>;
  setTotal: Update<number>;
  setFresh: Update<string[]>;
  setConflicts: Update<Record<string, RowDraft>>;
  setDuplicate: (d: DuplicateState | null) => void;
}

/** A server error as the toast says it: the §8 text for a known code, else the server's. */
export const errorText = (t: (k: string) => string, e: unknown): string => {
  if (!(e instanceof ApiError)) return t("common.networkError");
  const key = `prospects.errors.${e.code}`;
  const known = t(key);
  return known !== key ? known : e.message;
};

export const replaceRow = (s: GridStore, p: Prospect) =>
  s.setRows((rs) => rs.map((r) => (r.id === p.id ? p : r)));

/** POST a new row; allowDuplicate after the user chose "Skapa ändå". */
export async function createRow(
  s: GridStore,
  body: Record<string, unknown>,
  d: RowDraft,
  assign: boolean,
  allowDuplicate: boolean,
): Promise<Prospect> {
  const r = await post<
    Prospect & { possibleDuplicates?: DuplicateMatch[]; registeredElsewhere?: boolean }
  >("/api/prospects", {
    ...body,
    customerId: d.customerId || undefined,
    marketProjectId: s.filters.marketProjectId,
    assignId: assign ? s.user.email : undefined,
    allowDuplicate: allowDuplicate || undefined,
  });
  const elsewhere = r.data.possibleDuplicates?.length ?? 0;
  const notes = [
    elsewhere ? s.t("duplicates.elsewhere", { count: elsewhere }) : "",
    r.data.registeredElsewhere ? s.t("duplicates.registeredElsewhere") : "",
  ].filter(Boolean);
  toastSuccess([s.t("prospects.created"), ...notes].join(". "));
  s.setRows((rs) => [r.data, ...rs]);
  s.setFresh((f) => [...f, r.data.id]);
  s.setTotal((n) => n + 1);
  return r.data;
}

/** Save (PUT) a row, or create the add row; answers the field errors to show, or null. */
export async function saveRow(
  s: GridStore,
  p: Prospect | null,
  d: RowDraft,
  assign: boolean,
): Promise<FieldErrors | null> {
  // Every grid field: a blank one clears it (lib/services/prospects.ts saveProspect).
  const body = {
    ...Object.fromEntries(s.columns.map((c) => [c.field, d[c.field]])),
    clubId: d.clubId,
    followUpDate: d.followUpDate || null,
  };
  const local = validateRow(
    {
      ...body,
      sellStatus: p ? d.sellStatus || null : null,
      marketProjectId: s.filters.marketProjectId,
    },
    { now: new Date(), timeZone: s.timeZone, previousFollowUpDate: p?.followUpDate },
  );
  if (Object.keys(local).length) {
    // The §5 message when there is one (follow-up date), else the generic validation text.
    const key = `prospects.errors.${errorCodeOf(local)}`;
    const why = s.t(key) !== key ? s.t(key) : s.t("validation.generic");
    toastError(`${s.t(p ? "prospects.updateError" : "prospects.createError")}: ${why}`);
    return local;
  }
  try {
    if (!p) {
      await createRow(s, body, d, assign, false);
      return null;
    }
    const r = await put<Prospect>(`/api/prospects/${p.id}`, {
      ...body,
      sellStatus: d.sellStatus || null,
      marketProjectId: p.marketProjectId,
      version: p.version,
    });
    replaceRow(s, r.data);
    s.setConflicts(({ [p.id]: _gone, ...rest }) => rest);
    toastSuccess(s.t("prospects.updated"));
    return null;
  } catch (e) {
    const what = s.t(p ? "prospects.updateError" : "prospects.createError");
    if (!p && e instanceof ApiError && e.code === "DUPLICATE_PROSPECT") {
      const matches = (e.data as { duplicates?: DuplicateMatch[] } | undefined)?.duplicates ?? [];
      s.setDuplicate({ body, draft: d, assign, matches });
      return { _: e.message };
    }
    if (p && e instanceof ApiError && e.status === 409) {
      const current = (e.data as { current?: Prospect } | undefined)?.current;
      if (current) {
        replaceRow(s, current);
        s.setConflicts((c) => ({ ...c, [p.id]: d }));
      }
      toastError(s.t("prospects.reloaded"));
      return null;
    }
    if (p && e instanceof ApiError && e.status === 404) {
      s.setRows((rs) => rs.filter((r) => r.id !== p.id));
    }
    toastError(`${what}: ${errorText(s.t, e)}`);
    return e instanceof ApiError && Object.keys(e.fields).length ? e.fields : { _: what };
  }
}

/**
 * Assign the caller (assignId = their e-mail) or clear the assignee (null); answers the prospect
 * as saved, or null when the server refused.
 */
export async function assignRow(
  s: GridStore,
  p: Prospect,
  assignId: string | null,
): Promise<Prospect | null> {
  const ok = assignId ? "prospects.assigned" : "prospects.unassigned";
  const bad = assignId ? "prospects.assignError" : "prospects.unassignError";
  try {
    const r = await patch<Prospect>(`/api/prospects/${p.id}/assign`, {
      assignId,
      assignName: assignId ? s.user.firstName : null,
      // No version: the server decides from the current assignee (ALREADY_ASSIGNED,
      // NOT_ASSIGNEE), so a colleague's unrelated save does not make Assign fail.
    });
    replaceRow(s, r.data);
    toastSuccess(s.t(ok));
    return r.data;
  } catch (e) {
    const current = e instanceof ApiError
      ? (e.data as { current?: Prospect } | undefined)?.current
      : undefined;
    if (current) replaceRow(s, current);
    toastError(`${s.t(bad)}: ${errorText(s.t, e)}`);
    return null;
  }
}

/** Soft delete after the confirm. */
export async function removeRow(s: GridStore, p: Prospect) {
  try {
    await del(`/api/prospects/${p.id}`);
    toastSuccess(s.t("prospects.deleted"));
    s.setRows((rs) => rs.filter((r) => r.id !== p.id));
    s.setTotal((n) => Math.max(0, n - 1));
  } catch (e) {
    toastError(`${s.t("prospects.deleteError")}: ${errorText(s.t, e)}`);
  }
}

/** An admin's restore of a deleted row (it leaves the deleted list). */
export async function restoreRow(s: GridStore, p: Prospect) {
  try {
    await put(`/api/prospects/restore/${p.id}`, {});
    toastSuccess(s.t("privacy.restored"));
    s.setRows((rs) => rs.filter((r) => r.id !== p.id));
    s.setTotal((n) => Math.max(0, n - 1));
  } catch (e) {
    toastError(`${s.t("privacy.restoreError")}: ${errorText(s.t, e)}`);
  }
}
