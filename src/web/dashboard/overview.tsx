import { getDashboardSummary, listPosts } from '../api/endpoints.js';
import type { DashboardSummary, Post } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { TimeAgo } from '../components/time-ago.js';
import { formatNumber, plainExcerpt } from '../format.js';
import { useLoad } from '../use-load.js';

interface Overview {
  summary: DashboardSummary;
  newest: Post[];
}

async function loadOverview(): Promise<Overview> {
  // The summary needs dashboard:read: the API's refusal is shown, not guessed.
  const [summary, newest] = await Promise.all([getDashboardSummary(), listPosts({ order: 'newest', limit: 5 })]);
  return { summary, newest };
}

/** The overview: how big the board is, and the newest ideas and comments to look at. */
export function OverviewPage() {
  const overview = useLoad(loadOverview, []);
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      {overview.error ? (
        <ErrorNotice error={overview.error} onRetry={overview.reload} />
      ) : overview.data ? (
        <OverviewBody overview={overview.data} />
      ) : (
        <Skeleton rows={3} label="Loading the overview" />
      )}
    </section>
  );
}

function OverviewBody({ overview }: { overview: Overview }) {
  const { counts, newest_comments: comments } = overview.summary;
  return (
    <>
      <dl class="dashboard-counts">
        <Count label="Ideas" value={counts.posts} />
        <Count label="Votes" value={counts.votes} />
        <Count label="Comments" value={counts.comments} />
        <Count label="Users" value={counts.users} />
        <Count label="Boards" value={counts.boards} />
      </dl>
      <div class="dashboard-columns">
        <NewestIdeas posts={overview.newest} />
        <NewestComments comments={comments} />
      </div>
    </>
  );
}

function NewestIdeas({ posts }: { posts: Post[] }) {
  return (
    <section aria-labelledby="overview-ideas">
      <h2 id="overview-ideas">Newest ideas</h2>
      {posts.length === 0 ? (
        <p>No ideas yet. They appear here as people post them.</p>
      ) : (
        <ul class="dashboard-list">
          {posts.map((post) => (
            <li key={post.postId}>
              <a href={`/p/${post.slug}`}>{post.title}</a>
              <span class="dashboard-list__meta">
                {post.board ? `${post.board.name} · ` : ''}
                {post.author.name || post.author.username} · <TimeAgo iso={post.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewestComments({ comments }: { comments: DashboardSummary['newest_comments'] }) {
  return (
    <section aria-labelledby="overview-comments">
      <h2 id="overview-comments">Newest comments</h2>
      {comments.length === 0 ? (
        <p>No comments yet.</p>
      ) : (
        <ul class="dashboard-list">
          {comments.map(({ comment, author, post }) => (
            <li key={comment.id}>
              <a href={`/p/${post.slug}`} class="dashboard-list__quote">
                {plainExcerpt(comment.body, 160)}
              </a>
              <span class="dashboard-list__meta">
                {comment.is_internal && <span class="dashboard-badge">Internal</span>}
                {author.name || author.username} on “{post.title}” · <TimeAgo iso={comment.created_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div class="dashboard-counts__item">
      <dt>{label}</dt>
      <dd>{formatNumber(value)}</dd>
    </div>
  );
}
