/**
 * The grid's saved views: one select of the user's own and the shared views (opening one sets the
 * filter and sort exactly as saved), deleting an own one, and saving the current view under a
 * name (admins may share it). Both forms work before hydration: opening is a GET of /prospects
 * with `view`, saving posts to /prospects/views.
 */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { del, post } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { errorText } from "@/islands/prospects/grid_actions.ts";
import type { SavedViewAnswer } from "@/lib/services/saved_views.ts";

export interface SavedViewsProps {
  views: SavedViewAnswer[];
  /** The view opened, if the filters are one as saved. */
  viewId: string | null;
  /** The current filter and sort as the page URL's query. */
  current: string;
  admin: boolean;
  onOpen: (view: SavedViewAnswer) => void;
  onChange: (views: SavedViewAnswer[]) => void;
  /** A save the server action refused: the name typed and why. */
  saveError?: { name: string; message: string } | null;
}

export function SavedViews(p: SavedViewsProps) {
  const t = useT();
  const [chosen, setChosen] = useState(p.viewId ?? "");
  const [saving, setSaving] = useState(Boolean(p.saveError));
  const selected = p.views.find((v) => v.id === chosen) ?? null;
  const remove = async () => {
    if (!selected) return;
    try {
      await del(`/api/views/${selected.id}`);
      p.onChange(p.views.filter((v) => v.id !== selected.id));
      setChosen("");
      toastSuccess(t("views.deleted"));
    } catch (e) {
      toastError(`${t("views.deleteError")}: ${errorText(t, e)}`);
    }
  };
  return (
    <div class="card flex flex-wrap items-end gap-2 p-3" data-testid="saved-views">
      <form
        method="get"
        action="/prospects"
        class="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (selected) p.onOpen(selected);
        }}
      >
        <label class="block">
          <span class="label">{t("views.label")}</span>
          <select
            class="input !w-auto min-w-48"
            name="view"
            value={chosen}
            data-testid="saved-view-select"
            onChange={(e) => {
              const id = (e.currentTarget as HTMLSelectElement).value;
              setChosen(id);
              const v = p.views.find((x) => x.id === id);
              if (v) p.onOpen(v);
            }}
          >
            <option value="" selected={!chosen}>{t("views.choose")}</option>
            {p.views.map((v) => (
              <option key={v.id} value={v.id} selected={v.id === chosen}>
                {v.shared ? `${v.name} (${t("views.sharedTag")})` : v.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="btn btn-secondary" data-testid="saved-view-go">
          {t("views.open")}
        </button>
        {selected?.mine && (
          <button
            type="button"
            class="btn btn-ghost"
            data-testid="saved-view-delete"
            onClick={remove}
          >
            {t("views.delete")}
          </button>
        )}
      </form>
      <details class="ml-auto" open={saving} onToggle={(e) => setSaving(e.currentTarget.open)}>
        <summary
          class="btn btn-secondary cursor-pointer list-none"
          data-testid="saved-view-open-save"
        >
          {t("views.save")}
        </summary>
        <SaveViewForm
          {...p}
          onSaved={(v) => {
            setChosen(v.id);
            setSaving(false);
          }}
        />
      </details>
    </div>
  );
}

function SaveViewForm(p: SavedViewsProps & { onSaved: (v: SavedViewAnswer) => void }) {
  const t = useT();
  const [name, setName] = useState(p.saveError?.name ?? "");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState(p.saveError?.message ?? "");
  return (
    <form
      method="post"
      action="/prospects/views"
      class="mt-2 flex flex-wrap items-end gap-2"
      data-testid="saved-view-form"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          const r = await post<SavedViewAnswer>("/api/views", { name, query: p.current, shared });
          p.onChange([...p.views, r.data].sort((a, b) => a.name.localeCompare(b.name, "sv")));
          p.onSaved(r.data);
          setName("");
          setError("");
          toastSuccess(t("views.saved"));
        } catch (err) {
          setError(errorText(t, err));
        }
      }}
    >
      <input type="hidden" name="query" value={p.current} />
      <label class="block">
        <span class="label">{t("views.name")}</span>
        <input
          class="input"
          name="name"
          required
          maxLength={80}
          value={name}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? "saved-view-error" : undefined}
          data-testid="saved-view-name"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      {p.admin && (
        <label class="flex items-center gap-2 py-2 text-sm">
          <input
            type="checkbox"
            name="shared"
            checked={shared}
            data-testid="saved-view-shared"
            onChange={(e) => setShared((e.target as HTMLInputElement).checked)}
          />
          {t("views.shared")}
        </label>
      )}
      <button type="submit" class="btn btn-primary" data-testid="saved-view-save">
        {t("views.save")}
      </button>
      {error && <p id="saved-view-error" class="field-error w-full">{error}</p>}
    </form>
  );
}
