import type { PostFilter } from '../api/endpoints.js';

// What Dashboard › Posts shows, kept in its URL (?board=…&roadmap=…&q=…&order=…&page=…) so a view
// can be bookmarked and Back returns to the one before.

export type PostsOrder = 'newest' | 'oldest' | 'votes';

export interface PostsFilter {
  /** A board id, or '' for every board. */
  board: string;
  /** A roadmap id, or '' for every status. */
  roadmap: string;
  query: string;
  order: PostsOrder;
  /** 1-based. */
  page: number;
}

export const ORDERS: readonly { value: PostsOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'votes', label: 'Most votes' },
];

/** Posts per page. */
export const PAGE_SIZE = 25;

const BASE = '/dashboard/posts';
/** The API's page limit (API.md §1.9); a bookmark past it falls back to the first page. */
const MAX_PAGE = 99_999_999;

/**
 * The filter in a URL query. Ids not among `known` (a board deleted since the bookmark, a hidden one
 * this session cannot see) are left out, so the selects and the list always agree.
 */
export function readPostsFilter(query: Record<string, string>, known: { boards: Set<string>; roadmaps: Set<string> }): PostsFilter {
  const page = /^\d{1,8}$/.test(query.page ?? '') ? Number(query.page) : 1;
  return {
    board: known.boards.has(query.board ?? '') ? query.board! : '',
    roadmap: known.roadmaps.has(query.roadmap ?? '') ? query.roadmap! : '',
    query: (query.q ?? '').trim().slice(0, 200),
    order: ORDERS.find((order) => order.value === query.order)?.value ?? 'newest',
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The page's URL for a filter, leaving out the defaults. */
export function postsUrl(filter: PostsFilter): string {
  const params = new URLSearchParams();
  if (filter.board) params.set('board', filter.board);
  if (filter.roadmap) params.set('roadmap', filter.roadmap);
  if (filter.query) params.set('q', filter.query);
  if (filter.order !== 'newest') params.set('order', filter.order);
  if (filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `${BASE}?${text}` : BASE;
}

/** Whether the filter narrows the list (an empty list then means "no match", not "no posts"). */
export const isFiltered = (filter: PostsFilter) => Boolean(filter.board || filter.roadmap || filter.query);

/** The filter as POST /posts/get takes it. */
export function toApiFilter(filter: PostsFilter): PostFilter & { page: number } {
  return {
    boardIds: filter.board ? [filter.board] : [],
    roadmapId: filter.roadmap || undefined,
    query: filter.query,
    order: filter.order,
    page: filter.page,
  };
}
