import { useEffect, useState } from 'preact/hooks';
import { listVoters } from '../api/endpoints.js';
import type { VoteEntry, Voters } from '../api/types.js';
import { Avatar } from '../components/avatar.js';
import { ErrorNotice } from '../components/notice.js';
import { t } from '../i18n/t.js';
import { nameOf } from './post-thread.js';

/** The latest voters as small faces ("+12" for the rest), and the full list on request. */
export function PostVoters({ postId, voters }: { postId: string; voters: Voters }) {
  const [expanded, setExpanded] = useState(false);
  const rest = voters.votesCount - voters.votes.length;
  // A vote by the viewer changes the list; remounting the full list reads it again.
  const version = `${voters.votesCount}|${voters.viewerVote?.voteId ?? ''}`;
  return (
    <section class="voters" aria-labelledby="voters-heading">
      <h2 id="voters-heading" class="voters__heading">
        {t('post.voters')}
      </h2>
      {voters.votesCount === 0 ? (
        <p class="muted small">{t('post.noVotes')}</p>
      ) : (
        <>
          <ul class="voters__faces" aria-label={t('post.latestVoters')}>
            {voters.votes.map((vote) => (
              <li key={vote.voteId} title={nameOf(vote)}>
                <Avatar user={vote} size={28} />
                <span class="visually-hidden">{nameOf(vote)}</span>
              </li>
            ))}
            {rest > 0 && (
              <li class="voters__more">
                {/* ltr: "+9" stays "+9" on a right-to-left page, where the sign would otherwise move after the number. */}
                <span aria-hidden="true" dir="ltr">
                  {t('post.moreVotersBadge', { number: rest })}
                </span>
                <span class="visually-hidden">{t('post.moreVoters', { count: rest })}</span>
              </li>
            )}
          </ul>
          {/* Every face already shows: a list of the same people would add nothing. */}
          {(rest > 0 || expanded) && (
            <button type="button" class="button button--quiet small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? t('post.hideVoters') : t('post.showAllVoters')}
            </button>
          )}
          {expanded && <AllVoters key={version} postId={postId} />}
        </>
      )}
    </section>
  );
}

/** Every voter, newest first, twenty at a time. */
function AllVoters({ postId }: { postId: string }) {
  const [entries, setEntries] = useState<VoteEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [after, setAfter] = useState<string | undefined>(undefined);
  const [state, setState] = useState<{ loading: boolean; error: unknown }>({ loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ loading: true, error: null });
    listVoters(postId, after).then(
      (page) => {
        if (!current) return;
        setEntries((earlier) => [...earlier, ...page.results]);
        setCursor(page.page_info.has_next_page ? page.page_info.end_cursor : null);
        setState({ loading: false, error: null });
      },
      (error: unknown) => current && setState({ loading: false, error }),
    );
    return () => {
      current = false;
    };
  }, [postId, after, attempt]);

  return (
    <div class="voters__all">
      <ul class="voters__list" aria-label={t('post.allVoters')} aria-busy={state.loading}>
        {entries.map((entry) => (
          <li key={entry.voteId}>
            <Avatar user={entry.user} size={24} />
            <span>{nameOf(entry.user)}</span>
          </li>
        ))}
      </ul>
      {state.error !== null && <ErrorNotice error={state.error} onRetry={() => setAttempt(attempt + 1)} />}
      {state.loading && <p class="muted small">{t('post.loadingVoters')}</p>}
      {!state.loading && cursor && (
        <button type="button" class="button small" onClick={() => setAfter(cursor)}>
          {t('post.showMoreVoters')}
        </button>
      )}
    </div>
  );
}
