import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ModalDialog } from './modal-dialog.js';

interface SecretDialogProps {
  title: string;
  /** A line naming what the secret belongs to. */
  name: string;
  /** What the secret is for, and that it is shown only now. */
  about: ComponentChildren;
  /** The field's label and id. */
  label: string;
  id: string;
  secret: string;
  onClose: () => void;
}

/**
 * A secret the API shows in one answer only (a webhook's signing secret, a single sign-on key):
 * shown here once, with a Copy button, and said so.
 */
export function SecretDialog({ title, name, about, label, id, secret, onClose }: SecretDialogProps) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setSaid('Copied.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is selected for the keyboard's copy.
      const input = document.getElementById(id) as HTMLTextAreaElement | null;
      input?.focus();
      input?.select();
      setSaid('Could not copy: the secret is selected, copy it with your keyboard.');
    }
  };
  return (
    <ModalDialog title={title} onClose={onClose}>
      <p class="modal-dialog__about">{name}</p>
      <p id={`${id}-about`}>{about}</p>
      <div class="field">
        <label for={id}>{label}</label>
        <div class="webhook-secret">
          <textarea
            id={id}
            readOnly
            rows={2}
            value={secret}
            spellcheck={false}
            autocomplete="off"
            aria-describedby={`${id}-about`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            class="button"
            onClick={() => void copy()}
            // biome-ignore lint/a11y/noAutofocus: the dialog opens on request and copying is what it is for.
            autoFocus
          >
            Copy
          </button>
        </div>
        <span role="status" class="webhook-secret__said">
          {said}
        </span>
      </div>
      <div class="form-actions">
        <button type="button" class="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}
