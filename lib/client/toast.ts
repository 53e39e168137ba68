/** The toast store: at most 3 at once (spec §9); each closes itself after a while. */
import { signal } from "@preact/signals";

export type ToastKind = "success" | "error" | "info";
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const MAX_VISIBLE_TOASTS = 3;
export const toasts = signal<Toast[]>([]);
let nextId = 1;

export function showToast(kind: ToastKind, text: string, ms = 5000): number {
  const id = nextId++;
  toasts.value = [...toasts.value, { id, kind, text }].slice(-MAX_VISIBLE_TOASTS);
  if (ms > 0 && typeof setTimeout === "function") setTimeout(() => dismissToast(id), ms);
  return id;
}

export function dismissToast(id: number) {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

/** A success also takes away the error toasts before it: what failed has now gone through. */
export const toastSuccess = (text: string) => {
  toasts.value = toasts.value.filter((t) => t.kind !== "error");
  return showToast("success", text);
};
export const toastError = (text: string) => showToast("error", text, 8000);
