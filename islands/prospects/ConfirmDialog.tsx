/** A modal yes/no question on the native <dialog> (focus trap and Esc for free). */
import { useEffect, useRef } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { useDialog } from "@/lib/client/dialog.ts";

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useDialog(true);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      class="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
      onCancel={(e) => {
        e.preventDefault();
        p.onCancel();
      }}
    >
      <div class="p-5">
        <h2 id="confirm-title" class="text-lg font-semibold">{p.title}</h2>
        <p class="mt-2 text-sm text-slate-600">{p.text}</p>
        <div class="mt-5 flex justify-end gap-2">
          <button
            type="button"
            class="btn btn-secondary"
            onClick={p.onCancel}
            data-testid="confirm-no"
          >
            {t("common.cancel")}
          </button>
          <button
            type="button"
            class="btn btn-danger"
            onClick={p.onConfirm}
            data-testid="confirm-yes"
          >
            {p.confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
