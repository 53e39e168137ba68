/**
 * "Möjliga dubbletter": the project's groups of records that share a phone or an e-mail, and two
 * records of one group side by side — the one kept and the one merged into it — with a choice per
 * differing field of which value stays. "Slå ihop" merges (POST /api/prospects/{id}/merge). Loaded
 * on first use; the duplicate prompt opens it on a pair.
 */
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { get, post } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";
import { CloseButton } from "@/components/Buttons.tsx";
import { Modal } from "@/islands/prospects/Modal.tsx";
import { errorText } from "@/islands/prospects/grid_actions.ts";

/** The fields compared, in the order shown (all may be taken from the duplicate). */
const FIELDS = [
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "tag",
  "nominator",
  "clubId",
  "sellStatus",
  "followUpDate",
] as const;
type Field = (typeof FIELDS)[number];

interface Group {
  matchedOn: ("phone" | "email")[];
  prospects: Prospect[];
}

export interface MergeDialogProps {
  marketProjectId: number;
  /** Open on these two: [kept, merged into it]. */
  pair?: [string, string] | null;
  clubName: (clubId: number) => string;
  onClose: () => void;
  onMerged: () => void;
}

export default function MergeDialog(p: MergeDialogProps) {
  const t = useT();
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [pair, setPair] = useState<[Prospect, Prospect] | null>(null);
  const load = async () => {
    try {
      const r = await get<Group[]>("/api/prospects/duplicates", {
        query: { marketProjectId: p.marketProjectId },
      });
      setGroups(r.data);
      return r.data;
    } catch (e) {
      toastError(errorText(t, e));
      setGroups([]);
      return [];
    }
  };
  useEffect(() => {
    load().then((gs) => {
      if (!p.pair) return;
      const all = gs.flatMap((g) => g.prospects);
      const [a, b] = p.pair.map((id) => all.find((x) => x.id === id));
      if (a && b) setPair([a, b]);
    });
  }, []);
  return (
    <Modal labelledBy="merge-title" testId="merge-dialog" width="56rem" onCancel={p.onClose}>
      <div class="space-y-3 p-5">
        <div class="flex items-center justify-between gap-2">
          <h2 id="merge-title" class="text-lg font-semibold">{t("merge.title")}</h2>
          <CloseButton onClose={p.onClose} testId="merge-close" />
        </div>
        {pair
          ? (
            <Compare
              pair={pair}
              clubName={p.clubName}
              onSwap={() => setPair([pair[1], pair[0]])}
              onBack={() => setPair(null)}
              onMerged={async () => {
                setPair(null);
                await load();
                p.onMerged();
              }}
            />
          )
          : <GroupList groups={groups} onCompare={(a, b) => setPair([a, b])} />}
      </div>
    </Modal>
  );
}

function GroupList(
  { groups, onCompare }: {
    groups: Group[] | null;
    onCompare: (a: Prospect, b: Prospect) => void;
  },
) {
  const t = useT();
  if (groups === null) return <p class="text-sm text-slate-600">{t("common.loading")}</p>;
  if (!groups.length) {
    return <p class="text-sm text-slate-600" data-testid="merge-none">{t("merge.none")}</p>;
  }
  return (
    <ul class="divide-y divide-slate-200 text-sm" data-testid="merge-groups">
      {groups.map((g) => (
        <li key={g.prospects[0].id} class="flex flex-wrap items-center gap-2 py-2">
          <span class="min-w-0 flex-1">
            {g.prospects.map((x) => `${x.firstName} ${x.lastName} #${x.customerId}`).join(" · ")}
            <span class="block text-xs text-slate-600">
              {g.matchedOn.map((m) => t(`merge.matchedOn.${m}`)).join(", ")}
            </span>
          </span>
          <button
            type="button"
            class="btn btn-secondary"
            data-testid={`merge-compare-${g.prospects[0].customerId}`}
            onClick={() => onCompare(g.prospects[0], g.prospects[1])}
          >
            {t("merge.compare")}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Compare(
  { pair, clubName, onSwap, onBack, onMerged }: {
    pair: [Prospect, Prospect];
    clubName: (clubId: number) => string;
    onSwap: () => void;
    onBack: () => void;
    onMerged: () => void;
  },
) {
  const t = useT();
  const [keep, dup] = pair;
  const [take, setTake] = useState<Set<Field>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => setTake(new Set()), [keep.id, dup.id]);
  const shown = (x: Prospect, f: Field): string => {
    const v = x[f];
    if (v === null || v === undefined || v === "") return "–";
    if (f === "clubId") return clubName(Number(v));
    if (f === "sellStatus") return t(`sellStatus.${v}`);
    return String(v);
  };
  const merge = async () => {
    setBusy(true);
    try {
      await post(`/api/prospects/${keep.id}/merge`, {
        duplicateId: dup.id,
        take: [...take],
        version: keep.version,
      });
      toastSuccess(t("merge.merged"));
      onMerged();
    } catch (e) {
      toastError(`${t("merge.error")}: ${errorText(t, e)}`);
    } finally {
      setBusy(false);
    }
  };
  const choice = (f: Field, from: "keep" | "dup", x: Prospect) => (
    <label class="flex items-start gap-2">
      <input
        type="radio"
        name={`merge-${f}`}
        checked={from === "dup" ? take.has(f) : !take.has(f)}
        data-testid={`merge-${from}-${f}`}
        onChange={() =>
          setTake((cur) => {
            const next = new Set(cur);
            if (from === "dup") next.add(f);
            else next.delete(f);
            return next;
          })}
      />
      <span class="break-all">{shown(x, f)}</span>
    </label>
  );
  return (
    <div class="space-y-3" data-testid="merge-compare">
      <p class="text-sm text-slate-600">{t("merge.explain")}</p>
      <table class="table w-full table-fixed text-sm">
        <thead>
          <tr>
            <th class="w-1/4">{t("merge.field")}</th>
            <th>{t("merge.kept", { id: keep.customerId })}</th>
            <th>{t("merge.removed", { id: dup.customerId })}</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map((f) => {
            const same = shown(keep, f) === shown(dup, f);
            return (
              <tr key={f}>
                <th scope="row" class="font-medium [overflow-wrap:anywhere]">
                  {t(`merge.fields.${f}`)}
                </th>
                <td>{same ? shown(keep, f) : choice(f, "keep", keep)}</td>
                <td>{same ? shown(dup, f) : choice(f, "dup", dup)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div class="flex flex-wrap justify-end gap-2">
        <button type="button" class="btn btn-ghost" onClick={onBack}>{t("merge.back")}</button>
        <button type="button" class="btn btn-secondary" data-testid="merge-swap" onClick={onSwap}>
          {t("merge.swap")}
        </button>
        <button
          type="button"
          class="btn btn-primary"
          disabled={busy}
          data-testid="merge-confirm"
          onClick={merge}
        >
          {t("merge.button")}
        </button>
      </div>
    </div>
  );
}
