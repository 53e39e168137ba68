/**
 * A small inline-SVG horizontal bar chart (no chart library): one bar per item, optionally split
 * into coloured segments (e.g. age buckets) with a legend. Zero items are left out.
 */
export interface BarItem {
  label: string;
  /** One value per segment; a single number is one plain bar. */
  values: number[];
}

/** Colours for segments: fresh (green) to old (red). */
export const SEGMENT_COLORS = ["#16a34a", "#65a30d", "#ca8a04", "#ea580c", "#dc2626", "#7f1d1d"];
const PLAIN = "#2563eb";

export function BarChart(
  { title, items, legend, testId }: {
    title: string;
    items: BarItem[];
    legend?: string[];
    testId?: string;
  },
) {
  const rows = items.filter((i) => i.values.some((v) => v > 0));
  if (!rows.length) return null;
  const max = Math.max(...rows.map((r) => r.values.reduce((a, b) => a + b, 0)));
  const rowH = 22;
  // Narrow enough to fit a phone (390 px) without sideways scrolling; long labels are cut.
  const labelW = 140;
  const barW = 220;
  const height = rows.length * rowH + 4;
  const colors = legend ? SEGMENT_COLORS : [PLAIN];
  return (
    <figure class="card p-3" data-testid={testId}>
      <figcaption class="mb-2 text-sm font-semibold text-slate-700">{title}</figcaption>
      <svg
        viewBox={`0 0 ${labelW + barW + 44} ${height}`}
        class="h-auto w-full max-w-[30rem]"
        role="img"
        aria-label={title}
      >
        {rows.map((r, i) => {
          const total = r.values.reduce((a, b) => a + b, 0);
          let x = labelW;
          const y = i * rowH + 2;
          return (
            <g key={r.label}>
              <text x={labelW - 8} y={y + 14} text-anchor="end" font-size="12" fill="#334155">
                {r.label.length > 22 ? `${r.label.slice(0, 21)}…` : r.label}
              </text>
              {r.values.map((v, j) => {
                const w = max ? (v / max) * barW : 0;
                const rect = (
                  <rect
                    key={j}
                    x={x}
                    y={y + 2}
                    width={w}
                    height={rowH - 6}
                    fill={colors[j % colors.length]}
                  >
                    <title>{`${r.label}${legend ? ` – ${legend[j]}` : ""}: ${v}`}</title>
                  </rect>
                );
                x += w;
                return rect;
              })}
              <text x={x + 6} y={y + 14} font-size="12" fill="#0f172a">{total}</text>
            </g>
          );
        })}
      </svg>
      {legend && (
        <ul class="mt-2 flex flex-wrap gap-3 text-xs text-slate-600">
          {legend.map((l, j) => (
            <li key={l} class="inline-flex items-center gap-1">
              <span
                class="inline-block h-3 w-3 rounded-sm"
                style={{ background: SEGMENT_COLORS[j] }}
              />
              {l}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
