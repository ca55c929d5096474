import { randomUUID } from 'node:crypto';
import { appError } from '../../errors.js';
import type { Repositories } from '../../storage/types.js';
import { hashMailToken, invalidMailTokenError, newMailToken } from '../mail-tokens.js';

/** How long links live and how long a dead one is kept, in seconds (the settings of the same names). */
export interface LinkLifetimes {
  magicLinkTtlSeconds: number;
  magicLinkRetentionSeconds: number;
}

/**
 * Stores a new sign-in link for an address (only its hash) and returns the token to mail. Earlier
 * links of the address keep working until used or expired: each works once, and asking twice
 * must not break the first mail. Links dead for longer than the retention are swept here.
 */
export async function issueSignInLink(tx: Repositories, email: string, now: Date, lifetimes: LinkLifetimes): Promise<string> {
  const sweptBefore = new Date(now.getTime() - lifetimes.magicLinkRetentionSeconds * 1000);
  await tx.mailTokens.deleteExpired('signin', sweptBefore.toISOString());
  const token = newMailToken();
  await tx.mailTokens.insert({
    id: randomUUID(),
    userId: null,
    purpose: 'signin',
    tokenHash: hashMailToken(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimes.magicLinkTtlSeconds * 1000).toISOString(),
    email,
  });
  return token;
}

/** The address of a sign-in link that has never been used and is live at `now`; else 400 INVALID_TOKEN, MAGIC_LINK_USED or MAGIC_LINK_EXPIRED. */
export async function liveSignInLinkEmail(repos: Pick<Repositories, 'mailTokens'>, token: string, now: Date): Promise<{ id: string; email: string }> {
  const row = await repos.mailTokens.getByHash(hashMailToken(token));
  if (row?.purpose !== 'signin' || row.email === undefined) throw invalidMailTokenError('signin');
  // Used first: a link used and since expired was used, which is what its reader needs to know.
  if (row.usedAt !== undefined) throw appError('MAGIC_LINK_USED');
  if (Date.parse(row.expiresAt) <= now.getTime()) throw appError('MAGIC_LINK_EXPIRED');
  return { id: row.id, email: row.email };
}

/**
 * Uses a sign-in link: marks it used and returns its address. Call inside the write: of two
 * requests racing with one link, the second reads it used (the PostgreSQL engine's serializable
 * transaction runs the loser again) and is refused.
 */
export async function useSignInLink(tx: Repositories, token: string, now: Date): Promise<string> {
  const link = await liveSignInLinkEmail(tx, token, now);
  await tx.mailTokens.update(link.id, { usedAt: now.toISOString() });
  return link.email;
}
