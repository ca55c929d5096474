import { type OrderedPage, type RoadmapPageRequest, type RoadmapRow, RowNotFound } from '../types.js';
import type { MemoryDb } from './memory-db.js';
import type { OrderedIndex } from './ordered-index.js';
import { listed } from './table-repo.js';
import type { TxWriter } from './tx-writer.js';

/** Roadmaps by `index`, which is unique, so it needs no tie-break. */
export function byRoadmapIndex(a: RoadmapRow, b: RoadmapRow): number {
  return a.index - b.index;
}

/** One page of the displayed, hidden or all roadmaps by index, from the matching ordered index. */
export function roadmapPage(db: MemoryDb, request: RoadmapPageRequest): OrderedPage<RoadmapRow> | undefined {
  const { roadmapsInOrder, shownRoadmapsInOrder, hiddenRoadmapsInOrder } = db.indexes;
  const list = request.display === undefined ? roadmapsInOrder : request.display ? shownRoadmapsInOrder : hiddenRoadmapsInOrder;
  const start = pageStart(db, list, request);
  if (start === undefined) return undefined;
  const end = Math.min(list.size, start + Math.max(request.limit, 0));
  const rows: RoadmapRow[] = [];
  for (let n = start; n < end; n++) rows.push(list.at(request.direction === 'asc' ? n : list.size - 1 - n)!);
  return { rows, total: list.size, offset: start, hasMore: end < list.size };
}

/** Rows of the list, in the asked direction, before the page; undefined for a cursor outside the list. */
function pageStart(db: MemoryDb, list: OrderedIndex<RoadmapRow>, request: RoadmapPageRequest): number | undefined {
  const { from } = request;
  if ('offset' in from) return Math.min(Math.max(from.offset, 0), list.size);
  const row = db.tables.roadmaps.get(from.after);
  const position = row ? list.positionOf(row) : -1;
  if (position < 0) return undefined;
  return request.direction === 'asc' ? position + 1 : list.size - position;
}

/** The highest index in use; 0 without roadmaps. */
export function highestRoadmapIndex(db: MemoryDb): number {
  const list = db.indexes.roadmapsInOrder;
  return list.at(list.size - 1)?.index ?? 0;
}

/**
 * Exchanges two roadmaps' indexes. `roadmaps.index` is unique and checked on every write, so the
 * first roadmap is parked on a free index (below the lowest) while the second takes its place.
 */
export function swapRoadmapIndexes(w: TxWriter, firstId: string, secondId: string, updatedAt: string): [RoadmapRow, RoadmapRow] {
  const first = existingRoadmap(w, firstId);
  const second = existingRoadmap(w, secondId);
  if (first.id === second.id) return [first, second];
  const lowest = w.db.indexes.roadmapsInOrder.at(0)!.index;
  w.update('roadmaps', first.id, { index: lowest - 1 });
  const movedSecond = w.update('roadmaps', second.id, { index: first.index, updatedAt });
  const movedFirst = w.update('roadmaps', first.id, { index: second.index, updatedAt });
  return [movedFirst, movedSecond];
}

function existingRoadmap(w: TxWriter, id: string): RoadmapRow {
  const roadmap = w.db.tables.roadmaps.get(id);
  if (!roadmap) throw new RowNotFound('roadmaps', id);
  return roadmap;
}

/** Unlinks the roadmap's posts, found through the posts-by-roadmap index (no scan of all posts). */
export function clearPostsRoadmap(w: TxWriter, roadmapId: string): number {
  const posts = listed(w.db.indexes.postsByRoadmap.group(roadmapId));
  for (const post of posts) w.update('posts', post.id, { roadmapId: null });
  return posts.length;
}
