/** Rows per page, the range shown and previous/next: under the prospect grid and the user list. */
import { useT } from "@/lib/i18n/context.ts";
import { PAGE_SIZES } from "@/lib/domain/statuses.ts";

export function Pagination(
  { page, size, total, onPage, onSize, framed = true }: {
    page: number;
    size: number;
    total: number;
    onPage: (page: number) => void;
    onSize: (size: number) => void;
    /** A rule above it (under a table inside a card); false: free-standing. */
    framed?: boolean;
  },
) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return (
    <nav
      class={`flex flex-wrap items-center justify-end gap-3 text-sm ${
        framed ? "border-t border-slate-200 px-3 py-2" : "mt-3"
      }`}
      aria-label={t("common.pagination.label")}
      data-testid="pagination"
    >
      <label class="flex items-center gap-2">
        {t("common.pagination.rowsPerPage")}
        <select
          class="input !w-20 !py-1"
          value={String(size)}
          data-testid="page-size"
          onChange={(e) => onSize(Number((e.target as HTMLSelectElement).value))}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={String(s)} selected={s === size}>{s}</option>
          ))}
        </select>
      </label>
      <span data-testid="page-range">{t("common.pagination.range", { from, to, total })}</span>
      <button
        type="button"
        class="btn btn-secondary !px-2"
        disabled={page <= 1}
        aria-label={t("common.pagination.previous")}
        data-testid="page-prev"
        onClick={() => onPage(page - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        class="btn btn-secondary !px-2"
        disabled={page >= pages}
        aria-label={t("common.pagination.next")}
        data-testid="page-next"
        onClick={() => onPage(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
