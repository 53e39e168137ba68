/** Small pieces the three report islands share (browser side). */
import { useLang, useT } from "@/lib/i18n/context.ts";

const storageKey = (tab: string) => `klubbleads.reports.${tab}`;

/**
 * Keeps the last filter in the address bar and for this browser tab: a reload — or coming back
 * after changing the language — shows the same report again, in the new language.
 */
export function keepInAddress(tab: string, params: Record<string, string | number | number[]>) {
  if (typeof history === "undefined") return;
  const q = new URLSearchParams({ tab });
  for (const [k, v] of Object.entries(params)) {
    q.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  history.replaceState(null, "", `/reports?${q}`);
  try {
    sessionStorage.setItem(storageKey(tab), q.toString());
  } catch { /* storage off: the address still holds it */ }
}

/** Forgets the last filter (the type switch clears selection and results). */
export function forgetLast(tab: string) {
  try {
    sessionStorage.removeItem(storageKey(tab));
  } catch { /* nothing kept */ }
  if (typeof history !== "undefined") history.replaceState(null, "", `/reports?tab=${tab}`);
}

/** Opened without a filter but one was shown before in this browser tab: show it again. */
export function restoreLast(tab: string): boolean {
  try {
    const params = new URLSearchParams(location.search);
    params.delete("tab");
    const saved = sessionStorage.getItem(storageKey(tab));
    if (params.size > 0 || !saved) return false;
    location.replace(`/reports?${saved}`);
    return true;
  } catch {
    return false;
  }
}

/** "As of the end of 2026-03-08" or "As of now (10:17)". */
export function ReportAsOf(
  { asOf, referenceDate, live }: { asOf: string; referenceDate: string; live: boolean },
) {
  const t = useT();
  const lang = useLang();
  const at = new Date(asOf);
  const text = live
    ? t("reports.asOfNow", {
      time: at.toLocaleTimeString(lang === "sv" ? "sv-SE" : "en-GB", {
        hour: "2-digit",
        minute: "2-digit",
      }),
    })
    : t("reports.asOfEnd", { date: referenceDate });
  return <p class="text-xs text-slate-500" data-testid="report-as-of">{text}</p>;
}

/** Splits a comma list from the address into numbers. */
export const idsFrom = (s: string | null | undefined) =>
  (s ?? "").split(",").map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0);
