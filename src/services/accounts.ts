import type { Locale } from '../i18n/locales.js';
import { createHash, randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import { appError } from '../errors.js';
import { EVERYONE_ROLE_ID } from '../storage/seed.js';
import { type Repositories, UniqueViolation, type UserRow } from '../storage/types.js';
import type { ServiceContext } from './context.js';
import { randomBase36, transliterate } from './text.js';
import { uploadPath } from './uploads.js';


const USERNAME_TRIES = 5;

/** The user as returned by setup, signup and login (API.md §3.2). */
export interface AuthUser {
  authToken: string;
  userId: string;
  name: string;
  username: string;
  email: string;
  avatar: string;
}

/** Gravatar URL of a lower-cased email (API.md §1.8). */
export function avatarUrl(email: string): string {
  return `https://www.gravatar.com/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}`;
}

/**
 * The avatar the API answers for a user: the picture a sign-in brought, fetched and kept as an
 * upload (issue 28, a path on the site), when they have one; else Gravatar's of their email.
 */
export function userAvatar(user: UserRow): string {
  return user.avatarUploadId === undefined ? avatarUrl(user.email) : uploadPath(user.avatarUploadId);
}

/** bcrypt hash with the configured cost. */
export function hashPassword(ctx: ServiceContext, password: string): Promise<string> {
  return bcrypt.hash(password, ctx.config.bcryptCost);
}

/** Username base from an email's local part (API.md §1.8), without the random suffix. */
export function usernameBase(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@'));
  const base = transliterate(local)
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^_+/, '')
    .slice(0, 21);
  return base || 'user';
}

/** A free username: base + `_` + 8 random characters, retried on a clash. */
export async function pickUsername(tx: Repositories, email: string): Promise<string> {
  const base = usernameBase(email);
  for (let attempt = 0; attempt < USERNAME_TRIES; attempt++) {
    const candidate = `${base}_${randomBase36(8)}`;
    if (!(await tx.users.getByUsername(candidate))) return candidate;
  }
  throw appError('USERNAME_EXISTS');
}

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string;
  isOwner: boolean;
  /** True when the address is already proven (a mailed sign-in link reached it); false by default. */
  isVerified?: boolean;
  /** The language the account was made in (issue 33); null or absent: none, and the row carries none. */
  locale?: Locale | null;
}

/** Inserts a user holding `@everyone` (API.md §2.6); 409 USER_EXISTS for a taken email. */
export async function insertAccount(tx: Repositories, account: NewAccount, now: string): Promise<UserRow> {
  if (await tx.users.getByEmail(account.email)) throw appError('USER_EXISTS');
  const user = await insertUser(tx, {
    id: randomUUID(),
    email: account.email,
    username: await pickUsername(tx, account.email),
    name: account.name,
    passwordHash: account.passwordHash,
    isOwner: account.isOwner,
    isVerified: account.isVerified ?? false,
    isBlocked: false,
    tokenVersion: 0,
    notes: null,
    ...(account.locale ? { locale: account.locale } : {}),
    createdAt: now,
    updatedAt: now,
  });
  await tx.userRoles.insert({ id: randomUUID(), userId: user.id, roleId: EVERYONE_ROLE_ID, createdAt: now });
  return user;
}

/** The storage's own uniqueness rules, worded as the API's errors (a backstop for races). */
async function insertUser(tx: Repositories, row: UserRow): Promise<UserRow> {
  try {
    return await tx.users.insert(row);
  } catch (error) {
    if (!(error instanceof UniqueViolation)) throw error;
    if (error.constraint === 'users.email') throw appError('USER_EXISTS');
    if (error.constraint === 'users.username') throw appError('USERNAME_EXISTS');
    if (error.constraint === 'users.owner') throw appError('SETUP_COMPLETED');
    throw error;
  }
}

/** The AuthUser shape with a fresh access token. */
export function toAuthUser(ctx: ServiceContext, user: UserRow): AuthUser {
  return {
    authToken: ctx.tokens.sign(user),
    userId: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatar: userAvatar(user),
  };
}
