/**
 * Shows the toast store (at most 3 at once) in the bottom corner. While a modal <dialog> is open
 * the toasts render inside it (a portal): the dialog sits in the browser's top layer and makes
 * the rest of the page inert, so toasts outside it would be dimmed and could not be dismissed.
 */
import { CloseButton } from "@/components/Buttons.tsx";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { dismissToast, toasts } from "@/lib/client/toast.ts";

const COLORS = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-slate-400 bg-white text-slate-800",
};

/** The innermost open modal dialog, or null. */
function openDialog(): HTMLDialogElement | null {
  const open = [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")]
    .filter((d) => d.matches(":modal"));
  return open.at(-1) ?? null;
}

export default function Toaster() {
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const update = () => setHost(openDialog());
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["open"],
    });
    update();
    return () => observer.disconnect();
  }, []);
  const list = (
    <div
      class="pointer-events-none fixed bottom-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
      aria-live="assertive"
      data-testid="toaster"
    >
      {toasts.value.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          data-testid={`toast-${toast.kind}`}
          class={`pointer-events-auto flex items-start gap-2 rounded-md border-l-4 px-3 py-2 text-sm shadow-lg ${
            COLORS[toast.kind]
          }`}
        >
          <span class="flex-1">{toast.text}</span>
          <CloseButton
            class="-my-1 -mr-2 grid h-10 w-10 shrink-0 place-items-center text-lg leading-none opacity-70 hover:opacity-100"
            testId="toast-close"
            onClose={() => dismissToast(toast.id)}
          />
        </div>
      ))}
    </div>
  );
  return host ? createPortal(list, host) : list;
}
