import { type Command, Option } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import { act, actOn, addCommandGroup, refuseWithItsNegation } from '../admin/content-command.js';
import type { ListFlags, MergeFlags, MoveFlags, TagPostFlags } from '../admin/post-actions.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/post-actions.js');

const POST_ARGUMENT = ['<post>', 'the post: its id or slug'] as const;

/** `feedbackd post …`: list, show, delete, move, merge and tag posts, on hidden boards too. */
export function addPostCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'post', 'list, show, delete, move, merge and tag posts (hidden boards included)');
  sub('list', 'list posts, newest first, hidden boards included (aligned table, or --json)')
    .option('--board <board>', 'only posts on this board (url or id)')
    .option('--roadmap <roadmap>', 'only posts on this roadmap (url or id)')
    .option('--limit <n>', 'posts per page, 1 to 100 (default 10)')
    .option('--page <n>', 'which page, from 1 (default 1)')
    .action(act(run, async (flags: ListFlags) => (await actions()).listPostsCommand(flags, run)));
  sub('show', 'show one post: board, roadmap, author, votes and content')
    .argument(...POST_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).showPostCommand(ref, flags, run)));
  sub('delete', 'delete a post with its votes and comments')
    .argument(...POST_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).deletePostCommand(ref, flags, run)));
  const move = sub('move', 'put a post on another board or roadmap, or take it off one')
    .argument(...POST_ARGUMENT)
    .option('--board <board>', 'the board to put it on (url or id)')
    .option('--no-board', 'take it off its board')
    .option('--roadmap <roadmap>', 'the roadmap to put it on (url or id)')
    .option('--no-roadmap', 'take it off its roadmap')
    .addHelpText('after', '\nWhat is not named stays: --board alone leaves the roadmap as it is.')
    .action(actOn(run, async (ref: string, flags: MoveFlags) => (await actions()).movePostCommand(ref, flags, run)));
  sub('merge', 'merge a duplicate into another post: votes united, comments and followers moved')
    .argument(...POST_ARGUMENT)
    .requiredOption('--into <post>', 'the post it duplicates: its id or slug')
    .action(actOn(run, async (ref: string, flags: MergeFlags) => (await actions()).mergePostCommand(ref, flags, run)));
  sub('unmerge', 'give a merged post back as it was, with its own votes and comments')
    .argument('<post>', 'the merged post: its id or its old slug')
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).unmergePostCommand(ref, flags, run)));
  sub('tag', "set a post's tags: exactly --set, or --add and --remove (private tags included)")
    .argument(...POST_ARGUMENT)
    .option('--set <tags>', 'exactly these tags, comma-separated (ids or names, any case); "" removes them all')
    .addOption(new Option('--add <tags>', 'add these tags, comma-separated').conflicts('set'))
    .addOption(new Option('--remove <tags>', 'take these tags off, comma-separated').conflicts('set'))
    .addHelpText('after', '\nExample: feedbackd post tag dark-mode-x1y2 --add Mobile,API --remove "Churn risk"')
    .action(actOn(run, async (ref: string, flags: TagPostFlags) => (await actions()).tagPostCommand(ref, flags, run)));
  refuseWithItsNegation(move, 'board', 'no-board');
  refuseWithItsNegation(move, 'roadmap', 'no-roadmap');
}
