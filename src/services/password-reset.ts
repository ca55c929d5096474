import { appError } from '../errors.js';
import type { Repositories, UserRow } from '../storage/types.js';
import { queueResetMail } from './account-mail.js';
import { afterTheAnswer } from './background.js';
import { hashPassword } from './accounts.js';
import type { ServiceContext } from './context.js';
import {
  consumeMailToken,
  findLiveMailToken,
  invalidMailTokenError,
  issueMailToken,
  parseMailTokenField,
} from './mail-tokens.js';
import { parseEmail, parsePassword } from './validation/account.js';
import type { Body } from './validation/fields.js';

/**
 * API.md §4.3.5: when a user has this email, replaces their reset token and mails the link after
 * the commit. The answer is the same whether or not the account exists (no enumeration), and so
 * is its timing: the lookup, the durable write and the mail all happen after the answer, which
 * only waits for the checks of the body. Shutdown still waits for them (ctx.background).
 */
export async function requestPasswordReset(ctx: ServiceContext, body: Body, requestId?: string): Promise<{ success: true }> {
  if (!ctx.mailer.isConfigured()) throw appError('MAIL_CONFIG_MISSING');
  const email = parseEmail(body.email);
  ctx.background.track(afterTheAnswer(() => issueResetMail(ctx, email, requestId)));
  return { success: true };
}

/** The reset token and its mail for a registered email; nothing for another. Failures can only be logged now. */
async function issueResetMail(ctx: ServiceContext, email: string, requestId: string | undefined): Promise<void> {
  try {
    const now = new Date();
    const issued = await ctx.storage.transaction(async (tx) => {
      const user = await tx.users.getByEmail(email);
      return user ? { to: user, token: await issueMailToken(tx, user.id, 'reset', now) } : null;
    });
    if (issued) queueResetMail(ctx, issued.to, issued.token, requestId);
  } catch (err) {
    ctx.logger.error({ requestId, err }, 'password reset: storing the reset token failed after the answer');
  }
}

/** API.md §4.3.6: whether a reset token is live; it stays usable. */
export async function validateResetToken(ctx: ServiceContext, body: Body): Promise<{ valid: true }> {
  await findResetUser(ctx.storage, parseMailTokenField(body.token, 'reset'), new Date());
  return { valid: true };
}

/**
 * API.md §4.3.7: sets the password of the token's user, revokes their access tokens (token
 * version + 1) and uses up every reset token of theirs, in one transaction.
 */
export async function setPasswordWithToken(ctx: ServiceContext, body: Body): Promise<{ success: true }> {
  const token = parseMailTokenField(body.token, 'reset');
  await findResetUser(ctx.storage, token, new Date());
  const password = parsePassword(body.password);
  // bcrypt is slow: hash before the transaction, which holds the write lock.
  const passwordHash = await hashPassword(ctx, password);
  const now = new Date();
  await ctx.storage.transaction(async (tx) => {
    // Consumed inside the write: of two requests racing with one token, only one may use it.
    const row = await consumeMailToken(tx, token, 'reset', now);
    const user = row && (await tx.users.get(row.userId));
    if (!user) throw invalidMailTokenError('reset');
    await tx.users.update(user.id, { passwordHash, tokenVersion: user.tokenVersion + 1, updatedAt: now.toISOString() });
  });
  return { success: true };
}

/** The user a live reset token belongs to, or 400 INVALID_TOKEN. */
async function findResetUser(repos: Pick<Repositories, 'mailTokens' | 'users'>, token: string, now: Date): Promise<UserRow> {
  const row = await findLiveMailToken(repos, token, 'reset', now);
  const user = row && (await repos.users.get(row.userId));
  if (!user) throw invalidMailTokenError('reset');
  return user;
}
