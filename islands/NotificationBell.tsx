/** The bell kept current: the unread count follows the event stream's `notification` events. */
import { useEffect, useState } from "react";
import { BellLink } from "@/components/NotificationBell.tsx";
import { onNotifications } from "@/lib/client/live.ts";
import { useT } from "@/lib/i18n/context.ts";

export default function NotificationBell({ count }: { count: number }) {
  const t = useT();
  const [unread, setUnread] = useState(count);
  useEffect(() => onNotifications((n) => setUnread(n.unread)), []);
  return <BellLink count={unread} t={t} />;
}
