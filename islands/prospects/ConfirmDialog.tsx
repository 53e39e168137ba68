/** A modal yes/no question on the native <dialog> (focus trap and Esc for free). */
import { DialogActions } from "@/components/Buttons.tsx";
import { Modal } from "@/islands/prospects/Modal.tsx";

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <Modal labelledBy="confirm-title" testId="confirm-dialog" width="28rem" onCancel={p.onCancel}>
      <div class="p-5">
        <h2 id="confirm-title" class="text-lg font-semibold">{p.title}</h2>
        <p class="mt-2 text-sm text-slate-600">{p.text}</p>
        <DialogActions
          class="mt-5 flex justify-end gap-2"
          onCancel={p.onCancel}
          onConfirm={p.onConfirm}
          confirmLabel={p.confirmLabel}
          confirmClass="btn btn-danger"
          testIds={["confirm-no", "confirm-yes"]}
        />
      </div>
    </Modal>
  );
}
