import { type Command, Option } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import type { BoardFlags } from '../admin/board-actions.js';
import { act, actOn, addCommandGroup } from '../admin/content-command.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/board-actions.js');

const BOARD_ARGUMENT = ['<board>', 'the board: its url or id'] as const;

/** `feedbackd board …`: list, create, update and delete boards, hidden ones included. */
export function addBoardCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'board', 'list, create, update and delete boards (hidden ones included)');
  sub('list', 'list every board, hidden ones included (aligned table, or --json)').action(
    act(run, async (flags: AdminFlags) => (await actions()).listBoardsCommand(flags, run)),
  );
  const create = sub('create', 'create a board, shown to everyone (--hidden: only to holders of board:read)').requiredOption('--name <name>', 'its name (at most 50 characters)');
  addBoardFields(create)
    .addHelpText('after', '\nWithout --url the url is made from the name ("In progress" → in-progress); without --color a random colour is picked.')
    .action(act(run, async (flags: BoardFlags) => (await actions()).createBoardCommand(flags, run)));
  const update = sub('update', 'change a board: only the fields given change').argument(...BOARD_ARGUMENT);
  addBoardFields(update.option('--name <name>', 'a new name'))
    .action(actOn(run, async (ref: string, flags: BoardFlags) => (await actions()).updateBoardCommand(ref, flags, run)));
  sub('delete', 'delete a board; its posts stay, on no board')
    .argument(...BOARD_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).deleteBoardCommand(ref, flags, run)));
}

/** The flags of create and update besides --name. */
function addBoardFields(command: Command): Command {
  return command
    .option('--url <url>', 'its url (letters, digits and dashes; other text is converted)')
    .option('--color <hex>', 'its colour: 6 hex digits, e.g. 2f6fdb')
    .option('--description <text>', 'what the board is for, shown on its pages (at most 300 characters; "" for none)')
    .option('--display', 'show it to everyone')
    .addOption(new Option('--hidden', 'show it only to holders of board:read').conflicts('display'))
    .option('--view-voters', 'everyone sees who voted on its posts (the default)')
    .option('--no-view-voters', 'only holders of vote:assign see who voted; others see the counts and their own vote');
}
