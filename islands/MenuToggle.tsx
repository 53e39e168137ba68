/**
 * The header's menu toggle. On a wide screen it switches the side navigation between full (1) and
 * short (2), kept in the user's settings and a cookie. On a phone it opens the navigation over the
 * page for this page only (nothing is kept): a link, a tap outside it or Esc closes it.
 */
import { IconMenu } from "@/components/Icons.tsx";
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { patch } from "@/lib/client/api.ts";
import { MENU_STATES } from "@/lib/domain/statuses.ts";

export interface MenuToggleProps {
  menu: number;
  /** Signed-in user's id: the state is saved to their settings; else to a cookie only. */
  userId: string | null;
}

/** The width up to which the menu is a phone's (styles/app.css has the same). */
const PHONE = "(max-width: 640px)";

const isPhone = () => typeof matchMedia === "function" && matchMedia(PHONE).matches;

/** The phone's menu: open or closed, closed by a tap outside, Esc and navigation. */
function usePhoneMenu() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    document.body.dataset.phoneMenu = open ? "open" : "closed";
    if (!open) return;
    const close = () => setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    const onTap = (e: Event) => {
      const target = e.target as Element | null;
      if (target?.closest("[data-testid=menu-toggle]")) return;
      // A tap on a link in the menu navigates: closed as well (also when the page comes back).
      if (!target?.closest("[data-testid=side-nav]") || target.closest("a")) close();
    };
    addEventListener("keydown", onKey);
    addEventListener("click", onTap, true);
    addEventListener("pagehide", close);
    return () => {
      removeEventListener("keydown", onKey);
      removeEventListener("click", onTap, true);
      removeEventListener("pagehide", close);
    };
  }, [open]);
  return { open, setOpen };
}

export default function MenuToggle({ menu, userId }: MenuToggleProps) {
  const t = useT();
  const { full, short } = MENU_STATES;
  const [state, setState] = useState<number>(menu === full ? full : short);
  const phone = usePhoneMenu();
  const [onPhone, setOnPhone] = useState(false);
  useEffect(() => setOnPhone(isPhone()), []);
  const toggle = () => {
    if (isPhone()) return phone.setOpen(!phone.open);
    const next = state === full ? short : full;
    setState(next);
    document.body.dataset.menu = String(next);
    document.cookie = `menu=${next}; path=/; max-age=31536000; samesite=lax`;
    if (userId) {
      patch(`/api/users/${userId}/settings/menu`, { menu: next }).catch(() => {});
    }
  };
  return (
    <button
      type="button"
      class="inline-flex h-10 items-center justify-center rounded-md px-2 text-sm font-medium text-white hover:bg-white/10"
      aria-label={t("shell.menuToggle")}
      aria-expanded={onPhone ? phone.open : state === full}
      data-testid="menu-toggle"
      onClick={toggle}
    >
      <IconMenu />
    </button>
  );
}
