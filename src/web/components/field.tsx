import type { ComponentChildren } from 'preact';

interface FieldProps {
  id: string;
  label: string;
  /** What is wrong with this field (the API's message, or the form's own words, links and all), shown under it and announced. */
  error?: ComponentChildren;
  hint?: string;
  children: (describedBy: string | undefined, invalid: boolean) => ComponentChildren;
}

/**
 * A labelled form control with its hint and error underneath; the control itself comes from
 * `children(describedBy, invalid)` so it can be any input, select or textarea.
 */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children(ids, Boolean(error))}
      {hint && (
        <span id={`${id}-hint`} class="field__hint">
          {hint}
        </span>
      )}
      <span id={`${id}-error`} class="field__error" aria-live="polite">
        {error ?? ''}
      </span>
    </div>
  );
}
