import { appError } from '../../errors.js';
import type { Locale } from '../../i18n/locales.js';
import type { Repositories, UserRow } from '../../storage/types.js';
import { queueSignInMail } from '../account-mail.js';
import { type AuthUser, insertAccount, toAuthUser } from '../accounts.js';
import { NO_PASSWORD } from '../login.js';
import { afterTheAnswer } from '../background.js';
import type { ServiceContext } from '../context.js';
import { parseMailTokenField } from '../mail-tokens.js';
import { assertSignupAllowed, isSignupAllowed } from '../signup.js';
import { parseEmail } from '../validation/account.js';
import type { Body } from '../validation/fields.js';
import { parseNextPath } from '../validation/next-path.js';
import { issueSignInLink, useSignInLink } from './sign-in-link-tokens.js';

interface LinkRequest {
  email: string;
  next: string | null;
  /** The language the request asked for: the mail's when the address has no account yet (issue 33). */
  locale: Locale | null;
}

/**
 * `POST /auth/magic-link` (issue 28): mails a link that signs in once, to an address with an
 * account, or without one while sign-up is open (using it makes the account). The answer is the
 * same whether or not the account exists, and so is its timing: as for a password reset, the
 * lookup, the write and the mail all happen after the answer, which only waits for the body's checks.
 */
export async function requestSignInLink(
  ctx: ServiceContext,
  body: Body,
  locale: Locale | null,
  requestId?: string,
): Promise<{ success: true; lifetimeSeconds: number }> {
  if (!ctx.mailer.isConfigured()) throw appError('MAIL_CONFIG_MISSING');
  const request = { email: parseEmail(body.email), next: parseNextPath(body.next), locale };
  ctx.background.track(afterTheAnswer(() => mailSignInLink(ctx, request, requestId)));
  // The same for every address: a setting, so the page can say how long the link works.
  return { success: true, lifetimeSeconds: ctx.config.magicLinkTtlSeconds };
}

/** The link and its mail, when the address has an account or may get one; nothing otherwise. Failures can only be logged now. */
async function mailSignInLink(ctx: ServiceContext, request: LinkRequest, requestId: string | undefined): Promise<void> {
  try {
    const issued = await ctx.storage.transaction(async (tx) => {
      const user = await tx.users.getByEmail(request.email);
      if (!user && !(await isSignupAllowed(tx))) return null;
      const token = await issueSignInLink(tx, request.email, new Date(), ctx.config);
      return { name: user?.name ?? '', locale: user ? user.locale : request.locale, newAccount: !user, token };
    });
    if (!issued) return;
    const details = { newAccount: issued.newAccount, next: request.next };
    queueSignInMail(ctx, { email: request.email, name: issued.name, locale: issued.locale }, issued.token, details, requestId);
  } catch (err) {
    ctx.logger.error({ requestId, err }, 'sign-in link: storing the link failed after the answer');
  }
}

/**
 * `POST /auth/magic-link/login` (issue 28): signs in with a mailed link, once. The address's
 * account signs in, or is made (verified: the mail reached it) while sign-up is open; a blocked
 * user is refused as login refuses them. Refusals leave the link unused. A new account starts in
 * `locale`, the language of the request that used the link (issue 33; null: none).
 */
export async function logInWithLink(ctx: ServiceContext, body: Body, locale: Locale | null): Promise<AuthUser> {
  const token = parseMailTokenField(body.token, 'signin');
  const user = await ctx.storage.transaction(async (tx) => {
    const now = new Date();
    const email = await useSignInLink(tx, token, now);
    return signInAccount(tx, email, now, locale);
  });
  return toAuthUser(ctx, user);
}

/** The account of the address, verified now; made (in `locale`, issue 33) when there is none and sign-up is open. */
async function signInAccount(tx: Repositories, email: string, now: Date, locale: Locale | null): Promise<UserRow> {
  const user = await tx.users.getByEmail(email);
  const updatedAt = now.toISOString();
  if (!user) {
    await assertSignupAllowed(tx);
    return insertAccount(tx, { email, name: '', passwordHash: NO_PASSWORD, isOwner: false, isVerified: true, locale }, updatedAt);
  }
  if (user.isBlocked) throw appError('USER_BLOCKED');
  if (user.isVerified) return user;
  // The mail reached the address: it is confirmed, and a pending confirmation link has no more use.
  await tx.mailTokens.deleteByUser(user.id, 'verify');
  return tx.users.update(user.id, { isVerified: true, updatedAt });
}
