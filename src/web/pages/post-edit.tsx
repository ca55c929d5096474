import { useState } from 'preact/hooks';
import { ApiError, fieldOf } from '../api/client.js';
import { updatePost } from '../api/endpoints.js';
import type { PostRecord } from '../api/types.js';
import { MarkdownEditor } from '../components/markdown-editor.js';
import { ErrorNotice, messageOf } from '../components/notice.js';
import { TextField } from '../components/text-field.js';
import { t } from '../i18n/t.js';

interface PostEditProps {
  postId: string;
  title: string;
  contentMarkdown: string | null;
  onSaved: (post: PostRecord) => void;
  onCancel: () => void;
}

const FIELDS = ['title', 'contentMarkdown'];

/** The post's title and description, edited in place. */
export function PostEditForm({ postId, title: initialTitle, contentMarkdown, onSaved, onCancel }: PostEditProps) {
  const [title, setTitle] = useState(initialTitle);
  const [description, setDescription] = useState(contentMarkdown ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const save = async (event: Event) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      onSaved(await updatePost(postId, { title, contentMarkdown: description.trim() ? description : null }));
    } catch (err) {
      setError(err);
      setPending(false);
    }
  };
  const field = error instanceof ApiError ? fieldOf(error) : null;
  const errorFor = (name: string) => (field === name ? messageOf(error) : null);
  const formError = error !== null && !FIELDS.includes(field ?? '') ? error : null;

  return (
    <form class="post-edit" onSubmit={save} aria-label={t('post.editForm')} noValidate>
      {formError !== null && <ErrorNotice error={formError} />}
      {/* autoFocus: the form opens on the reader's request; focus belongs in it. */}
      <TextField id="post-edit-title" label={t('post.title')} type="text" maxLength={200} value={title} onValue={setTitle} error={errorFor('title')} autoFocus />
      <MarkdownEditor
        id="post-edit-description"
        label={t('post.description')}
        value={description}
        onInput={setDescription}
        error={errorFor('contentMarkdown')}
        maxLength={50000}
      />
      <div class="form-actions">
        <button type="submit" class="button button--primary" disabled={pending}>
          {pending ? t('post.saving') : t('post.save')}
        </button>
        <button type="button" class="button" disabled={pending} onClick={onCancel}>
          {t('post.cancel')}
        </button>
      </div>
    </form>
  );
}
