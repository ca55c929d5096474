import type { Command } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import type { ListFlags, PublishFlags } from '../admin/changelog-actions.js';
import { act, actOn, addCommandGroup } from '../admin/content-command.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/changelog-actions.js');

const ENTRY_ARGUMENT = ['<entry>', 'the changelog entry: its id or slug'] as const;

/** `feedbackd changelog …`: list, show, publish (now or later) and delete changelog entries. */
export function addChangelogCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'changelog', 'list, show, publish and delete changelog entries (drafts included)');
  sub('list', 'list entries, newest first, drafts and scheduled ones included (aligned table, or --json)')
    .option('--limit <n>', 'entries per page, 1 to 100 (default 20)')
    .option('--page <n>', 'which page, from 1 (default 1)')
    .action(act(run, async (flags: ListFlags) => (await actions()).listChangelogCommand(flags, run)));
  sub('show', 'show one entry: status, dates, labels, linked posts and content')
    .argument(...ENTRY_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).showChangelogCommand(ref, flags, run)));
  sub('publish', 'publish an entry now, or schedule it with --at: its followers get one "Shipped" mail')
    .argument(...ENTRY_ARGUMENT)
    .option('--at <iso>', 'publish at this time (ISO 8601 with a zone, e.g. 2026-03-01T09:00:00Z); serve publishes it then')
    .action(actOn(run, async (ref: string, flags: PublishFlags) => (await actions()).publishChangelogCommand(ref, flags, run)));
  sub('delete', 'delete an entry and its links (the posts stay)')
    .argument(...ENTRY_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).deleteChangelogCommand(ref, flags, run)));
}
