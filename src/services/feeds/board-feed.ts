import type { ServiceContext } from '../context.js';
import type { Board } from '../board-views.js';
import { showBoard } from '../boards.js';
import type { PostView } from '../post-views.js';
import { listPosts } from '../posts.js';

/** How many of a board's newest ideas its feed holds. */
export const BOARD_FEED_SIZE = 20;

/** What a board's feed shows: the board and its newest ideas, as a visitor who is not signed in sees them. */
export interface BoardFeedData {
  board: Board;
  posts: PostView[];
}

/**
 * A displayed board's newest ideas. Feed readers never sign in, so the feed is the anonymous view:
 * a hidden board has none (BOARD_NOT_FOUND, as the API answers a visitor who may not see it).
 */
export async function boardFeed(ctx: ServiceContext, url: string): Promise<BoardFeedData> {
  const board = await showBoard(ctx, null, url);
  const posts = await listPosts(ctx, null, { boardId: [board.boardId], limit: BOARD_FEED_SIZE, created: 'desc' });
  return { board, posts };
}
