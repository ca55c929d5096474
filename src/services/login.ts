import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { appError, validationError } from '../errors.js';
import type { UserRow } from '../storage/types.js';
import { type AuthUser, toAuthUser } from './accounts.js';
import type { ServiceContext } from './context.js';
import { parseEmail } from './validation/account.js';
import { type Body, rejectNul } from './validation/fields.js';

/** bcrypt reads only the first 72 bytes; a longer password must not match its 72-byte prefix. */
const MAX_PASSWORD_BYTES = 72;

/** One dummy hash per bcrypt cost, made once: compared against when the email is unknown. */
const dummyHashes = new Map<number, Promise<string>>();

/** API.md §4.3.2: a fresh access token for a correct email and password of an unblocked user. */
export async function logIn(ctx: ServiceContext, body: Body): Promise<AuthUser> {
  const email = parseEmail(body.email);
  const password = parseLoginPassword(body.password);
  const user = await ctx.storage.users.getByEmail(email);
  // Unknown email and wrong password give the same answer after the same bcrypt work.
  const matches = await passwordMatches(ctx, user, password);
  if (!user || !matches) throw appError('INCORRECT_PASSWORD');
  // Only after a correct password, so a blocked account is not revealed to someone guessing.
  if (user.isBlocked) throw appError('USER_BLOCKED');
  return toAuthUser(ctx, user);
}

/** Starts making the dummy hash now, so the first login with an unknown email does not pay for it. */
export function prepareLogin(ctx: ServiceContext): void {
  // A failure here must not crash the process as an unhandled rejection; a login then reports it as a 500.
  dummyHash(ctx.config.bcryptCost).catch(() => undefined);
}

/** The login password: a non-empty string (NUL refused as everywhere); no length rule here. */
function parseLoginPassword(value: unknown, path = 'password'): string {
  if (value === undefined || value === null || value === '') throw appError('PASSWORD_MISSING');
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  return value;
}

/** Always exactly one bcrypt comparison, whether or not the user exists or the password is too long. */
async function passwordMatches(ctx: ServiceContext, user: UserRow | undefined, password: string): Promise<boolean> {
  // An account without a password pays the same bcrypt work as an unknown email, and never matches.
  const usable = user !== undefined && hasPassword(user);
  const hash = usable ? user.passwordHash : await dummyHash(ctx.config.bcryptCost);
  const matches = await bcrypt.compare(password, hash);
  return matches && usable && Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;
}

/**
 * The stored `passwordHash` of an account made by single sign-on, a provider or a mailed link
 * (issue 28): empty, so "has a password" can be told without another column; a password reset
 * or change gives it a real hash.
 */
export const NO_PASSWORD = '';

export function hasPassword(user: Pick<UserRow, 'passwordHash'>): boolean {
  return user.passwordHash !== NO_PASSWORD;
}

function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    // A random password nobody knows: the comparison costs the same as a real one and never matches.
    hash = bcrypt.hash(randomBytes(32).toString('hex'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}
