import type { BoardRow } from '../storage/types.js';
import type { Viewer } from './context.js';
import { can } from './permissions.js';

/*
 * Private voters (API.md §8.9): on a board with `view_voters: false`, who voted is the team's
 * business. Everyone else sees how many voted and whether they did themselves, never who else.
 */

/** Whether the board keeps its voters to the team; a post on no board (or a missing one) never does. */
export function boardHidesVoters(board: BoardRow | undefined): boolean {
  return board !== undefined && !board.viewVoters;
}

/** Whether the viewer sees every voter even where a board hides them: the team's `vote:assign`. */
export function seesEveryVoter(viewer: Viewer): boolean {
  return can(viewer, 'vote:assign');
}

/** Whether this viewer sees only their own vote on a post of this board. */
export function hidesVotersFrom(viewer: Viewer, board: BoardRow | undefined): boolean {
  return boardHidesVoters(board) && !seesEveryVoter(viewer);
}
