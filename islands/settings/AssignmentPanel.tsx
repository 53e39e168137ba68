/**
 * Settings → Clubs (admin): a club's automatic assignment — off, or in turn over chosen users
 * (GET/PUT /api/clubs/{clubId}/assignment) — and who the next new prospect goes to. Users marked
 * away are passed by.
 */
import { useEffect, useState } from "react";
import { get, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { useT } from "@/lib/i18n/context.ts";

export interface AssignmentPanelProps {
  clubs: { clubId: number; name: string }[];
}

interface Rule {
  mode: "off" | "roundRobin";
  userIds: string[];
  next: { userId: string; firstName: string; email: string } | null;
}

export default function AssignmentPanel({ clubs }: AssignmentPanelProps) {
  const t = useT();
  const [clubId, setClubId] = useState(clubs[0]?.clubId ?? 0);
  const [rule, setRule] = useState<Rule | null>(null);
  const [users, setUsers] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    get<{ result: { id: string; firstName: string; lastName: string; deleted: boolean }[] }>(
      "/api/admin/users/",
      { query: { perPage: 100 } },
    ).then((r) =>
      setUsers(
        r.data.result.filter((u) => !u.deleted).map((u) => ({
          id: u.id,
          name: `${u.firstName} ${u.lastName}`.trim(),
        })),
      )
    ).catch(() => {});
  }, []);
  useEffect(() => {
    if (!clubId) return;
    setRule(null);
    get<Rule>(`/api/clubs/${clubId}/assignment`).then((r) => setRule(r.data)).catch(() => {});
  }, [clubId]);
  const save = async (e: Event) => {
    e.preventDefault();
    if (!rule) return;
    try {
      const r = await put<Rule>(`/api/clubs/${clubId}/assignment`, {
        mode: rule.mode,
        userIds: rule.mode === "off" ? [] : rule.userIds,
      });
      setRule(r.data);
      toastSuccess(t("assignment.saved"));
    } catch (err) {
      toastError(`${t("assignment.saveError")}: ${(err as Error).message}`);
    }
  };
  const toggle = (id: string, on: boolean) =>
    rule && setRule({
      ...rule,
      userIds: on ? [...rule.userIds, id] : rule.userIds.filter((x) => x !== id),
    });
  if (!clubs.length) return null;
  return (
    <form class="card mt-4 max-w-2xl space-y-3 p-4" onSubmit={save} data-testid="assignment-panel">
      <h2 class="text-base font-semibold">{t("assignment.title")}</h2>
      <p class="text-sm text-slate-600">{t("assignment.text")}</p>
      <div class="flex flex-wrap gap-3">
        <label class="block">
          <span class="label">{t("assignment.club")}</span>
          <select
            class="input"
            value={String(clubId)}
            data-testid="assignment-club"
            onChange={(e) =>
              setClubId(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {clubs.map((c) => (
              <option key={c.clubId} value={String(c.clubId)} selected={c.clubId === clubId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label class="block">
          <span class="label">{t("assignment.mode")}</span>
          <select
            class="input"
            value={rule?.mode ?? "off"}
            disabled={!rule}
            data-testid="assignment-mode"
            onChange={(e) =>
              rule &&
              setRule({
                ...rule,
                mode: (e.currentTarget as HTMLSelectElement).value as Rule["mode"],
              })}
          >
            <option value="off" selected={rule?.mode !== "roundRobin"}>
              {t("assignment.off")}
            </option>
            <option value="roundRobin" selected={rule?.mode === "roundRobin"}>
              {t("assignment.roundRobin")}
            </option>
          </select>
        </label>
      </div>
      {rule?.mode === "roundRobin" && (
        <fieldset class="space-y-1">
          <legend class="label">{t("assignment.users")}</legend>
          {users.map((u) => (
            <label key={u.id} class="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={rule.userIds.includes(u.id)}
                data-testid={`assignment-user-${u.id}`}
                onChange={(e) => toggle(u.id, (e.currentTarget as HTMLInputElement).checked)}
              />
              {u.name}
            </label>
          ))}
        </fieldset>
      )}
      {rule?.next && (
        <p class="text-sm" data-testid="assignment-next">
          {t("assignment.next", { name: rule.next.firstName })}
        </p>
      )}
      <button type="submit" class="btn btn-primary" disabled={!rule} data-testid="assignment-save">
        {t("assignment.save")}
      </button>
    </form>
  );
}
