import { type Board, renderBoard, renderBoards } from '../services/board-views.js';
import { createBoard, deleteBoard, updateBoard } from '../services/boards.js';
import type { ServiceContext } from '../services/context.js';
import { findBoardRef } from './content-refs.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { pickFields } from './pick-fields.js';
import { systemActor } from './system-actor.js';

/** The fields of `POST`/`PATCH /boards` a command may send (API.md §4.6.7–8), under the API's names. */
const BOARD_FIELDS = ['name', 'url', 'color', 'display', 'view_voters', 'description'] as const;

/**
 * `feedbackd board …`: `board` names a board by url or id; the other arguments are the API's body
 * fields, checked by the same services as `POST`/`PATCH`/`DELETE /boards`.
 */
export const BOARD_OPERATIONS: OperationTable = {
  'board.list': (ctx) => listEveryBoard(ctx),
  'board.create': (ctx, args) => createBoard(ctx, systemActor(), pickFields(args, BOARD_FIELDS)),
  'board.update': (ctx, args) => updateBoardByRef(ctx, args),
  'board.delete': (ctx, args) => deleteBoardByRef(ctx, args),
};

/** Every board, hidden ones included, oldest first, as the API shows them; one consistent read. */
function listEveryBoard(ctx: ServiceContext): Promise<Board[]> {
  return ctx.storage.transaction(async (tx) => renderBoards(tx, await tx.boards.list()));
}

async function updateBoardByRef(ctx: ServiceContext, args: OperationArgs): Promise<Board> {
  const board = await findBoardRef(ctx.storage, args.board);
  return updateBoard(ctx, systemActor(), { ...pickFields(args, BOARD_FIELDS), boardId: board.id });
}

/** Deletes a board; answers with the board as it was (its post count is how many posts are now on no board). */
async function deleteBoardByRef(ctx: ServiceContext, args: OperationArgs): Promise<Board> {
  const board = await renderBoard(ctx.storage, await findBoardRef(ctx.storage, args.board));
  await deleteBoard(ctx, systemActor(), { boardId: board.boardId });
  return board;
}
