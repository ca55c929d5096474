/*
 * Merging a duplicate post into another, and unmerging it (issue 30 §2). The merged post leaves
 * `posts` for `postMerges`, so every list, search, count and suggestion leaves it out on both
 * engines without a condition of its own; its votes, comments and followers join the target.
 */
import { appError, validationError } from '../../errors.js';
import type { PostMergeRow, PostRow, Repositories } from '../../storage/types.js';
import { SYSTEM_USER_ID } from '../actors.js';
import type { Actor, ServiceContext, Viewer } from '../context.js';
import { subscriberIds } from '../notifications/subscribers.js';
import { recordEvent } from '../outbox/record.js';
import { requirePermission } from '../permissions.js';
import { canSeePost } from '../post-lookup.js';
import type { PostDetail } from '../post-views.js';
import { showDetail } from '../posts.js';
import { type Body, isUuid, lookupKey } from '../validation/fields.js';
import { moveComments, moveSubscriptions, moveVotes, restoreComments, restoreSubscriptions, restoreVotes } from './merge-moves.js';
import { type MergedFromRef, toMergedFrom } from './merged-from.js';

/** The target as `POST /posts/slug` shows it, naming the post merged into it. */
export type MergedPostDetail = PostDetail & { mergedFrom: MergedFromRef };

/** A post named by a path: live, or merged (kept as it was); 404 POST_NOT_FOUND when neither or not visible. */
interface NamedPost {
  post: PostRow;
  merge: PostMergeRow | undefined;
}

/**
 * `POST /posts/:post_id/merge`. Checks in order: the post (404), `post:merge` (403), `into` (400),
 * into itself (400), the target (404, 409 when itself merged), the post already merged (409), posts
 * merged into it (409).
 */
export async function mergePost(ctx: ServiceContext, actor: Actor, postIdParam: string, body: Body): Promise<MergedPostDetail> {
  const { source, target } = await ctx.storage.transaction(async (tx) => {
    const named = await findNamedPost(tx, actor, postIdParam);
    requirePermission(actor, 'post:merge');
    const intoId = parseInto(body.into);
    if (intoId === named.post.id) throw appError('MERGE_INTO_SELF');
    const into = await findMergeTarget(tx, actor, intoId);
    if (named.merge) throw appError('POST_ALREADY_MERGED');
    if ((await tx.postMerges.listInto(named.post.id)).length > 0) throw appError('POST_HAS_MERGED_POSTS');
    await mergeInto(tx, named.post, into, actor);
    return { source: named.post, target: into };
  });
  return { ...(await showDetail(ctx, actor, target)), mergedFrom: toMergedFrom(source) };
}

/** `POST /posts/:post_id/unmerge`. Checks in order: the post (404), `post:merge` (403), not merged (409). */
export async function unmergePost(ctx: ServiceContext, actor: Actor, postIdParam: string): Promise<PostDetail> {
  const restored = await ctx.storage.transaction(async (tx) => {
    const named = await findNamedPost(tx, actor, postIdParam);
    requirePermission(actor, 'post:merge');
    if (!named.merge) throw appError('POST_NOT_MERGED');
    return restorePost(tx, named.merge);
  });
  return showDetail(ctx, actor, restored);
}

async function findNamedPost(tx: Repositories, viewer: Viewer, postIdParam: string): Promise<NamedPost> {
  const id = lookupKey(postIdParam);
  const live = id === undefined ? undefined : await tx.posts.get(id);
  const merge = id === undefined || live ? undefined : await tx.postMerges.get(id);
  const post = live ?? merge?.post;
  if (!post || !(await canSeePost(tx, viewer, post))) throw appError('POST_NOT_FOUND');
  return { post, merge };
}

function parseInto(value: unknown): string {
  if (value === undefined || value === null) throw validationError('into', 'is required');
  if (!isUuid(value)) throw validationError('into', 'must be a UUID');
  return value.toLowerCase();
}

/** The live post to merge into; a merged one (visible) is refused as such, anything else is not found. */
async function findMergeTarget(tx: Repositories, viewer: Viewer, id: string): Promise<PostRow> {
  const live = await tx.posts.get(id);
  if (live && (await canSeePost(tx, viewer, live))) return live;
  const merge = live ? undefined : await tx.postMerges.get(id);
  if (merge && (await canSeePost(tx, viewer, merge.post))) throw appError('MERGE_TARGET_MERGED');
  throw appError('MERGE_TARGET_NOT_FOUND');
}

/** Moves what the source has to the target, keeps the source as it was, and records `post.merged` for its followers' mail. */
async function mergeInto(tx: Repositories, source: PostRow, target: PostRow, actor: Actor): Promise<void> {
  const now = new Date().toISOString();
  // Before anything moves: who follows the source is who hears of the merge.
  const recipientIds = (await subscriberIds(tx, source)).filter((id) => id !== actor.user.id);
  const votes = await moveVotes(tx, source.id, target.id);
  const commentIds = await moveComments(tx, source.id, target.id);
  const subscriptions = await moveSubscriptions(tx, source, target, now);
  await tx.notifications.deleteByPost(source.id);
  // A duplicate's tags are not kept (the target keeps its own): PostgreSQL's cascade would drop them anyway.
  await tx.postTags.deleteByPost(source.id);
  await tx.posts.delete(source.id);
  const mergedBy = actor.user.id === SYSTEM_USER_ID ? null : actor.user.id;
  await tx.postMerges.insert({ id: source.id, intoPostId: target.id, post: source, moves: { votes, commentIds, ...subscriptions }, mergedBy, createdAt: now });
  await recordEvent(tx, 'post.merged', target.id, actor, { from: { ...toMergedFrom(source) }, recipientIds });
}

/** Writes the source back as it was (a board or roadmap deleted meanwhile reads as none), then what it owned. */
async function restorePost(tx: Repositories, merge: PostMergeRow): Promise<PostRow> {
  const post = await tx.posts.insert(await withLiveReferences(tx, merge));
  await tx.postMerges.delete(merge.id);
  await restoreVotes(tx, merge);
  await restoreComments(tx, merge);
  await restoreSubscriptions(tx, merge);
  return post;
}

async function withLiveReferences(tx: Repositories, merge: PostMergeRow): Promise<PostRow> {
  const { boardId, roadmapId, userId } = merge.post;
  const board = boardId === null ? undefined : await tx.boards.get(boardId);
  const roadmap = roadmapId === null ? undefined : await tx.roadmaps.get(roadmapId);
  // A post's author must exist (API.md §1.13): one deleted meanwhile hands it to the target's author.
  const author = (await tx.users.get(userId)) ?? (await tx.users.get((await tx.posts.get(merge.intoPostId))?.userId ?? ''));
  return { ...merge.post, boardId: board?.id ?? null, roadmapId: roadmap?.id ?? null, userId: author?.id ?? userId };
}
