/** The header's menu toggle: switches the side navigation between full (1) and short (2). */
import { IconMenu } from "@/components/Icons.tsx";
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { patch } from "@/lib/client/api.ts";
import { MENU_STATES } from "@/lib/domain/statuses.ts";

export interface MenuToggleProps {
  menu: number;
  /** Signed-in user's id: the state is saved to their settings; else to a cookie only. */
  userId: string | null;
}

export default function MenuToggle({ menu, userId }: MenuToggleProps) {
  const t = useT();
  const { full, short } = MENU_STATES;
  const [state, setState] = useState<number>(menu === full ? full : short);
  const toggle = () => {
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
      aria-expanded={state === full}
      data-testid="menu-toggle"
      onClick={toggle}
    >
      <IconMenu />
    </button>
  );
}
