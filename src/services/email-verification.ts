import { appError } from '../errors.js';
import { queueVerificationMail } from './account-mail.js';
import type { Actor, ServiceContext } from './context.js';
import { consumeMailToken, invalidMailTokenError, issueMailToken, parseMailTokenField } from './mail-tokens.js';
import type { Body } from './validation/fields.js';

/** The success body of both email routes. */
export interface VerifyResult {
  success: true;
}

/** API.md §4.3.3: replaces the actor's verification token and mails it; delivery never changes the answer. */
export async function resendVerificationEmail(ctx: ServiceContext, actor: Actor, requestId?: string): Promise<VerifyResult> {
  if (!ctx.mailer.isConfigured()) throw appError('MAIL_CONFIG_MISSING');
  const { recipient, token } = await ctx.storage.transaction(async (tx) => {
    // Read again inside the write: the user may have verified since authentication loaded the row.
    const user = await tx.users.get(actor.user.id);
    if (!user) throw appError('INVALID_TOKEN');
    if (user.isVerified) throw appError('EMAIL_VERIFIED');
    return { recipient: user, token: await issueMailToken(tx, user.id, 'verify', new Date()) };
  });
  queueVerificationMail(ctx, recipient, token, requestId);
  return { success: true };
}

/** API.md §4.3.4: marks the email of the token's user verified and uses up their verification tokens. */
export async function confirmEmail(ctx: ServiceContext, body: Body): Promise<VerifyResult> {
  const token = parseMailTokenField(body.token, 'verify');
  const now = new Date();
  await ctx.storage.transaction(async (tx) => {
    const row = await consumeMailToken(tx, token, 'verify', now);
    const user = row && (await tx.users.get(row.userId));
    if (!user) throw invalidMailTokenError('verify');
    // Throwing rolls the consumption back: a refused request leaves the token as it was.
    if (user.isVerified) throw appError('EMAIL_VERIFIED');
    await tx.users.update(user.id, { isVerified: true, updatedAt: now.toISOString() });
  });
  return { success: true };
}
