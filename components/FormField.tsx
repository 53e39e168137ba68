/** A labelled input with its error text underneath (forms of the identity and user screens). */
import type { ComponentChildren } from "preact";

export interface FormFieldProps {
  label: string;
  name: string;
  error?: string | null;
  id?: string;
  type?: string;
  value?: string;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  disabled?: boolean;
  readOnly?: boolean;
  onInput?: (e: Event) => void;
  /** The input's value after each keystroke (instead of onInput). */
  onValue?: (value: string) => void;
}

export function FormField({ label, name, error, id, onValue, ...input }: FormFieldProps) {
  const fieldId = id ?? `f-${name}`;
  if (onValue) input.onInput = (e) => onValue((e.target as HTMLInputElement).value);
  return (
    <div class="mb-3">
      <label class="label" for={fieldId}>{label}</label>
      <input
        {...(input as Record<string, unknown>)}
        id={fieldId}
        name={name}
        class="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        data-testid={`field-${name}`}
      />
      {error && (
        <p class="field-error" id={`${fieldId}-error`} role="alert" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's full-width primary submit button, disabled while the form is busy. */
export function SubmitButton(
  { busy, testId, children }: { busy: boolean; testId?: string; children: ComponentChildren },
) {
  return (
    <button
      type="submit"
      class="btn btn-primary mt-2 w-full py-2"
      disabled={busy}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
