import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { MailTokenPurpose, Repositories } from '../storage/types.js';

const TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** SHA-256 hex of a mail token: the only form ever stored (API.md §6.3). */
export function hashMailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Replaces the user's token of this purpose with a new one; returns the token to mail. */
export async function issueMailToken(
  tx: Repositories,
  userId: string,
  purpose: MailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('hex');
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
