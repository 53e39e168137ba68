/** The header's bell: a link to the notification centre with the unread count. */
import { IconBell } from "@/components/Icons.tsx";

/** The count as the badge shows it (more than 99 as "99+"). */
export const badgeText = (n: number) => n > 99 ? "99+" : String(n);

export function BellLink(
  { count, t }: { count: number; t: (k: string, v?: Record<string, unknown>) => string },
) {
  return (
    <a
      href="/notifications"
      class="relative grid h-10 w-10 place-items-center rounded-md text-white hover:bg-white/10"
      aria-label={count > 0
        ? t("notifications.bellUnread", { count: badgeText(count) })
        : t("notifications.bell")}
      title={t("notifications.bell")}
      data-testid="bell"
    >
      <IconBell />
      {count > 0 && (
        <span
          class="absolute right-0 top-0.5 min-w-5 rounded-full bg-amber-300 px-1 text-center text-xs font-bold leading-5 text-slate-900"
          aria-hidden="true"
          data-testid="bell-count"
        >
          {badgeText(count)}
        </span>
      )}
    </a>
  );
}
