import type { Command } from 'commander';
import { act, actOn, addCommandGroup } from '../admin/content-command.js';
import type { ApproveFlags, DeclineFlags, QueueFlags } from '../admin/moderation-actions.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/moderation-actions.js');

const ITEM_ARGUMENT = ['<item>', 'a post (its id or slug) or a comment (its id)'] as const;

/** `feedbackd moderation …` (issue 31 §2): the approval queue. */
export function addModerationCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'moderation', 'the approval queue: list, approve and decline waiting posts and comments');
  sub('list', 'list the posts and comments waiting for approval, oldest first (or --json)')
    .option('--spam', 'list those marked spam instead')
    .option('--limit <n>', 'posts and comments per page, 1 to 100 (default 20)')
    .option('--page <n>', 'which page, from 1 (default 1)')
    .action(act(run, async (flags: QueueFlags) => (await actions()).listQueueCommand(flags, run)));
  sub('approve', 'approve a waiting post or comment: everyone sees it, subscribers and webhooks are told')
    .argument(...ITEM_ARGUMENT)
    .option('--trust', 'also mark its author trusted: they never wait again')
    .action(actOn(run, async (item: string, flags: ApproveFlags) => (await actions()).approveCommand(item, flags, run)));
  sub('decline', 'decline a post or comment: deleted, its author told by one mail')
    .argument(...ITEM_ARGUMENT)
    .option('--block', 'also block its author')
    .action(actOn(run, async (item: string, flags: DeclineFlags) => (await actions()).declineCommand(item, flags, run)));
}
