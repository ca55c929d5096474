import type { BoardRow, Repositories } from '../storage/types.js';

/** API.md §3.10 Board, the one shape of every board route. */
export interface Board {
  boardId: string;
  name: string;
  /** feedbackd's extension (API.md §8.9). */
  description: string | null;
  url: string;
  color: string;
  display: boolean;
  view_voters: boolean;
  post_count: number;
  createdAt: string;
  updatedAt: string;
}

/** A board row with its post count, keys in the order of API.md §3.10. */
export function toBoard(board: BoardRow, postCount: number): Board {
  return {
    boardId: board.id,
    name: board.name,
    description: board.description,
    url: board.url,
    color: board.color,
    display: board.display,
    view_voters: board.viewVoters,
    post_count: postCount,
    createdAt: board.createdAt,
    updatedAt: board.updatedAt,
  };
}

/** Boards with their post counts, fetched in one batch. */
export async function renderBoards(repos: Repositories, boards: readonly BoardRow[]): Promise<Board[]> {
  if (boards.length === 0) return [];
  const counts = await repos.posts.countByBoards(boards.map((board) => board.id));
  return boards.map((board) => toBoard(board, counts.get(board.id) ?? 0));
}

/** One board with its post count. */
export async function renderBoard(repos: Repositories, board: BoardRow): Promise<Board> {
  const [rendered] = await renderBoards(repos, [board]);
  return rendered!;
}
