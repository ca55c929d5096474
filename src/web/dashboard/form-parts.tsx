import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Field } from '../components/field.js';
import { type FieldBinding, FormProblem, type Submission, SubmitButton } from '../pages/account-form.js';

// Pieces every dashboard form shares: its draft of stored values, its save row, its checkboxes, its colours.

/** A form's edited copy of stored values, and whether the last save stored this copy. */
export function useDraft<T extends object>(stored: T) {
  const [draft, setDraft] = useState(stored);
  const [saved, setSaved] = useState(false);
  const edit = (changes: Partial<T>) => {
    setDraft({ ...draft, ...changes });
    setSaved(false);
  };
  return { draft, edit, saved, setSaved };
}

/** A refusal that belongs to no field, the save button, and "Saved." once the API has stored it. */
export function SaveRow({ form, label, saved }: { form: Submission; label: string; saved: boolean }) {
  return (
    <>
      <FormProblem error={form.formError} />
      <div class="dashboard-form__actions">
        <SubmitButton pending={form.pending} label={label} pendingLabel="Saving…" />
        <span role="status">{saved ? 'Saved.' : ''}</span>
      </div>
    </>
  );
}

/** A checkbox with its label and a sentence on what it does. */
export function Checkbox(props: { id: string; label: string; description: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div class="dashboard-check">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
        aria-describedby={`${props.id}-description`}
      />
      <label for={props.id}>{props.label}</label>
      <p id={`${props.id}-description`} class="dashboard-check__description">
        {props.description}
      </p>
    </div>
  );
}

interface ColourFieldProps {
  binding: FieldBinding;
  label: string;
  hint?: string;
  /** As typed: `#2f6fdb` or `2f6fdb`; the API is the judge of anything else. */
  value: string;
  onValue: (value: string) => void;
  /** What the colour looks like (settings' accent preview), under the inputs; its id describes the field too. */
  preview?: { id: string; node: ComponentChildren };
}

/** A colour as its hex value, with the browser's picker beside it (both change the same value). */
export function ColourField({ binding, label, hint, value, onValue, preview }: ColourFieldProps) {
  const hex = hexOf(value);
  const valid = /^[0-9a-f]{6}$/.test(hex);
  return (
    <Field id={binding.id} label={label} error={binding.error} hint={hint}>
      {(describedBy, invalid) => (
        <div class="colour-field">
          <input
            id={binding.id}
            name={binding.name}
            type="text"
            autocomplete="off"
            spellcheck={false}
            value={value}
            onInput={(event) => onValue(event.currentTarget.value)}
            aria-describedby={[describedBy, preview?.id].filter(Boolean).join(' ') || undefined}
            aria-invalid={invalid}
          />
          <input
            type="color"
            aria-label={`Pick the ${label.toLowerCase()}`}
            value={valid ? `#${hex}` : '#000000'}
            onInput={(event) => onValue(event.currentTarget.value)}
          />
          {preview?.node}
        </div>
      )}
    </Field>
  );
}

/** The colour to send: the API takes 6 hex digits without `#` (API.md §1.8). */
export function hexOf(value: string): string {
  return value.trim().replace(/^#/, '').toLowerCase();
}
