import { ApiError } from '../api/client.js';
import { countUsers, getDashboardAccess, listBoards, listPosts } from '../api/endpoints.js';
import type { Board, Post } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { TimeAgo } from '../components/time-ago.js';
import { formatNumber } from '../format.js';
import { useLoad } from '../use-load.js';

/** What the overview shows; `users` is null for those who may not list users (only the owner may). */
interface Overview {
  boards: Board[];
  newest: Post[];
  users: number | null;
}

async function loadOverview(): Promise<Overview> {
  // The API is the authority on who may open the dashboard: its refusal is shown, not guessed.
  await getDashboardAccess();
  const [boards, newest, users] = await Promise.all([listBoards(), listPosts({ order: 'newest', limit: 5 }), usersIfAllowed()]);
  return { boards, newest, users };
}

async function usersIfAllowed(): Promise<number | null> {
  try {
    return await countUsers();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

/** The overview: how big the board is, and the newest ideas to look at. */
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
  const posts = overview.boards.reduce((sum, board) => sum + board.post_count, 0);
  return (
    <>
      <dl class="dashboard-counts">
        <Count label="Ideas on boards" value={posts} />
        <Count label="Boards" value={overview.boards.length} />
        {overview.users !== null && <Count label="Users" value={overview.users} />}
      </dl>
      <h2>Newest ideas</h2>
      {overview.newest.length === 0 ? (
        <p>No ideas yet. They appear here as people post them.</p>
      ) : (
        <ul class="dashboard-list">
          {overview.newest.map((post) => (
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
    </>
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
