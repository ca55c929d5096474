import { type Command, Option } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import { act, actOn, addCommandGroup } from '../admin/content-command.js';
import type { TagFlags } from '../admin/tag-actions.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/tag-actions.js');

const TAG_ARGUMENT = ['<tag>', 'the tag: its id or name (any case)'] as const;

/** `feedbackd tag …`: list, create, update and delete tags, private ones included. */
export function addTagCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'tag', 'list, create, update and delete tags (private ones included)');
  sub('list', 'list every tag by name, private ones included (aligned table, or --json)').action(
    act(run, async (flags: AdminFlags) => (await actions()).listTagsCommand(flags, run)),
  );
  sub('create', 'create a tag, public unless --private; without --color a random colour')
    .argument('<name>', 'its name (1 to 40 characters, unique ignoring case)')
    .option('--color <hex>', 'its colour: 6 hex digits, e.g. 1e90ff')
    .option('--private', 'seen only by those who may assign tags')
    .action(actOn(run, async (name: string, flags: TagFlags) => (await actions()).createTagCommand(name, flags, run)));
  sub('update', 'change a tag: only the fields given change')
    .argument(...TAG_ARGUMENT)
    .option('--name <name>', 'a new name')
    .option('--color <hex>', 'a new colour: 6 hex digits')
    .option('--public', 'seen by everyone on the posts carrying it')
    .addOption(new Option('--private', 'seen only by those who may assign tags').conflicts('public'))
    .action(actOn(run, async (ref: string, flags: TagFlags) => (await actions()).updateTagCommand(ref, flags, run)));
  sub('delete', 'delete a tag: it leaves every post; the posts stay')
    .argument(...TAG_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).deleteTagCommand(ref, flags, run)));
}
