/*
 * The owner's single sign-on secrets (issue 28 §1): create (the secret is shown in that answer
 * only), list (never the secret), revoke. Several may be active at once, so a product can rotate.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { appError } from '../../errors.js';
import type { SsoSecretRow } from '../../storage/types.js';
import type { Actor, ServiceContext } from '../context.js';
import { lookupKey } from '../validation/fields.js';
import { requireOwner } from '../webhooks/endpoints.js';

/** A secret as listed: when it was made and last signed someone in, never the key itself. */
export interface SsoSecretView {
  secretId: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to creating one: the only place the key is ever shown. */
export interface CreatedSsoSecretView extends SsoSecretView {
  secret: string;
}

/** `ssosec_` and 32 random bytes in base64url: the prefix tells a leaked key for what it is. */
export function newSsoSecret(): string {
  return `ssosec_${randomBytes(32).toString('base64url')}`;
}

function toView(row: SsoSecretRow): SsoSecretView {
  return { secretId: row.id, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

/** `POST /sso/secrets`. */
export async function createSsoSecret(ctx: ServiceContext, actor: Actor): Promise<CreatedSsoSecretView> {
  requireOwner(actor);
  const row: SsoSecretRow = { id: randomUUID(), secret: newSsoSecret(), createdAt: new Date().toISOString(), lastUsedAt: null };
  await ctx.storage.transaction((tx) => tx.ssoSecrets.insert(row));
  return { ...toView(row), secret: row.secret };
}

/** `GET /sso/secrets`: oldest first. */
export async function listSsoSecrets(ctx: ServiceContext, actor: Actor): Promise<SsoSecretView[]> {
  requireOwner(actor);
  return (await ctx.storage.ssoSecrets.list()).map(toView);
}

/** `DELETE /sso/secrets/:secret_id`: tokens signed with it stop working at once. */
export async function revokeSsoSecret(ctx: ServiceContext, actor: Actor, idParam: unknown): Promise<SsoSecretView> {
  requireOwner(actor);
  return ctx.storage.transaction(async (tx) => {
    const id = lookupKey(idParam);
    const row = id === undefined ? undefined : await tx.ssoSecrets.get(id);
    if (!row) throw appError('SSO_SECRET_NOT_FOUND');
    await tx.ssoSecrets.delete(row.id);
    return toView(row);
  });
}
