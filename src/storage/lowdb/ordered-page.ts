import type { OrderedPage, OrderedPageRequest } from '../types.js';
import type { Timed } from './sorted-list.js';
import type { CountIndex, Table } from './table.js';

/** What a page is read from: rows in ascending (createdAt, id) order (a `SortedList`, or a merge of them). */
export interface OrderedList<Row extends Timed> {
  readonly size: number;
  /** The row at `index` in ascending order. */
  at(index: number): Row | undefined;
  /** The ascending position of the row with this (createdAt, id), or -1 when it is not in the list. */
  indexOf(row: Timed): number;
}

/**
 * One page of a table's rows from a (createdAt, id) list, by index arithmetic: a cursor row is
 * found by binary search, so no page costs more than its own rows. The list is the whole table or
 * one group of it (a post's votes); a cursor row outside the list counts as unknown.
 */
export function orderedPage<Row extends Timed>(
  table: Table<Row>,
  list: OrderedList<Row>,
  request: OrderedPageRequest,
): OrderedPage<Row> | undefined {
  const start = startOf(table, list, request);
  if (start === undefined) return undefined;
  const end = Math.min(list.size, start + Math.max(request.limit, 0));
  const rows: Row[] = [];
  for (let n = start; n < end; n++) rows.push(list.at(request.direction === 'asc' ? n : list.size - 1 - n)!);
  return { rows, total: list.size, offset: start, hasMore: end < list.size };
}

/** How many rows of the list, in the asked direction, come before the page; undefined for an unknown cursor. */
function startOf<Row extends Timed>(table: Table<Row>, list: OrderedList<Row>, request: OrderedPageRequest): number | undefined {
  const { from } = request;
  if ('offset' in from) return Math.min(Math.max(from.offset, 0), list.size);
  const row = table.get(from.after);
  const index = row ? list.indexOf(row) : -1;
  if (index < 0) return undefined;
  return request.direction === 'asc' ? index + 1 : list.size - index;
}

/** The count of each key asked for, zeros included. */
export function countsOf<Row>(index: CountIndex<Row>, keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, index.count(key));
  return counts;
}
