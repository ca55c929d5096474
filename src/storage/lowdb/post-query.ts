import { heldShown, type PostQuery, type PostRow } from '../types.js';
import type { MemoryDb } from './memory-db.js';
import { minePosts } from './post-mine.js';
import type { PostEntry } from './post-catalog.js';
import { entryOrder, isBackward, orderedLists, searchPosts, walkInOrder } from './post-search.js';
import { compareTimed, type SortedList } from './sorted-list.js';
import { carriesTags } from './tag-repos.js';

/**
 * Answers a post query from the sorted indexes: picks the smallest sorted source (one roadmap,
 * the asked boards, or all posts) in the asked order, walks it, and stops as soon as
 * offset + limit matching posts are seen. Nothing is scanned or sorted as a whole.
 * Searches go through the word index (post-search.ts); one person's posts are gathered from
 * their own indexes (post-mine.ts).
 */
export function queryPosts(db: MemoryDb, query: PostQuery): PostRow[] {
  if (query.limit <= 0) return [];
  if (query.mine !== undefined) return minePosts(db, query, query.mine, postFilter(db, query));
  if (query.words !== undefined && query.words.length > 0) return searchPosts(db, query, query.words, postFilter(db, query));
  if (query.tagIds !== undefined && query.tagIds.length > 0) return catalogPage(db, query, onlyTheTag(db, query));
  if (query.orderBy === 'votes') return catalogPage(db, query, takesWholeList(db, query));
  const sources = sourcesFor(db, query);
  const [only] = sources;
  if (sources.length === 1 && only && takesWholeList(db, query)) return pageOf(only, query);
  const accepts = postFilter(db, query);
  const result: PostRow[] = [];
  let skipped = 0;
  walkMerged(sources, query.direction, (post) => {
    if (!accepts(post)) return true;
    if (skipped < query.offset) skipped++;
    else result.push(post);
    return result.length < query.limit;
  });
  return result;
}

/**
 * A page from the catalog's ordered lists (the votes order, and any order when tags are asked,
 * issue 31 §1): a slice of the one list when every post of it matches, else a walk of the shortest
 * lists (the rarest asked tag's, the boards' or the roadmap's) testing each post, stopping once the
 * page is full.
 */
function catalogPage(db: MemoryDb, query: PostQuery, everyPostMatches: boolean): PostRow[] {
  const lists = orderedLists(db.indexes.postCatalog, query);
  const backward = isBackward(query);
  const [only] = lists;
  if (lists.length === 1 && only && everyPostMatches) {
    const page: PostRow[] = [];
    const take = (entry: PostEntry) => page.push(entry.row) < query.limit;
    if (backward) only.walkBackward(query.offset, take);
    else only.walk(query.offset, take);
    return page;
  }
  const accepts = postFilter(db, query);
  const page: PostRow[] = [];
  let skipped = 0;
  walkInOrder(lists, entryOrder(query), backward, ({ row }) => {
    if (!accepts(row)) return true;
    if (skipped < query.offset) skipped++;
    else page.push(row);
    return page.length < query.limit;
  });
  return page;
}

/** Whether one tag is the query's only condition, so that every post of its list matches. */
function onlyTheTag(db: MemoryDb, query: PostQuery): boolean {
  return new Set(query.tagIds).size === 1 && query.boardIds === undefined && query.roadmapId === undefined && takesWholeList(db, query);
}

function sourcesFor(db: MemoryDb, query: PostQuery): SortedList<PostRow>[] {
  const { postsByRoadmap, postsByBoard, postsInOrder } = db.indexes;
  if (query.roadmapId !== undefined) return present([postsByRoadmap.group(query.roadmapId)]);
  if (query.boardIds !== undefined) return present([...new Set(query.boardIds)].map((id) => postsByBoard.group(id)));
  return [postsInOrder];
}

/** Whether every post of the single chosen source matches, so a page is a plain slice of it. */
function takesWholeList(db: MemoryDb, query: PostQuery): boolean {
  // Held posts (issue 31 §2) are few: their lists are walked and filtered instead.
  if (db.indexes.heldPosts.size > 0 && query.held?.all !== true) return false;
  const hidden = db.indexes.hiddenBoards;
  const hiddenMatters = query.visibleBoardsOnly && hidden.size > 0;
  if (query.roadmapId !== undefined) return query.boardIds === undefined && !hiddenMatters;
  if (query.boardIds !== undefined) return !(query.visibleBoardsOnly && query.boardIds.some((id) => hidden.has(id)));
  return !hiddenMatters;
}

/** Rows offset..offset+limit of a sorted list, in the asked direction, by index arithmetic. */
function pageOf(list: SortedList<PostRow>, query: PostQuery): PostRow[] {
  const page: PostRow[] = [];
  for (let n = query.offset; n < query.offset + query.limit && n < list.size; n++) {
    page.push(list.at(query.direction === 'asc' ? n : list.size - 1 - n)!);
  }
  return page;
}

function present(lists: Array<SortedList<PostRow> | undefined>): SortedList<PostRow>[] {
  return lists.filter((list): list is SortedList<PostRow> => list !== undefined);
}

/** The conditions the chosen source does not already guarantee. */
function postFilter(db: MemoryDb, query: PostQuery): (post: PostRow) => boolean {
  const boards = query.boardIds === undefined ? undefined : new Set(query.boardIds);
  const hidden = db.indexes.hiddenBoards;
  const tagIds = query.tagIds !== undefined && query.tagIds.length > 0 ? [...new Set(query.tagIds)] : undefined;
  const held = db.indexes.heldPosts;
  return (post) => {
    if (held.has(post.id) && !heldShown(post, query.held)) return false;
    if (tagIds && !carriesTags(db, post.id, tagIds)) return false;
    if (boards && (post.boardId === null || !boards.has(post.boardId))) return false;
    if (query.roadmapId !== undefined && post.roadmapId !== query.roadmapId) return false;
    return !(query.visibleBoardsOnly && post.boardId !== null && hidden.has(post.boardId));
  };
}

/** Visits the rows of several sorted lists as one sorted sequence until `visit` returns false. */
function walkMerged(lists: SortedList<PostRow>[], direction: 'asc' | 'desc', visit: (post: PostRow) => boolean): void {
  const step = direction === 'asc' ? 1 : -1;
  const cursors = lists.map((list) => (step === 1 ? 0 : list.size - 1));
  for (;;) {
    let best = -1;
    let bestRow: PostRow | undefined;
    for (let i = 0; i < lists.length; i++) {
      const row = lists[i]!.at(cursors[i]!);
      if (row && (!bestRow || compareTimed(row, bestRow) * step < 0)) {
        best = i;
        bestRow = row;
      }
    }
    if (!bestRow || !visit(bestRow)) return;
    cursors[best] = cursors[best]! + step;
  }
}
