/** A modal yes/no question on the native <dialog> (focus trap and Esc for free). */
import { useT } from "@/lib/i18n/context.ts";
import { Modal } from "@/islands/prospects/Modal.tsx";

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const t = useT();
  return (
    <Modal labelledBy="confirm-title" testId="confirm-dialog" width="28rem" onCancel={p.onCancel}>
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
    </Modal>
  );
}
