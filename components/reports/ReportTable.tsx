/**
 * A report table: a sticky first column (project, club, district or sell status), one numeric
 * column per key, an optional totals row, scrolling sideways on narrow screens.
 */
export interface ReportColumn {
  key: string;
  label: string;
  /** Text columns are left-aligned; everything else is a right-aligned number. */
  text?: boolean;
}

export function ReportTable(
  { columns, rows, totals, totalsLabel, testId, caption }: {
    columns: ReportColumn[];
    rows: Record<string, unknown>[];
    totals?: Record<string, unknown>;
    totalsLabel?: string;
    testId: string;
    caption: string;
  },
) {
  const cell = (c: ReportColumn, v: unknown, i: number) => (
    <td
      key={c.key}
      class={`${c.text ? "text-left" : "text-right tabular-nums"} ${
        i === 0 ? "sticky left-0 z-10 bg-white font-medium" : ""
      } ${v === 0 ? "text-slate-500" : ""} whitespace-nowrap`}
      data-col={c.key}
    >
      {v === null || v === undefined ? "" : String(v)}
    </td>
  );
  return (
    // Focusable (tabIndex 0) so a keyboard can scroll it sideways; named by its caption.
    <div
      class="card overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table class="table" data-testid={testId}>
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th
                key={c.key}
                scope="col"
                class={`${c.text ? "" : "text-right"} ${
                  i === 0 ? "sticky left-0 z-10" : ""
                } normal-case tracking-normal`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, ri) => (
            <tr key={ri} class="hover:bg-slate-50">
              {columns.map((c, i) => cell(c, r[c.key], i))}
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr class="border-t-2 border-slate-300 font-semibold" data-testid={`${testId}-totals`}>
              {columns.map((c, i) => cell(c, i === 0 ? totalsLabel : totals[c.key], i))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** "Download CSV" as a plain link: the browser sends the session cookie and saves the file. */
export function CsvLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <a class="btn btn-secondary" href={href} download data-testid={testId}>
      <svg viewBox="0 0 20 20" class="h-4 w-4" aria-hidden="true" fill="currentColor">
        <path d="M10 3a1 1 0 0 1 1 1v7.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
      </svg>
      {label}
    </a>
  );
}
