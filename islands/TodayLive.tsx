/**
 * "Idag" kept current: on a change in the user's clubs the list is read again from the server (the
 * page's own URL) and put in place; prospects that were not there before move to the top with a
 * "new" mark, and a polite live region says how many came.
 */
import { useEffect, useState } from "react";
import { onLiveChanges } from "@/lib/client/live.ts";
import { useT } from "@/lib/i18n/context.ts";

const REGION = "[data-live-region]";
const ITEM = "[data-testid=today-item]";

/** Reads the page again and swaps its list in; answers how many prospects are new on it. */
async function refresh(newLabel: string): Promise<number | null> {
  const region = document.querySelector<HTMLElement>(REGION);
  if (!region) return null;
  const res = await fetch(location.href, { headers: { Accept: "text/html" } });
  if (!res.ok) return null;
  const doc = new DOMParser().parseFromString(await res.text(), "text/html");
  const next = doc.querySelector<HTMLElement>(REGION);
  if (!next) return null;
  const before = new Set(
    Array.from(region.querySelectorAll<HTMLElement>(ITEM), (el) => el.dataset.id),
  );
  const stillNew = new Set(
    Array.from(
      region.querySelectorAll<HTMLElement>(`${ITEM}[data-live=new]`),
      (el) => el.dataset.id,
    ),
  );
  region.replaceChildren(...Array.from(next.childNodes, (n) => document.importNode(n, true)));
  const list = region.querySelector("[data-testid=today-list]");
  if (!list) return 0;
  const items = Array.from(list.querySelectorAll<HTMLElement>(ITEM));
  // The ones that came now on top, then those marked new before; the rest in the server's order.
  const came = items.filter((el) => !before.has(el.dataset.id));
  const marked = items.filter((el) => before.has(el.dataset.id) && stillNew.has(el.dataset.id));
  for (const el of [...came, ...marked].reverse()) {
    el.dataset.live = "new";
    el.classList.add("ring-2", "ring-violet-600");
    const mark = document.createElement("span");
    mark.className = "rounded bg-violet-700 px-1.5 py-0.5 text-xs font-semibold text-white";
    mark.textContent = newLabel;
    mark.dataset.testid = "today-new";
    el.querySelector("h2")?.after(mark);
    list.prepend(el);
  }
  return came.length;
}

export default function TodayLive() {
  const t = useT();
  const [said, setSaid] = useState("");
  useEffect(() =>
    onLiveChanges(async () => {
      const n = await refresh(t("today.live.new")).catch(() => null);
      if (n) setSaid(t("today.live.added", { count: n }));
    }), []);
  return (
    <p class="text-xs text-slate-600" role="status" aria-live="polite" data-testid="today-live">
      {said || t("today.live.on")}
    </p>
  );
}
