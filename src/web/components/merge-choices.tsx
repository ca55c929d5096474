import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Post } from '../api/types.js';
import { t } from '../i18n/t.js';
import type { Candidates } from './merge-candidates.js';

interface MergeChoicesProps {
  typed: string;
  onType: (text: string) => void;
  candidates: Candidates;
  onChoose: (post: Post) => void;
}

/** The search field and the posts it finds (its most similar ones before any typing), each a button that picks it. */
export function MergeChoices({ typed, onType, candidates, onChoose }: MergeChoicesProps) {
  const { posts, kind, loading, failed, retry } = candidates;
  const search = useRef<HTMLInputElement>(null);
  // Back from the question (Cancel), the search takes focus again; on opening, showModal focuses it (autofocus).
  useLayoutEffect(() => search.current?.focus(), []);
  return (
    <>
      <div class="field">
        <label for="merge-search">{t('board.mergeSearch')}</label>
        <input
          ref={search}
          id="merge-search"
          type="search"
          autocomplete="off"
          value={typed}
          onInput={(event) => onType(event.currentTarget.value)}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens on request to search; its field is where the person starts.
          autoFocus
        />
      </div>
      <h3 class="merge-dialog__list-heading">{kind === 'similar' ? t('board.mergeMostSimilar') : t('board.mergeMatching')}</h3>
      <p class="visually-hidden" aria-live="polite">
        {loading ? '' : t(kind === 'similar' ? 'board.mergeSimilarCount' : 'board.mergeMatchingCount', { count: posts.length })}
      </p>
      {failed ? (
        <p class="small muted">
          {t('board.mergeSearchFailed')}{' '}
          <button type="button" class="button button--quiet" onClick={retry}>
            {t('board.retry')}
          </button>
        </p>
      ) : posts.length === 0 ? (
        <p class="small muted">{loading ? t('board.mergeLooking') : emptyWords(kind, typed)}</p>
      ) : (
        <ul class="merge-dialog__list">
          {posts.map((post) => (
            <li key={post.postId}>
              <button type="button" class="merge-dialog__choice" onClick={() => onChoose(post)}>
                <span class="merge-dialog__choice-title">{post.title}</span>
                <span class="merge-dialog__choice-meta">{metaOf(post)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const emptyWords = (kind: Candidates['kind'], typed: string) =>
  kind === 'similar' ? t('board.mergeNoSimilar') : t('board.mergeNoMatch', { query: typed.trim() });

/** "12 votes · Ideas": enough to tell two ideas of the same name apart. */
const metaOf = (post: Post) => [t('board.voteCount', { count: post.voters.votesCount }), post.board?.name].filter(Boolean).join(' · ');
