/** A modal on the native <dialog> (focus trap and Esc for free); the grid's dialogs share it. */
import { useEffect, useRef } from "react";
import type { ComponentChildren } from "preact";
import { useDialog } from "@/lib/client/dialog.ts";

export function Modal(
  { labelledBy, testId, width, onCancel, children }: {
    labelledBy: string;
    testId: string;
    /** Tailwind max width, e.g. "28rem". */
    width: string;
    onCancel: () => void;
    children: ComponentChildren;
  },
) {
  const ref = useRef<HTMLDialogElement>(null);
  useDialog(true);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      class="m-auto rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
      style={{ width: `min(${width}, calc(100vw - 2rem))` }}
      aria-labelledby={labelledBy}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
