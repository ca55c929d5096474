import { useEffect, useRef, useState } from 'preact/hooks';
import { similarPosts } from '../api/endpoints.js';
import type { Post } from '../api/types.js';
import { t } from '../i18n/t.js';
import { StatusChip } from './status-chip.js';
import { VoteButton } from './vote-button.js';
import { pageHref } from '../embed/mode.js';

const TYPING_PAUSE_MS = 300;
const MIN_LENGTH = 3;

/** Posts like `title`, looked up once typing pauses; empty while the title is short. */
function useSimilar(title: string, boardId: string | undefined) {
  const [posts, setPosts] = useState<Post[]>([]);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const wanted = title.trim();
  useEffect(() => {
    const run = ++latest.current;
    if (wanted.length < MIN_LENGTH) {
      setPosts([]);
      setFailed(false);
      return;
    }
    const timer = setTimeout(() => {
      similarPosts(wanted, boardId).then(
        (found) => {
          if (run !== latest.current) return;
          setPosts(found);
          setFailed(false);
        },
        () => run === latest.current && setFailed(true),
      );
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [wanted, boardId, attempt]);
  return { posts, failed, retry: () => setAttempt((n) => n + 1) };
}

/**
 * "Is it one of these?": posts like the title being typed, each with its own vote button, so
 * voting for an existing idea is one click instead of posting a duplicate.
 */
export function SimilarPosts({ title, boardId }: { title: string; boardId?: string }) {
  const { posts, failed, retry } = useSimilar(title, boardId);
  return (
    <div class="similar">
      <p class="similar__count visually-hidden" aria-live="polite">
        {posts.length > 0 ? t('board.similarCount', { count: posts.length }) : ''}
      </p>
      {failed && (
        <p class="similar__failed small muted">
          {t('board.similarFailed')}{' '}
          <button type="button" class="button button--quiet" onClick={retry}>
            {t('board.retry')}
          </button>
        </p>
      )}
      {posts.length > 0 && (
        <section class="similar__panel" aria-labelledby="similar-heading">
          <h2 id="similar-heading" class="similar__heading">
            {t('board.similarHeading')}
          </h2>
          <p class="small muted">{t('board.similarHint')}</p>
          <ul class="similar__list">
            {posts.map((post) => (
              <SimilarPost key={post.postId} post={post} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function SimilarPost({ post }: { post: Post }) {
  return (
    <li class="similar__item">
      <VoteButton postId={post.postId} voters={post.voters} />
      <div class="similar__body">
        <a class="similar__title" href={pageHref(`/p/${post.slug}`)}>
          {post.title}
        </a>
        {(post.roadmap || post.board) && (
          <div class="meta">
            {post.roadmap && <StatusChip roadmap={post.roadmap} />}
            {post.board && <span>{post.board.name}</span>}
          </div>
        )}
      </div>
    </li>
  );
}
