import type { Board } from '../../services/board-views.js';
import type { CliIo, CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { displayField, quoted, requireSomeChange, urlForCreate, withDerivedUrlHint } from './content-fields.js';
import { type Column, counted, printJson, printLines, printTable } from './output.js';
import { runAdminOperation } from './run-operation.js';

/*
 * The work of `feedbackd board …`: flags become the API's body fields, the operation runs
 * (through the server or directly), and the answer is printed as text or, with --json, as JSON.
 */

/** The flags of `board create` and `board update` (undefined = not given). */
export interface BoardFlags extends AdminFlags {
  name?: string;
  url?: string;
  color?: string;
  description?: string;
  display?: boolean;
  hidden?: boolean;
  viewVoters?: boolean;
}

const BOARD_COLUMNS: ReadonlyArray<Column<Board>> = [
  { title: 'ID', cell: (board) => board.boardId },
  { title: 'NAME', cell: (board) => board.name },
  { title: 'URL', cell: (board) => board.url },
  { title: 'COLOR', cell: (board) => board.color },
  { title: 'DISPLAY', cell: (board) => (board.display ? 'public' : 'hidden') },
  { title: 'POSTS', cell: (board) => String(board.post_count), alignRight: true },
];

/** `board list`. */
export async function listBoardsCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const boards = (await runAdminOperation(flags, run, 'board.list')) as Board[];
  if (flags.json) printJson(run.io, boards);
  else printTable(run.io, BOARD_COLUMNS, boards, 'No boards.');
}

/**
 * `board create`: shown to everyone unless --hidden, as the dashboard makes boards. The API's
 * own default (hidden, API.md) is left to API clients: an operator who creates a board means it
 * to be used.
 */
export async function createBoardCommand(flags: BoardFlags, run: CliRun): Promise<void> {
  const url = urlForCreate(flags);
  const fields = { ...boardFields(flags), display: displayField(flags) ?? true };
  const create = () => runAdminOperation(flags, run, 'board.create', { ...fields, url });
  const board = (await withDerivedUrlHint(flags, url, create)) as Board;
  printBoardChange(run.io, flags, 'Created', board);
}

/** `board update <board>`: refused before anything runs when no field is given. */
export async function updateBoardCommand(ref: string, flags: BoardFlags, run: CliRun): Promise<void> {
  const fields = boardFields(flags);
  requireSomeChange(fields, '--name, --url, --color, --description, --display, --hidden, --view-voters or --no-view-voters');
  const board = (await runAdminOperation(flags, run, 'board.update', { board: ref, ...fields })) as Board;
  printBoardChange(run.io, flags, 'Updated', board);
}

/** `board delete <board>`. */
export async function deleteBoardCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const board = (await runAdminOperation(flags, run, 'board.delete', { board: ref })) as Board;
  if (flags.json) return printJson(run.io, board);
  const posts = board.post_count === 0 ? 'it had no posts' : `its ${counted(board.post_count, 'post')} are now on no board`;
  printLines(run.io, `Deleted board ${board.url} (${board.boardId}); ${posts}.`);
}

/** The flags as `POST`/`PATCH /boards` body fields; --display and --hidden are one field. */
function boardFields(flags: BoardFlags): Record<string, unknown> {
  return {
    name: flags.name,
    url: flags.url,
    color: flags.color,
    display: displayField(flags),
    view_voters: flags.viewVoters,
    description: flags.description,
  };
}

function printBoardChange(io: CliIo, flags: AdminFlags, done: string, board: Board): void {
  if (flags.json) {
    printJson(io, board);
    return;
  }
  const display = board.display ? 'public' : 'hidden';
  const voters = board.view_voters ? 'voters shown' : 'voters not shown';
  const about = board.description === null ? '' : ` It says: ${quoted(board.description)}.`;
  printLines(io, `${done} board ${board.url} (${board.boardId}): ${quoted(board.name)}, color ${board.color}, ${display}, ${voters}.${about}`);
}
