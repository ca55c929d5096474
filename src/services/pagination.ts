import { appError } from '../errors.js';
import type { OrderedPage, OrderedPageRequest, SortDirection } from '../storage/types.js';
import { integerInRange, lookupKey } from './validation/fields.js';
import { type QueryInput, queryParam } from './validation/query.js';

/*
 * The paging rules of API.md §1.9, shared by every list route: read the parameters with
 * `parsePaging` (before the route's own filters), turn them into a storage request with
 * `pageRequest` (after them: a bad cursor is the last 400), check the answer with `foundPage`, and
 * describe a cursor page with `cursorPageMeta`.
 */

const MAX_PAGE = 99_999_999;
const MAX_PAGE_SIZE = 100;

/** Both sort directions, for `created`-style parameters. */
export const SORT_DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

/**
 * Which parameters a list route reads: `offset` (page, limit), `cursor` (first, after), or
 * `offset-or-cursor` (offset when `page` is given, else cursor; `limit` wins over `first` in both).
 */
export type PagingStyle = 'offset' | 'cursor' | 'offset-or-cursor';

/** Validated paging parameters and the page size in use; `after` is still the raw text (see `pageRequest`). */
export type Paging =
  | { mode: 'offset'; page: number; size: number }
  | { mode: 'cursor'; after: string | undefined; size: number };

/** API.md §3.16. */
export interface PageInfo {
  count: number;
  current_page: number;
  has_next_page: boolean;
  start_cursor: string | null;
  end_cursor: string | null;
}

/** The keys a cursor-mode list response carries next to its items (API.md §1.9). */
export interface CursorPageMeta {
  page_info: PageInfo;
  total_count: number;
  total_pages: number;
}

/** Reads the paging parameters in the order page, limit, first (400 VALIDATION_ERROR on the first bad one). */
export function parsePaging(query: QueryInput, style: PagingStyle, defaultSize: number): Paging {
  const page = queryParam(query, 'page');
  if (style === 'offset' || (style === 'offset-or-cursor' && page !== undefined)) {
    return {
      mode: 'offset',
      page: integerInRange(page, 'page', 1, MAX_PAGE, 1),
      size: pageSize(query, 'limit') ?? defaultSize,
    };
  }
  const limit = style === 'offset-or-cursor' ? pageSize(query, 'limit') : undefined;
  const first = pageSize(query, 'first');
  return { mode: 'cursor', after: queryParam(query, 'after'), size: limit ?? first ?? defaultSize };
}

/** A page size parameter (1..100), undefined when absent. */
function pageSize(query: QueryInput, name: 'limit' | 'first'): number | undefined {
  const value = queryParam(query, name);
  // Absent stays undefined (not a default) so the caller can let `limit` win over `first`.
  return value === undefined ? undefined : integerInRange(value, name, 1, MAX_PAGE_SIZE, MAX_PAGE_SIZE);
}

/** The storage request for the page; 400 INVALID_CURSOR when `after` is not a UUID. */
export function pageRequest(paging: Paging, direction: SortDirection): OrderedPageRequest {
  const limit = paging.size;
  if (paging.mode === 'offset') return { direction, limit, from: { offset: (paging.page - 1) * limit } };
  if (paging.after === undefined) return { direction, limit, from: { offset: 0 } };
  const after = lookupKey(paging.after);
  if (after === undefined) throw appError('INVALID_CURSOR');
  return { direction, limit, from: { after } };
}

/** The page storage found; 400 INVALID_CURSOR when its cursor named no row (unknown, deleted or filtered out). */
export function foundPage<Row>(page: OrderedPage<Row> | undefined): OrderedPage<Row> {
  if (!page) throw appError('INVALID_CURSOR');
  return page;
}

/** `page_info`, `total_count` and `total_pages` of a cursor page whose row ids are the cursors. */
export function cursorPageMeta(page: OrderedPage<{ id: string }>, size: number): CursorPageMeta {
  const { rows } = page;
  return {
    page_info: {
      count: rows.length,
      current_page: Math.floor(page.offset / size) + 1,
      has_next_page: page.hasMore,
      start_cursor: rows[0]?.id ?? null,
      end_cursor: rows[rows.length - 1]?.id ?? null,
    },
    total_count: page.total,
    total_pages: Math.ceil(page.total / size),
  };
}
