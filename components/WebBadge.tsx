/**
 * The "Webb" badge of a web lead awaiting its first contact, with its age in minutes: the grid's
 * rows and today's list show the same one. Today's list has room for it on one line; the grid's
 * narrow age column gets the compact form.
 */
import { useT } from "@/lib/i18n/context.ts";
import { awaitingFirstContact, minutesSince, type Prospect } from "@/lib/domain/prospect.ts";

const HOUR = 60;
const DAY = 24 * HOUR;

export function WebBadge(
  { p, now, testId, compact = false }: {
    p: Pick<
      Prospect,
      "source" | "firstContactAt" | "deleted" | "sellStatus" | "activityStatus" | "registerDate"
    >;
    now: Date;
    testId?: string;
    /**
     * The grid's form: "Webb" over the waiting time in its largest unit ("7 min", "2 h", "3 d"),
     * each line within the age column's width (islands/prospects/columns.ts); the exact time is
     * in the title and for screen readers.
     */
    compact?: boolean;
  },
) {
  const t = useT();
  if (p.source !== "web") return null;
  const waiting = awaitingFirstContact(p);
  const m = minutesSince(p.registerDate, now);
  const age = m < HOUR
    ? t("prospects.web.waiting", { minutes: m })
    : t("prospects.web.waitingHours", { hours: Math.floor(m / HOUR), minutes: m % HOUR });
  const badge = t("prospects.web.badge");
  const label = t("prospects.web.badgeLabel");
  if (compact) {
    const short = m < HOUR
      ? age
      : m < DAY
      ? t("prospects.web.waitingHoursShort", { hours: Math.floor(m / HOUR) })
      : t("prospects.web.waitingDaysShort", { days: Math.floor(m / DAY) });
    return (
      <span
        class="inline-flex flex-col items-start gap-0.5 text-[11px] leading-tight text-violet-900"
        title={waiting ? `${badge} · ${age} – ${label}` : label}
        data-testid={testId ?? "web-badge"}
      >
        <span
          class="rounded bg-violet-100 px-0.5 font-semibold ring-1 ring-violet-300"
          aria-hidden={waiting ? "true" : undefined}
        >
          {badge}
        </span>
        {waiting && <span aria-hidden="true">{short}</span>}
        {waiting && <span class="sr-only">{`${badge} · ${age}`}</span>}
      </span>
    );
  }
  return (
    <span
      class="inline-flex items-center gap-1 rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900 ring-1 ring-violet-300"
      title={label}
      data-testid={testId ?? "web-badge"}
    >
      {badge}
      {waiting && <span class="font-normal">{` · ${age}`}</span>}
    </span>
  );
}
