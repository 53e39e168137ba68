/**
 * The History section of the notes dialog: every sell-status, activity-status,
 * assignment, follow-up-date, delete and restore change, newest first, with who and when. The
 * server answers codes; the texts are made here in the page's language.
 */
import { useState } from "react";
import { get } from "@/lib/client/api.ts";
import { useLang, useT } from "@/lib/i18n/context.ts";
import type { TFunction } from "@/lib/i18n/core.ts";
import { dateTime } from "@/islands/prospects/format.ts";

interface HistoryEntry {
  at: string;
  type: string;
  from: string | null;
  to: string | null;
  userId: string | null;
  userName: string | null;
  fromName?: string | null;
  toName?: string | null;
}

function label(t: TFunction, e: HistoryEntry, v: string | null): string {
  if (v === null || v === "") return t("privacy.history.none");
  if (e.type === "sellStatus" || e.type === "create") return t(`sellStatus.${v}`);
  if (e.type === "activity") return t(`activityStatus.${v}`);
  return v;
}

export function describe(t: TFunction, e: HistoryEntry): string {
  // An assignment names people by name (their e-mail only when they are no user).
  const from = e.fromName || label(t, e, e.from);
  const to = e.toName || label(t, e, e.to);
  return t(`privacy.history.${e.type}`, { from, to });
}

export default function HistoryPanel(
  { prospectId, timeZone }: { prospectId: string; timeZone: string },
) {
  const t = useT();
  const lang = useLang();
  const [rows, setRows] = useState<HistoryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = async () => {
    if (rows) return;
    try {
      setRows((await get<HistoryEntry[]>(`/api/prospects/${prospectId}/history`)).data);
    } catch {
      setFailed(true);
    }
  };
  return (
    <details
      class="border-t border-slate-200 px-4 py-2"
      data-testid="history"
      onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && load()}
    >
      <summary class="cursor-pointer py-1 text-sm font-semibold">
        {t("privacy.history.title")}
      </summary>
      {failed && <p class="text-sm text-red-700" role="alert">{t("common.networkError")}</p>}
      {rows === null && !failed && <p class="text-sm text-slate-500">{t("common.loading")}</p>}
      {rows && (
        <ol class="max-h-60 space-y-1 overflow-auto text-sm" data-testid="history-list">
          {rows.map((e, i) => (
            <li key={i} class="flex flex-wrap gap-x-2">
              <span class="whitespace-nowrap text-slate-600">{dateTime(e.at, lang, timeZone)}</span>
              <span>{describe(t, e)}</span>
              <span class="text-slate-600">{e.userName ?? t("privacy.history.system")}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
