import { AppError, validationError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { type MergedPostDetail, mergePost, unmergePost } from '../services/merges/merge-post.js';
import { deletePost } from '../services/post-delete.js';
import { updatePost } from '../services/post-update.js';
import type { PostDetail, PostView } from '../services/post-views.js';
import { listPosts, showPost } from '../services/posts.js';
import { setPostTags } from '../services/tags/tags.js';
import { type TagRef, tagsOfPosts } from '../services/tags/views.js';
import { findBoardRef, findPostOrMergedRef, findPostRef, findRoadmapRef, findTagRef } from './content-refs.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { systemActor } from './system-actor.js';

/**
 * `feedbackd post …`: `post` names a post by id or slug, `board` and `roadmap` by url or id (null =
 * none, for `move`). The system sees every post, hidden boards included, through the same
 * services as `POST /posts/get`, `/posts/slug`, `PATCH` and `DELETE /posts`. `post.tag` names tags
 * by id or name (any case) in `set`, or `add` and `remove`, and sets them with `PUT /posts/:id/tags`'s service.
 */
export const POST_OPERATIONS: OperationTable = {
  'post.list': (ctx, args) => listPostsOf(ctx, args),
  'post.show': (ctx, args) => showPostByRef(ctx, args),
  'post.delete': (ctx, args) => deletePostByRef(ctx, args),
  'post.move': (ctx, args) => movePost(ctx, args),
  'post.merge': (ctx, args) => mergePostByRef(ctx, args),
  'post.unmerge': (ctx, args) => unmergePostByRef(ctx, args),
  'post.tag': (ctx, args) => tagPostByRef(ctx, args),
};

/** A page of posts, newest first; `limit` and `page` follow the API's rules (10 a page by default, at most 100). */
async function listPostsOf(ctx: ServiceContext, args: OperationArgs): Promise<PostView[]> {
  const board = args.board === undefined ? undefined : await findBoardRef(ctx.storage, args.board);
  const roadmap = args.roadmap === undefined ? undefined : await findRoadmapRef(ctx.storage, args.roadmap);
  const body = { boardId: board && [board.id], roadmapId: roadmap?.id, limit: args.limit, page: args.page, created: 'desc' };
  return listPosts(ctx, systemActor(), body);
}

async function showPostByRef(ctx: ServiceContext, args: OperationArgs): Promise<PostDetail> {
  const post = await findPostRef(ctx.storage, args.post);
  return showPost(ctx, systemActor(), { id: post.id });
}

/** Deletes a post with its votes and comments; answers with the post as it was. */
async function deletePostByRef(ctx: ServiceContext, args: OperationArgs): Promise<PostDetail> {
  const post = await showPostByRef(ctx, args);
  await deletePost(ctx, systemActor(), { id: post.postId });
  return post;
}

/** Puts a post on another board and/or roadmap (null = none); answers with the post as it is now. */
async function movePost(ctx: ServiceContext, args: OperationArgs): Promise<PostDetail> {
  const post = await findPostRef(ctx.storage, args.post);
  if (args.board === undefined && args.roadmap === undefined) throw nothingToMove();
  const boardId = await targetId(args.board, (ref) => findBoardRef(ctx.storage, ref, 'board'));
  const roadmapId = await targetId(args.roadmap, (ref) => findRoadmapRef(ctx.storage, ref, 'roadmap'));
  await updatePost(ctx, systemActor(), { id: post.id, boardId, roadmapId });
  return showPost(ctx, systemActor(), { id: post.id });
}

/** What a move sends for a board or roadmap: null takes the post off it, undefined leaves it, a reference names the new one. */
async function targetId(ref: unknown, find: (ref: unknown) => Promise<{ id: string }>): Promise<string | null | undefined> {
  if (ref === null || ref === undefined) return ref;
  return (await find(ref)).id;
}

function nothingToMove(): AppError {
  return new AppError('NOTHING_TO_MOVE', 'Nothing to move: give --board <board>, --no-board, --roadmap <roadmap> or --no-roadmap', 400);
}

/** Merges a duplicate into another post, both named by id or slug; answers with the target, naming the merged post. */
async function mergePostByRef(ctx: ServiceContext, args: OperationArgs): Promise<MergedPostDetail> {
  const post = await findPostOrMergedRef(ctx.storage, args.post);
  const into = await findPostOrMergedRef(ctx.storage, args.into, 'into');
  return mergePost(ctx, systemActor(), post.id, { into: into.id });
}

/** Gives a merged post back, named by its old id or slug; answers with the post as it is again. */
async function unmergePostByRef(ctx: ServiceContext, args: OperationArgs): Promise<PostDetail> {
  const post = await findPostOrMergedRef(ctx.storage, args.post);
  return unmergePost(ctx, systemActor(), post.id);
}

/** A post's tags after `post tag`, as the system sees them (private ones included). */
export interface TaggedPost {
  postId: string;
  slug: string;
  title: string;
  tags: TagRef[];
}

/**
 * Sets a post's tags: exactly `set` (an empty list removes them all), or the tags it has with
 * `add` added and `remove` taken away. Every tag is named by id or name; an unknown one is 404
 * TAG_NOT_FOUND naming it, and nothing changes.
 */
async function tagPostByRef(ctx: ServiceContext, args: OperationArgs): Promise<TaggedPost> {
  const post = await findPostRef(ctx.storage, args.post);
  const set = await tagIdsOf(ctx, args.set, 'set');
  const add = (await tagIdsOf(ctx, args.add, 'add')) ?? [];
  const remove = new Set((await tagIdsOf(ctx, args.remove, 'remove')) ?? []);
  if (set === undefined && add.length === 0 && remove.size === 0) {
    throw new AppError('NOTHING_TO_CHANGE', 'Nothing to change: give --set <tags>, --add <tags> or --remove <tags>', 400);
  }
  const had = set ?? ((await tagsOfPosts(ctx.storage, systemActor(), [post.id])).get(post.id) ?? []).map((tag) => tag.tagId);
  const wanted = [...new Set([...had, ...add])].filter((tagId) => !remove.has(tagId));
  const tags = await setPostTags(ctx, systemActor(), post.id, { tags: wanted });
  return { postId: post.id, slug: post.slug, title: post.title, tags };
}

/** The ids of the tags a list names (undefined when not given). */
async function tagIdsOf(ctx: ServiceContext, value: unknown, path: string): Promise<string[] | undefined> {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw validationError(path, 'must be an array');
  const ids: string[] = [];
  for (const ref of value) ids.push((await findTagRef(ctx.storage, ref, path)).id);
  return ids;
}
