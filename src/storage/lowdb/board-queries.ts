import type { BoardPageRequest, BoardRow, OrderedPage } from '../types.js';
import type { MemoryDb } from './memory-db.js';
import { orderedPage } from './ordered-page.js';
import { listed } from './table-repo.js';
import type { TxWriter } from './tx-writer.js';

/** One page of every board, or of the displayed ones, from the matching (createdAt, id) list. */
export function boardPage(db: MemoryDb, request: BoardPageRequest): OrderedPage<BoardRow> | undefined {
  const { boardsInOrder, displayedBoardsInOrder } = db.indexes;
  return orderedPage(db.tables.boards, request.displayedOnly ? displayedBoardsInOrder.list : boardsInOrder, request);
}

/** The post count of each board asked for, from the posts-by-board index (no scan). */
export function countPostsByBoards(db: MemoryDb, boardIds: readonly string[]): Map<string, number> {
  // Held posts (issue 31 §2) do not count.
  return new Map(boardIds.map((id) => [id, db.indexes.approvedPostCountByBoard.count(id)]));
}

/** Unlinks the board's posts, found through the posts-by-board index (no scan of all posts). */
export function clearPostsBoard(w: TxWriter, boardId: string): number {
  const posts = listed(w.db.indexes.postsByBoard.group(boardId));
  for (const post of posts) w.update('posts', post.id, { boardId: null });
  return posts.length;
}
