/** A labelled input with its error text underneath (forms of the identity and user screens). */

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
}

export function FormField({ label, name, error, id, ...input }: FormFieldProps) {
  const fieldId = id ?? `f-${name}`;
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
