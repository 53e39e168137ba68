/**
 * The notification choices of the profile: per category whether it also goes by e-mail and SMS.
 * A plain `method="post"` form (the settings page's server action saves it), no script needed.
 */
import { INBOX_CATEGORIES, type NotificationChannels } from "@/lib/domain/user.ts";
import { useT } from "@/lib/i18n/context.ts";

export function NotificationChannelsForm(
  { channels, saved, error }: {
    channels: NotificationChannels;
    saved: boolean;
    error: string | null;
  },
) {
  const t = useT();
  return (
    <form
      method="post"
      action="/settings"
      class="card mt-4 max-w-2xl space-y-3 p-4"
      data-testid="notification-channels"
    >
      <input type="hidden" name="form" value="notifications" />
      <h2 class="text-lg font-semibold">{t("notifications.settings.title")}</h2>
      <p class="text-sm text-slate-600">{t("notifications.settings.intro")}</p>
      <table class="w-full text-sm">
        <thead>
          <tr class="text-left text-slate-600">
            <th scope="col" class="py-1 pr-2 font-medium">
              {t("notifications.settings.category")}
            </th>
            <th scope="col" class="w-16 py-1 text-center font-medium">
              {t("notifications.settings.email")}
            </th>
            <th scope="col" class="w-16 py-1 text-center font-medium">
              {t("notifications.settings.sms")}
            </th>
          </tr>
        </thead>
        <tbody>
          {INBOX_CATEGORIES.map((c) => (
            <tr key={c} class="border-t border-slate-100 align-top">
              <th scope="row" class="py-2 pr-2 text-left font-normal">
                <span class="font-medium" id={`channel-${c}`}>
                  {t(`notifications.categories.${c}`)}
                </span>
                {c === "webLead" && (
                  <span class="block text-xs text-slate-600">
                    {t("notifications.settings.webLeadHint")}
                  </span>
                )}
              </th>
              {(["email", "sms"] as const).map((ch) => (
                <td key={ch} class="py-2 text-center">
                  <input
                    type="checkbox"
                    name={`${c}.${ch}`}
                    value="on"
                    checked={channels[c][ch]}
                    class="h-5 w-5"
                    aria-label={`${t(`notifications.categories.${c}`)}: ${
                      t(`notifications.settings.${ch}`)
                    }`}
                    data-testid={`channel-${c}-${ch}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div class="flex flex-wrap items-center gap-3">
        <button type="submit" class="btn btn-primary" data-testid="save-channels">
          {t("notifications.settings.save")}
        </button>
        {saved && (
          <span class="text-sm text-emerald-800" role="status">
            {t("notifications.settings.saved")}
          </span>
        )}
        {error && <span class="text-sm text-red-700" role="alert">{error}</span>}
      </div>
    </form>
  );
}
