import { randomBytes } from 'node:crypto';
import { AppError, validationError } from '../errors.js';
import type { UserRow } from '../storage/types.js';
import { hashPassword, insertAccount } from './accounts.js';
import type { ServiceContext } from './context.js';
import { describeUser, findUser } from './user-admin-lookup.js';
import type { UserListItem } from './user-views.js';
import { parseEmail, parsePassword, parsePersonName } from './validation/account.js';
import type { Body } from './validation/fields.js';

/*
 * What the operator does to accounts from the terminal (`feedbackd user …`, `feedbackd token`),
 * acting as the system: no actor and no permission check, but the API's validation and codes.
 * Users are named by id or email (see findUser); every write is one transaction.
 */

/** A user after a command, and whether the command changed anything (repeating one is harmless). */
export interface UserChange {
  user: UserListItem;
  changed: boolean;
}

/** What `make-owner` did: the new owner, and the email of the one before (null when there was none). */
export interface OwnerChange extends UserChange {
  previousOwner: string | null;
}

/** An access token for scripts (API.md §2.1), with whom it is for and when it stops working. */
export interface IssuedToken {
  token: string;
  userId: string;
  email: string;
  expiresAt: string;
}

/**
 * Creates an account holding `@everyone` (API.md §2.6): `email`, `name`, optional `password` and
 * `owner` (only while there is no owner). Without a password nobody can sign in as the user until
 * a password reset sets one.
 */
export async function createUser(ctx: ServiceContext, body: Body): Promise<UserListItem> {
  const email = parseEmail(body.email);
  const name = parsePersonName(body.name);
  const password = body.password === undefined || body.password === null ? null : parsePassword(body.password);
  const isOwner = optionalBoolean(body.owner, 'owner');
  // An unguessable password nobody knows: the stored hash is always a real bcrypt hash.
  const passwordHash = await hashPassword(ctx, password ?? randomBytes(32).toString('base64url'));
  const now = new Date().toISOString();
  return ctx.storage.transaction(async (tx) => {
    const owner = isOwner ? await tx.users.getOwner() : undefined;
    if (owner) throw ownerExists(owner);
    const user = await insertAccount(tx, { email, name, passwordHash, isOwner }, now);
    return describeUser(tx, user);
  });
}

/** Sets a user's password and revokes their access tokens (token version + 1) and reset links. */
export async function setUserPassword(ctx: ServiceContext, ref: unknown, password: unknown): Promise<UserChange> {
  await findUser(ctx.storage, ref);
  const passwordHash = await hashPassword(ctx, parsePassword(password));
  const now = new Date().toISOString();
  return ctx.storage.transaction(async (tx) => {
    // Looked up again inside the write: the user may have gone while bcrypt ran.
    const user = await findUser(tx, ref);
    await tx.mailTokens.deleteByUser(user.id, 'reset');
    const updated = await tx.users.update(user.id, { passwordHash, tokenVersion: user.tokenVersion + 1, updatedAt: now });
    return { user: await describeUser(tx, updated), changed: true };
  });
}

/** Blocks or unblocks a user (API.md §2.6); the owner cannot be blocked. */
export function setUserBlocked(ctx: ServiceContext, ref: unknown, isBlocked: boolean): Promise<UserChange> {
  return ctx.storage.transaction(async (tx) => {
    const user = await findUser(tx, ref);
    if (isBlocked && user.isOwner) throw ownerCannotBe('blocked', user);
    if (user.isBlocked === isBlocked) return { user: await describeUser(tx, user), changed: false };
    const updated = await tx.users.update(user.id, { isBlocked, updatedAt: new Date().toISOString() });
    return { user: await describeUser(tx, updated), changed: true };
  });
}

/** Marks a user's email address as verified; their pending verification links are dropped. */
export function verifyUser(ctx: ServiceContext, ref: unknown): Promise<UserChange> {
  return ctx.storage.transaction(async (tx) => {
    const user = await findUser(tx, ref);
    if (user.isVerified) return { user: await describeUser(tx, user), changed: false };
    await tx.mailTokens.deleteByUser(user.id, 'verify');
    const updated = await tx.users.update(user.id, { isVerified: true, updatedAt: new Date().toISOString() });
    return { user: await describeUser(tx, updated), changed: true };
  });
}

/** Moves ownership to a user in one write, so there is exactly one owner before and after. */
export function makeOwner(ctx: ServiceContext, ref: unknown): Promise<OwnerChange> {
  return ctx.storage.transaction(async (tx) => {
    const user = await findUser(tx, ref);
    if (user.isOwner) return { user: await describeUser(tx, user), changed: false, previousOwner: user.email };
    if (user.isBlocked) throw new AppError('USER_BLOCKED', `${user.email} is blocked: unblock them before making them the owner`, 403);
    const now = new Date().toISOString();
    const previous = await tx.users.getOwner();
    // The old owner first: storage allows at most one owner at any moment (users.owner).
    if (previous) await tx.users.update(previous.id, { isOwner: false, updatedAt: now });
    const owner = await tx.users.update(user.id, { isOwner: true, updatedAt: now });
    return { user: await describeUser(tx, owner), changed: true, previousOwner: previous?.email ?? null };
  });
}

/** A fresh access token for a user (API.md §2.1), as login would give; blocked users get none. */
export async function issueAccessToken(ctx: ServiceContext, ref: unknown): Promise<IssuedToken> {
  const user = await findUser(ctx.storage, ref);
  if (user.isBlocked) throw new AppError('USER_BLOCKED', `${user.email} is blocked: every request with a token would be refused`, 403);
  const token = ctx.tokens.sign(user);
  return { token, userId: user.id, email: user.email, expiresAt: expiryOf(token) };
}

/** Refusals that name the way out: ownership moves with `make-owner`. */
export function ownerCannotBe(what: 'blocked' | 'deleted', owner: UserRow): AppError {
  const code = what === 'blocked' ? 'OWNER_CANNOT_BE_BLOCKED' : 'OWNER_CANNOT_BE_DELETED';
  const message = `${owner.email} is the owner and cannot be ${what}: make someone else the owner first (feedbackd user make-owner <user>)`;
  return new AppError(code, message, 409);
}

function ownerExists(owner: UserRow): AppError {
  const message = `There is already an owner (${owner.email}): create the user without --owner, then run feedbackd user make-owner <user>`;
  return new AppError('OWNER_EXISTS', message, 409);
}

function optionalBoolean(value: unknown, path: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw validationError(path, 'must be a boolean');
  return value;
}

/** The `exp` claim of a token this process just signed, as a timestamp. */
function expiryOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  return new Date(claims.exp * 1000).toISOString();
}
