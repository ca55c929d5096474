import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ErrorNotice } from '../components/notice.js';
import { t } from '../i18n/t.js';

interface ConfirmProps {
  /** The question, naming what goes: "Delete this idea? Its votes and comments go too." */
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  /** Does the work; a rejection is shown in the dialog. */
  onConfirm: () => Promise<void>;
  /** Called once the work is done and the dialog closed (so focus can move again). */
  onDone: () => void;
  /** Called when the dialog closes without the action (Cancel, Escape). */
  onCancel: () => void;
  /** false for a question before an action that destroys nothing (publishing): the button is the primary one. */
  danger?: boolean;
  /** Controls shown under the question (a choice that goes with the action). */
  children?: ComponentChildren;
}

/** A modal question before a destructive action; Cancel has focus so Enter alone never destroys. */
export function ConfirmDialog({ question, confirmLabel, pendingLabel, onConfirm, onDone, onCancel, danger = true, children }: ConfirmProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Before the browser handles the next key, so a quick Enter lands on Cancel, never behind the dialog.
  useLayoutEffect(() => {
    dialog.current?.showModal();
    cancel.current?.focus();
  }, []);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(err);
      setPending(false);
      return;
    }
    // The rest of the page is inert while the modal is open: close it before the caller moves focus.
    dialog.current?.close();
    onDone();
  };
  const cancelNow = () => {
    dialog.current?.close();
    onCancel();
  };

  return (
    <dialog
      ref={dialog}
      class="confirm"
      aria-labelledby="confirm-question"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) cancelNow();
      }}
    >
      <p id="confirm-question" class="confirm__question">
        {question}
      </p>
      {children}
      {error !== null && <ErrorNotice error={error} />}
      <div class="form-actions">
        <button type="button" class={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={pending} onClick={confirm}>
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button ref={cancel} type="button" class="button" disabled={pending} onClick={cancelNow}>
          {t('post.cancel')}
        </button>
      </div>
    </dialog>
  );
}
