/**
 * The add row met a duplicate (409 DUPLICATE_PROSPECT): the matching prospects with
 * "Öppna" (the match in the grid) and "Skapa ändå" (create with allowDuplicate), or cancel.
 */
import { DialogActions } from "@/components/Buttons.tsx";
import { useT } from "@/lib/i18n/context.ts";
import type { DuplicateView } from "@/lib/domain/prospect.ts";
import { Modal } from "@/islands/prospects/Modal.tsx";

export type DuplicateMatch = DuplicateView;

export function DuplicatePrompt(
  { matches, clubName, onCreate, onCancel, onMerge }: {
    matches: DuplicateMatch[];
    clubName: (clubId: number) => string;
    onCreate: () => void;
    onCancel: () => void;
    /** Create the new record and merge it into this match (fields chosen side by side). */
    onMerge: (m: DuplicateMatch) => void;
  },
) {
  const t = useT();
  return (
    <Modal labelledBy="duplicate-title" testId="duplicate-dialog" width="32rem" onCancel={onCancel}>
      <div class="space-y-3 p-5">
        <h2 id="duplicate-title" class="text-lg font-semibold">{t("duplicates.title")}</h2>
        <p class="text-sm text-slate-600">{t("duplicates.text")}</p>
        <ul class="divide-y divide-slate-200 text-sm">
          {matches.map((m) => (
            <li key={m.id} class="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span class="font-medium">{`${m.firstName} ${m.lastName}`}</span>
                <span class="text-slate-600">
                  {` #${m.customerId} · ${clubName(m.clubId)} · ${
                    m.sellStatus ? t(`sellStatus.${m.sellStatus}`) : t("duplicates.noStatus")
                  }${m.assignName ? ` · ${m.assignName}` : ""}`}
                </span>
              </span>
              <a
                class="btn btn-secondary"
                href={`/prospects?marketProjectId=${m.marketProjectId}&customerId=${m.customerId}&showCompleted=true`}
                data-testid={`duplicate-open-${m.customerId}`}
              >
                {t("duplicates.open")}
              </a>
              <button
                type="button"
                class="btn btn-secondary"
                data-testid={`duplicate-merge-${m.customerId}`}
                onClick={() =>
                  onMerge(m)}
              >
                {t("duplicates.merge")}
              </button>
            </li>
          ))}
        </ul>
        <DialogActions
          onCancel={onCancel}
          onConfirm={onCreate}
          confirmLabel={t("duplicates.createAnyway")}
          testIds={[undefined, "duplicate-create"]}
        />
      </div>
    </Modal>
  );
}
