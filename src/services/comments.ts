import { randomUUID } from 'node:crypto';
import { appError } from '../errors.js';
import type { CommentRow, PostRow, Repositories } from '../storage/types.js';
import type { Permission } from './actors.js';
import { removeCommentThread } from './comment-removal.js';
import { type ActivityView, type CommentView, toActivityView, toCommentView } from './comment-views.js';
import type { Actor, ServiceContext, Viewer } from './context.js';
import { recordEvent } from './outbox/record.js';
import { can, requirePermission } from './permissions.js';
import { approvalForNew, canSeeHeld } from './moderation/rules.js';
import { findVisiblePost } from './post-lookup.js';
import { toPublicUser } from './post-views.js';
import { teamMembers } from './team-members.js';
import { type CommentChanges, parseCommentChanges, parseNewComment } from './validation/comments.js';
import { type Body, lookupKey } from './validation/fields.js';

/** The path parameters of the routes on one comment, as sent. */
export interface CommentTarget {
  postId: string;
  commentId: string;
}

/** API.md §4.11.2: a comment (or a reply) and its activity entry, written together with one timestamp. */
export function createComment(ctx: ServiceContext, actor: Actor, postIdParam: string, body: Body): Promise<ActivityView> {
  return ctx.storage.transaction(async (tx) => {
    const post = await findVisiblePost(tx, actor, lookupKey(postIdParam));
    const input = parseNewComment(body);
    requirePermission(actor, input.isInternal ? 'comment:create_internal' : 'comment:create');
    if (input.parentId !== null) await findVisibleComment(tx, actor, post, input.parentId);
    if (!input.isInternal && !(await tx.settings.get()).labs.comments) throw appError('COMMENTS_DISABLED');
    const now = new Date().toISOString();
    // Issue 31 §2: an internal note is the team's, whose comments never wait.
    const approval = input.isInternal ? undefined : await approvalForNew(tx, actor);
    const comment = await tx.comments.insert({
      id: randomUUID(),
      postId: post.id,
      parentId: input.parentId,
      userId: actor.user.id,
      body: input.body,
      isInternal: input.isInternal,
      isEdited: false,
      isSpam: false,
      ...(approval ? { approval } : {}),
      createdAt: now,
      updatedAt: now,
    });
    const entry = await tx.activities.insert({ id: randomUUID(), postId: post.id, commentId: comment.id, type: 'comment', createdAt: now });
    // The team's internal notes never leave the site: not to webhooks, not to subscribers.
    // A waiting comment tells nobody yet: its approval records the event (issue 31 §2).
    if (!comment.isInternal && !approval) await recordEvent(tx, 'comment.created', post.id, actor, { comment: toCommentView(comment), author: toPublicUser(actor.user) });
    const team = await teamMembers(tx, [actor.user]);
    return toActivityView(entry, comment, actor.user, team.has(actor.user.id));
  });
}

/** API.md §4.11.3: writes the sent fields; `is_edited` turns true only when the body text changes. */
export async function updateComment(ctx: ServiceContext, actor: Actor, target: CommentTarget, body: Body): Promise<CommentView> {
  const updated = await ctx.storage.transaction(async (tx) => {
    const comment = await findTargetComment(tx, actor, target);
    const changes = parseCommentChanges(body);
    requireCommentRight(actor, comment, 'comment:update:any', 'comment:update:own');
    requireFlagRights(actor, comment, changes);
    return tx.comments.update(comment.id, {
      ...changes,
      isEdited: comment.isEdited || changes.body !== comment.body,
      updatedAt: new Date().toISOString(),
    });
  });
  return toCommentView(updated);
}

/** API.md §4.11.4: deletes the comment, its whole thread of replies and their activity entries. */
export async function deleteComment(ctx: ServiceContext, actor: Actor, target: CommentTarget): Promise<void> {
  await ctx.storage.transaction(async (tx) => {
    const comment = await findTargetComment(tx, actor, target);
    requireCommentRight(actor, comment, 'comment:delete:any', 'comment:delete:own');
    await removeCommentThread(tx, comment.id);
  });
}

/** Rows 1–2 of §4.11.3/§4.11.4: the visible post (404 POST_NOT_FOUND), then its comment (404 COMMENT_NOT_FOUND). */
async function findTargetComment(tx: Repositories, actor: Actor, target: CommentTarget): Promise<CommentRow> {
  const post = await findVisiblePost(tx, actor, lookupKey(target.postId));
  return findVisibleComment(tx, actor, post, lookupKey(target.commentId));
}

/** The comment when it belongs to the post and the viewer may see it (API.md §2.7); else 404 COMMENT_NOT_FOUND. */
async function findVisibleComment(repos: Repositories, viewer: Viewer, post: PostRow, id: string | undefined): Promise<CommentRow> {
  const comment = id === undefined ? undefined : await repos.comments.get(id);
  if (!comment || comment.postId !== post.id) throw appError('COMMENT_NOT_FOUND');
  if (comment.isInternal && !can(viewer, 'comment:view_internal')) throw appError('COMMENT_NOT_FOUND');
  if (!canSeeHeld(viewer, comment)) throw appError('COMMENT_NOT_FOUND');
  return comment;
}

/**
 * The edit or delete right: `any` always suffices; `own` only on one's own comment (403
 * UNAUTHORIZED_NOT_AUTHOR on another's); holding neither is 403 NOT_ENOUGH_PERMISSION.
 */
function requireCommentRight(actor: Actor, comment: CommentRow, any: Permission, own: Permission): void {
  if (can(actor, any)) return;
  if (!can(actor, own)) throw appError('NOT_ENOUGH_PERMISSION');
  if (comment.userId !== actor.user.id) throw appError('UNAUTHORIZED_NOT_AUTHOR');
}

/** Changing `is_internal` needs `comment:create_internal`; changing `is_spam` needs `comment:update:any`. Resending the stored value changes nothing. */
function requireFlagRights(actor: Actor, comment: CommentRow, changes: CommentChanges): void {
  if (changes.isInternal !== undefined && changes.isInternal !== comment.isInternal) requirePermission(actor, 'comment:create_internal');
  if (changes.isSpam !== undefined && changes.isSpam !== comment.isSpam) requirePermission(actor, 'comment:update:any');
}
