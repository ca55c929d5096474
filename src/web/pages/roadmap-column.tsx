import { listPosts } from '../api/endpoints.js';
import type { Post, Roadmap } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { VoteButton } from '../components/vote-button.js';
import { formatNumber } from '../format.js';
import { t } from '../i18n/t.js';
import { useLoad } from '../use-load.js';

const POSTS_PER_COLUMN = 50;

/** One roadmap: colour dot, name and count in its header, then its most-voted posts as compact cards. */
export function RoadmapColumn({ roadmap }: { roadmap: Roadmap }) {
  const posts = useLoad(() => listPosts({ roadmapId: roadmap.id, order: 'votes', limit: POSTS_PER_COLUMN }), [roadmap.id]);
  const headingId = `roadmap-${roadmap.id}`;
  return (
    <section class="roadmap-column" aria-labelledby={headingId}>
      <h2 id={headingId} class="roadmap-column__head">
        <span class="dot" style={{ background: `#${roadmap.color}` }} aria-hidden="true" />
        <span class="roadmap-column__name">{roadmap.name}</span>
        {posts.data && <PostCount shown={posts.data.length} />}
      </h2>
      {posts.error ? (
        <ErrorNotice error={posts.error} onRetry={posts.reload} />
      ) : posts.data === undefined ? (
        <Skeleton rows={2} label={t('board.loadingColumn', { name: roadmap.name })} />
      ) : posts.data.length === 0 ? (
        <p class="roadmap-column__empty">{t('board.columnEmpty')}</p>
      ) : (
        <ul class="roadmap-column__list">
          {posts.data.map((post) => (
            <RoadmapCard key={post.postId} post={post} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** How many posts the column shows; "50+" when the column is full and there may be more. */
function PostCount({ shown }: { shown: number }) {
  const more = shown === POSTS_PER_COLUMN ? '+' : '';
  return (
    <span class="roadmap-column__count">
      <span aria-hidden="true">{`${formatNumber(shown)}${more}`}</span>
      <span class="visually-hidden">{t(more ? 'board.columnCountMore' : 'board.columnCount', { count: shown })}</span>
    </span>
  );
}

function RoadmapCard({ post }: { post: Post }) {
  return (
    <li class="roadmap-card">
      <VoteButton postId={post.postId} voters={post.voters} />
      <div class="roadmap-card__body">
        <a class="roadmap-card__title" href={`/p/${post.slug}`}>
          {post.title}
        </a>
        {(post.board || post.commentsCount > 0) && (
          <span class="roadmap-card__meta small muted">
            {[post.board?.name, post.commentsCount > 0 && t('board.commentCount', { count: post.commentsCount })].filter(Boolean).join(' · ')}
          </span>
        )}
      </div>
    </li>
  );
}
