import { appError } from '../errors.js';
import type { Locale } from '../i18n/locales.js';
import type { Repositories } from '../storage/types.js';
import { queueVerificationMail } from './account-mail.js';
import { type AuthUser, hashPassword, insertAccount, toAuthUser } from './accounts.js';
import type { ServiceContext } from './context.js';
import { issueMailToken } from './mail-tokens.js';
import { parseEmail, parsePassword, parsePersonName } from './validation/account.js';
import type { Body } from './validation/fields.js';

/**
 * API.md §4.3.1: creates a member account in one atomic write, then mails the verification link.
 * The account starts in `locale`, the language the request asked for (issue 33; null: none).
 */
export async function signUp(ctx: ServiceContext, body: Body, locale: Locale | null, requestId?: string): Promise<AuthUser> {
  await assertSignupAllowed(ctx.storage);
  if (!ctx.mailer.isConfigured()) throw appError('MAIL_CONFIG_MISSING');
  const email = parseEmail(body.email);
  const password = parsePassword(body.password);
  const name = parsePersonName(body.name);
  // Hashing is slow, so it happens before the write, never inside it.
  const passwordHash = await hashPassword(ctx, password);
  const now = new Date();
  const { user, token } = await ctx.storage.transaction(async (tx) => {
    // Checked again inside the write: sign-up may have been switched off while we hashed.
    await assertSignupAllowed(tx);
    const member = await insertAccount(tx, { email, name, passwordHash, isOwner: false, locale }, now.toISOString());
    return { user: member, token: await issueMailToken(tx, member.id, 'verify', now) };
  });
  queueVerificationMail(ctx, user, token, requestId);
  return toAuthUser(ctx, user);
}

/** 403 SIGNUP_NOT_ALLOWED before setup (no owner yet) or while `settings.allowSignup` is false. */
export async function assertSignupAllowed(repos: Pick<Repositories, 'users' | 'settings'>): Promise<void> {
  if (!(await isSignupAllowed(repos))) throw appError('SIGNUP_NOT_ALLOWED');
}

/** Whether a new account may be made: setup is done (an owner exists) and `settings.allowSignup` is true. */
export async function isSignupAllowed(repos: Pick<Repositories, 'users' | 'settings'>): Promise<boolean> {
  const setUp = (await repos.users.getOwner()) !== undefined;
  return setUp && (await repos.settings.get()).allowSignup;
}
