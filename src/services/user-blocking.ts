import { appError, validationError } from '../errors.js';
import type { Repositories } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';
import { REVIEW_PERMISSION } from './moderation/rules.js';
import { can } from './permissions.js';
import { setUserBlocked } from './user-admin.js';
import { describeUser } from './user-admin-lookup.js';
import type { UserListItem } from './user-views.js';
import { type Body, lookupKey } from './validation/fields.js';

/*
 * `PATCH /users/:user_id` (a feedbackd extension): the owner blocks or unblocks a user from the
 * dashboard, as `feedbackd user block` does from the terminal, through the same service, so both
 * keep the same rules (the owner cannot be blocked). The user's next request is refused with
 * USER_BLOCKED: authentication reads the user row on every request, nothing is cached.
 *
 * Issue 31 §2: `isTrusted` marks a user trusted (their posts and comments never wait), for the
 * owner and holders of `moderation:review`; `hideContent` with `isBlocked` hides (true) every post
 * and comment of theirs as spam, or (false) approves again those marked spam.
 */

/**
 * Checks in order: permission (403: `isBlocked` needs the owner, `isTrusted` alone the owner or
 * `moderation:review`), user id (400), user (404), `isBlocked` / `isTrusted` / `hideContent` (400);
 * then the change (409 for the owner).
 */
export async function setBlockedByOwner(ctx: ServiceContext, actor: Actor, userIdParam: string, body: Body): Promise<UserListItem> {
  const trustOnly = body.isBlocked === undefined && body.isTrusted !== undefined;
  if (!actor.user.isOwner && !(trustOnly && can(actor, REVIEW_PERMISSION))) throw appError('NOT_ENOUGH_PERMISSION');
  const userId = lookupKey(userIdParam);
  if (userId === undefined) throw appError('INVALID_USER_ID');
  if (!(await ctx.storage.users.get(userId))) throw appError('USER_NOT_FOUND');
  const isBlocked = trustOnly ? undefined : requiredBoolean(body.isBlocked, 'isBlocked');
  const isTrusted = body.isTrusted === undefined ? undefined : requiredBoolean(body.isTrusted, 'isTrusted');
  const hideContent = body.hideContent === undefined || isBlocked === undefined ? undefined : requiredBoolean(body.hideContent, 'hideContent');
  let user = isBlocked === undefined ? undefined : (await setUserBlocked(ctx, userId, isBlocked)).user;
  if (isTrusted !== undefined || hideContent !== undefined) {
    user = await ctx.storage.transaction(async (tx) => {
      if (hideContent !== undefined) await setContentHidden(tx, userId, hideContent);
      const row = (await tx.users.get(userId))!;
      const updated = isTrusted === undefined || (row.isTrusted === true) === isTrusted ? row : await tx.users.update(userId, { isTrusted, updatedAt: new Date().toISOString() });
      return describeUser(tx, updated);
    });
  }
  return user!;
}

/** Marks every post and comment of the user spam (`hide`), or approves again those marked spam. */
async function setContentHidden(tx: Repositories, userId: string, hide: boolean): Promise<void> {
  const now = new Date().toISOString();
  for (const post of await tx.posts.listByUser(userId)) {
    if (hide && post.approval !== 'spam') await tx.posts.update(post.id, { approval: 'spam', updatedAt: now });
    if (!hide && post.approval === 'spam') await tx.posts.update(post.id, { approval: 'approved', updatedAt: now });
  }
  for (const comment of await tx.comments.listByUser(userId)) {
    if (hide && comment.approval !== 'spam') await tx.comments.update(comment.id, { approval: 'spam', updatedAt: now });
    if (!hide && comment.approval === 'spam') await tx.comments.update(comment.id, { approval: 'approved', updatedAt: now });
  }
}

function requiredBoolean(value: unknown, path: string): boolean {
  if (value === undefined) throw validationError(path, 'is required');
  if (typeof value !== 'boolean') throw validationError(path, 'must be a boolean');
  return value;
}
