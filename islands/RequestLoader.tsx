/** The header's loader: visible while any API request of the page is running. */
import { runningRequests } from "@/lib/client/api.ts";
import { useT } from "@/lib/i18n/context.ts";

export default function RequestLoader() {
  const t = useT();
  const busy = runningRequests.value > 0;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="request-loader"
      data-busy={busy ? "true" : "false"}
      class={busy ? "flex items-center gap-2 text-xs text-white/90" : "hidden"}
    >
      <span class="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      <span class="sr-only">{t("shell.loading")}</span>
    </div>
  );
}
