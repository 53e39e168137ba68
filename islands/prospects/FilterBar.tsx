/**
 * The filter bar of the Prospects page (spec §2): fields, the two checkboxes and Filter. On a phone
 * only project, club and sell status show until "More filters" opens the rest (opened already when
 * one of them is set), so the grid is on the first screen.
 */
import { SelectField } from "@/components/SelectField.tsx";
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { ALL_CLUBS, type Filters } from "@/islands/prospects/query.ts";
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
  const text = (k: TextFilter, label: string, type: "text" | "date" = "text") => (
    <TextFilterField
      k={k}
      label={label}
      type={type}
      value={String(form[k] ?? "")}
      class={hideOnPhone}
      onChange={(v) => onChange({ [k]: v })}
    />
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
      <SelectField
        name="marketProjectId"
        testId="filter-marketProjectId"
        label={t("prospects.filters.marketProject")}
        class="col-span-2 block sm:col-span-1 lg:col-span-2"
        value={form.marketProjectId === null ? "" : String(form.marketProjectId)}
        empty={t("common.select")}
        options={projects.map((p) => [String(p.marketProjectId), p.name])}
        onChange={(v) => onProject(v ? Number(v) : null)}
      />
      <SearchField value={form.search} onChange={(search) => onChange({ search })} />
      {([
        [
          "clubId",
          "club",
          "anyClub",
          [
            ...(admin ? [[ALL_CLUBS, t("prospects.filters.allClubs")]] : []),
            ...clubs.map((c) => [String(c.clubId), c.name]),
          ],
        ],
        [
          "sellStatus",
          "sellStatus",
          "anySellStatus",
          SELL_STATUSES.map((s) => [s, t(`sellStatus.${s}`)]),
        ],
      ] as const).map(([name, label, empty, options]) => (
        <SelectField
          key={name}
          name={name}
          testId={`filter-${name}`}
          label={t(`prospects.filters.${label}`)}
          value={form[name]}
          empty={t(`prospects.filters.${empty}`)}
          options={options as [string, string][]}
          onChange={(v) => onChange({ [name]: v })}
        />
      ))}
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

/** The one field that finds a person: name, phone in any form, e-mail or customer id. */
function SearchField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT();
  return (
    <div class="col-span-2" data-testid="filter-field-search">
      <label class="label" for="flt-search">{t("prospects.filters.search")}</label>
      <input
        type="search"
        id="flt-search"
        name="search"
        class="input"
        value={value}
        autoComplete="off"
        aria-describedby="flt-search-hint"
        data-testid="filter-search"
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
      />
      <p id="flt-search-hint" class="mt-1 text-xs text-slate-600">
        {t("prospects.filters.searchHint")}
      </p>
    </div>
  );
}

type TextFilter =
  | "customerId"
  | "firstName"
  | "lastName"
  | "tag"
  | "email"
  | "registerDate"
  | "registerEndDate";

/** A text or date filter field (hidden on a phone until "More filters" opens them). */
function TextFilterField(
  { k, label, type, value, class: cls, onChange }: {
    k: TextFilter;
    label: string;
    type: "text" | "date";
    value: string;
    class: string;
    onChange: (v: string) => void;
  },
) {
  return (
    <div class={cls} data-testid={`filter-field-${k}`}>
      <label class="label" for={`flt-${k}`}>{label}</label>
      {type === "date"
        ? <DateInput id={`flt-${k}`} value={value} testId={`filter-${k}`} onChange={onChange} />
        : (
          <input
            type="text"
            id={`flt-${k}`}
            class="input"
            value={value}
            inputMode={k === "customerId" ? "numeric" : undefined}
            data-testid={`filter-${k}`}
            onInput={(e) => onChange((e.target as HTMLInputElement).value)}
          />
        )}
    </div>
  );
}
