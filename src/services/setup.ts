import { appError } from '../errors.js';
import { queueVerificationMail } from './account-mail.js';
import { type AuthUser, hashPassword, insertAccount, toAuthUser } from './accounts.js';
import type { ServiceContext } from './context.js';
import { issueMailToken } from './mail-tokens.js';
import { parseEmail, parsePassword, parsePersonName, parseSiteTitle } from './validation/account.js';
import type { Body } from './validation/fields.js';

/** API.md §4.2.1: whether an owner exists. */
export async function getSetupStatus(ctx: ServiceContext): Promise<{ is_setup: boolean }> {
  return { is_setup: (await ctx.storage.users.getOwner()) !== undefined };
}

/** 403 SETUP_COMPLETED once an owner exists; checked before the request body is read. */
export async function assertSetupOpen(ctx: ServiceContext): Promise<void> {
  if ((await getSetupStatus(ctx)).is_setup) throw appError('SETUP_COMPLETED');
}

/** API.md §4.2.2: creates the owner in one atomic write, then mails the verification link. */
export async function setupSite(ctx: ServiceContext, body: Body, requestId?: string): Promise<AuthUser> {
  await assertSetupOpen(ctx);
  if (!ctx.mailer.isConfigured()) throw appError('MAIL_CONFIG_MISSING');
  const email = parseEmail(body.email);
  const password = parsePassword(body.password);
  const name = parsePersonName(body.name);
  const siteTitle = parseSiteTitle(body.siteTitle);
  const passwordHash = await hashPassword(ctx, password);
  const now = new Date();
  const { user, token } = await ctx.storage.transaction(async (tx) => {
    // Checked again inside the write: of two concurrent setups only one may create an owner.
    if (await tx.users.getOwner()) throw appError('SETUP_COMPLETED');
    const owner = await insertAccount(tx, { email, name, passwordHash, isOwner: true }, now.toISOString());
    if (siteTitle !== undefined) await tx.settings.update({ title: siteTitle });
    return { user: owner, token: await issueMailToken(tx, owner.id, 'verify', now) };
  });
  queueVerificationMail(ctx, user, token, requestId);
  return toAuthUser(ctx, user);
}
