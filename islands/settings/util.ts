/** Shared by the settings islands: turning API failures into toasts and field errors. */
import { ApiError } from "@/lib/client/api.ts";
import { toastError } from "@/lib/client/toast.ts";
import type { TFunction } from "@/lib/i18n/core.ts";
import type { FieldErrors } from "@/components/EditableTable.tsx";

/** Toasts "<what failed>: <the server's reason>" and answers the field errors to show. */
export function reportFailure(t: TFunction, key: string, e: unknown): FieldErrors {
  const reason = e instanceof ApiError && e.message && e.status !== 400 ? `: ${e.message}` : "";
  toastError(`${t(key)}${reason}`);
  const fields = e instanceof ApiError ? e.fields : {};
  return Object.keys(fields).length ? fields : { _: t(key) };
}

/** A 404 or 409 means our copy is stale: the caller reloads the list. */
export function isStale(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 404 || (e.status === 409 && e.code === "CONFLICT"));
}
