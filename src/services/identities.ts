import type { LinkedIdentityRow } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';

/*
 * The caller's linked identities (issue 28): the other ways they sign in besides a password — the
 * team's product (`sso`), later OpenID Connect providers, which will add unlinking here.
 */

/** A linked identity as its owner sees it: which provider, since when, last used. Never the subject. */
export interface IdentityView {
  provider: string;
  createdAt: string;
  lastUsedAt: string;
}

function toView(row: LinkedIdentityRow): IdentityView {
  return { provider: row.provider, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

/** `GET /auth/identities`: the caller's own, oldest first. */
export async function listOwnIdentities(ctx: ServiceContext, actor: Actor): Promise<IdentityView[]> {
  return (await ctx.storage.linkedIdentities.listByUser(actor.user.id)).map(toView);
}
