import { useState } from 'preact/hooks';
import { FormProblem, type Submission, SubmitButton } from '../pages/account-form.js';

// Pieces every dashboard form shares: its draft of stored values, its save row, its checkboxes.

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
