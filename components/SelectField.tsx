/** A labelled select: the settings forms, the filter bar and the report forms. */

export interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  /** [value, text] per option, in order. */
  options: [value: string, text: string][];
  /** The text of a first, empty choice ("any", "choose…"); none when left out. */
  empty?: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
  /** The label's class (its width in a row of fields). */
  class?: string;
  testId?: string;
}

export function SelectField(p: SelectFieldProps) {
  return (
    <label class={p.class ?? "block"}>
      <span class="label">{p.label}</span>
      <select
        class="input"
        name={p.name}
        value={p.value}
        data-testid={p.testId}
        onChange={(e) => p.onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        {/* `selected` too: server-rendered HTML has no select value to hydrate */}
        {p.empty !== undefined && <option value="" selected={!p.value}>{p.empty}</option>}
        {p.options.map(([v, text]) => (
          <option key={v} value={v} selected={v === p.value}>{text}</option>
        ))}
      </select>
      {p.error && <p class="field-error">{p.error}</p>}
      {p.hint && <p class="mt-1 text-xs text-slate-500">{p.hint}</p>}
    </label>
  );
}
