import { appError, validationError } from '../errors.js';
import type { Actor, ServiceContext } from './context.js';
import { setUserBlocked } from './user-admin.js';
import type { UserListItem } from './user-views.js';
import { type Body, lookupKey } from './validation/fields.js';

/*
 * `PATCH /users/:user_id` (a feedbackd extension): the owner blocks or unblocks a user from the
 * dashboard, as `feedbackd user block` does from the terminal, through the same service, so both
 * keep the same rules (the owner cannot be blocked). The user's next request is refused with
 * USER_BLOCKED: authentication reads the user row on every request, nothing is cached.
 */

/** Checks in order: owner (403), user id (400), user (404), `isBlocked` (400); then the change (409 for the owner). */
export async function setBlockedByOwner(ctx: ServiceContext, actor: Actor, userIdParam: string, body: Body): Promise<UserListItem> {
  if (!actor.user.isOwner) throw appError('NOT_ENOUGH_PERMISSION');
  const userId = lookupKey(userIdParam);
  if (userId === undefined) throw appError('INVALID_USER_ID');
  if (!(await ctx.storage.users.get(userId))) throw appError('USER_NOT_FOUND');
  const isBlocked = requiredBoolean(body.isBlocked, 'isBlocked');
  const { user } = await setUserBlocked(ctx, userId, isBlocked);
  return user;
}

function requiredBoolean(value: unknown, path: string): boolean {
  if (value === undefined) throw validationError(path, 'is required');
  if (typeof value !== 'boolean') throw validationError(path, 'must be a boolean');
  return value;
}
