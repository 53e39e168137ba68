/** Settings → District (admin): id and name, with add, edit and delete. */
import { useState } from "react";
import { CellInput, EditableTable } from "@/components/EditableTable.tsx";
import { del, get, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import type { District } from "@/lib/domain/reference.ts";
import { useT } from "@/lib/i18n/context.ts";
import { isStale, reportFailure } from "@/islands/settings/util.ts";

export interface DistrictsTabProps {
  districts: District[];
}

interface Draft {
  districtId: string;
  name: string;
}

export default function DistrictsTab(props: DistrictsTabProps) {
  const t = useT();
  const [rows, setRows] = useState(props.districts);
  const reload = async () => {
    try {
      setRows((await get<District[]>("/api/district")).data);
    } catch {
      toastError(t("settings.loadError"));
    }
  };
  const label = (k: string) => t(`settings.districts.columns.${k}`);
  return (
    <EditableTable<District, Draft>
      testId="districts-table"
      rows={rows}
      rowKey={(r) => r.id}
      addLabel={t("settings.districts.add")}
      emptyText={t("settings.districts.empty")}
      emptyDraft={() => ({ districtId: "", name: "" })}
      toDraft={(r) => ({ districtId: String(r.districtId), name: r.name })}
      columns={[
        {
          key: "districtId",
          label: label("districtId"),
          class: "w-32",
          cell: (r) => r.districtId,
          edit: (d, set, errors) => (
            <CellInput
              name="districtId"
              label={label("districtId")}
              inputMode="numeric"
              value={d.districtId}
              error={errors.districtId}
              onInput={(v) => set({ districtId: v })}
            />
          ),
        },
        {
          key: "name",
          label: label("name"),
          cell: (r) => r.name,
          edit: (d, set, errors) => (
            <CellInput
              name="name"
              label={label("name")}
              value={d.name}
              error={errors.name}
              onInput={(v) => set({ name: v })}
            />
          ),
        },
      ]}
      onCreate={async (d) => {
        try {
          const { data } = await post<District>("/api/district", d);
          setRows([...rows, data].sort((a, b) => a.districtId - b.districtId));
          toastSuccess(t("settings.districts.created"));
          return null;
        } catch (e) {
          return reportFailure(t, "settings.districts.createError", e);
        }
      }}
      onUpdate={async (r, d) => {
        try {
          const { data } = await put<District>(`/api/district/${r.id}`, {
            ...d,
            version: r.version,
          });
          setRows(rows.map((x) => (x.id === r.id ? data : x)));
          toastSuccess(t("settings.districts.updated"));
          return null;
        } catch (e) {
          if (isStale(e)) await reload();
          return reportFailure(t, "settings.districts.updateError", e);
        }
      }}
      onDelete={async (r) => {
        if (!confirm(t("settings.districts.confirmDelete", { name: r.name }))) return;
        try {
          await del(`/api/district/${r.id}`);
          setRows(rows.filter((x) => x.id !== r.id));
          toastSuccess(t("settings.districts.deleted"));
        } catch (e) {
          reportFailure(t, "settings.districts.deleteError", e);
          if (isStale(e)) await reload();
        }
      }}
    />
  );
}
