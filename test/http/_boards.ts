import type { ExecutionContext } from 'ava';
import type { BoardRow } from '../../src/storage/types.js';
import { type Cast, createBoard, startCast as startCastFor } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';

/** Error bodies the board routes answer with (API.md §5). */
export const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
export const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
export const NOT_FOUND = { message: 'Board not found', code: 'BOARD_NOT_FOUND' };
export const INVALID_CURSOR = { message: 'Invalid cursor value', code: 'INVALID_CURSOR' };
export const NO_AUTH = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };
export const URL_EXISTS = { message: 'Board url already exists', code: 'BOARD_URL_EXISTS' };
export const URL_MISSING = { message: 'Board url cannot be empty', code: 'BOARD_URL_MISSING' };
export const URL_TOO_LONG = { message: 'Board url cannot exceed 50 characters', code: 'BOARD_URL_TOO_LONG' };
export const NAME_MISSING = { message: 'Board name missing', code: 'BOARD_NAME_MISSING' };
export const NAME_TOO_LONG = { message: 'Board name cannot exceed 50 characters', code: 'BOARD_NAME_TOO_LONG' };
export const HEX_LENGTH = { message: 'Color must be exactly 6 characters', code: 'BOARD_COLOR_HEX_LENGTH' };
export const HEX_CHAR = { message: 'Color must be a valid hexadecimal value', code: 'BOARD_COLOR_HEX_CHAR' };

/** The keys of API.md §3.10 Board, with `description` of §8.9, in order. */
export const BOARD_KEYS = ['boardId', 'name', 'description', 'url', 'color', 'display', 'view_voters', 'post_count', 'createdAt', 'updatedAt'];

/** A fixed timestamp `second` seconds into 2020 (before any "now"), so tests choose the order. */
export const at = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second)).toISOString();

/** Ascending (createdAt, id), the order of the board lists. */
export const byTime = (a: BoardRow, b: BoardRow) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** The ids of a `{ boards }` body, in order. */
export const ids = (body: { boards: Array<{ boardId: string }> }) => body.boards.map((board) => board.boardId);

export type { Cast } from '../_helpers/personas.js';

/** A server with the owner set up through the API, a plain member and a member holding `board:read`. */
export function startCast(t?: ExecutionContext): Promise<Cast> {
  return startCastFor('board:read', t);
}

/** Boards straight to storage at chosen times; `display` of board i is `shown(i)`. */
export async function boardsAt(
  server: TestServer,
  count: number,
  time: (i: number) => number,
  shown: (i: number) => boolean = () => true,
): Promise<BoardRow[]> {
  const boards: BoardRow[] = [];
  for (let i = 0; i < count; i++) boards.push(await createBoard(server.ctx, { createdAt: at(time(i)), display: shown(i) }));
  return boards;
}
