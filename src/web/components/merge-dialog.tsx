import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { mergePost } from '../api/endpoints.js';
import type { Post, PostDetail } from '../api/types.js';
import { useMergeCandidates } from './merge-candidates.js';
import { MergeChoices } from './merge-choices.js';
import { ErrorNotice } from './notice.js';
import { t } from '../i18n/t.js';

interface MergeDialogProps {
  /** The duplicate. */
  post: { postId: string; title: string };
  /** The merge is done: the target as the API now shows it (with `mergedFrom`). The dialog is closed. */
  onMerged: (target: PostDetail) => void;
  /** Escape or Close without merging; the caller gives focus back. */
  onClose: () => void;
}

/**
 * "Merge into…": find the post this one repeats (search, or its most similar suggested), then
 * confirm. Shared by the post page and the dashboard, so it lives outside the dashboard's bundle.
 */
export function MergeDialog({ post, onMerged, onClose }: MergeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Post | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const candidates = useMergeCandidates(post, typed);
  // Before the browser handles the next key: a key pressed right after the opening one lands inside.
  useLayoutEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  const close = () => {
    if (pending) return;
    // Closed before the caller moves focus: while it is open the rest of the page cannot take focus.
    dialog.current?.close();
    onClose();
  };
  const merge = async (target: Post) => {
    setPending(true);
    setError(null);
    try {
      const merged = await mergePost(post.postId, target.postId);
      dialog.current?.close();
      onMerged(merged);
    } catch (err) {
      // The API's refusal, in the page's words ("The post to merge into is itself merged into another post").
      setError(err);
      setPending(false);
    }
  };
  const back = () => {
    setChosen(null);
    setError(null);
  };

  return (
    <dialog
      ref={dialog}
      class="modal-dialog merge-dialog"
      aria-labelledby="merge-dialog-title"
      aria-describedby={chosen ? 'merge-question' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div class="modal-dialog__head">
        <h2 id="merge-dialog-title">{t('board.mergeTitle', { title: post.title })}</h2>
        <button type="button" class="button button--quiet merge-dialog__close" aria-label={t('board.close')} disabled={pending} onClick={close}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" />
          </svg>
        </button>
      </div>
      {chosen ? (
        <MergeQuestion source={post.title} target={chosen.title} pending={pending} error={error} onMerge={() => merge(chosen)} onCancel={back} />
      ) : (
        <MergeChoices typed={typed} onType={setTyped} candidates={candidates} onChoose={setChosen} />
      )}
    </dialog>
  );
}

interface MergeQuestionProps {
  source: string;
  target: string;
  pending: boolean;
  error: unknown;
  onMerge: () => void;
  /** Back to the choices: another post, or none. */
  onCancel: () => void;
}

/** What the merge does, asked once, naming both posts. */
function MergeQuestion({ source, target, pending, error, onMerge, onCancel }: MergeQuestionProps) {
  const mergeButton = useRef<HTMLButtonElement>(null);
  // The question replaced the list that had focus: the answer is where focus belongs.
  useLayoutEffect(() => mergeButton.current?.focus(), []);
  return (
    <>
      <p id="merge-question" class="merge-dialog__question">
        {t('board.mergeQuestion', { source, target })}
      </p>
      {error !== null && <ErrorNotice error={error} />}
      <div class="form-actions">
        <button ref={mergeButton} type="button" class="button button--primary" disabled={pending} onClick={onMerge}>
          {pending ? t('board.merging') : t('board.merge')}
        </button>
        <button type="button" class="button" disabled={pending} onClick={onCancel}>
          {t('board.cancel')}
        </button>
      </div>
    </>
  );
}
