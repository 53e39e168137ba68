/**
 * The "Webb" badge of a web lead awaiting its first contact, with its age in minutes: the grid's
 * rows and today's list show the same one.
 */
import { useT } from "@/lib/i18n/context.ts";
import { awaitingFirstContact, minutesSince, type Prospect } from "@/lib/domain/prospect.ts";

export function WebBadge(
  { p, now, testId }: {
    p: Pick<
      Prospect,
      "source" | "firstContactAt" | "deleted" | "sellStatus" | "activityStatus" | "registerDate"
    >;
    now: Date;
    testId?: string;
  },
) {
  const t = useT();
  if (p.source !== "web") return null;
  const waiting = awaitingFirstContact(p);
  const m = minutesSince(p.registerDate, now);
  const age = m < 60
    ? t("prospects.web.waiting", { minutes: m })
    : t("prospects.web.waitingHours", { hours: Math.floor(m / 60), minutes: m % 60 });
  return (
    <span
      class="inline-flex items-center gap-1 rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900 ring-1 ring-violet-300"
      title={t("prospects.web.badgeLabel")}
      data-testid={testId ?? "web-badge"}
    >
      {t("prospects.web.badge")}
      {waiting && <span class="font-normal">{` · ${age}`}</span>}
    </span>
  );
}
