import { useRef, useState } from 'preact/hooks';
import { Field } from './field.js';
import { ImageButton, useImageUpload } from './image-upload.js';
import { Markdown } from './markdown.js';
import { type MessageKey, t } from '../i18n/t.js';

type Mode = 'write' | 'preview';

const MODES = [
  { mode: 'write', label: 'board.editorWrite' },
  { mode: 'preview', label: 'board.editorPreview' },
] as const satisfies readonly { mode: Mode; label: MessageKey }[];

interface MarkdownEditorProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  /** The API's message for this field. */
  error?: string | null;
  hint?: string;
  maxLength?: number;
  rows?: number;
  disabled?: boolean;
  /** Offer pasting, dropping and picking images (issue 31 §3); on unless turned off. */
  images?: boolean;
}

/** A labelled Markdown textarea with a Write/Preview switch; the preview uses the same renderer as posts. */
export function MarkdownEditor({ id, label, value, onInput, error, hint, maxLength, rows = 8, disabled, images = true }: MarkdownEditorProps) {
  const [mode, setMode] = useState<Mode>('write');
  const text = useRef<HTMLTextAreaElement>(null);
  const upload = useImageUpload({ textarea: text, value, onInput, disabled });
  hint ??= images ? t('board.editorHintImages') : t('board.editorHint');
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy, invalid) => (
        <div class="md-editor" style={{ '--md-rows': String(rows) }}>
          <ModeTabs id={id} mode={mode} onChoose={setMode} />
          <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-tab-write`} hidden={mode !== 'write'}>
            <textarea
              ref={text}
              id={id}
              value={value}
              {...(images ? upload.textareaHandlers : {})}
              rows={rows}
              maxLength={maxLength}
              disabled={disabled}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onInput={(event) => onInput(event.currentTarget.value)}
            />
            {images && <ImageButton id={id} upload={upload} />}
          </div>
          <div id={`${id}-preview`} role="tabpanel" aria-labelledby={`${id}-tab-preview`} hidden={mode !== 'preview'} class="md-editor__preview">
            {mode === 'preview' &&
              (value.trim() ? <Markdown source={value} /> : <p class="muted">{t('board.editorNothingToPreview')}</p>)}
          </div>
        </div>
      )}
    </Field>
  );
}

/** The two tabs, with arrow keys moving between them as the ARIA tabs pattern expects. */
function ModeTabs({ id, mode, onChoose }: { id: string; mode: Mode; onChoose: (mode: Mode) => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next: Mode = event.key === 'Home' ? 'write' : event.key === 'End' ? 'preview' : mode === 'write' ? 'preview' : 'write';
    onChoose(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  return (
    <div class="md-editor__tabs" role="tablist" aria-label={t('board.editorModes')} onKeyDown={onKeyDown}>
      {MODES.map((entry) => (
        <button
          key={entry.mode}
          type="button"
          role="tab"
          id={`${id}-tab-${entry.mode}`}
          aria-selected={mode === entry.mode}
          aria-controls={`${id}-${entry.mode}`}
          tabIndex={mode === entry.mode ? 0 : -1}
          class="link-button md-editor__tab"
          onClick={() => onChoose(entry.mode)}
        >
          {t(entry.label)}
        </button>
      ))}
    </div>
  );
}
