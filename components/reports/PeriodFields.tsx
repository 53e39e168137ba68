/**
 * The fields the server-rendered report forms share (the funnel and response-time tabs): a
 * registration period as two dates typed yyyy-MM-dd, and a district to narrow the clubs to.
 */
import { SelectField } from "@/components/SelectField.tsx";
import { useT } from "@/lib/i18n/context.ts";

interface Props {
  /** The tab's text for "from", "to", "district" and "anyDistrict". */
  label: (key: string) => string;
  /** The address's query, and the report it gave (its period when the query named none). */
  query: Record<string, string>;
  report: { from: string; to: string } | null;
  districts: { districtId: number; name: string }[];
  /** The fields' test ids: `${testId}-from`, `-to`, `-district`. */
  testId: string;
}

export function PeriodFields({ label, query, report, districts, testId }: Props) {
  const t = useT();
  return (
    <>
      {(["from", "to"] as const).map((k) => (
        <label key={k} class="block">
          <span class="label">{label(k)}</span>
          <input
            type="text"
            name={k}
            class="input"
            inputMode="numeric"
            pattern="\d{4}-\d{2}-\d{2}"
            placeholder={t("ux.date.placeholder")}
            value={query[k] ?? report?.[k] ?? ""}
            data-testid={`${testId}-${k}`}
          />
        </label>
      ))}
      <SelectField
        name="districtId"
        label={label("district")}
        value={query.districtId ?? ""}
        empty={label("anyDistrict")}
        options={districts.map((d) => [String(d.districtId), d.name])}
        onChange={() => {}}
        testId={`${testId}-district`}
      />
    </>
  );
}
