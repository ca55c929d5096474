import { useState } from 'preact/hooks';
import { listTags, setPostTags } from '../api/endpoints.js';
import type { Tag, TagRef } from '../api/types.js';
import { ModalDialog } from '../dashboard/modal-dialog.js';
import { useLoad } from '../use-load.js';
import { errorTextWithWait } from '../i18n/errors.js';
import { ErrorNotice } from './notice.js';
import { t } from '../i18n/t.js';

interface TagsDialogProps {
  /** The post's title, to say what is being tagged. */
  title: string;
  postId: string;
  current: readonly TagRef[];
  onSaved: (tags: TagRef[]) => void;
  onClose: () => void;
}

/**
 * "Tags" for those who may assign them (issue 31): every tag as a checkbox, private ones marked;
 * Save sets exactly the ticked ones on the post.
 */
export function TagsDialog({ title, postId, current, onSaved, onClose }: TagsDialogProps) {
  const loaded = useLoad(listTags, []);
  const tags: Tag[] | null = loaded.data ?? null;
  const [chosen, setChosen] = useState(() => new Set(current.map((tag) => tag.tagId)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = (tagId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(tagId);
    else next.delete(tagId);
    setChosen(next);
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onSaved(await setPostTags(postId, [...chosen]));
    } catch (failure) {
      setError(errorTextWithWait(failure));
      setBusy(false);
    }
  };
  return (
    <ModalDialog title={t('board.tags')} onClose={onClose} busy={busy}>
      <p class="field__hint">{t('board.tagsOn', { title })}</p>
      {tags === null && !loaded.error && <p>{t('board.tagsLoading')}</p>}
      {tags === null && loaded.error !== null && <ErrorNotice error={loaded.error} onRetry={loaded.reload} />}
      {tags !== null && tags.length === 0 && <p>{t('board.tagsNone')}</p>}
      {tags !== null && tags.length > 0 && (
        <fieldset class="tag-choices">
          <legend class="visually-hidden">{t('board.tagsLegend')}</legend>
          {tags.map((tag) => (
            <label key={tag.tagId} class="tag-choice">
              <input type="checkbox" checked={chosen.has(tag.tagId)} disabled={busy} onChange={(event) => toggle(tag.tagId, event.currentTarget.checked)} />
              <span class="dot" style={{ background: `#${tag.color}` }} aria-hidden="true" />
              {tag.name}
              {!tag.public && <span class="tag-choice__private"> {t('board.tagPrivate')}</span>}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p class="field__error" role="alert">
          {error}
        </p>
      )}
      <div class="form-actions">
        <button type="button" class="button button--primary" disabled={busy || tags === null} onClick={save}>
          {busy ? t('board.saving') : t('board.save')}
        </button>
        <button type="button" class="button" disabled={busy} onClick={onClose}>
          {t('board.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
