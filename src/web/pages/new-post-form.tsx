import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { ApiError, fieldOf } from '../api/client.js';
import { createPost, listBoards } from '../api/endpoints.js';
import type { Board } from '../api/types.js';
import { useFormGuard } from '../components/form-guard.js';
import { Field } from '../components/field.js';
import { MarkdownEditor } from '../components/markdown-editor.js';
import { ErrorNotice } from '../components/notice.js';
import { SimilarPosts } from '../components/similar-posts.js';
import { TextField } from '../components/text-field.js';
import { type Loaded, useLoad } from '../use-load.js';
import { pageHref } from '../embed/mode.js';
import { errorText } from '../i18n/errors.js';
import { t } from '../i18n/t.js';
import { useSiteText } from '../site-texts.js';

/** The fields' API names (API.md §4.4.3), as `fieldOf` reports them. */
type FieldName = 'boardId' | 'title' | 'contentMarkdown';
type FieldErrors = Partial<Record<FieldName, string>>;

/** The control each field's error moves focus to. */
const CONTROL_OF: Record<FieldName, string> = { boardId: 'new-post-board', title: 'new-post-title', contentMarkdown: 'new-post-content' };

const TITLE_MAX = 200;
const CONTENT_MAX = 50_000;

/** Board, title, similar ideas, description, "Post idea"; on success, the new post's page. */
export function NewPostForm() {
  const location = useLocation();
  const boards = useLoad(listBoards, []);
  // Derived, not set by an effect: a click in the moment between the boards' arrival and an
  // effect's run would otherwise post with no board chosen.
  const [pickedBoardId, setPickedBoardId] = useState<string | null>(null);
  const boardId = pickedBoardId ?? (boards.data ? presetBoard(boards.data, location.query.board) : '');
  const boardsLoading = !boards.data && !boards.error;
  const [title, setTitle] = useState(location.query.title ?? '');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const guard = useFormGuard();
  const titleHint = useSiteText('newPostHint') ?? t('board.newPostTitleHint');
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = (Object.keys(CONTROL_OF) as FieldName[]).find((name) => next[name]);
    if (first) document.getElementById(CONTROL_OF[first])?.focus();
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (pending || boardsLoading) return;
    if (!boardId && (boards.data?.length ?? 0) > 0) return showErrors({ boardId: t('board.chooseBoardError') });
    setPending(true);
    setErrors({});
    setFailure(null);
    try {
      const post = await createPost({ title, contentMarkdown: content.trim() ? content : null, boardId: boardId || null, ...(await guard.fields()) });
      location.route(pageHref(`/p/${post.slug}`));
    } catch (err) {
      setPending(false);
      const field = err instanceof ApiError ? (fieldOf(err) as FieldName | null) : null;
      if (field && field in CONTROL_OF) showErrors({ [field]: errorText(err) });
      else setFailure(err);
    }
  };

  const board = boards.data?.find((b) => b.boardId === boardId);
  return (
    <form class="card new-post__form" onSubmit={submit} noValidate>
      <BoardField boards={boards} value={boardId} error={errors.boardId} onChange={setPickedBoardId} />
      <TextField id="new-post-title" label={t('board.titleLabel')} hint={titleHint} type="text" autocomplete="off" maxLength={TITLE_MAX} value={title} onValue={setTitle} error={errors.title} />
      <SimilarPosts title={title} boardId={boardId || undefined} />
      <MarkdownEditor id="new-post-content" label={t('board.descriptionLabel')} value={content} onInput={setContent} error={errors.contentMarkdown} maxLength={CONTENT_MAX} />
      {guard.honeypot}
      {failure !== null && <ErrorNotice error={failure} />}
      <div class="form-actions">
        <button type="submit" class="button button--primary" disabled={pending || boardsLoading}>
          {pending ? t('board.posting') : t('board.postIdeaButton')}
        </button>
        <a class="button button--quiet" href={pageHref(board ? `/b/${encodeURIComponent(board.url)}` : '/')}>
          {t('board.cancel')}
        </a>
      </div>
    </form>
  );
}

/** The board named by `?board=`, or the only board when there is just one. */
function presetBoard(boards: Board[], url: string | undefined): string {
  const named = boards.find((b) => b.url === url);
  if (named) return named.boardId;
  return boards.length === 1 ? boards[0]!.boardId : '';
}

interface BoardFieldProps {
  boards: Loaded<Board[]>;
  value: string;
  error?: string;
  onChange: (boardId: string) => void;
}

function BoardField({ boards, value, error, onChange }: BoardFieldProps) {
  if (boards.error) return <ErrorNotice error={boards.error} onRetry={boards.reload} />;
  // With no boards at all, a post goes in without one.
  if (boards.data?.length === 0) return null;
  return (
    <Field id="new-post-board" label={t('board.boardLabel')} error={error}>
      {(describedBy, invalid) => (
        <select
          id="new-post-board"
          value={value}
          required
          disabled={!boards.data}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          <option value="">{boards.data ? t('board.chooseBoard') : t('board.loadingBoardsList')}</option>
          {boards.data?.map((board) => (
            <option key={board.boardId} value={board.boardId}>
              {board.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
