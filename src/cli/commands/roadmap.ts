import { type Command, Option } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import { act, actOn, addCommandGroup } from '../admin/content-command.js';
import type { MoveFlags, RoadmapFlags } from '../admin/roadmap-actions.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/roadmap-actions.js');

const ROADMAP_ARGUMENT = ['<roadmap>', 'the roadmap: its url or id'] as const;

/** `feedbackd roadmap …`: list, create, update, delete and reorder roadmaps, hidden ones included. */
export function addRoadmapCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'roadmap', 'list, create, update, delete and reorder roadmaps (hidden ones included)');
  sub('list', 'list every roadmap in order, hidden ones included (aligned table, or --json)').action(
    act(run, async (flags: AdminFlags) => (await actions()).listRoadmapsCommand(flags, run)),
  );
  const create = sub('create', 'create a roadmap, placed last (hidden unless --display)').requiredOption('--name <name>', 'its name (at most 50 characters)');
  addRoadmapFields(create)
    .addHelpText('after', '\nWithout --url the url is made from the name ("In progress" → in-progress); without --color a random colour is picked.')
    .action(act(run, async (flags: RoadmapFlags) => (await actions()).createRoadmapCommand(flags, run)));
  const update = sub('update', 'change a roadmap: only the fields given change').argument(...ROADMAP_ARGUMENT);
  addRoadmapFields(update.option('--name <name>', 'a new name'))
    .action(actOn(run, async (ref: string, flags: RoadmapFlags) => (await actions()).updateRoadmapCommand(ref, flags, run)));
  sub('delete', 'delete a roadmap; its posts stay, on no roadmap')
    .argument(...ROADMAP_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).deleteRoadmapCommand(ref, flags, run)));
  sub('move', 'move a roadmap to another position; the ones in between shift by one')
    .argument(...ROADMAP_ARGUMENT)
    .requiredOption('--to <position>', 'its new position: 1 is first (see the POS column of roadmap list)')
    .addHelpText('after', '\nThe roadmap swaps places with its neighbour one step at a time, so positions stay unique throughout.')
    .action(actOn(run, async (ref: string, flags: MoveFlags) => (await actions()).moveRoadmapCommand(ref, flags, run)));
}

/** The flags of create and update besides --name. */
function addRoadmapFields(command: Command): Command {
  return command
    .option('--url <url>', 'its url (letters, digits and dashes; other text is converted)')
    .option('--color <hex>', 'its colour: 6 hex digits, e.g. e6a23c')
    .option('--display', 'show it to everyone')
    .addOption(new Option('--hidden', 'show it only to holders of roadmap:read').conflicts('display'));
}
