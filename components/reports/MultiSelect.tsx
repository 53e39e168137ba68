/**
 * A multiselect as a disclosure with checkboxes (works with keyboard and on phones): an optional
 * "Select all", and a maximum after which unchecked options are disabled. Controlled by the parent.
 * Esc closes it (focus back on its summary), and so does a click anywhere else (e.g. Filtrera).
 */
import { useEffect, useRef } from "react";
export interface Option {
  value: number;
  label: string;
}

export function MultiSelect(
  { label, placeholder, options, selected, onChange, max, selectAllLabel, selectedLabel, testId }: {
    label: string;
    placeholder: string;
    options: Option[];
    selected: number[];
    onChange: (next: number[]) => void;
    max?: number;
    selectAllLabel?: string;
    /** e.g. "3 valda" */
    selectedLabel: (n: number) => string;
    testId: string;
  },
) {
  const on = new Set(selected);
  const full = max !== undefined && selected.length >= max;
  const summary = selected.length === 0
    ? placeholder
    : selected.length <= 2
    ? options.filter((o) => on.has(o.value)).map((o) => o.label).join(", ")
    : selectedLabel(selected.length);
  const allOn = options.length > 0 && options.every((o) => on.has(o.value));
  const toggle = (v: number, checked: boolean) =>
    onChange(checked ? [...selected, v] : selected.filter((x) => x !== v));
  const box = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const outside = (e: Event) => {
      const d = box.current;
      if (d?.open && !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener("click", outside);
    return () => document.removeEventListener("click", outside);
  }, []);
  return (
    <div class="w-72 max-w-full">
      <span class="label">{label}</span>
      <details
        class="relative"
        data-testid={testId}
        ref={box}
        onKeyDown={(e) => {
          const d = box.current;
          if (e.key !== "Escape" || !d?.open) return;
          e.preventDefault();
          d.open = false;
          d.querySelector("summary")?.focus();
        }}
      >
        <summary
          class="input cursor-pointer list-none truncate pr-6"
          data-testid={`${testId}-summary`}
        >
          {summary}
          <span class="pointer-events-none absolute right-2 top-1.5 text-slate-400">▾</span>
        </summary>
        <div class="absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {selectAllLabel && (
            <label class="flex items-center gap-2 rounded px-2 py-1.5 text-sm font-medium hover:bg-slate-50">
              <input
                type="checkbox"
                class="h-4 w-4 accent-brand-600"
                checked={allOn}
                data-testid={`${testId}-all`}
                onChange={(e) =>
                  onChange(
                    (e.currentTarget as HTMLInputElement).checked
                      ? options.map((o) => o.value)
                      : [],
                  )}
              />
              {selectAllLabel}
            </label>
          )}
          {options.map((o) => (
            <label
              key={o.value}
              class="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50"
            >
              <input
                type="checkbox"
                class="h-4 w-4 accent-brand-600"
                value={String(o.value)}
                checked={on.has(o.value)}
                disabled={full && !on.has(o.value)}
                data-testid={`${testId}-option-${o.value}`}
                onChange={(e) => toggle(o.value, (e.currentTarget as HTMLInputElement).checked)}
              />
              {o.label}
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
