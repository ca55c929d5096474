import { useLocation, useRoute } from 'preact-iso/router';
import { useEffect, useRef } from 'preact/hooks';
import { getBoard, listPosts, listRoadmaps, listTags, type PostOrder } from '../api/endpoints.js';
import type { Board, Post, TagRef } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { useFeedLink } from '../feed-link.js';
import { PostPages } from '../components/post-pages.js';
import { Skeleton } from '../components/skeleton.js';
import { useSession } from '../session.js';
import { signInHref } from '../sign-in-link.js';
import { setPageTitle } from '../site.js';
import { type Loaded, useLoad } from '../use-load.js';
import { NotFoundPage } from './not-found.js';
import { PostFilters, type PostListFilter, readFilter, writeFilter } from './post-filters.js';
import { pageHref } from '../embed/mode.js';
import { t } from '../i18n/t.js';

const PAGE_SIZE = 20;

/** A board: its posts, searchable and ordered, with votes one click away. */
export function BoardPage() {
  const { params } = useRoute();
  const url = params.url ?? '';
  const board = useLoad(() => getBoard(url), [url]);
  const roadmaps = useLoad(listRoadmaps, []);
  // The Tag filter offers public tags (issue 31); a board without tags shows no filter.
  const tags = useLoad(listTags, []);
  useEffect(() => setPageTitle(board.data?.name ?? null), [board.data]);
  // Hidden boards have no feed: readers never sign in.
  useFeedLink(board.data?.display ? `/b/${encodeURIComponent(board.data.url)}/feed.atom` : null, t('board.feedTitle', { board: board.data?.name ?? '' }));

  if (board.error && (board.error as { code?: string }).code === 'BOARD_NOT_FOUND') return <NotFoundPage what="board" />;
  if (board.error) return <ErrorNotice error={board.error} onRetry={() => retryBoard(board, roadmaps)} />;
  if (!board.data) return <Skeleton label={t('board.loadingBoard')} />;
  return (
    <>
      <div class="page-head">
        <h1>{board.data.name}</h1>
        <a class="button button--primary" href={pageHref(`/new?${new URLSearchParams({ board: board.data.url })}`)}>
          {t('board.postIdea')}
        </a>
      </div>
      {board.data.description && <p class="board-description">{board.data.description}</p>}
      {/* Keyed: another board starts afresh, never showing this one's ideas while its own load. */}
      <BoardPosts key={board.data.boardId} board={board.data} roadmaps={roadmaps.data ?? []} tags={(tags.data ?? []).filter((tag) => tag.public)} />
    </>
  );
}

/** Loads the board again, and the roadmaps (the Status filter) when they failed with it. */
function retryBoard(board: Loaded<Board>, roadmaps: Loaded<unknown>): void {
  board.reload();
  if (roadmaps.error) roadmaps.reload();
}

function BoardPosts({ board, roadmaps, tags }: { board: Board; roadmaps: { id: string; name: string }[]; tags: TagRef[] }) {
  const location = useLocation();
  const session = useSession();
  const filter = readFilter(location.query);
  const setFilter = (next: PostListFilter) => location.route(pageHref(`/b/${encodeURIComponent(board.url)}${writeFilter(next)}`), true);
  // A new filter is a new list: remounting starts it again at page 1. So is another visitor, for "mine".
  const key = `${board.boardId}|${filter.query}|${filter.order}|${filter.status}|${filter.mine}|${filter.tags.join(',')}|${session?.user.userId ?? ''}`;
  // What the last list showed stays on screen while the next one loads, so it never blinks empty.
  const lastShown = useRef<Post[]>([]);
  const searching = filter.query !== '' || filter.status !== '' || filter.tags.length > 0;
  return (
    <>
      <PostFilters filter={filter} roadmaps={roadmaps} tags={tags} signedIn={Boolean(session)} onChange={setFilter} />
      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading" class="visually-hidden">
          {t('board.ideasHeading')}
        </h2>
        {filter.mine && session === null ? (
          <SignInForMine board={board} mine={filter.mine} />
        ) : filter.mine && session === undefined ? (
          <Skeleton label={t('board.loadingIdeas')} />
        ) : (
          <PostPages
            key={key}
            fetchPage={(page) => listPostPage(board, filter, page)}
            pageSize={PAGE_SIZE}
            lastShown={lastShown}
            empty={<EmptyList board={board} filter={filter} searching={searching} />}
          />
        )}
      </section>
    </>
  );
}

/** One page of a board's posts. */
function listPostPage(board: Board, filter: PostListFilter, page: number): Promise<Post[]> {
  return listPosts({
    boardIds: [board.boardId],
    roadmapId: filter.status || undefined,
    order: filter.order as PostOrder,
    query: filter.query,
    mine: filter.mine || undefined,
    tagIds: filter.tags,
    page,
    limit: PAGE_SIZE,
  });
}

/** A shared "Ideas I posted" link opened signed out: the list is the visitor's, so they sign in first. */
function SignInForMine({ board, mine }: { board: Board; mine: 'posted' | 'voted' }) {
  const next = pageHref(`/b/${encodeURIComponent(board.url)}?mine=${mine}`);
  return (
    <div class="empty">
      <p>{mine === 'posted' ? t('board.signInForPosted') : t('board.signInForVoted')}</p>
      <a class="button button--primary" href={signInHref(next)}>
        {t('common.signIn')}
      </a>
    </div>
  );
}

function EmptyList({ board, filter, searching }: { board: Board; filter: PostListFilter; searching: boolean }) {
  return (
    <div class="empty">
      <p>{emptyWords(filter, searching)}</p>
      <a class="button button--primary" href={pageHref(`/new?${new URLSearchParams({ board: board.url, title: filter.query })}`)}>
        {t('board.postIdea')}
      </a>
    </div>
  );
}

function emptyWords(filter: PostListFilter, searching: boolean): string {
  if (searching) return filter.mine ? t('board.emptyMineSearch') : t('board.emptySearch');
  if (filter.mine === 'posted') return t('board.emptyPosted');
  if (filter.mine === 'voted') return t('board.emptyVoted');
  return t('board.empty');
}
