import type { TaggedPost } from '../../admin/post-operations.js';
import type { MergedPostDetail } from '../../services/merges/merge-post.js';
import type { PostDetail, PostView } from '../../services/post-views.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { quoted, requireSomeChange } from './content-fields.js';
import { counted, printJson, printLines } from './output.js';
import { placeOf, printPost, printPostTable } from './post-output.js';
import { runAdminOperation } from './run-operation.js';

/** The work of `feedbackd post …`: run the operation, print the answer as text or JSON. */

/** The flags of `post list`. */
export interface ListFlags extends AdminFlags {
  board?: string;
  roadmap?: string;
  limit?: string;
  page?: string;
}

/** The flags of `post move`: a url or id, false for --no-board / --no-roadmap, undefined when not given. */
export interface MoveFlags extends AdminFlags {
  board?: string | false;
  roadmap?: string | false;
}

/** `post list`: with a full page, a last line says how to see the next one. */
export async function listPostsCommand(flags: ListFlags, run: CliRun): Promise<void> {
  const args = { board: flags.board, roadmap: flags.roadmap, limit: flags.limit, page: flags.page };
  const posts = (await runAdminOperation(flags, run, 'post.list', args)) as PostView[];
  if (flags.json) return printJson(run.io, posts);
  printPostTable(run.io, posts, Number(flags.page ?? 1));
  // The API checked --limit and --page, so they are numbers here (or absent: its defaults).
  const limit = Number(flags.limit ?? 10);
  if (posts.length > 0 && posts.length === limit) printLines(run.io, `(more may follow: --page ${Number(flags.page ?? 1) + 1})`);
}

/** `post show <post>`. */
export async function showPostCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const post = (await runAdminOperation(flags, run, 'post.show', { post: ref })) as PostDetail;
  if (flags.json) printJson(run.io, post);
  else printPost(run.io, post);
}

/** `post delete <post>`. */
export async function deletePostCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const post = (await runAdminOperation(flags, run, 'post.delete', { post: ref })) as PostDetail;
  if (flags.json) return printJson(run.io, post);
  const votes = counted(post.voters.votesCount, 'vote');
  printLines(run.io, `Deleted post ${quoted(post.title)} (${post.postId}) with its ${votes} and comments.`);
}

/** `post move <post>`: the operation refuses a move that names neither a board nor a roadmap. */
export async function movePostCommand(ref: string, flags: MoveFlags, run: CliRun): Promise<void> {
  const target = (value: string | false | undefined) => (value === false ? null : value);
  const args = { post: ref, board: target(flags.board), roadmap: target(flags.roadmap) };
  const post = (await runAdminOperation(flags, run, 'post.move', args)) as PostDetail;
  if (flags.json) return printJson(run.io, post);
  printLines(run.io, `Post ${quoted(post.title)} (${post.postId}) is now ${placeOf(post)}.`);
}

/** The flags of `post merge`. */
export interface MergeFlags extends AdminFlags {
  into: string;
}

/** `post merge <post> --into <post>`. */
export async function mergePostCommand(ref: string, flags: MergeFlags, run: CliRun): Promise<void> {
  const target = (await runAdminOperation(flags, run, 'post.merge', { post: ref, into: flags.into })) as MergedPostDetail;
  if (flags.json) return printJson(run.io, target);
  const { mergedFrom } = target;
  printLines(run.io, `Merged post ${quoted(mergedFrom.title)} (${mergedFrom.postId}) into ${quoted(target.title)} (${target.postId}), which now has ${counted(target.voters.votesCount, 'vote')}.`);
}

/** `post unmerge <post>`. */
export async function unmergePostCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const post = (await runAdminOperation(flags, run, 'post.unmerge', { post: ref })) as PostDetail;
  if (flags.json) return printJson(run.io, post);
  printLines(run.io, `Unmerged post ${quoted(post.title)} (${post.postId}): it is back with ${counted(post.voters.votesCount, 'vote')}.`);
}

/** The flags of `post tag`: comma-separated tag ids or names. */
export interface TagPostFlags extends AdminFlags {
  set?: string;
  add?: string;
  remove?: string;
}

/** `post tag <post> --set <tags>` or `--add <tags> --remove <tags>`. */
export async function tagPostCommand(ref: string, flags: TagPostFlags, run: CliRun): Promise<void> {
  const lists = { set: tagList(flags.set), add: tagList(flags.add), remove: tagList(flags.remove) };
  requireSomeChange(lists, '--set, --add or --remove');
  const post = (await runAdminOperation(flags, run, 'post.tag', { post: ref, ...lists })) as TaggedPost;
  if (flags.json) return printJson(run.io, post);
  const tags = post.tags.length === 0 ? 'no tags' : `tags ${post.tags.map((tag) => quoted(tag.name)).join(', ')}`;
  printLines(run.io, `Post ${quoted(post.title)} (${post.postId}) now has ${tags}.`);
}

/** `"Mobile, API"` → `["Mobile", "API"]`; `""` → `[]` (for --set: no tags). */
function tagList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
