import { useLocation } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { addVote, removeVote } from '../api/endpoints.js';
import type { Voters } from '../api/types.js';
import { formatNumber } from '../format.js';
import { errorTextWithWait } from '../i18n/errors.js';
import { t } from '../i18n/t.js';
import { useSession } from '../session.js';
import { goToSignIn, signInHref } from '../sign-in-link.js';

interface VoteButtonProps {
  postId: string;
  voters: Voters;
  /** Told of the server's answer, so a parent can show voters. */
  onChange?: (voters: Voters) => void;
}

/** Votes or unvotes in one click, optimistically; a visitor is led to sign in first. */
export function VoteButton({ postId, voters, onChange }: VoteButtonProps) {
  const session = useSession();
  const location = useLocation();
  const [state, setState] = useState({ count: voters.votesCount, voted: voters.viewerVote !== null });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setState({ count: voters.votesCount, voted: voters.viewerVote !== null }), [voters]);

  const toggle = async () => {
    if (!session) {
      goToSignIn(signInHref(location.url, state.voted ? undefined : postId), location.route);
      return;
    }
    if (pending) return;
    const before = state;
    setState({ count: before.count + (before.voted ? -1 : 1), voted: !before.voted });
    setPending(true);
    setError(null);
    try {
      const next = await (before.voted ? removeVote(postId) : addVote(postId));
      setState({ count: next.votesCount, voted: next.viewerVote !== null });
      onChange?.(next);
    } catch (err) {
      // VOTE_EXISTS / VOTE_NOT_FOUND: another tab already did it, so the new state is right.
      const settled = err instanceof ApiError && (err.code === 'VOTE_EXISTS' || err.code === 'VOTE_NOT_FOUND');
      if (!settled) {
        setState(before);
        setError(errorTextWithWait(err));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div class="vote">
      <button
        type="button"
        class="vote-button"
        aria-pressed={state.voted}
        aria-label={t('board.voteLabel', { count: state.count })}
        aria-busy={pending}
        onClick={toggle}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M8 3l6 8H2z" fill="currentColor" />
        </svg>
        <span aria-hidden="true">{formatNumber(state.count)}</span>
      </button>
      <span class="visually-hidden" aria-live="polite">
        {pending ? '' : error ? t('board.voteFailed', { reason: error }) : ''}
      </span>
      {error && (
        <span class="vote__error small" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
