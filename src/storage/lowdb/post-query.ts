import type { PostQuery, PostRow } from '../types.js';
import type { MemoryDb } from './memory-db.js';
import { compareTimed, type SortedList } from './sorted-list.js';

/**
 * Answers a post query from the sorted indexes: picks the smallest sorted source (one roadmap,
 * the asked boards, or all posts), walks it in the asked direction, and stops as soon as
 * offset + limit matching posts are seen. Nothing is scanned or sorted as a whole.
 */
export function queryPosts(db: MemoryDb, query: PostQuery): PostRow[] {
  if (query.limit <= 0) return [];
  const accepts = postFilter(db, query);
  const result: PostRow[] = [];
  let skipped = 0;
  walkMerged(sourcesFor(db, query), query.direction, (post) => {
    if (!accepts(post)) return true;
    if (skipped < query.offset) skipped++;
    else result.push(post);
    return result.length < query.limit;
  });
  return result;
}

function sourcesFor(db: MemoryDb, query: PostQuery): SortedList<PostRow>[] {
  const { postsByRoadmap, postsByBoard, postsInOrder } = db.indexes;
  if (query.roadmapId !== undefined) return present([postsByRoadmap.group(query.roadmapId)]);
  if (query.boardIds !== undefined) return present([...new Set(query.boardIds)].map((id) => postsByBoard.group(id)));
  return [postsInOrder];
}

function present(lists: Array<SortedList<PostRow> | undefined>): SortedList<PostRow>[] {
  return lists.filter((list): list is SortedList<PostRow> => list !== undefined);
}

/** The conditions the chosen source does not already guarantee. */
function postFilter(db: MemoryDb, query: PostQuery): (post: PostRow) => boolean {
  const boards = query.boardIds === undefined ? undefined : new Set(query.boardIds);
  const hidden = db.indexes.hiddenBoards;
  return (post) => {
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
