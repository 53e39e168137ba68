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
      <FilterSelect
        name="marketProjectId"
        label={t("prospects.filters.marketProject")}
        class="col-span-2 sm:col-span-1 lg:col-span-2"
        value={form.marketProjectId === null ? "" : String(form.marketProjectId)}
        empty={t("common.select")}
        options={projects.map((p) => [String(p.marketProjectId), p.name])}
        onChange={(v) => onProject(v ? Number(v) : null)}
      />
      <FilterSelect
        name="clubId"
        label={t("prospects.filters.club")}
        value={form.clubId}
        empty={t("prospects.filters.anyClub")}
        options={clubs.map((c) => [String(c.clubId), c.name])}
        onChange={(clubId) => onChange({ clubId })}
      />
      <FilterSelect
        name="sellStatus"
        label={t("prospects.filters.sellStatus")}
        value={form.sellStatus}
        empty={t("prospects.filters.anySellStatus")}
        options={SELL_STATUSES.map((s) => [s, t(`sellStatus.${s}`)])}
        onChange={(sellStatus) => onChange({ sellStatus })}
      />
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

/** A labelled select of the filter bar: an "any" choice first, then the options. */
function FilterSelect(
  { name, label, value, empty, options, onChange, class: cls = "" }: {
    name: string;
    label: string;
    value: string;
    empty: string;
    options: [value: string, label: string][];
    onChange: (value: string) => void;
    class?: string;
  },
) {
  return (
    <div class={cls}>
      <label class="label" for={`flt-${name}`}>{label}</label>
      <select
        id={`flt-${name}`}
        class="input"
        value={value}
        data-testid={`filter-${name}`}
        onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
      >
        {/* `selected` too: server-rendered HTML has no select value to hydrate */}
        <option value="" selected={!value}>{empty}</option>
        {options.map(([v, text]) => <option key={v} value={v} selected={v === value}>{text}
        </option>)}
      </select>
    </div>
  );
}
