import { heldShown, type PostQuery, type PostRow } from '../types.js';
import type { ChunkedList } from './chunked-list.js';
import type { MemoryDb } from './memory-db.js';
import { byCreated, byVotes, type PostCatalog, type PostEntry } from './post-catalog.js';
import type { OrderedPosts } from './ordered-posts.js';
import { countBits, hasBit, setBit } from './word-index.js';

/** Tells whether a post passes the board, roadmap and hidden-board conditions of a query. */
export type RowFilter = (post: PostRow) => boolean;

/**
 * A page of the posts matching every search word, by date or by votes. The plan follows the
 * counts the word index gives for each query word (see `planSearch`): gather the posts of the
 * rarest word and order those in the bit sets of the other words; or mark every word's posts in
 * bit sets, AND them, and walk the ordered list until the page is full (dense matches, short
 * walk). Nothing is rebuilt: every plan reads the live indexes.
 */
export function searchPosts(db: MemoryDb, query: PostQuery, words: readonly string[], accepts: RowFilter): PostRow[] {
  const catalog = db.indexes.postCatalog;
  const lists = orderedLists(catalog, query);
  const listed = lists.reduce((sum, list) => sum + list.size, 0);
  if (listed === 0) return [];
  const counts = words.map((word) => catalog.words.countWithPrefix(word, catalog.size * 4));
  // A post holding a word is one of its (word, post) pairs: no more matches than the fewest pairs.
  if (Math.min(...counts) <= query.offset) return [];
  const plan = planSearch(counts, { posts: catalog.size, listed, wanted: query.offset + query.limit });
  const driver = words[counts.indexOf(Math.min(...counts))]!;
  if (plan === 'gather') {
    const matches = gathered(catalog, words, driver, accepts);
    // Words that go together (`load loading`) match more posts than the estimate: ordering many
    // matches costs more than a walk, so they are marked in a bit set and walked instead.
    if (orderingCost(matches.length, query.offset + query.limit) <= listed * COST.testBit) {
      return pageOf(matches, entryOrder(query), query.offset, query.limit).map((entry) => entry.row);
    }
    return pageOfBits(query, lists, markedSlots(catalog, matches));
  }
  const bits = bitsOfAll(catalog, words);
  narrowToConditions(db, query, bits);
  if (countBits(bits) <= query.offset) return [];
  // Asked tags (issue 31 §1) are tested on the walk, which stops once the page is full.
  if (query.tagIds !== undefined && query.tagIds.length > 0) return walked(query, lists, (entry) => hasBit(bits, entry.slot) && accepts(entry.row));
  return pageOfBits(query, lists, bits);
}

function pageOfBits(query: PostQuery, lists: ChunkedList<PostEntry>[], bits: Uint32Array): PostRow[] {
  if (lists.length === 1) return pageByBits(lists[0]!, isBackward(query), bits, query);
  return walked(query, lists, ({ slot }) => hasBit(bits, slot));
}

function markedSlots(catalog: PostCatalog, entries: readonly PostEntry[]): Uint32Array {
  const bits = catalog.emptyBits(0);
  for (const { slot } of entries) setBit(bits, slot);
  return bits;
}

/** What ordering `count` posts for a page ending at `wanted` costs: a sort, or a selection when the page is small. */
function orderingCost(count: number, wanted: number): number {
  return wanted * 8 >= count ? count * Math.log2(count + 1) * COST.compare : count * COST.compare;
}

/**
 * Clears the bits of posts failing a board, roadmap or visibility condition that the walked lists
 * do not already guarantee, reading only the lists' slot arrays: the walk then reads no post
 * before its page. (The walked lists are the roadmap's when one is asked for, else the boards'.)
 */
function narrowToConditions(db: MemoryDb, query: PostQuery, bits: Uint32Array): void {
  const catalog = db.indexes.postCatalog;
  const groups = catalog.byCreated;
  if (query.roadmapId !== undefined && query.boardIds !== undefined) {
    const onBoards = catalog.emptyBits(1);
    for (const id of new Set(query.boardIds)) markSlots(groups.board(id), onBoards, true);
    for (let i = 0; i < bits.length; i++) bits[i] = bits[i]! & onBoards[i]!;
  }
  if (query.visibleBoardsOnly) for (const id of db.indexes.hiddenBoards.all) markSlots(groups.board(id), bits, false);
  // Held posts (issue 31 §2) the query does not show: few, cleared one by one.
  for (const id of db.indexes.heldPosts.all) {
    const entry = catalog.entryOf(id);
    if (entry && !heldShown(entry.row, query.held)) bits[entry.slot >>> 5] = bits[entry.slot >>> 5]! & ~(1 << (entry.slot & 31));
  }
}

function markSlots(list: ChunkedList<PostEntry> | undefined, bits: Uint32Array, set: boolean): void {
  for (const slots of list?.tagParts ?? []) {
    for (const slot of slots) {
      if (set) setBit(bits, slot);
      else bits[slot >>> 5] = bits[slot >>> 5]! & ~(1 << (slot & 31));
    }
  }
}

/** Costs in nanoseconds, measured at 100k posts on the machine of the README's figures. */
const COST = { gather: 40, markPair: 1.5, testBit: 8, compare: 25 };

/**
 * The cheapest plan by estimate. `counts` are (word, post) pairs per query word; the share of
 * posts matching them all is estimated as if the words were independent.
 */
function planSearch(
  counts: readonly number[],
  size: { posts: number; listed: number; wanted: number },
): 'gather' | 'bits' {
  const share = counts.reduce((product, count) => product * Math.min(1, count / size.posts), 1);
  const walk = Math.min(size.listed, size.wanted / Math.max(share, 1 / size.posts));
  const fewest = Math.min(...counts);
  const ordering = orderingCost(Math.min(fewest, Math.max(1, share * size.posts)), size.wanted);
  const marking = counts.reduce((total, count) => total + count, 0) * COST.markPair;
  const gather = fewest * COST.gather + (marking - fewest * COST.markPair) + ordering;
  return gather <= marking + walk * COST.testBit ? 'gather' : 'bits';
}

/** One bit per slot: set for the posts holding every word (one bit set per word, ANDed); scratch memory, as `emptyBits`. */
export function bitsOfAll(catalog: PostCatalog, words: readonly string[]): Uint32Array {
  const bits = catalog.emptyBits(0);
  if (words.length === 0) return bits.fill(0xffffffff);
  catalog.words.markWithPrefix(words[0]!, bits);
  for (const word of words.slice(1)) {
    const more = catalog.emptyBits(1);
    catalog.words.markWithPrefix(word, more);
    for (let i = 0; i < bits.length; i++) bits[i] = bits[i]! & more[i]!;
  }
  return bits;
}

/** The order a query asks for, as a comparison of entries. */
export function entryOrder(query: PostQuery): (a: PostEntry, b: PostEntry) => number {
  if (query.orderBy === 'votes') return byVotes;
  return query.direction === 'asc' ? byCreated : (a, b) => byCreated(b, a);
}

/**
 * The smallest lists holding every candidate, in the catalog's order for the query (walked
 * backwards for `created desc`): the roadmap's, the boards', or all posts; or, when tags are asked
 * (issue 31 §1), the rarest asked tag's list if it is shorter. Only the roadmap and board lists
 * guarantee their own condition: with tags asked, every candidate is tested by the query's filter.
 */
export function orderedLists(catalog: PostCatalog, query: PostQuery): ChunkedList<PostEntry>[] {
  const order = query.orderBy === 'votes' ? catalog.byVotes : catalog.byCreated;
  const lists = placeLists(order, query);
  if (query.tagIds === undefined || query.tagIds.length === 0) return lists;
  const tagged = [...new Set(query.tagIds)].map((id) => order.tag(id));
  // A tag no post carries: no post carries them all.
  if (tagged.some((list) => list === undefined)) return [];
  const rarest = (tagged as ChunkedList<PostEntry>[]).reduce((a, b) => (b.size < a.size ? b : a));
  return rarest.size < lists.reduce((sum, list) => sum + list.size, 0) ? [rarest] : lists;
}

function placeLists(order: OrderedPosts, query: PostQuery): ChunkedList<PostEntry>[] {
  if (query.roadmapId !== undefined) return present([order.roadmap(query.roadmapId)]);
  if (query.boardIds !== undefined) return present([...new Set(query.boardIds)].map((id) => order.board(id)));
  return [order.all];
}

/** Whether `orderedLists` are walked from their end. */
export function isBackward(query: PostQuery): boolean {
  return query.orderBy !== 'votes' && query.direction === 'desc';
}

/** The posts holding the driver word and every other word (by their bit sets) that meet the conditions. */
function gathered(catalog: PostCatalog, words: readonly string[], driver: string, accepts: RowFilter): PostEntry[] {
  // The other words' bit set is tested before a post is read; a post met twice (the driver
  // prefix covers two of its words) is cleared from the set once taken.
  const candidates = bitsOfAll(catalog, words.filter((word) => word !== driver));
  const matches: PostEntry[] = [];
  catalog.words.eachWithPrefix(driver, (slot) => {
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    if ((candidates[word]! & bit) === 0) return;
    candidates[word] = candidates[word]! & ~bit;
    const entry = catalog.at(slot)!;
    if (accepts(entry.row)) matches.push(entry);
  });
  return matches;
}

function walked(query: PostQuery, lists: ChunkedList<PostEntry>[], matches: (entry: PostEntry) => boolean): PostRow[] {
  const page: PostRow[] = [];
  let skipped = 0;
  walkInOrder(lists, entryOrder(query), isBackward(query), (entry) => {
    if (!matches(entry)) return true;
    if (skipped < query.offset) skipped++;
    else page.push(entry.row);
    return page.length < query.limit;
  });
  return page;
}

/** `walked` over one list with the bit test inlined: posts before the page are skipped by their slots alone, without reading them. */
function pageByBits(list: ChunkedList<PostEntry>, backward: boolean, bits: Uint32Array, query: PostQuery): PostRow[] {
  const page: PostRow[] = [];
  let skip = query.offset;
  const parts = list.parts;
  const slotParts = list.tagParts;
  const step = backward ? -1 : 1;
  for (let p = backward ? parts.length - 1 : 0; p >= 0 && p < parts.length; p += step) {
    const part = parts[p]!;
    const slots = slotParts[p]!;
    for (let i = backward ? part.length - 1 : 0; i >= 0 && i < part.length; i += step) {
      const slot = slots[i]!;
      if (!hasBit(bits, slot)) continue;
      if (skip > 0) skip--;
      else if (page.push(part[i]!.row) === query.limit) return page;
    }
  }
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
  if (entries.length <= offset) return [];
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
