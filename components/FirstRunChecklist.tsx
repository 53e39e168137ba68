/**
 * The admin's first-run checklist, server-rendered above the prospects grid until a
 * district, a club, a market project and a second user exist: each step links to its tab.
 */
import { useT } from "@/lib/i18n/context.ts";
import type { FirstRunStatus } from "@/lib/db/first_run.ts";

const STEPS = [
  { key: "district", href: "/settings?tab=districts" },
  { key: "club", href: "/settings?tab=clubs" },
  { key: "marketProject", href: "/settings?tab=marketProjects" },
  // Defaults exist; the step is a look, it has no done state of its own.
  { key: "timeLimits", href: "/settings?tab=admin" },
  { key: "users", href: "/registration/user" },
] as const;

export function FirstRunChecklist({ status }: { status: FirstRunStatus }) {
  const t = useT();
  return (
    <section
      class="card border-brand-100 bg-brand-50 p-4"
      aria-labelledby="first-run-title"
      data-testid="first-run"
    >
      <h2 id="first-run-title" class="text-base font-semibold">{t("ux.checklist.title")}</h2>
      <p class="mt-1 text-sm text-slate-700">{t("ux.checklist.intro")}</p>
      <ol class="mt-3 space-y-1">
        {STEPS.map((s, i) => {
          const done = s.key === "timeLimits" ? null : status[s.key];
          return (
            <li key={s.key} data-testid={`first-run-${s.key}`} data-done={done ? "true" : "false"}>
              <a
                href={s.href}
                class="flex min-h-10 items-center gap-3 rounded-md px-2 py-1 text-sm hover:bg-white"
              >
                <span
                  class={`grid h-7 w-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                    done
                      ? "bg-green-600 text-white"
                      : "bg-white text-brand-700 ring-1 ring-brand-500"
                  }`}
                  aria-hidden="true"
                >
                  {done ? "✓" : i + 1}
                </span>
                <span class={done ? "text-slate-600 line-through" : "font-medium text-brand-700"}>
                  {t(`ux.checklist.${s.key}`)}
                </span>
                <span class="sr-only">
                  {done ? ` (${t("ux.checklist.done")})` : ""}
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
