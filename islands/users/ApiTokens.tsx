/**
 * A user's API tokens in the users screen's drawer: each with its scope, expiry and last use, a
 * revoke button, and a form that issues a new one (name, scope, optional expiry) and shows the
 * token once, to copy into the script.
 */
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, del, get, post } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { API_TOKEN_SCOPES, type ApiTokenScope } from "@/lib/domain/user.ts";

interface TokenView {
  id: string;
  name: string;
  scope: ApiTokenScope;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "–");

export function ApiTokens({ userId }: { userId: string }) {
  const t = useT();
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read");
  const [expiresAt, setExpiresAt] = useState("");
  const [shown, setShown] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const base = `/api/admin/users/${userId}/api-tokens`;
  const load = async () => {
    try {
      setTokens((await get<TokenView[]>(base)).data);
    } catch { /* the list stays as it was */ }
  };
  useEffect(() => {
    load();
  }, [userId]);

  const issue = async (e: Event) => {
    e.preventDefault();
    setErrors({});
    try {
      const { data } = await post<TokenView & { token: string }>(base, {
        name,
        scope,
        expiresAt: expiresAt || undefined,
      });
      setShown(data.token);
      setName("");
      setExpiresAt("");
      toastSuccess(t("users.tokens.issued"));
      await load();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields ?? {});
      toastError(err instanceof ApiError ? err.message : t("common.unknownError"));
    }
  };
  const revoke = async (id: string) => {
    try {
      await del(`${base}/${id}`);
      toastSuccess(t("users.tokens.revoked"));
      await load();
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : t("common.unknownError"));
    }
  };

  return (
    <section class="mt-6 border-t border-slate-200 pt-4" data-testid="api-tokens">
      <h3 class="font-semibold">{t("users.tokens.title")}</h3>
      <p class="mt-1 text-xs text-slate-600">{t("users.tokens.help")}</p>
      {shown && (
        <div class="mt-3 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm" role="status">
          <p class="font-medium">{t("users.tokens.showOnce")}</p>
          <code class="mt-1 block break-all text-xs" data-testid="api-token-secret">{shown}</code>
        </div>
      )}
      <TokenList tokens={tokens} onRevoke={revoke} />
      <form class="mt-3 grid gap-2 sm:grid-cols-3" onSubmit={issue} data-testid="api-token-form">
        <label class="text-sm sm:col-span-3">
          <span class="block font-medium">{t("users.tokens.name")}</span>
          <input
            class="input mt-1"
            value={name}
            required
            maxLength={100}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            data-testid="api-token-name"
          />
          {errors.name && <span class="text-xs text-red-700">{errors.name}</span>}
        </label>
        <label class="text-sm">
          <span class="block font-medium">{t("users.tokens.scope")}</span>
          <select
            class="input mt-1"
            value={scope}
            onChange={(e) => setScope((e.target as HTMLSelectElement).value as ApiTokenScope)}
            data-testid="api-token-scope"
          >
            {API_TOKEN_SCOPES.map((s) => (
              <option key={s} value={s}>{t(`users.tokens.scopes.${s}`)}</option>
            ))}
          </select>
        </label>
        <label class="text-sm">
          <span class="block font-medium">{t("users.tokens.expiresAt")}</span>
          <input
            type="date"
            class="input mt-1"
            value={expiresAt}
            onInput={(e) => setExpiresAt((e.target as HTMLInputElement).value)}
            data-testid="api-token-expires"
          />
          {errors.expiresAt && <span class="text-xs text-red-700">{errors.expiresAt}</span>}
        </label>
        <button type="submit" class="btn btn-primary self-end" data-testid="api-token-issue">
          {t("users.tokens.issue")}
        </button>
      </form>
    </section>
  );
}

/** The tokens with scope, last use and expiry, each with its revoke button. */
function TokenList(
  { tokens, onRevoke }: { tokens: TokenView[]; onRevoke: (id: string) => void },
) {
  const t = useT();
  return (
    <ul class="mt-3 divide-y divide-slate-100 text-sm" data-testid="api-token-list">
      {tokens.length === 0 && <li class="py-2 text-slate-500">{t("users.tokens.none")}</li>}
      {tokens.map((k) => (
        <li key={k.id} class="flex flex-wrap items-center gap-2 py-2" data-testid="api-token">
          <span class="font-medium">{k.name}</span>
          <span class="rounded bg-slate-100 px-1.5 text-xs">
            {t(`users.tokens.scopes.${k.scope}`)}
          </span>
          <span class="text-xs text-slate-600">
            {t("users.tokens.lastUsed", { when: when(k.lastUsedAt) })} ·{" "}
            {t("users.tokens.expires", { when: k.expiresAt ? k.expiresAt.slice(0, 10) : "–" })}
          </span>
          <button
            type="button"
            class="btn btn-secondary ml-auto !py-1 text-xs"
            onClick={() =>
              onRevoke(k.id)}
            data-testid="api-token-revoke"
          >
            {t("users.tokens.revoke")}
          </button>
        </li>
      ))}
    </ul>
  );
}
