/**
 * Settings → Market projects → Web forms: a project's form keys with the origins each
 * may post from, their lead counts, a copyable embed snippet, create and revoke.
 */
import { useEffect, useState } from "react";
import { del, get, post } from "@/lib/client/api.ts";
import { toastSuccess } from "@/lib/client/toast.ts";
import type { MarketProject } from "@/lib/domain/reference.ts";
import { useT } from "@/lib/i18n/context.ts";
import { Modal } from "@/islands/prospects/Modal.tsx";
import { reportFailure } from "@/islands/settings/util.ts";

interface FormKey {
  id: string;
  key: string;
  allowedOrigins: string[];
  createdAt: string;
  leads: number;
  lastLeadAt: string | null;
}

/** A plain HTML form a campaign page can paste: works without JavaScript. */
export function embedSnippet(appOrigin: string, key: string, thanks: string): string {
  return [
    `<form action="${appOrigin}/api/intake/${key}" method="post">`,
    `  <input name="firstName" placeholder="Förnamn" required>`,
    `  <input name="lastName" placeholder="Efternamn" required>`,
    `  <input name="phoneNumber" type="tel" placeholder="Telefon" required>`,
    `  <input name="email" type="email" placeholder="E-post">`,
    `  <input name="clubId" type="hidden" value="KLUBB-ID">`,
    `  <input name="tag" type="hidden" value="kampanj">`,
    `  <input name="redirect" type="hidden" value="${thanks}">`,
    `  <input name="website" tabindex="-1" autocomplete="off" style="position:absolute;left:-9999px" aria-hidden="true">`,
    `  <button>Skicka</button>`,
    `</form>`,
  ].join("\n");
}

export function FormKeysDialog(
  { project, onClose }: { project: MarketProject; onClose: () => void },
) {
  const t = useT();
  const [keys, setKeys] = useState<FormKey[] | null>(null);
  const [origins, setOrigins] = useState("");
  const [error, setError] = useState("");
  const base = `/api/marketprojects/${project.id}/form-keys`;
  const appOrigin = typeof location === "undefined" ? "" : location.origin;

  const load = async () => {
    try {
      setKeys((await get<FormKey[]>(base)).data);
    } catch (e) {
      reportFailure(t, "settings.loadError", e);
    }
  };
  useEffect(() => {
    load();
  }, []);

  const create = async (e: Event) => {
    e.preventDefault();
    setError("");
    const list = origins.split(/\s+/).map((o) => o.trim().replace(/\/$/, "")).filter(Boolean);
    try {
      await post(base, { allowedOrigins: list });
      setOrigins("");
      toastSuccess(t("intake.formKeys.created"));
      await load();
    } catch (err) {
      const fields = reportFailure(t, "settings.marketProjects.updateError", err);
      setError(Object.values(fields ?? {})[0] ?? "");
    }
  };

  const revoke = async (k: FormKey) => {
    if (!confirm(t("intake.formKeys.revoke") + "?")) return;
    try {
      await del(`${base}/${k.id}`);
      toastSuccess(t("intake.formKeys.revoked"));
      await load();
    } catch (err) {
      reportFailure(t, "settings.marketProjects.updateError", err);
    }
  };

  return (
    <Modal labelledBy="formkeys-title" testId="formkeys-dialog" width="44rem" onCancel={onClose}>
      <div class="space-y-4 p-5">
        <h2 id="formkeys-title" class="text-lg font-semibold">
          {`${t("intake.formKeys.title")}: ${project.name}`}
        </h2>
        <p class="text-sm text-slate-600">{t("intake.formKeys.help")}</p>
        {keys && !keys.length && <p class="text-sm italic">{t("intake.formKeys.none")}</p>}
        <ul class="space-y-4" data-testid="formkeys-list">
          {(keys ?? []).map((k) => (
            <li key={k.id} class="space-y-2 rounded border border-slate-200 p-3 text-sm">
              <div class="flex flex-wrap items-center justify-between gap-2">
                <code class="break-all text-xs" data-testid="formkey-key">{k.key}</code>
                <button
                  type="button"
                  class="btn btn-danger !py-0.5 !text-xs"
                  data-testid="formkey-revoke"
                  onClick={() =>
                    revoke(k)}
                >
                  {t("intake.formKeys.revoke")}
                </button>
              </div>
              <p class="text-slate-600">{k.allowedOrigins.join(", ") || "–"}</p>
              <p class="text-slate-600">
                {`${t("intake.formKeys.count")}: ${k.leads} · ${t("intake.formKeys.lastUsed")}: ${
                  k.lastLeadAt?.slice(0, 16).replace("T", " ") ?? "–"
                }`}
              </p>
              <Snippet text={embedSnippet(appOrigin, k.key, `${k.allowedOrigins[0] ?? ""}/tack`)} />
            </li>
          ))}
        </ul>
        <form method="post" class="space-y-2" onSubmit={create}>
          <label class="block text-sm font-medium">
            {t("intake.formKeys.origins")}
            <textarea
              class="input mt-1 font-mono text-xs"
              rows={2}
              name="allowedOrigins"
              data-testid="formkey-origins"
              value={origins}
              onInput={(e) =>
                setOrigins((e.target as HTMLTextAreaElement).value)}
            />
          </label>
          {error && <p class="text-sm text-red-700" role="alert">{error}</p>}
          <div class="flex justify-end gap-2">
            <button type="button" class="btn btn-secondary" onClick={onClose}>
              {t("intake.formKeys.close")}
            </button>
            <button type="submit" class="btn btn-primary" data-testid="formkey-create">
              {t("intake.formKeys.create")}
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}

function Snippet({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <details>
      <summary class="cursor-pointer text-brand-700">{t("intake.formKeys.snippet")}</summary>
      <pre
        class="mt-2 overflow-x-auto rounded bg-slate-100 p-2 text-xs"
        data-testid="formkey-snippet"
      >{text}</pre>
      <button
        type="button"
        class="btn btn-secondary mt-1 !py-0.5 !text-xs"
        onClick={async () => {
          await navigator.clipboard?.writeText(text).catch(() => {});
          setCopied(true);
        }}
      >
        {copied ? t("intake.formKeys.copied") : t("intake.formKeys.copy")}
      </button>
    </details>
  );
}
