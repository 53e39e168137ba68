/**
 * Settings → Choose club: every club with a checkbox; each change is saved at once (a failure
 * puts the box back and toasts). Select-all is on when no listed club is unchecked; the district
 * filter narrows the list and what select-all touches.
 */
import { SelectField } from "@/components/SelectField.tsx";
import { EmptyRow } from "@/components/Buttons.tsx";
import { useState } from "react";
import { get, put } from "@/lib/client/api.ts";
import { toastError } from "@/lib/client/toast.ts";
import type { Club, District } from "@/lib/domain/reference.ts";
import { selectAllState } from "@/lib/domain/reference_rules.ts";
import { useT } from "@/lib/i18n/context.ts";
import { reportFailure } from "@/islands/settings/util.ts";

export interface ChooseClubTabProps {
  userId: string;
  clubs: Club[];
  districts: District[];
}

const failureKey = (checked: boolean) =>
  checked ? "settings.chooseClub.subscribeError" : "settings.chooseClub.unsubscribeError";

export default function ChooseClubTab(props: ChooseClubTabProps) {
  const t = useT();
  const [clubs, setClubs] = useState(props.clubs);
  const [region, setRegion] = useState("");
  const [busy, setBusy] = useState(false);
  const path = `/api/users/${props.userId}/clubs`;
  const districtName = new Map(props.districts.map((d) => [d.districtId, d.name]));
  const allOn = selectAllState(clubs);
  const checkedCount = clubs.filter((c) => c.checked).length;

  const filter = async (value: string) => {
    setRegion(value);
    try {
      const { data } = await get<Club[]>(path, { query: { regionIds: value } });
      setClubs(data);
    } catch {
      toastError(t("settings.loadError"));
    }
  };

  const toggleOne = async (club: Club, checked: boolean) => {
    setClubs((all) => all.map((c) => (c.clubId === club.clubId ? { ...c, checked } : c)));
    try {
      await put(path, { clubId: club.clubId, checked });
    } catch (e) {
      setClubs((all) =>
        all.map((c) => (c.clubId === club.clubId ? { ...c, checked: !checked } : c))
      );
      reportFailure(t, failureKey(checked), e);
    }
  };

  const toggleAll = async (checked: boolean) => {
    const before = clubs;
    setClubs(clubs.map((c) => ({ ...c, checked })));
    setBusy(true);
    try {
      const regionIds = region ? [Number(region)] : undefined;
      const { data } = await put<Club[]>(path, { all: true, checked, regionIds });
      setClubs(data);
    } catch (e) {
      setClubs(before);
      reportFailure(t, failureKey(checked), e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="space-y-3">
      <p class="text-sm text-slate-600">{t("settings.chooseClub.text")}</p>
      <div class="flex flex-wrap items-end gap-4">
        <SelectField
          name="regionIds"
          label={t("settings.chooseClub.filterByDistrict")}
          class="w-64 max-w-full"
          testId="district-filter"
          value={region}
          empty={t("settings.chooseClub.allDistricts")}
          options={props.districts.map((d) => [String(d.districtId), d.name])}
          onChange={filter}
        />
        <p class="pb-2 text-sm text-slate-600" data-testid="selected-count">
          {t("settings.chooseClub.selectedCount", { count: checkedCount, total: clubs.length })}
        </p>
      </div>
      <div class="card overflow-x-auto">
        <table class="table" data-testid="choose-club-table">
          <thead>
            <tr>
              <th class="w-32">
                <label class="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    class="h-5 w-5 accent-brand-600"
                    checked={allOn}
                    disabled={busy || clubs.length === 0}
                    data-testid="select-all"
                    onChange={(e) => toggleAll((e.currentTarget as HTMLInputElement).checked)}
                  />
                  <span>{t("settings.chooseClub.selectAll")}</span>
                </label>
              </th>
              <th class="w-28">{t("settings.chooseClub.columns.clubId")}</th>
              <th>{t("settings.chooseClub.columns.name")}</th>
              <th>{t("settings.chooseClub.columns.district")}</th>
            </tr>
          </thead>
          <tbody>
            {clubs.length === 0 && <EmptyRow colSpan={4}>{t("settings.chooseClub.empty")}
            </EmptyRow>}
            {clubs.map((c) => (
              <tr key={c.id} data-testid={`club-${c.clubId}`}>
                <td>
                  <input
                    type="checkbox"
                    class="h-5 w-5 accent-brand-600"
                    checked={!!c.checked}
                    disabled={busy}
                    aria-label={c.name}
                    data-testid="club-checkbox"
                    onChange={(e) => toggleOne(c, (e.currentTarget as HTMLInputElement).checked)}
                  />
                </td>
                <td>{c.clubId}</td>
                <td>{c.name}</td>
                <td>{districtName.get(c.districtId) ?? c.districtId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Narrows the list (and what select-all touches) to one district. */
