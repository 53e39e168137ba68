/**
 * A date field in the page's language (lib/i18n/dates.ts), not the browser's: a text input that
 * shows and accepts yyyy-MM-dd (sv) or dd/MM/yyyy (en), plus a calendar button that opens the
 * browser's picker on a hidden native input. `value` and `onChange` speak "yyyy-MM-dd"; a typed
 * text that is not a date is passed on as typed, so the server's validation message shows.
 */
import { IconCalendar } from "@/components/Icons.tsx";
import { useEffect, useRef, useState } from "react";
import { useLang, useT } from "@/lib/i18n/context.ts";
import { formatDay, parseDay } from "@/lib/i18n/dates.ts";

export interface DateInputProps {
  value: string;
  onChange: (iso: string) => void;
  id?: string;
  min?: string;
  disabled?: boolean;
  testId?: string;
  class?: string;
  [attr: string]: unknown;
}

export function DateInput(
  { value, onChange, id, min, disabled, testId, class: cls, ...rest }: DateInputProps,
) {
  const lang = useLang();
  const t = useT();
  const [text, setText] = useState(formatDay(value, lang));
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (reset, picker, reload) replaces the text unless it already means it.
  useEffect(() => {
    if ((parseDay(text, lang) ?? text) !== value) setText(formatDay(value, lang));
  }, [value]);
  const typed = (s: string) => {
    setText(s);
    onChange(s.trim() === "" ? "" : parseDay(s, lang) ?? s);
  };
  return (
    <span class="date-input relative flex w-full min-w-0 items-stretch">
      <input
        {...rest}
        type="text"
        id={id}
        class={`${cls ?? "input"} min-w-0 !pr-7`}
        value={text}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("ux.date.placeholder")}
        data-testid={testId}
        data-format={lang}
        onInput={(e) => typed((e.target as HTMLInputElement).value)}
      />
      <button
        type="button"
        class="date-pick absolute inset-y-0 right-0 grid w-7 place-items-center text-slate-600 hover:text-brand-700 disabled:opacity-40"
        aria-label={t("ux.date.pick")}
        title={t("ux.date.pick")}
        tabIndex={-1}
        disabled={disabled}
        data-testid={testId ? `${testId}-pick` : undefined}
        onClick={() => {
          const el = picker.current;
          if (!el) return;
          try {
            el.showPicker();
          } catch {
            el.focus();
          }
        }}
      >
        <IconCalendar />
      </button>
      <input
        ref={picker}
        type="date"
        class="pointer-events-none absolute bottom-0 right-0 h-0 w-0 opacity-0"
        tabIndex={-1}
        aria-hidden="true"
        value={parseDay(text, lang) ?? ""}
        min={min}
        onInput={(e) => {
          const iso = (e.target as HTMLInputElement).value;
          setText(formatDay(iso, lang));
          onChange(iso);
        }}
      />
    </span>
  );
}
