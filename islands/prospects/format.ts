/** Small formatting helpers of the prospects grid (Intl only: no date library in the bundle). */
import type { Lang } from "@/lib/i18n/core.ts";

const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(lang: Lang, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const k = `${lang}|${timeZone}|${withTime}`;
  let f = cache.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === "sv" ? "sv-SE" : "en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    });
    cache.set(k, f);
  }
  return f;
}

/** "2026-03-10 11:00" (sv) in the configured time zone. */
export function dateTime(iso: string | null | undefined, lang: Lang, timeZone: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : fmt(lang, timeZone, true).format(d);
}

/** The Tailwind classes of an activity status badge (lower weight = more urgent). */
export const ACTIVITY_BADGE: Record<string, string> = {
  Escalated: "bg-red-100 text-red-800 ring-red-300",
  Notified: "bg-amber-100 text-amber-900 ring-amber-300",
  ToDo: "bg-sky-100 text-sky-900 ring-sky-300",
  Paused: "bg-slate-100 text-slate-700 ring-slate-300",
  Done: "bg-green-100 text-green-800 ring-green-300",
  CustomerCleaned: "bg-slate-200 text-slate-600 ring-slate-300",
};
