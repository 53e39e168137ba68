/**
 * The reference-data tables' I/O in one place (Settings → District, Clubs, Market projects): the
 * rows, and create / update / delete with their toasts (settings.<table>.created, …), the confirm
 * before a delete, and a reload when the server says our copy is stale (404, 409).
 */
import { useState } from "react";
import type { FieldErrors } from "@/components/EditableTable.tsx";
import { del, get, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { useT } from "@/lib/i18n/context.ts";
import { isStale, reportFailure } from "@/islands/settings/util.ts";

interface Row {
  id: string;
  name: string;
  version?: string;
}

export interface CrudOptions<R extends Row, D> {
  /** The API collection, e.g. "/api/district"; rows live at `${path}/${id}`. */
  path: string;
  /** The texts' key under settings, e.g. "districts". */
  table: string;
  initial: R[];
  /** The table's order. */
  sort: (a: R, b: R) => number;
  /** The POST body of a new row, or the field errors that keep it from being sent. */
  toCreate: (d: D) => { body?: unknown; errors?: FieldErrors };
  /** The PUT body of an edited row (its version is added), or the field errors. */
  toUpdate: (r: R, d: D) => { body?: Record<string, unknown>; errors?: FieldErrors };
}

export function useCrudRows<R extends Row, D>(o: CrudOptions<R, D>) {
  const t = useT();
  const [rows, setRows] = useState(o.initial);
  const key = (k: string) => `settings.${o.table}.${k}`;
  const reload = async () => {
    try {
      setRows((await get<R[]>(o.path)).data);
    } catch {
      toastError(t("settings.loadError"));
    }
  };
  const onCreate = async (d: D): Promise<FieldErrors | null> => {
    const { body, errors } = o.toCreate(d);
    if (errors) return errors;
    try {
      const { data } = await post<R>(o.path, body);
      setRows((rs) => [...rs, data].sort(o.sort));
      toastSuccess(t(key("created")));
      return null;
    } catch (e) {
      return reportFailure(t, key("createError"), e);
    }
  };
  const onUpdate = async (r: R, d: D): Promise<FieldErrors | null> => {
    const { body, errors } = o.toUpdate(r, d);
    if (errors) return errors;
    try {
      const { data } = await put<R>(`${o.path}/${r.id}`, { ...body, version: r.version });
      setRows((rs) => rs.map((x) => (x.id === r.id ? data : x)).sort(o.sort));
      toastSuccess(t(key("updated")));
      return null;
    } catch (e) {
      if (isStale(e)) await reload();
      return reportFailure(t, key("updateError"), e);
    }
  };
  const onDelete = async (r: R) => {
    if (!confirm(t(key("confirmDelete"), { name: r.name }))) return;
    try {
      await del(`${o.path}/${r.id}`);
      setRows((rs) => rs.filter((x) => x.id !== r.id));
      toastSuccess(t(key("deleted")));
    } catch (e) {
      reportFailure(t, key("deleteError"), e);
      if (isStale(e)) await reload();
    }
  };
  return { rows, setRows, reload, onCreate, onUpdate, onDelete };
}
