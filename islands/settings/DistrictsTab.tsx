/** Settings → District (admin): id and name, with add, edit and delete. */
import { EditableTable, textColumn } from "@/components/EditableTable.tsx";
import type { District } from "@/lib/domain/reference.ts";
import { useT } from "@/lib/i18n/context.ts";
import { useCrudRows } from "@/islands/settings/crud.ts";

export interface DistrictsTabProps {
  districts: District[];
}

interface Draft extends Record<string, unknown> {
  districtId: string;
  name: string;
}

export default function DistrictsTab(props: DistrictsTabProps) {
  const t = useT();
  const crud = useCrudRows<District, Draft>({
    path: "/api/district",
    table: "districts",
    initial: props.districts,
    sort: (a, b) => a.districtId - b.districtId,
    toCreate: (d) => ({ body: d }),
    toUpdate: (_r, d) => ({ body: d }),
  });
  const label = (k: string) => t(`settings.districts.columns.${k}`);
  return (
    <EditableTable<District, Draft>
      testId="districts-table"
      rows={crud.rows}
      rowKey={(r) => r.id}
      addLabel={t("settings.districts.add")}
      emptyText={t("settings.districts.empty")}
      emptyDraft={() => ({ districtId: "", name: "" })}
      toDraft={(r) => ({ districtId: String(r.districtId), name: r.name })}
      columns={[
        textColumn("districtId", label("districtId"), (r) => r.districtId, {
          class: "w-32",
          numeric: true,
        }),
        textColumn("name", label("name"), (r) => r.name),
      ]}
      onCreate={crud.onCreate}
      onUpdate={crud.onUpdate}
      onDelete={crud.onDelete}
    />
  );
}
