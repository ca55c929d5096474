import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

interface ModalDialogProps {
  /** The dialog's heading and accessible name. */
  title: string;
  /** Escape or the Close button; the caller unmounts the dialog and gives focus back. */
  onClose: () => void;
  /** Escape and Close do nothing while work runs. */
  busy?: boolean;
  children: ComponentChildren;
}

/**
 * A modal dialog with a heading and a Close button. Focus goes to its `autoFocus` element, else its
 * first control (the browser's own dialog focusing); the page behind is inert until it closes.
 */
export function ModalDialog({ title, onClose, busy = false, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Before the browser handles the next key: a key pressed right after the opening one lands inside.
  useLayoutEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  const close = () => {
    if (busy) return;
    // Closed before the caller moves focus: while it is open the rest of the page cannot take focus.
    dialog.current?.close();
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      class="modal-dialog"
      aria-labelledby="modal-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div class="modal-dialog__head">
        <h2 id="modal-dialog-title">{title}</h2>
        <button type="button" class="button button--quiet modal-dialog__close" aria-label="Close" disabled={busy} onClick={close}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" />
          </svg>
        </button>
      </div>
      {children}
    </dialog>
  );
}
