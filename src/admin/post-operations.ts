import { AppError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { type MergedPostDetail, mergePost, unmergePost } from '../services/merges/merge-post.js';
import { deletePost } from '../services/post-delete.js';
import { updatePost } from '../services/post-update.js';
import type { PostDetail, PostView } from '../services/post-views.js';
import { listPosts, showPost } from '../services/posts.js';
import { findBoardRef, findPostOrMergedRef, findPostRef, findRoadmapRef } from './content-refs.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { systemActor } from './system-actor.js';

/**
 * `feedbackd post …`: `post` names a post by id or slug, `board` and `roadmap` by url or id (null =
 * none, for `move`). The system sees every post, hidden boards included, through the same
 * services as `POST /posts/get`, `/posts/slug`, `PATCH` and `DELETE /posts`.
 */
export const POST_OPERATIONS: OperationTable = {
  'post.list': (ctx, args) => listPostsOf(ctx, args),
  'post.show': (ctx, args) => showPostByRef(ctx, args),
  'post.delete': (ctx, args) => deletePostByRef(ctx, args),
  'post.move': (ctx, args) => movePost(ctx, args),
  'post.merge': (ctx, args) => mergePostByRef(ctx, args),
  'post.unmerge': (ctx, args) => unmergePostByRef(ctx, args),
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
