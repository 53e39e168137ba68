/** Settings → Clubs (admin): club id, name and district, with add, edit and delete. */
import { useState } from "react";
import { CellInput, EditableTable } from "@/components/EditableTable.tsx";
import { del, get, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import type { Club, District } from "@/lib/domain/reference.ts";
import { useT } from "@/lib/i18n/context.ts";
import { isStale, reportFailure } from "@/islands/settings/util.ts";

export interface ClubsTabProps {
  clubs: Club[];
  districts: District[];
}

interface Draft {
  clubId: string;
  name: string;
  districtId: string;
}

const byName = (a: Club, b: Club) => a.name.localeCompare(b.name, "sv");

export default function ClubsTab(props: ClubsTabProps) {
  const t = useT();
  const [rows, setRows] = useState(props.clubs);
  const districtName = new Map(props.districts.map((d) => [d.districtId, d.name]));
  const reload = async () => {
    try {
      setRows((await get<Club[]>("/api/clubs")).data);
    } catch {
      toastError(t("settings.loadError"));
    }
  };
  const label = (k: string) => t(`settings.clubs.columns.${k}`);
  return (
    <EditableTable<Club, Draft>
      testId="clubs-table"
      rows={rows}
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
        {
          key: "clubId",
          label: label("clubId"),
          class: "w-28",
          cell: (r) => r.clubId,
          edit: (d, set, errors) => (
            <CellInput
              name="clubId"
              label={label("clubId")}
              inputMode="numeric"
              value={d.clubId}
              error={errors.clubId}
              onInput={(v) => set({ clubId: v })}
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
      onCreate={async (d) => {
        try {
          const { data } = await post<Club>("/api/clubs", d);
          setRows([...rows, data].sort(byName));
          toastSuccess(t("settings.clubs.created"));
          return null;
        } catch (e) {
          return reportFailure(t, "settings.clubs.createError", e);
        }
      }}
      onUpdate={async (r, d) => {
        try {
          const { data } = await put<Club>(`/api/clubs/${r.id}`, { ...d, version: r.version });
          setRows(rows.map((x) => (x.id === r.id ? data : x)).sort(byName));
          toastSuccess(t("settings.clubs.updated"));
          return null;
        } catch (e) {
          if (isStale(e)) await reload();
          return reportFailure(t, "settings.clubs.updateError", e);
        }
      }}
      onDelete={async (r) => {
        if (!confirm(t("settings.clubs.confirmDelete", { name: r.name }))) return;
        try {
          await del(`/api/clubs/${r.id}`);
          setRows(rows.filter((x) => x.id !== r.id));
          toastSuccess(t("settings.clubs.deleted"));
        } catch (e) {
          reportFailure(t, "settings.clubs.deleteError", e);
          if (isStale(e)) await reload();
        }
      }}
    />
  );
}
