/** Small pieces every dialog and table repeats: the close ×, Cancel + confirm, the empty row. */
import type { ComponentChildren } from "preact";
import { useT } from "@/lib/i18n/context.ts";

/** The × that closes a dialog, drawer or message (labelled "Close" for screen readers). */
export function CloseButton(
  { onClose, class: cls = "btn btn-ghost text-lg", testId, glyph = "×" }: {
    onClose: () => void;
    class?: string;
    testId?: string;
    glyph?: string;
  },
) {
  const t = useT();
  return (
    <button
      type="button"
      class={cls}
      aria-label={t("common.close")}
      data-testid={testId}
      onClick={onClose}
    >
      {glyph}
    </button>
  );
}

/** A dialog's buttons at its foot: Cancel, then the confirming action. */
export function DialogActions(
  {
    onCancel,
    onConfirm,
    confirmLabel,
    confirmClass = "btn btn-primary",
    testIds,
    disabled,
    class: cls = "flex justify-end gap-2",
  }: {
    onCancel: () => void;
    onConfirm: () => void;
    confirmLabel: string;
    confirmClass?: string;
    /** Test ids of [cancel, confirm]. */
    testIds?: [string | undefined, string | undefined];
    /** The confirming button is disabled (e.g. while it runs or nothing is typed). */
    disabled?: boolean;
    class?: string;
  },
) {
  const t = useT();
  return (
    <div class={cls}>
      <button type="button" class="btn btn-secondary" onClick={onCancel} data-testid={testIds?.[0]}>
        {t("common.cancel")}
      </button>
      <button
        type="button"
        class={confirmClass}
        disabled={disabled}
        data-testid={testIds?.[1]}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </div>
  );
}

/** The one row of a table that has nothing to show. */
export function EmptyRow(
  { colSpan, testId, children }: { colSpan: number; testId?: string; children: ComponentChildren },
) {
  return (
    <tr>
      <td colSpan={colSpan} class="py-5 text-center text-slate-500" data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}
