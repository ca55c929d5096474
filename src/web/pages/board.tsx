import { useLocation, useRoute } from 'preact-iso/router';
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { getBoard, listPosts, listRoadmaps, type PostOrder } from '../api/endpoints.js';
import type { Board, Post } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { PostCard } from '../components/post-card.js';
import { Skeleton } from '../components/skeleton.js';
import { setPageTitle } from '../site.js';
import { type Loaded, useLoad } from '../use-load.js';
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
  if (board.error) return <ErrorNotice error={board.error} onRetry={() => retryBoard(board, roadmaps)} />;
  if (!board.data) return <Skeleton label="Loading the board" />;
  return (
    <>
      <div class="page-head">
        <h1>{board.data.name}</h1>
        <a class="button button--primary" href={`/new?${new URLSearchParams({ board: board.data.url })}`}>
          Post an idea
        </a>
      </div>
      {board.data.description && <p class="board-description">{board.data.description}</p>}
      {/* Keyed: another board starts afresh, never showing this one's ideas while its own load. */}
      <BoardPosts key={board.data.boardId} board={board.data} roadmaps={roadmaps.data ?? []} />
    </>
  );
}

/** Loads the board again, and the roadmaps (the Status filter) when they failed with it. */
function retryBoard(board: Loaded<Board>, roadmaps: Loaded<unknown>): void {
  board.reload();
  if (roadmaps.error) roadmaps.reload();
}

function BoardPosts({ board, roadmaps }: { board: Board; roadmaps: { id: string; name: string }[] }) {
  const location = useLocation();
  const filter = readFilter(location.query);
  const setFilter = (next: PostListFilter) => location.route(`/b/${encodeURIComponent(board.url)}${writeFilter(next)}`, true);
  // A new filter is a new list: remounting starts it again at page 1.
  const key = `${board.boardId}|${filter.query}|${filter.order}|${filter.status}`;
  // What the last list showed stays on screen while the next one loads, so it never blinks empty.
  const lastShown = useRef<Post[]>([]);
  return (
    <>
      <PostFilters filter={filter} roadmaps={roadmaps} onChange={setFilter} />
      <PostPages key={key} board={board} filter={filter} lastShown={lastShown} />
    </>
  );
}

interface PostPagesProps {
  board: Board;
  filter: PostListFilter;
  lastShown: RefObject<Post[]>;
}

function PostPages({ board, filter, lastShown }: PostPagesProps) {
  const [pages, setPages] = useState(1);
  // The posts of the pages before `pages`; the current page's come from `load`.
  const [earlier, setEarlier] = useState<Post[]>([]);
  const load = useLoad(() => listPostPage(board, filter, pages), [pages]);
  // The answer is only this page's once it says so: right after "Load more", `load` still holds the previous one.
  const current = !load.loading && load.data?.page === pages ? load.data.posts : null;
  const posts = current ? [...earlier, ...current] : earlier;
  const listRef = useFocusFirstNew(posts.length);
  const loadMore = () => {
    setEarlier(posts);
    listRef.firstNew.current = posts.length;
    setPages(pages + 1);
  };
  const pending = current === null && !load.error;
  const stale = pending && pages === 1 && lastShown.current.length > 0 ? lastShown.current : null;
  useEffect(() => {
    if (!pending) lastShown.current = posts;
  });
  const shown = stale ?? posts;
  const hasMore = current?.length === PAGE_SIZE;
  const searching = filter.query !== '' || filter.status !== '';
  return (
    <section aria-labelledby="posts-heading">
      <h2 id="posts-heading" class="visually-hidden">
        Ideas
      </h2>
      <p class="visually-hidden" aria-live="polite">
        {pending ? '' : `${posts.length}${hasMore ? '+' : ''} ideas shown`}
      </p>
      {shown.length > 0 && (
        <ul class={stale ? 'post-list post-list--stale' : 'post-list'} aria-busy={stale !== null} ref={listRef.list}>
          {shown.map((post) => (
            <PostCard key={post.postId} post={post} />
          ))}
        </ul>
      )}
      {load.error ? (
        <ErrorNotice error={load.error} onRetry={load.reload} />
      ) : pending && pages === 1 ? (
        stale === null && <Skeleton label="Loading ideas" />
      ) : posts.length === 0 ? (
        <EmptyList board={board} filter={filter} searching={searching} />
      ) : (
        (hasMore || pending) && <LoadMore pending={pending} onClick={loadMore} />
      )}
    </section>
  );
}

/** One page of a board's posts, tagged with its number. */
async function listPostPage(board: Board, filter: PostListFilter, page: number): Promise<{ page: number; posts: Post[] }> {
  const posts = await listPosts({
    boardIds: [board.boardId],
    roadmapId: filter.status || undefined,
    order: filter.order as PostOrder,
    query: filter.query,
    page,
    limit: PAGE_SIZE,
  });
  return { page, posts };
}

/**
 * Once "Load more" has brought posts past `firstNew`, focus goes to the first new title, so a
 * keyboard user reads on from there instead of from wherever the button was.
 */
function useFocusFirstNew(count: number) {
  const list = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('.post-card__title a')[index]?.focus();
  }, [count]);
  return { list, firstNew };
}

function LoadMore({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  // aria-disabled, not disabled: a disabled button drops the keyboard focus.
  return (
    <p class="load-more">
      <button type="button" class="button" aria-disabled={pending} onClick={pending ? undefined : onClick}>
        {pending ? 'Loading more…' : 'Load more'}
      </button>
    </p>
  );
}

function EmptyList({ board, filter, searching }: { board: Board; filter: PostListFilter; searching: boolean }) {
  return (
    <div class="empty">
      {searching ? <p>No ideas match. Try other words, or post it as a new idea.</p> : <p>No ideas yet — post the first one.</p>}
      <a class="button button--primary" href={`/new?${new URLSearchParams({ board: board.url, title: filter.query })}`}>
        Post an idea
      </a>
    </div>
  );
}
