import type { PostQuery, PostRow } from '../types.js';
import type { ChunkedList } from './chunked-list.js';
import type { MemoryDb } from './memory-db.js';
import { byCreated, byVotes, type PostCatalog, type PostEntry } from './post-catalog.js';
import { holdsPrefix } from './word-index.js';

/** Tells whether a post passes the board, roadmap and hidden-board conditions of a query. */
export type RowFilter = (post: PostRow) => boolean;

/**
 * A page of the posts matching every search word, by date or by votes. Two plans, chosen by
 * the cheaper estimate: when one query word's posts are few, gather them from the word index,
 * check the rest of the query on each, and order what is left; when every word is common, mark
 * each word's posts in a bit set and walk the ordered list until the page is full (the matches
 * are then dense, so the walk is short). Nothing is rebuilt: both plans read the live indexes.
 */
export function searchPosts(db: MemoryDb, query: PostQuery, words: readonly string[], accepts: RowFilter): PostRow[] {
  const catalog = db.indexes.postCatalog;
  const lists = orderedLists(catalog, query);
  const listed = lists.reduce((sum, list) => sum + list.size, 0);
  const wanted = query.offset + query.limit;
  // Gathering n posts and walking `wanted × listed / n` entries cost about the same when n² = wanted × listed.
  let cheapest = Math.ceil(Math.sqrt(wanted * listed)) + 1;
  let driver: string | undefined;
  for (const word of words) {
    const count = catalog.words.countWithPrefix(word, cheapest);
    if (count === 0) return [];
    if (count < cheapest) {
      cheapest = count;
      driver = word;
    }
  }
  if (listed === 0) return [];
  const page = driver === undefined ? walked(catalog, query, words, lists, accepts) : gathered(catalog, query, words, driver, accepts);
  return page.map((entry) => entry.row);
}

/** The order a query asks for, as a comparison of entries. */
export function entryOrder(query: PostQuery): (a: PostEntry, b: PostEntry) => number {
  if (query.orderBy === 'votes') return byVotes;
  return query.direction === 'asc' ? byCreated : (a, b) => byCreated(b, a);
}

/** The smallest lists holding every candidate, in the catalog's order for the query (walked backwards for `created desc`). */
export function orderedLists(catalog: PostCatalog, query: PostQuery): ChunkedList<PostEntry>[] {
  const order = query.orderBy === 'votes' ? catalog.byVotes : catalog.byCreated;
  if (query.roadmapId !== undefined) return present([order.roadmap(query.roadmapId)]);
  if (query.boardIds !== undefined) return present([...new Set(query.boardIds)].map((id) => order.board(id)));
  return [order.all];
}

/** Whether `orderedLists` are walked from their end. */
export function isBackward(query: PostQuery): boolean {
  return query.orderBy !== 'votes' && query.direction === 'desc';
}

function gathered(catalog: PostCatalog, query: PostQuery, words: readonly string[], driver: string, accepts: RowFilter): PostEntry[] {
  const mark = catalog.newMark();
  const others = words.filter((word) => word !== driver);
  const matches: PostEntry[] = [];
  catalog.words.eachWithPrefix(driver, (slot) => {
    const entry = catalog.at(slot)!;
    if (entry.mark === mark) return;
    entry.mark = mark;
    if (accepts(entry.row) && others.every((word) => holdsPrefix(entry.words, word))) matches.push(entry);
  });
  return pageOf(matches, entryOrder(query), query.offset, query.limit);
}

function walked(
  catalog: PostCatalog,
  query: PostQuery,
  words: readonly string[],
  lists: ChunkedList<PostEntry>[],
  accepts: RowFilter,
): PostEntry[] {
  const bits = catalog.emptyBits(0);
  catalog.words.markWithPrefix(words[0]!, bits);
  for (const word of words.slice(1)) {
    const more = catalog.emptyBits(1);
    catalog.words.markWithPrefix(word, more);
    for (let i = 0; i < bits.length; i++) bits[i] = bits[i]! & more[i]!;
  }
  const page: PostEntry[] = [];
  let skipped = 0;
  walkInOrder(lists, entryOrder(query), isBackward(query), (entry) => {
    const slot = entry.slot;
    if ((bits[slot >>> 5]! & (1 << (slot & 31))) === 0 || !accepts(entry.row)) return true;
    if (skipped < query.offset) skipped++;
    else page.push(entry);
    return page.length < query.limit;
  });
  return page;
}

/** Visits the entries of several lists as one sequence in `compare` order until `visit` returns false. */
export function walkInOrder(
  lists: ChunkedList<PostEntry>[],
  compare: (a: PostEntry, b: PostEntry) => number,
  backward: boolean,
  visit: (entry: PostEntry) => boolean,
): void {
  const [only] = lists;
  if (lists.length === 1 && only) {
    if (backward) only.walkBackward(0, visit);
    else only.walk(0, visit);
    return;
  }
  const cursors = lists.map((list) => list.values(backward));
  const heads = cursors.map((cursor) => cursor.next().value as PostEntry | undefined);
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (head && (best < 0 || compare(head, heads[best]!) < 0)) best = i;
    }
    if (best < 0 || !visit(heads[best]!)) return;
    heads[best] = cursors[best]!.next().value as PostEntry | undefined;
  }
}

/** Entries offset..offset+limit of `entries` in `compare` order; a small page is selected without sorting everything. */
export function pageOf<T>(entries: T[], compare: (a: T, b: T) => number, offset: number, limit: number): T[] {
  const wanted = offset + limit;
  if (wanted * 8 >= entries.length) return entries.sort(compare).slice(offset, wanted);
  const best: T[] = [];
  for (const entry of entries) {
    if (best.length === wanted && compare(entry, best[wanted - 1]!) >= 0) continue;
    best.splice(insertionPoint(best, entry, compare), 0, entry);
    if (best.length > wanted) best.pop();
  }
  return best.slice(offset);
}

function insertionPoint<T>(sorted: T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle]!, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function present<T>(lists: Array<T | undefined>): T[] {
  return lists.filter((list): list is T => list !== undefined);
}
