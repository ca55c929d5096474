import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, fieldOf } from '../api/client.js';
import { Field } from './field.js';
import { ImageButton, useImageUpload } from './image-upload.js';
import { ErrorNotice } from './notice.js';
import { errorText } from '../i18n/errors.js';
import { t } from '../i18n/t.js';

/** Whether the box offers the "Internal note" checkbox, and how it starts. */
export interface InternalChoice {
  initial: boolean;
  /** Public comments are off: every note is internal, and the box says so. */
  forced: boolean;
}

interface CommentBoxProps {
  id: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  initialBody?: string;
  internal?: InternalChoice | null;
  /** Sends the comment; the box empties itself once this resolves and shows the error if it rejects. */
  onSubmit: (body: string, internal: boolean) => Promise<void>;
  onCancel?: () => void;
  /** Focus the text on mount (reply and edit boxes open on request). */
  focusOnOpen?: boolean;
}

/** A comment form: the text, an internal-note switch for the team, send and (optionally) cancel. */
export function CommentBox(props: CommentBoxProps) {
  const { id, label, submitLabel, pendingLabel, internal, onSubmit, onCancel } = props;
  const [body, setBody] = useState(props.initialBody ?? '');
  const [isInternal, setInternal] = useState(internal?.initial ?? false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const upload = useImageUpload({ textarea: text, value: body, onInput: setBody, disabled: pending });
  useEffect(() => {
    if (props.focusOnOpen) text.current?.focus();
  }, []);

  const send = async (event: Event) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSubmit(body, internal?.forced || isInternal);
      setBody('');
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  const bodyError = error instanceof ApiError && fieldOf(error) === 'body' ? errorText(error) : null;

  return (
    <form
      class="comment-box"
      onSubmit={send}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel && !pending) onCancel();
      }}
    >
      {error !== null && bodyError === null && <ErrorNotice error={error} />}
      <Field id={id} label={label} error={bodyError} hint={internal?.forced ? t('board.commentInternalForced') : undefined}>
        {(describedBy, invalid) => (
          <textarea
            ref={text}
            id={id}
            class="comment-box__text"
            value={body}
            maxLength={1000}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(event) => setBody(event.currentTarget.value)}
            {...upload.textareaHandlers}
          />
        )}
      </Field>
      <ImageButton id={id} upload={upload} />
      {internal && !internal.forced && (
        <label class="comment-box__internal">
          <input type="checkbox" checked={isInternal} onChange={(event) => setInternal(event.currentTarget.checked)} />
          {t('board.commentInternalNote')}
        </label>
      )}
      <div class="form-actions">
        <button type="submit" class="button button--primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" class="button" disabled={pending} onClick={onCancel}>
            {t('board.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
