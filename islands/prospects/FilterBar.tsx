/**
 * The filter bar of the Prospects page (spec §2): fields, the two checkboxes and Filter. On a phone
 * only project, club and sell status show until "More filters" opens the rest (opened already when
 * one of them is set), so the grid is on the first screen.
 */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import type { Filters } from "@/islands/prospects/query.ts";
import { DateInput } from "@/components/DateInput.tsx";

export interface FilterBarProps {
  form: Filters;
  projects: { marketProjectId: number; name: string }[];
  clubs: { clubId: number; name: string }[];
  onChange: (patch: Partial<Filters>) => void;
  onProject: (marketProjectId: number | null) => void;
  onSubmit: () => void;
  onClear: () => void;
  /** Admins get the "deleted prospects" filter. */
  admin?: boolean;
}

export function FilterBar(
  { form, projects, clubs, onChange, onProject, onSubmit, onClear, admin }: FilterBarProps,
) {
  const t = useT();
  const extra = ["customerId", "firstName", "lastName", "tag", "email", "registerDate"]
    .concat("registerEndDate")
    .filter((k) => String(form[k as keyof Filters] ?? "") !== "").length;
  const [more, setMore] = useState(extra > 0);
  const hideOnPhone = more ? "" : "hidden sm:block";
  const text = (k: keyof Filters, label: string, type: "text" | "date" = "text") => (
    <div class={hideOnPhone} data-testid={`filter-field-${k}`}>
      <label class="label" for={`flt-${k}`}>{label}</label>
      {type === "date"
        ? (
          <DateInput
            id={`flt-${k}`}
            value={String(form[k] ?? "")}
            testId={`filter-${k}`}
            onChange={(v) => onChange({ [k]: v })}
          />
        )
        : (
          <input
            type="text"
            id={`flt-${k}`}
            class="input"
            value={String(form[k] ?? "")}
            inputMode={k === "customerId" ? "numeric" : undefined}
            data-testid={`filter-${k}`}
            onInput={(e) => onChange({ [k]: (e.target as HTMLInputElement).value })}
          />
        )}
    </div>
  );
  const check = (key: "showCompleted" | "myAssigned" | "deleted", label: string) => (
    <label class="flex items-center gap-2 py-1.5 text-sm">
      <input
        type="checkbox"
        checked={form[key]}
        data-testid={`filter-${key}`}
        onChange={(e) => onChange({ [key]: (e.target as HTMLInputElement).checked })}
      />
      {label}
    </label>
  );

  return (
    <form
      class="card grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 lg:grid-cols-6"
      data-testid="filter-bar"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div class="col-span-2 sm:col-span-1 lg:col-span-2">
        <label class="label" for="flt-marketProjectId">
          {t("prospects.filters.marketProject")}
        </label>
        <select
          id="flt-marketProjectId"
          class="input"
          value={form.marketProjectId === null ? "" : String(form.marketProjectId)}
          data-testid="filter-marketProjectId"
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            onProject(v ? Number(v) : null);
          }}
        >
          <option value="" selected={form.marketProjectId === null}>{t("common.select")}</option>
          {projects.map((p) => (
            <option
              key={p.marketProjectId}
              value={String(p.marketProjectId)}
              selected={p.marketProjectId === form.marketProjectId}
            >
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label class="label" for="flt-clubId">{t("prospects.filters.club")}</label>
        <select
          id="flt-clubId"
          class="input"
          value={form.clubId}
          data-testid="filter-clubId"
          onChange={(e) => onChange({ clubId: (e.target as HTMLSelectElement).value })}
        >
          <option value="" selected={!form.clubId}>{t("prospects.filters.anyClub")}</option>
          {clubs.map((c) => (
            <option
              key={c.clubId}
              value={String(c.clubId)}
              selected={String(c.clubId) === form.clubId}
            >
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label class="label" for="flt-sellStatus">{t("prospects.filters.sellStatus")}</label>
        <select
          id="flt-sellStatus"
          class="input"
          value={form.sellStatus}
          data-testid="filter-sellStatus"
          onChange={(e) => onChange({ sellStatus: (e.target as HTMLSelectElement).value })}
        >
          <option value="" selected={!form.sellStatus}>
            {t("prospects.filters.anySellStatus")}
          </option>
          {SELL_STATUSES.map((s) => (
            <option key={s} value={s} selected={s === form.sellStatus}>
              {t(`sellStatus.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        class="btn btn-ghost col-span-2 justify-self-start sm:hidden"
        aria-expanded={more}
        data-testid="filter-more"
        onClick={() => setMore(!more)}
      >
        {more
          ? t("prospects.filters.fewer")
          : extra
          ? t("prospects.filters.moreActive", { count: extra })
          : t("prospects.filters.more")}
        <span aria-hidden="true" class="ml-1">{more ? "▴" : "▾"}</span>
      </button>
      {text("customerId", t("prospects.filters.customerId"))}
      {text("firstName", t("prospects.filters.firstName"))}
      {text("lastName", t("prospects.filters.lastName"))}
      {text("tag", t("prospects.filters.tag"))}
      {text("email", t("prospects.filters.email"))}
      {text("registerDate", t("prospects.filters.registerDate"), "date")}
      {text("registerEndDate", t("prospects.filters.registerEndDate"), "date")}
      <div class="col-span-full flex flex-wrap items-center gap-x-4 gap-y-2">
        {check("showCompleted", t("prospects.filters.showCompleted"))}
        {check("myAssigned", t("prospects.filters.myAssigned"))}
        {admin && check("deleted", t("privacy.filterDeleted"))}
        <div class="ml-auto flex gap-2">
          <button type="button" class="btn btn-ghost" data-testid="filter-clear" onClick={onClear}>
            {t("prospects.filters.clear")}
          </button>
          <button type="submit" class="btn btn-primary" data-testid="filter-submit">
            {t("prospects.filters.filter")}
          </button>
        </div>
      </div>
    </form>
  );
}
