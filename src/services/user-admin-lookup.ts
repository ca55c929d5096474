import { AppError, validationError } from '../errors.js';
import type { Repositories, UserRow } from '../storage/types.js';
import type { ServiceContext } from './context.js';
import type { UserListItem } from './user-views.js';
import { closestMatch } from '../text/closest.js';
import { renderUserList } from './users.js';
import { lookupKey, rejectNul } from './validation/fields.js';

/*
 * Finding and describing users for the operator's commands (`feedbackd user …`), which name a
 * user by id or by email address and act as the system: no actor, no permission check.
 */

/**
 * 404 USER_NOT_FOUND naming what was looked for (the operator typed it, so it is worth repeating),
 * with the closest address of the board when an email looks mistyped.
 */
export function userNotFound(ref: string, by: 'id' | 'email', closest: string | null = null): AppError {
  return new AppError('USER_NOT_FOUND', `No user with ${by} ${ref}${closest ? `. Did you mean ${closest}?` : ''}`, 404);
}

/** The text of a user reference: a non-blank string (VALIDATION_ERROR otherwise), trimmed. */
export function parseUserRef(value: unknown, path = 'user'): string {
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  const ref = value.trim();
  if (ref === '') throw validationError(path, 'must not be blank');
  return ref;
}

/** The user a command names: a user id (any hex case) or an email address (any case); 404 when there is none. */
export async function findUser(repos: Pick<Repositories, 'users'>, value: unknown, path = 'user'): Promise<UserRow> {
  const ref = parseUserRef(value, path);
  const id = lookupKey(ref);
  const user = id ? await repos.users.get(id) : await repos.users.getByEmail(ref.toLowerCase());
  if (user) return user;
  throw id ? userNotFound(ref, 'id') : userNotFound(ref, 'email', await closestEmail(repos.users, ref.toLowerCase()));
}

/** Read only when an address was not found: one pass over the users' addresses. */
async function closestEmail(users: Repositories['users'], email: string): Promise<string | null> {
  const total = await users.count();
  if (total === 0) return null;
  const page = await users.page({ direction: 'asc', limit: total, from: { offset: 0 } });
  return closestMatch(email, (page?.rows ?? []).map((row) => row.email));
}

/** Every user as `GET /users` lists them (API.md §3.5), oldest first, read as one consistent view. */
export function listAllUsers(ctx: ServiceContext): Promise<UserListItem[]> {
  // A transaction that only reads writes nothing, and no write can slip in between the pages.
  return ctx.storage.transaction(async (tx) => {
    const total = await tx.users.count();
    const page = await tx.users.page({ direction: 'asc', limit: total, from: { offset: 0 } });
    return renderUserList(tx, page?.rows ?? []);
  });
}

/** One user as `GET /users` lists them. */
export async function describeUser(repos: Repositories, user: UserRow): Promise<UserListItem> {
  const [item] = await renderUserList(repos, [user]);
  return item!;
}

/** API.md §3.5 for the user a command names. */
export async function showUser(ctx: ServiceContext, ref: unknown): Promise<UserListItem> {
  return describeUser(ctx.storage, await findUser(ctx.storage, ref));
}
