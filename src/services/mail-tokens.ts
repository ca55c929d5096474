import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import type { MailTokenPurpose, MailTokenRow, Repositories } from '../storage/types.js';
import { optionalString } from './validation/fields.js';

const TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** The purposes whose tokens belong to a user (a sign-in link names an address instead). */
export type UserTokenPurpose = Exclude<MailTokenPurpose, 'signin'>;

/** A stored token of a user. */
export type UserTokenRow = MailTokenRow & { userId: string };

/** SHA-256 hex of a mail token: the only form ever stored (API.md §6.3). */
export function hashMailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random mail token: 32 bytes as 64 lower-case hex characters. */
export function newMailToken(): string {
  return randomBytes(32).toString('hex');
}

/** Replaces the user's token of this purpose with a new one; returns the token to mail. */
export async function issueMailToken(
  tx: Repositories,
  userId: string,
  purpose: UserTokenPurpose,
  now: Date,
): Promise<string> {
  const token = newMailToken();
  await tx.mailTokens.deleteByUser(userId, purpose);
  await tx.mailTokens.insert({
    id: randomUUID(),
    userId,
    purpose,
    tokenHash: hashMailToken(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
  });
  return token;
}

/** Purpose-specific texts of MISSING_TOKEN and INVALID_TOKEN (API.md §5). */
export const TOKEN_MESSAGES: Readonly<Record<MailTokenPurpose, { missing: string; invalid: string }>> = {
  verify: { missing: 'Email verification token missing', invalid: 'Email verification token is invalid' },
  reset: { missing: 'Password reset token missing', invalid: 'Password reset token is invalid' },
  signin: { missing: 'Sign-in link token missing', invalid: 'Sign-in link is invalid' },
};

/** 400 INVALID_TOKEN worded for the purpose (the catalogue's INVALID_TOKEN is the 401 of access tokens). */
export function invalidMailTokenError(purpose: MailTokenPurpose): AppError {
  return new AppError('INVALID_TOKEN', TOKEN_MESSAGES[purpose].invalid, 400);
}

/** A `token` body field: not a string → VALIDATION_ERROR; absent, null or `""` → 400 MISSING_TOKEN for the purpose. */
export function parseMailTokenField(value: unknown, purpose: MailTokenPurpose, path = 'token'): string {
  const token = optionalString(value, path);
  if (!token) throw new AppError('MISSING_TOKEN', TOKEN_MESSAGES[purpose].missing, 400);
  return token;
}

/** The stored row of a mail token that is known, of this purpose and not expired at `now`; else undefined. */
export async function findLiveMailToken(
  repos: Pick<Repositories, 'mailTokens'>,
  token: string,
  purpose: UserTokenPurpose,
  now: Date,
): Promise<UserTokenRow | undefined> {
  const row = await repos.mailTokens.getByHash(hashMailToken(token));
  if (!row || row.purpose !== purpose || row.userId === null) return undefined;
  return Date.parse(row.expiresAt) > now.getTime() ? { ...row, userId: row.userId } : undefined;
}

/**
 * Single use (API.md §6.3): the live token's row, after deleting every token of that purpose held
 * by its user; undefined (and nothing deleted) when the token is not live. Call inside the write.
 */
export async function consumeMailToken(
  tx: Repositories,
  token: string,
  purpose: UserTokenPurpose,
  now: Date,
): Promise<UserTokenRow | undefined> {
  const row = await findLiveMailToken(tx, token, purpose, now);
  if (row) await tx.mailTokens.deleteByUser(row.userId, purpose);
  return row;
}
