import type { TagView } from '../../services/tags/views.js';
import type { CliIo, CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { quoted, requireSomeChange } from './content-fields.js';
import { type Column, printJson, printLines, printTable } from './output.js';
import { runAdminOperation } from './run-operation.js';

/** The work of `feedbackd tag …`: run the operation, print the answer as text or JSON. */

/** The flags of `tag create` and `tag update` (undefined = not given). */
export interface TagFlags extends AdminFlags {
  name?: string;
  color?: string;
  public?: boolean;
  private?: boolean;
}

const TAG_COLUMNS: ReadonlyArray<Column<TagView>> = [
  { title: 'ID', cell: (tag) => tag.tagId },
  { title: 'NAME', cell: (tag) => tag.name },
  { title: 'COLOR', cell: (tag) => tag.color },
  { title: 'SEEN BY', cell: (tag) => (tag.public ? 'public' : 'private') },
];

/** `tag list`: every tag, private ones included, by name. */
export async function listTagsCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const tags = (await runAdminOperation(flags, run, 'tag.list')) as TagView[];
  if (flags.json) printJson(run.io, tags);
  else printTable(run.io, TAG_COLUMNS, tags, 'No tags.');
}

/** `tag create <name>`: public unless --private; without --color a random colour (the API's default). */
export async function createTagCommand(name: string, flags: TagFlags, run: CliRun): Promise<void> {
  const tag = (await runAdminOperation(flags, run, 'tag.create', { name, color: flags.color, public: publicField(flags) })) as TagView;
  printTagChange(run.io, flags, 'Created', tag);
}

/** `tag update <tag>`: refused before anything runs when no field is given. */
export async function updateTagCommand(ref: string, flags: TagFlags, run: CliRun): Promise<void> {
  const fields = { name: flags.name, color: flags.color, public: publicField(flags) };
  requireSomeChange(fields, '--name, --color, --public or --private');
  const tag = (await runAdminOperation(flags, run, 'tag.update', { tag: ref, ...fields })) as TagView;
  printTagChange(run.io, flags, 'Updated', tag);
}

/** `tag delete <tag>`. */
export async function deleteTagCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const tag = (await runAdminOperation(flags, run, 'tag.delete', { tag: ref })) as TagView;
  if (flags.json) return printJson(run.io, tag);
  printLines(run.io, `Deleted tag ${quoted(tag.name)} (${tag.tagId}); the posts that carried it stay.`);
}

/** `--public` → true, `--private` → false, neither → undefined (unchanged, or the API's default: public). */
function publicField(flags: TagFlags): boolean | undefined {
  if (flags.public) return true;
  return flags.private ? false : undefined;
}

function printTagChange(io: CliIo, flags: AdminFlags, done: string, tag: TagView): void {
  if (flags.json) printJson(io, tag);
  else printLines(io, `${done} tag ${quoted(tag.name)} (${tag.tagId}): color ${tag.color}, ${tag.public ? 'public' : 'private'}.`);
}
