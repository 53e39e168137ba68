/** Settings → Clubs (admin): club id, name and district, with add, edit and delete. */
import { EditableTable, textColumn } from "@/components/EditableTable.tsx";
import type { Club, District } from "@/lib/domain/reference.ts";
import { useT } from "@/lib/i18n/context.ts";
import { useCrudRows } from "@/islands/settings/crud.ts";

export interface ClubsTabProps {
  clubs: Club[];
  districts: District[];
}

interface Draft extends Record<string, unknown> {
  clubId: string;
  name: string;
  districtId: string;
}

const byName = (a: Club, b: Club) => a.name.localeCompare(b.name, "sv");
/** The suggested id of a new club: the one after the highest in use (what the server takes). */
const nextClubId = (clubs: Club[]) => clubs.reduce((m, c) => Math.max(m, c.clubId), 0) + 1;

export default function ClubsTab(props: ClubsTabProps) {
  const t = useT();
  const crud = useCrudRows<Club, Draft>({
    path: "/api/clubs",
    table: "clubs",
    initial: props.clubs,
    sort: byName,
    // Without a clubId the server takes the next free number (the field suggests it).
    toCreate: (d) => ({ body: d.clubId.trim() ? d : { ...d, clubId: undefined } }),
    toUpdate: (_r, d) => ({ body: d }),
  });
  const districtName = new Map(props.districts.map((d) => [d.districtId, d.name]));
  const label = (k: string) => t(`settings.clubs.columns.${k}`);
  return (
    <EditableTable<Club, Draft>
      testId="clubs-table"
      rows={crud.rows}
      rowKey={(r) => r.id}
      addLabel={t("settings.clubs.add")}
      emptyText={t("settings.clubs.empty")}
      emptyDraft={() => ({ clubId: "", name: "", districtId: "" })}
      toDraft={(r) => ({
        clubId: String(r.clubId),
        name: r.name,
        districtId: String(r.districtId),
      })}
      columns={[
        textColumn("clubId", label("clubId"), (r) => r.clubId, {
          class: "w-28",
          numeric: true,
          placeholder: t("settings.clubs.suggestedId", { id: nextClubId(crud.rows) }),
        }),
        textColumn("name", label("name"), (r) => r.name),
        {
          key: "district",
          label: label("district"),
          class: "w-56",
          cell: (r) => districtName.get(r.districtId) ?? r.districtId,
          edit: (d, set, errors) => (
            <div>
              <select
                class={`input ${errors.districtId ? "border-red-500" : ""}`}
                name="districtId"
                aria-label={label("district")}
                value={d.districtId}
                onChange={(e) => set({ districtId: (e.currentTarget as HTMLSelectElement).value })}
              >
                <option value="">{t("common.select")}</option>
                {props.districts.map((x) => (
                  <option
                    key={x.id}
                    value={String(x.districtId)}
                    selected={d.districtId === String(x.districtId)}
                  >
                    {`${x.districtId} – ${x.name}`}
                  </option>
                ))}
              </select>
              {errors.districtId && <p class="field-error">{errors.districtId}</p>}
            </div>
          ),
        },
      ]}
      onCreate={crud.onCreate}
      onUpdate={crud.onUpdate}
      onDelete={crud.onDelete}
    />
  );
}
