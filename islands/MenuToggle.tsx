/** The header's menu toggle: switches the side navigation between full (1) and short (2). */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { patch } from "@/lib/client/api.ts";

export interface MenuToggleProps {
  menu: number;
  /** Signed-in user's id: the state is saved to their settings; else to a cookie only. */
  userId: string | null;
}

export default function MenuToggle({ menu, userId }: MenuToggleProps) {
  const t = useT();
  const [state, setState] = useState(menu === 1 ? 1 : 2);
  const toggle = () => {
    const next = state === 1 ? 2 : 1;
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
      aria-expanded={state === 1}
      data-testid="menu-toggle"
      onClick={toggle}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        aria-hidden="true"
      >
        <path d="M3 6h18M3 12h18M3 18h18" />
      </svg>
    </button>
  );
}
