import { useLocation, useRoute } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { getBoard, listPosts, listRoadmaps, type PostOrder } from '../api/endpoints.js';
import type { Board, Post } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { PostCard } from '../components/post-card.js';
import { Skeleton } from '../components/skeleton.js';
import { setPageTitle } from '../site.js';
import { useLoad } from '../use-load.js';
import { NotFoundPage } from './not-found.js';
import { PostFilters, type PostListFilter, readFilter, writeFilter } from './post-filters.js';

const PAGE_SIZE = 20;

/** A board: its posts, searchable and ordered, with votes one click away. */
export function BoardPage() {
  const { params } = useRoute();
  const url = params.url ?? '';
  const board = useLoad(() => getBoard(url), [url]);
  const roadmaps = useLoad(listRoadmaps, []);
  useEffect(() => setPageTitle(board.data?.name ?? null), [board.data]);

  if (board.error && (board.error as { code?: string }).code === 'BOARD_NOT_FOUND') return <NotFoundPage what="board" />;
  if (board.error) return <ErrorNotice error={board.error} onRetry={board.reload} />;
  if (!board.data) return <Skeleton label="Loading the board" />;
  return (
    <>
      <div class="page-head">
        <h1>{board.data.name}</h1>
        <a class="button button--primary" href={`/new?${new URLSearchParams({ board: board.data.url })}`}>
          Post an idea
        </a>
      </div>
      <BoardPosts board={board.data} roadmaps={roadmaps.data ?? []} />
    </>
  );
}

function BoardPosts({ board, roadmaps }: { board: Board; roadmaps: { id: string; name: string }[] }) {
  const location = useLocation();
  const filter = readFilter(location.query);
  const setFilter = (next: PostListFilter) => location.route(`/b/${encodeURIComponent(board.url)}${writeFilter(next)}`, true);
  // A new filter is a new list: remounting starts it again at page 1.
  const key = `${board.boardId}|${filter.query}|${filter.order}|${filter.status}`;
  return (
    <>
      <PostFilters filter={filter} roadmaps={roadmaps} onChange={setFilter} />
      <PostPages key={key} board={board} filter={filter} />
    </>
  );
}

function PostPages({ board, filter }: { board: Board; filter: PostListFilter }) {
  const [pages, setPages] = useState(1);
  const [posts, setPosts] = useState<Post[]>([]);
  const load = useLoad(
    () =>
      listPosts({
        boardIds: [board.boardId],
        roadmapId: filter.status || undefined,
        order: filter.order as PostOrder,
        query: filter.query,
        page: pages,
        limit: PAGE_SIZE,
      }),
    [pages],
  );
  useEffect(() => {
    if (load.data) setPosts((earlier) => (pages === 1 ? load.data! : [...earlier, ...load.data!]));
  }, [load.data]);
  const hasMore = load.data?.length === PAGE_SIZE;
  const searching = filter.query !== '' || filter.status !== '';
  return (
    <section aria-labelledby="posts-heading">
      <h2 id="posts-heading" class="visually-hidden">
        Ideas
      </h2>
      <p class="visually-hidden" aria-live="polite">
        {load.loading ? '' : `${posts.length}${hasMore ? '+' : ''} ideas shown`}
      </p>
      {posts.length > 0 && (
        <ul class="post-list">
          {posts.map((post) => (
            <PostCard key={post.postId} post={post} />
          ))}
        </ul>
      )}
      {load.error ? (
        <ErrorNotice error={load.error} onRetry={load.reload} />
      ) : load.loading ? (
        <Skeleton label="Loading ideas" />
      ) : posts.length === 0 ? (
        <div class="empty">
          {searching ? (
            <p>No ideas match. Try other words, or post it as a new idea.</p>
          ) : (
            <p>No ideas yet — post the first one.</p>
          )}
          <a class="button button--primary" href={`/new?${new URLSearchParams({ board: board.url, title: filter.query })}`}>
            Post an idea
          </a>
        </div>
      ) : (
        hasMore && (
          <p class="load-more">
            <button type="button" class="button" onClick={() => setPages(pages + 1)}>
              Load more
            </button>
          </p>
        )
      )}
    </section>
  );
}
