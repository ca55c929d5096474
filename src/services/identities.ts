import { appError } from '../errors.js';
import type { LinkedIdentityRow, UserRow } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';
import { hasPassword } from './login.js';

/*
 * The caller's ways of signing in (issue 28): a password, linked identities (the team's product
 * `sso`, sign-in providers by their id) and mailed sign-in links, and unlinking an identity while
 * another way remains.
 */

/** A linked identity as its owner sees it: which provider, since when, last used. Never the subject. */
export interface IdentityView {
  provider: string;
  createdAt: string;
  lastUsedAt: string;
}

/** `GET /auth/identities`: the identities, oldest first, and the ways that need no identity. */
export interface SignInWays {
  identities: IdentityView[];
  hasPassword: boolean;
  /** Mail is configured, so a mailed sign-in link (and a password reset) can reach the account. */
  signInLinks: boolean;
}

function toView(row: LinkedIdentityRow): IdentityView {
  return { provider: row.provider, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

export async function listOwnSignInWays(ctx: ServiceContext, actor: Actor): Promise<SignInWays> {
  const rows = await ctx.storage.linkedIdentities.listByUser(actor.user.id);
  return { identities: rows.map(toView), hasPassword: hasPassword(actor.user), signInLinks: ctx.mailer.isConfigured() };
}

/**
 * `DELETE /auth/identities/:provider`: unlinks one of the caller's identities. Checked inside the
 * write against the stored account, so two unlinks at once cannot both leave it without a way in.
 */
export async function unlinkOwnIdentity(ctx: ServiceContext, actor: Actor, provider: string): Promise<void> {
  const signInLinks = ctx.mailer.isConfigured();
  await ctx.storage.transaction(async (tx) => {
    const rows = await tx.linkedIdentities.listByUser(actor.user.id);
    const identity = rows.find((row) => row.provider === provider);
    if (!identity) throw appError('IDENTITY_NOT_FOUND');
    const user = await tx.users.get(actor.user.id);
    if (!user || !hasOtherWay(user, rows.length - 1, signInLinks)) throw appError('LAST_SIGN_IN_METHOD');
    await tx.linkedIdentities.delete(identity.id);
  });
}

/** Another way in: a password, another identity, or a mailed link to the account's (verified by it) address. */
function hasOtherWay(user: UserRow, otherIdentities: number, signInLinks: boolean): boolean {
  return hasPassword(user) || otherIdentities > 0 || signInLinks;
}

