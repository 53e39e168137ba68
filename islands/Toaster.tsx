/** Shows the toast store (at most 3 at once) in the bottom corner. */
import { dismissToast, toasts } from "@/lib/client/toast.ts";
import { useT } from "@/lib/i18n/context.ts";

const COLORS = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-slate-400 bg-white text-slate-800",
};

export default function Toaster() {
  const t = useT();
  return (
    <div
      class="pointer-events-none fixed bottom-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
      aria-live="assertive"
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
          <button
            type="button"
            class="text-lg leading-none opacity-60 hover:opacity-100"
            aria-label={t("common.close")}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
