/**
 * Settings → Personal data (find everything kept about a person, download it, erase it) and the
 * retention form of the Admin tab. Server-rendered plain forms: they work without
 * JavaScript; erasing needs the confirm box ticked.
 */
import { useT } from "@/lib/i18n/context.ts";
import type { DataSubjectRecord } from "@/lib/services/privacy.ts";

export interface PrivacyPanelProps {
  email: string;
  phone: string;
  searched: boolean;
  records: DataSubjectRecord[];
  /** How many were just erased (after the erase form), else null. */
  erased: number | null;
  error: string | null;
}

export function PrivacyPanel(p: PrivacyPanelProps) {
  const t = useT();
  const qs = new URLSearchParams();
  if (p.email) qs.set("email", p.email);
  if (p.phone) qs.set("phone", p.phone);
  const live = p.records.filter((r) => r.prospect.activityStatus !== "CustomerCleaned");
  return (
    <div class="space-y-4">
      <form method="get" action="/settings" class="card space-y-3 p-4" data-testid="privacy-search">
        <input type="hidden" name="tab" value="privacy" />
        <h2 class="text-base font-semibold">{t("privacy.title")}</h2>
        <p class="text-sm text-slate-600">{t("privacy.intro")}</p>
        <div class="grid gap-3 sm:grid-cols-2">
          <label class="block">
            <span class="label">{t("privacy.email")}</span>
            <input class="input" type="email" name="email" value={p.email} autoComplete="off" />
          </label>
          <label class="block">
            <span class="label">{t("privacy.phone")}</span>
            <input class="input" type="tel" name="phone" value={p.phone} autoComplete="off" />
          </label>
        </div>
        {p.error && <p class="field-error" role="alert">{p.error}</p>}
        <button type="submit" class="btn btn-primary" data-testid="privacy-find">
          {t("privacy.find")}
        </button>
      </form>
      {p.erased !== null && (
        <p
          class="rounded-md bg-green-50 p-3 text-sm text-green-800"
          role="status"
          data-testid="privacy-erased"
        >
          {t("privacy.erasedCount", { count: p.erased })}
        </p>
      )}
      {p.searched && (
        <section class="card space-y-3 p-4" data-testid="privacy-results">
          <h3 class="font-semibold">{t("privacy.found", { count: p.records.length })}</h3>
          {p.records.length > 0 && (
            <ul class="divide-y divide-slate-200 text-sm">
              {p.records.map((r) => (
                <li key={r.prospect.id} class="py-2" data-testid="privacy-row">
                  <span class="font-medium">
                    {`${r.prospect.firstName} ${r.prospect.lastName}`.trim() || "—"}
                  </span>{" "}
                  <span class="text-slate-600">
                    {`#${r.prospect.customerId} · ${r.prospect.marketProjectName} · ${r.prospect.clubName}`}
                  </span>{" "}
                  <span class="text-slate-600">
                    {`· ${t("privacy.notes", { count: r.notes.length })} · ${
                      t(`activityStatus.${r.prospect.activityStatus}`)
                    }${r.prospect.deleted ? ` · ${t("privacy.deleted")}` : ""}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {p.records.length > 0 && (
            <a
              class="btn btn-secondary"
              href={`/api/admin/data-subject?${qs}`}
              download="personuppgifter.json"
              data-testid="privacy-download"
            >
              {t("privacy.download")}
            </a>
          )}
          {live.length > 0 && (
            <form
              method="post"
              action={`/settings?tab=privacy&${qs}`}
              class="space-y-2 border-t border-slate-200 pt-3"
              data-testid="privacy-erase-form"
            >
              <input type="hidden" name="form" value="erase" />
              {live.map((r) => (
                <input key={r.prospect.id} type="hidden" name="id" value={r.prospect.id} />
              ))}
              <label class="flex items-start gap-2 text-sm">
                <input type="checkbox" name="confirm" value="yes" required class="mt-1 h-5 w-5" />
                <span>{t("privacy.confirm", { count: live.length })}</span>
              </label>
              <button type="submit" class="btn btn-danger" data-testid="privacy-erase">
                {t("privacy.erase", { count: live.length })}
              </button>
            </form>
          )}
        </section>
      )}
    </div>
  );
}

export function RetentionPanel(
  { days, preview, saved, error }: {
    days: number;
    preview: { days: number; count: number } | null;
    saved: boolean;
    error: string | null;
  },
) {
  const t = useT();
  return (
    <form
      method="post"
      action="/settings?tab=admin"
      class="card mt-4 max-w-2xl space-y-3 p-4"
      data-testid="retention-form"
    >
      <input type="hidden" name="form" value="retention" />
      <h2 class="text-base font-semibold">{t("privacy.retention.title")}</h2>
      <p class="text-sm text-slate-600">{t("privacy.retention.intro")}</p>
      <label class="block max-w-xs">
        <span class="label">{t("privacy.retention.days")}</span>
        <input
          class="input"
          type="number"
          min="0"
          max="3650"
          name="retentionDays"
          value={String(preview?.days ?? days)}
          data-testid="retention-days"
        />
      </label>
      {error && <p class="field-error" role="alert">{error}</p>}
      {preview && (
        <p class="text-sm" role="status" data-testid="retention-preview">
          {t("privacy.retention.preview", { count: preview.count })}
        </p>
      )}
      {saved && (
        <p class="text-sm text-green-800" role="status" data-testid="retention-saved">
          {t("privacy.retention.saved")}
        </p>
      )}
      <div class="flex flex-wrap gap-2">
        <button type="submit" name="action" value="preview" class="btn btn-secondary">
          {t("privacy.retention.previewButton")}
        </button>
        <button type="submit" name="action" value="save" class="btn btn-primary">
          {t("privacy.retention.save")}
        </button>
      </div>
    </form>
  );
}
