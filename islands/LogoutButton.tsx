/** Logout: signs out on the server (revokes the session), forgets local state, goes to /login. */
import { useT } from "@/lib/i18n/context.ts";
import { post } from "@/lib/client/api.ts";

export default function LogoutButton() {
  const t = useT();
  const logout = async () => {
    try {
      await post("/api/auth/sign-out", undefined, { noAuthRetry: true });
    } catch { /* signed out anyway */ }
    try {
      sessionStorage.clear();
    } catch { /* ignore */ }
    location.href = "/login";
  };
  return (
    <button
      type="button"
      class="inline-flex h-10 items-center justify-center rounded-md px-2 text-sm font-medium text-white hover:bg-white/10"
      data-testid="logout"
      onClick={logout}
    >
      {t("shell.logout")}
    </button>
  );
}
