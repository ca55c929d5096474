import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { Field } from './field.js';

interface TextFieldProps {
  /** The input's id: forms focus the field a refusal names by this id. */
  id: string;
  name?: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete?: string;
  value: string;
  onValue: (value: string) => void;
  /** What is wrong with this field, shown under it. */
  error?: ComponentChildren;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** Only for a form that opens on the visitor's request, where focus belongs in it. */
  autoFocus?: boolean;
}

/** A labelled one-line text input with its hint and error underneath (a `Field` around an `<input>`). */
export function TextField({ id, name, label, type, autocomplete, value, onValue, error, hint, required, maxLength, autoFocus }: TextFieldProps) {
  // Preact types <input> as one variant per `type`, which a union-typed `type` cannot pick; each of these three is valid.
  const typeProp = { type } as InputHTMLAttributes<HTMLInputElement>;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy, invalid) => (
        <input
          id={id}
          name={name}
          {...typeProp}
          autocomplete={autocomplete}
          required={required}
          maxLength={maxLength}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          // biome-ignore lint/a11y/noAutofocus: callers pass it only for forms opened on request (see the prop).
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}
